// SPDX-License-Identifier: MIT
#include "models/report/reportdecorations.h"

namespace krw {

ReportDecorations::~ReportDecorations() = default;

} // namespace krw
