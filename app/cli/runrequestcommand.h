// SPDX-License-Identifier: MIT
#pragma once

#include "app/cli/clioptions.h"

#include <QStringList>

namespace krw::cli {

// run-request FILE --out RESULT: the node's side of a Slurm batch.
int runRequest(QCommandLineParser& parser, const CliOptions& options, const QStringList& args);

} // namespace krw::cli
