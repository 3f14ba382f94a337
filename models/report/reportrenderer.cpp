// SPDX-License-Identifier: MIT
#include "models/report/reportrenderer.h"

namespace krw {

ReportRenderer::~ReportRenderer() = default;

} // namespace krw
