// SPDX-License-Identifier: MIT
#include "report/reportrenderer.h"

namespace krw {

ReportRenderer::~ReportRenderer() = default;

} // namespace krw
