// SPDX-License-Identifier: MIT
#include "runnerlogging.h"

Q_LOGGING_CATEGORY(lcRunner, "krw.runner")
