// SPDX-License-Identifier: MIT
#include "runner/runnerlogging.h"

Q_LOGGING_CATEGORY(lcRunner, "krw.runner")
