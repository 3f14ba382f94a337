// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"

#include <QByteArray>

namespace krw {

// A rerun result as plain text, one stage per line, for a terminal (kernel-review-cli rerun
// without --json): verdict, failure, compile diagnostics and kernels, per-output accuracy and timing.
QByteArray rerunText(const RerunResult& result);

} // namespace krw
