// SPDX-License-Identifier: MIT
#pragma once

#include "app/cli/clioptions.h"

#include <QStringList>

namespace krw::cli {

// rerun PATH --case FILENAME: one version of a case compiled, checked and timed; with --only or
// --cases, a batch (BatchSession keeps what it leaves, as for the window's), here or on Slurm.
int rerun(QCommandLineParser& parser, const CliOptions& options, const QStringList& args);
// The exit status of one rerun; a batch's is its worst case's.
int rerunExitCode(const QString& status);

} // namespace krw::cli
