// SPDX-License-Identifier: MIT
#pragma once

#include "app/cli/clioptions.h"

#include <QStringList>

namespace krw::cli {

// summary PATH: cases with their latest and best outcomes, and load warnings (--json: and lint hints).
int summary(QCommandLineParser& parser, const CliOptions& options, const QStringList& args);

} // namespace krw::cli
