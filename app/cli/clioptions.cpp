// SPDX-License-Identifier: MIT
#include "app/cli/clioptions.h"

#include "krw-config.h"

#include <QCoreApplication>

namespace krw::cli {

void CliOptions::addTo(QCommandLineParser& parser) const
{
    parser.setApplicationDescription(QCoreApplication::translate("kernel-review-cli",
        "Kernel Review Workbench %1, headless.\n\n"
        "Commands:\n"
        "  summary PATH   cases with their latest and best outcomes, and load warnings (--json: and lint hints)\n"
        "  compare A B    two runs matched by filename: fixed, regressed, still failing, still passing,\n"
        "                 only in A, only in B, each with its cases\n"
        "  rerun PATH --case FILENAME   compile, check and time one version of a case\n"
        "  rerun PATH --only failing|all|annotated | --cases A,B [--jobs N] [--devices N]\n"
        "                 a batch: one line (--json: one JSON object) per case as it ends, then a summary\n"
        "                 [--slurm --slurm-dir DIR]: the batch as one Slurm job array\n"
        "  run-request FILE --out RESULT   run one staged request (a Slurm task's work)\n"
        "  show RESULT    a saved rerun result as rerun prints it (--json), judged by this build's rules\n"
        "  export PATH --format html|md|pdf|csv|workspace --out DEST [--only all|failing|annotated]\n"
        "                 the annotated report, a CSV of cases, or per-case debug folders\n"
        "                 [--compare B]: the summary page lists the buckets of this run against B\n\n"
        "Lint hints are kept per run in $XDG_CACHE_HOME/kernel-review/hints and used while the run's files\n"
        "and this build are unchanged; KRW_HINT_CACHE=off computes them every time.")
                                         .arg(QStringLiteral(KRW_VERSION_STRING)));
    parser.addHelpOption(); // no --version option: rerun's --version names the code version to run
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("summary"));
    parser.addPositionalArgument(QStringLiteral("path"),
        QCoreApplication::translate("kernel-review-cli", "A run folder, any file of a run, a JSONL file, or a folder of debug folders."));
    parser.addOptions({json, noHints, run, caseName, version, baseline, profile, rtol, atol, noTiming, noCheck, passEnv, suspect, seeds,
        implausible, peakBandwidth, noSandbox, compiler, python, host, hostPort, hostOption, remotePython, remoteCompiler, remoteWork,
        cases, jobs, devices, slurm, slurmDir, slurmGres, slurmTime, slurmOption, format, out, compare, only});
}

} // namespace krw::cli
