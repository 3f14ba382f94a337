// SPDX-License-Identifier: MIT
#pragma once

#include "app/cli/clioptions.h"

#include <QStringList>

namespace krw::cli {

// show RESULT: a saved rerun result as rerun prints it, judged by this build's rules.
int showResult(QCommandLineParser& parser, const CliOptions& options, const QStringList& args);

} // namespace krw::cli
