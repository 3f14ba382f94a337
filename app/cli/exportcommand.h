// SPDX-License-Identifier: MIT
#pragma once

#include "app/cli/cli.h"
#include "app/cli/clioptions.h"

#include <QStringList>

namespace krw::cli {

// export PATH --format FORMAT --out DEST: the annotated report, a CSV of cases, or debug folders.
// renderer: what draws plots and pages for html and pdf (cli.h), or empty.
int exportReport(QCommandLineParser& parser, const CliOptions& options, const QStringList& args, const RendererFactory& renderer);

} // namespace krw::cli
