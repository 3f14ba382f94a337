// SPDX-License-Identifier: MIT
#include "models/modelslogging.h"

Q_LOGGING_CATEGORY(lcRerunStore, "krw.models.rerun.store")
Q_LOGGING_CATEGORY(lcReport, "krw.models.report")
Q_LOGGING_CATEGORY(lcLint, "krw.models.lint", QtInfoMsg) // its debug lines only when asked for
