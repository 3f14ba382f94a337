// SPDX-License-Identifier: MIT
#pragma once

#include "app/cli/clioptions.h"

#include <QStringList>

namespace krw::cli {

// compare A B: the buckets of two runs (fixed, regressed, ...) with their cases.
int compareRuns(QCommandLineParser& parser, const CliOptions& options, const QStringList& args);

} // namespace krw::cli
