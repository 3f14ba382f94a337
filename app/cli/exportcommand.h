// SPDX-License-Identifier: MIT
#pragma once

#include "cli/clioptions.h"

#include <QStringList>

namespace krw::cli {

// export PATH --format FORMAT --out DEST: the annotated report, a CSV of cases, or debug folders.
int exportReport(QCommandLineParser& parser, const CliOptions& options, const QStringList& args);

} // namespace krw::cli
