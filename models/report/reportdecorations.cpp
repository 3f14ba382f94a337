// SPDX-License-Identifier: MIT
#include "report/reportdecorations.h"

namespace krw {

ReportDecorations::~ReportDecorations() = default;

} // namespace krw
