// SPDX-License-Identifier: MIT
//
// Logging categories of the models layer, one per room; enable with QT_LOGGING_RULES, e.g.
// QT_LOGGING_RULES="krw.models.*.debug=true". Problems a user must see go to the UI or the CLI;
// these record what is skipped quietly (an unreadable saved result, a local version that
// vanished) so it can be found when it matters.
#pragma once

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcRerunStore)
Q_DECLARE_LOGGING_CATEGORY(lcReport)
Q_DECLARE_LOGGING_CATEGORY(lcLint)
