// SPDX-License-Identifier: MIT
#pragma once

#include "runner/pipeline/rerunrequest.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>

namespace krw::cli {

// kernel-review-cli's options, typed: a command asks parser.isSet(options.json), never by a string.
// Their descriptions are the --help text (and the man page).
struct CliOptions
{
    QCommandLineOption json{
        QStringLiteral("json"), QCoreApplication::translate("kernel-review-cli", "Print one JSON object instead of text.")};
    QCommandLineOption noHints{QStringLiteral("no-hints"),
        QCoreApplication::translate("kernel-review-cli", "summary --json: leave out the lint hints (they read every case's texts).")};
    QCommandLineOption run{QStringLiteral("run"),
        QCoreApplication::translate("kernel-review-cli", "Which run, when the folder holds several."), QStringLiteral("NAME")};
    QCommandLineOption caseName{QStringLiteral("case"), QCoreApplication::translate("kernel-review-cli", "rerun: the case (its filename)."),
        QStringLiteral("FILENAME")};
    QCommandLineOption version{QStringLiteral("version"),
        QCoreApplication::translate(
            "kernel-review-cli", "rerun: predict, call, exe, perf:N (newest iteration), an id like it3:predict, or a FILE."),
        QStringLiteral("VERSION")};
    QCommandLineOption baseline{QStringLiteral("baseline"),
        QCoreApplication::translate("kernel-review-cli", "rerun: the reference to compare with (default: label)."),
        QStringLiteral("VERSION")};
    QCommandLineOption profile{QStringLiteral("profile"),
        QCoreApplication::translate(
            "kernel-review-cli", "rerun: rocm, hip-nvidia, compile-check (default) or cpu, or a profile of your own."),
        QStringLiteral("NAME")};
    // The defaults said are the harness contract's (runner/harness/spec.schema.json).
    QCommandLineOption rtol{QStringLiteral("rtol"),
        QCoreApplication::translate("kernel-review-cli", "rerun: relative tolerance (default %1).").arg(RerunRequest().rtol),
        QStringLiteral("X")};
    QCommandLineOption atol{QStringLiteral("atol"),
        QCoreApplication::translate("kernel-review-cli", "rerun: absolute tolerance (default %1).").arg(RerunRequest().atol),
        QStringLiteral("Y")};
    QCommandLineOption noTiming{
        QStringLiteral("no-timing"), QCoreApplication::translate("kernel-review-cli", "rerun: check correctness only.")};
    QCommandLineOption noCheck{QStringLiteral("no-check"),
        QCoreApplication::translate("kernel-review-cli", "rerun: turn a check of the cheat battery off (repeatable; see docs/RUNNER.md)."),
        QStringLiteral("CHECK")};
    QCommandLineOption passEnv{QStringLiteral("pass-env"),
        QCoreApplication::translate("kernel-review-cli",
            "rerun: also pass this environment variable to the compile and the harness (NAME or PREFIX*; repeatable; "
            "the others are not passed, see docs/RUNNER.md)."),
        QStringLiteral("NAME")};
    QCommandLineOption suspect{QStringLiteral("suspect"),
        QCoreApplication::translate("kernel-review-cli",
            "rerun: treat this note as suspect (launch_bound, zeros_would_pass, input_would_pass, implausible_speedup; "
            "repeatable; docs/RUNNER.md \"Verdict levels\")."),
        QStringLiteral("FLAG")};
    QCommandLineOption seeds{QStringLiteral("seeds"),
        QCoreApplication::translate("kernel-review-cli", "rerun: new random inputs to check correctness on (default %1).")
            .arg(RerunRequest().profile.seeds),
        QStringLiteral("N")};
    QCommandLineOption implausible{QStringLiteral("implausible"),
        QCoreApplication::translate("kernel-review-cli", "rerun: flag device-time speedups above this (default %1).")
            .arg(RerunRequest().profile.implausibleSpeedup),
        QStringLiteral("X")};
    QCommandLineOption peakBandwidth{QStringLiteral("peak-bandwidth"),
        QCoreApplication::translate("kernel-review-cli", "rerun: the device's peak memory bandwidth in GB/s (default: by device name)."),
        QStringLiteral("GBS")};
    QCommandLineOption noSandbox{QStringLiteral("no-sandbox"),
        QCoreApplication::translate("kernel-review-cli",
            "rerun: where bubblewrap is missing, run the code anyway, unsandboxed (with your files and the network).")};
    QCommandLineOption compiler{QStringLiteral("compiler"),
        QCoreApplication::translate("kernel-review-cli", "rerun: use this compiler instead of the profile's."), QStringLiteral("PATH")};
    QCommandLineOption python{QStringLiteral("python"),
        QCoreApplication::translate("kernel-review-cli",
            "rerun: use this Python instead of the profile's (default: the first of "
            "$VIRTUAL_ENV, $CONDA_PREFIX, PATH, /usr/bin/python3 that imports torch)."),
        QStringLiteral("PATH")};
    QCommandLineOption host{QStringLiteral("host"),
        QCoreApplication::translate("kernel-review-cli",
            "rerun: run probe, compile and harness on this GPU host over ssh (user@host or a ~/.ssh/config alias) instead of here."),
        QStringLiteral("DEST")};
    QCommandLineOption hostPort{
        QStringLiteral("host-port"), QCoreApplication::translate("kernel-review-cli", "rerun: the host's ssh port."), QStringLiteral("N")};
    QCommandLineOption hostOption{QStringLiteral("host-option"),
        QCoreApplication::translate("kernel-review-cli", "rerun: one more ssh option for the host, as ssh -o takes it (repeatable)."),
        QStringLiteral("OPTION")};
    QCommandLineOption remotePython{QStringLiteral("remote-python"),
        QCoreApplication::translate("kernel-review-cli", "rerun: the Python on the host (default python3)."), QStringLiteral("PATH")};
    QCommandLineOption remoteCompiler{QStringLiteral("remote-compiler"),
        QCoreApplication::translate("kernel-review-cli", "rerun: the compiler on the host (default: the profile's kind's)."),
        QStringLiteral("PATH")};
    QCommandLineOption remoteWork{QStringLiteral("remote-work"),
        QCoreApplication::translate("kernel-review-cli", "rerun: the work folder on the host (default ~/.cache/kernel-review)."),
        QStringLiteral("PATH")};
    QCommandLineOption cases{QStringLiteral("cases"),
        QCoreApplication::translate("kernel-review-cli", "rerun: a batch of these cases (filenames, comma-separated)."),
        QStringLiteral("A,B")};
    QCommandLineOption jobs{QStringLiteral("jobs"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: cases probed and compiled at once (default 1)."),
        QStringLiteral("N")};
    QCommandLineOption devices{QStringLiteral("devices"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: GPUs, one harness on each at a time (default 1)."),
        QStringLiteral("N")};
    QCommandLineOption slurm{QStringLiteral("slurm"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: submit it to Slurm as one job array (docs/RUNNER.md).")};
    QCommandLineOption slurmDir{QStringLiteral("slurm-dir"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: the folder this machine and every node see, for --slurm."),
        QStringLiteral("DIR")};
    QCommandLineOption slurmGres{QStringLiteral("slurm-gres"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: each task's sbatch --gres (default gpu:1; \"\" for none)."),
        QStringLiteral("GRES")};
    QCommandLineOption slurmTime{QStringLiteral("slurm-time"),
        QCoreApplication::translate("kernel-review-cli", "rerun batch: each task's time limit in minutes (sbatch --time)."),
        QStringLiteral("MINUTES")};
    QCommandLineOption slurmOption{QStringLiteral("slurm-option"),
        QCoreApplication::translate(
            "kernel-review-cli", "rerun batch: one more sbatch option, e.g. --slurm-option=--qos=short (repeatable)."),
        QStringLiteral("OPT")};
    QCommandLineOption format{QStringLiteral("format"),
        QCoreApplication::translate("kernel-review-cli", "export: html, md, pdf, csv or workspace."), QStringLiteral("FORMAT")};
    QCommandLineOption out{QStringLiteral("out"),
        QCoreApplication::translate("kernel-review-cli", "export: the file to write (a folder for workspace); run-request: the result."),
        QStringLiteral("DEST")};
    QCommandLineOption compare{QStringLiteral("compare"),
        QCoreApplication::translate("kernel-review-cli", "export: compare the run with the run at PATH in the report's summary."),
        QStringLiteral("PATH")};
    QCommandLineOption only{QStringLiteral("only"),
        QCoreApplication::translate("kernel-review-cli", "export: all (default), failing or annotated cases; rerun: a batch of them."),
        QStringLiteral("SCOPE")};

    // The description, the help option, the positional arguments and every option above.
    void addTo(QCommandLineParser& parser) const;
};

} // namespace krw::cli
