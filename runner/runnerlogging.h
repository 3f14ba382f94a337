// SPDX-License-Identifier: MIT
//
// Logging category of the rerun machinery; enable with QT_LOGGING_RULES="krw.runner.debug=true".
// What a user must know ends up in the RerunResult (failure, logs); this records the rest.
#pragma once

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcRunner)
