// SPDX-License-Identifier: MIT
//
// Loading benchmark (docs/PERFORMANCE.md, "load"): how long `kernel-review-cli summary --json RUN_DIR`
// takes from start to exit (the command to a complete case index), its lint hints computed and
// cached, how much memory it peaks at, and the same against Python's json module reading the same
// files.
//
//   bench_load [--cli PATH] [--repeat N] RUN_DIR
//
// Each command runs as a child process: one warm-up (so both read the files from the page cache),
// then N timed runs (default 5); the median wall time counts. Peak memory is the child's ru_maxrss
// from wait4() — resident pages, file-backed ones (a mapped run) included. Python reads exactly the
// files the CLI reads — those of the run locateRuns picks in RUN_DIR (the newest): each memory file
// with json.load() and every line of each JSONL file with json.loads(), as a user's script would.
// The reload figures are taken on a temporary copy of the run (the newest JSONL copied, the other
// files linked), so RUN_DIR itself is only ever read. The CLI defaults to ../../app/kernel-review-cli beside this program (the
// build tree's layout). Prints human text and one `RESULT <key> <value> <unit>` line per figure;
// exits 1 without RESULT lines when a command fails (a non-zero exit, a crash, or no case loaded).
// Not a test: the figures are read from the table tests/benchmarks/run.sh prints.
#include "benchsupport.h"
#include "models/failures/failuregroup.h"
#include "models/failures/failurereader.h"
#include "models/rerun/resultstore.h"
#include "models/run/loadedfiles.h"
#include "models/run/runloader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <vector>

namespace bench = krw::bench;

namespace {

struct Series
{
    std::vector<double> seconds;
    double maxRssMb = 0;
    QString error;
    double median() const { return bench::median(seconds); }
};

// One warm-up (its stdout kept in firstOut), then `repeat` timed runs with stdout discarded.
Series measure(const QStringList& argv, int repeat, const QString& firstOut, const QString& errPath)
{
    Series series;
    const bench::ChildRun warm = bench::runChild(argv, firstOut, errPath);
    if (!warm.ok) {
        series.error = warm.error;
        return series;
    }
    series.maxRssMb = warm.maxRssMb;
    for (int i = 0; i < repeat; ++i) {
        const bench::ChildRun run = bench::runChild(argv, QStringLiteral("/dev/null"), errPath);
        if (!run.ok) {
            series.error = run.error;
            return series;
        }
        series.seconds.push_back(run.seconds);
        series.maxRssMb = std::max(series.maxRssMb, run.maxRssMb);
    }
    return series;
}

// argv: the JSONL files, "--", the memory files.
const char* const pythonLoader = "import json, sys\n"
                                 "split = sys.argv.index('--')\n"
                                 "for path in sys.argv[1:split]:\n"
                                 "    with open(path, 'rb') as f:\n"
                                 "        for line in f:\n"
                                 "            if line.strip():\n"
                                 "                json.loads(line)\n"
                                 "for path in sys.argv[split + 1:]:\n"
                                 "    with open(path, 'rb') as f:\n"
                                 "        json.load(f)\n";

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Times kernel-review-cli summary --json against Python's json module on a run."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("cli"), QStringLiteral("kernel-review-cli to time (default: ../../app/kernel-review-cli)."),
        QStringLiteral("PATH")});
    parser.addOption(
        {QStringLiteral("repeat"), QStringLiteral("Timed runs of each command (default 5)."), QStringLiteral("N"), QStringLiteral("5")});
    parser.addPositionalArgument(QStringLiteral("RUN_DIR"), QStringLiteral("A run folder, e.g. written by make_run.py."));
    parser.process(app);
    QTextStream& out = bench::out();
    QTextStream err(stderr);
    if (parser.positionalArguments().size() != 1) {
        err << "bench_load: give exactly one RUN_DIR\n";
        return 2;
    }
    const QString runDir = QFileInfo(parser.positionalArguments().first()).absoluteFilePath();
    const QString cli = parser.isSet(QStringLiteral("cli"))
        ? parser.value(QStringLiteral("cli"))
        : QDir(QCoreApplication::applicationDirPath()).absoluteFilePath(QStringLiteral("../../app/kernel-review-cli"));
    const int repeat = std::max(1, parser.value(QStringLiteral("repeat")).toInt());
    if (!QFileInfo(cli).isExecutable()) {
        err << "bench_load: no kernel-review-cli at " << cli << " (build the target, or give --cli)\n";
        return 1;
    }

    // Exactly the files the CLI reads: those of the run it loads (the newest one of RUN_DIR), so that
    // Python reads no other run's files, nor any other JSON lying in the folder.
    const krw::LocateResult located = krw::locateRuns(runDir);
    if (!located) {
        err << "bench_load: no run in " << runDir << ": " << located.error << '\n';
        return 1;
    }
    const krw::RunSource& source = located.runs.front();
    if (source.kind == krw::RunSource::Kind::DebugFolders) {
        err << "bench_load: " << runDir << " holds per-case debug folders; the Python reference reads JSONL and memory files only\n";
        return 1;
    }
    const QStringList jsonlFiles = source.jsonlByIteration.values();
    const QStringList memoryFiles = source.memoryByIteration.values();
    const QStringList files = jsonlFiles + memoryFiles;
    qint64 bytes = 0;
    for (const QString& path : files)
        bytes += QFileInfo(path).size();
    const double filesMb = double(bytes) / 1e6;
    out << "run: " << source.name << " in " << runDir << ", " << source.jsonlByIteration.size() << " JSONL + "
        << source.memoryByIteration.size() << " memory files, " << QString::number(filesMb, 'f', 1) << " MB\n";

    QTemporaryDir tmp;
    const QString summaryPath = tmp.filePath(QStringLiteral("summary.json"));
    const QString errPath = tmp.filePath(QStringLiteral("stderr.txt"));
    // The lint hints' cache (lint/hintcache.h) is in a folder of this benchmark's own, so no earlier
    // session's cache is read. load_cli_s is the command computing its hints (the cache off, as on
    // a run's first summary); load_cached_s the same command once they are cached (an unchanged run
    // summarised again), checked to print the same bytes.
    qputenv("XDG_CACHE_HOME", tmp.filePath(QStringLiteral("cache")).toLocal8Bit());
    const QStringList summaryArgv{cli, QStringLiteral("summary"), QStringLiteral("--json"), runDir};
    qputenv("KRW_HINT_CACHE", "off");
    const Series cliRuns = measure(summaryArgv, repeat, summaryPath, errPath);
    qunsetenv("KRW_HINT_CACHE");
    if (!cliRuns.error.isEmpty()) {
        err << "bench_load: " << cliRuns.error << '\n';
        return 1;
    }
    const QString cachedPath = tmp.filePath(QStringLiteral("summary-cached.json"));
    const Series cachedRuns = measure(summaryArgv, repeat, QStringLiteral("/dev/null"), errPath); // the warm-up fills the cache
    const bench::ChildRun cachedOnce = bench::runChild(summaryArgv, cachedPath, errPath);
    if (!cachedRuns.error.isEmpty() || !cachedOnce.ok) {
        err << "bench_load: " << (cachedRuns.error.isEmpty() ? cachedOnce.error : cachedRuns.error) << '\n';
        return 1;
    }
    {
        QFile computed(summaryPath);
        QFile cached(cachedPath);
        if (!computed.open(QIODevice::ReadOnly) || !cached.open(QIODevice::ReadOnly) || computed.readAll() != cached.readAll()) {
            err << "bench_load: summary --json with cached hints differs from the computed one (" << cachedPath << ")\n";
            return 1;
        }
    }
    QFile summaryFile(summaryPath);
    summaryFile.open(QIODevice::ReadOnly);
    const auto summary = nlohmann::json::parse(summaryFile.readAll().toStdString(), nullptr, false);
    if (summary.is_discarded() || !summary.is_object() || !summary.contains("cases") || !summary["cases"].is_number_integer()
        || summary["cases"].get<long long>() < 1) {
        err << "bench_load: kernel-review-cli summary --json printed no case count for " << runDir << '\n';
        return 1;
    }
    const long long cases = summary["cases"].get<long long>();
    const std::size_t warnings = summary.contains("warnings") && summary["warnings"].is_array() ? summary["warnings"].size() : 0;
    out << "kernel-review-cli summary --json: " << cases << " cases, " << warnings << " load warnings; median of " << repeat << ": "
        << QString::number(cliRuns.median(), 'f', 3) << " s, peak RSS " << QString::number(cliRuns.maxRssMb, 'f', 1) << " MB" << Qt::endl;

    out << "kernel-review-cli summary --json, hints cached: median of " << repeat << ": " << QString::number(cachedRuns.median(), 'f', 3)
        << " s, peak RSS " << QString::number(cachedRuns.maxRssMb, 'f', 1) << " MB" << Qt::endl;

    // The same command without the lint hints (issue 13 added them; they read every text of every
    // case): the case index, failure signatures and groups only.
    const Series indexRuns = measure({cli, QStringLiteral("summary"), QStringLiteral("--json"), QStringLiteral("--no-hints"), runDir},
        repeat, QStringLiteral("/dev/null"), errPath);
    if (!indexRuns.error.isEmpty()) {
        err << "bench_load: " << indexRuns.error << '\n';
        return 1;
    }
    out << "kernel-review-cli summary --json --no-hints: median of " << repeat << ": " << QString::number(indexRuns.median(), 'f', 3)
        << " s, peak RSS " << QString::number(indexRuns.maxRssMb, 'f', 1) << " MB" << Qt::endl;

    const Series pyRuns = measure(QStringList{QStringLiteral("python3"), QStringLiteral("-c"), QString::fromLatin1(pythonLoader)}
            + jsonlFiles + QStringList{QStringLiteral("--")} + memoryFiles,
        repeat, QStringLiteral("/dev/null"), errPath);
    if (!pyRuns.error.isEmpty()) {
        err << "bench_load: " << pyRuns.error << '\n';
        return 1;
    }
    out << "python3 json (load + loads per line) of those " << files.size() << " files: median of " << repeat << ": "
        << QString::number(pyRuns.median(), 'f', 3) << " s, peak RSS " << QString::number(pyRuns.maxRssMb, 'f', 1) << " MB" << Qt::endl;

    bench::result(QStringLiteral("load_cases"), double(cases), QStringLiteral("cases"), 0);
    bench::result(QStringLiteral("load_warnings"), double(warnings), QStringLiteral("warnings"), 0);
    bench::result(QStringLiteral("load_cli_s"), cliRuns.median(), QStringLiteral("s"));
    bench::result(QStringLiteral("python_json_s"), pyRuns.median(), QStringLiteral("s"));
    bench::result(QStringLiteral("load_ratio"), pyRuns.median() > 0 ? cliRuns.median() / pyRuns.median() : 0, QStringLiteral("x"), 3);
    bench::result(QStringLiteral("load_cached_s"), cachedRuns.median(), QStringLiteral("s"));
    bench::result(
        QStringLiteral("load_cached_ratio"), pyRuns.median() > 0 ? cachedRuns.median() / pyRuns.median() : 0, QStringLiteral("x"), 3);
    bench::result(QStringLiteral("load_nohints_s"), indexRuns.median(), QStringLiteral("s"));
    bench::result(
        QStringLiteral("load_nohints_ratio"), pyRuns.median() > 0 ? indexRuns.median() / pyRuns.median() : 0, QStringLiteral("x"), 3);
    bench::result(QStringLiteral("load_peak_rss_mb"), cliRuns.maxRssMb, QStringLiteral("MB"));
    bench::result(QStringLiteral("files_mb"), filesMb, QStringLiteral("MB"));
    bench::result(QStringLiteral("rss_ratio"), filesMb > 0 ? cliRuns.maxRssMb / filesMb : 0, QStringLiteral("x"), 3);
    bench::result(QStringLiteral("python_peak_rss_mb"), pyRuns.maxRssMb, QStringLiteral("MB"));

    // Reload, in this process: the same run again with the first load kept, then after the newest
    // JSONL file's modification time moved. The run measured is never written: the moved file is a
    // copy in a temporary folder where every other file of the run is a symbolic link.
    QTemporaryDir shadow;
    const QString newest = source.jsonlByIteration.last();
    const QString copied = QDir(shadow.path()).filePath(QFileInfo(newest).fileName());
    QString linkError;
    for (const QString& path : std::as_const(files)) {
        const QString target = QDir(shadow.path()).filePath(QFileInfo(path).fileName());
        const bool made = path == newest ? QFile::copy(path, target) : QFile::link(path, target);
        if (!made)
            linkError = QStringLiteral("cannot %1 %2 into %3")
                            .arg(path == newest ? QStringLiteral("copy") : QStringLiteral("link"), path, shadow.path());
    }
    const krw::LocateResult shadowLocated = krw::locateRuns(shadow.path());
    if (!shadow.isValid() || !linkError.isEmpty() || !shadowLocated) {
        err << "bench_load: cannot make the reload's copy of the run: " << (linkError.isEmpty() ? shadowLocated.error : linkError) << '\n';
        return 1;
    }
    const krw::RunSource& shadowSource = shadowLocated.runs.front();
    const krw::Run first = krw::loadRun(shadowSource);
    if (!first.loadedFiles || first.cases.isEmpty()) {
        err << "bench_load: the run did not load in process from " << shadow.path() << '\n';
        return 1;
    }
    QElapsedTimer timer;
    timer.start();
    const krw::Run unchanged = krw::loadRun(shadowSource, {}, {}, &first);
    const double unchangedS = double(timer.nsecsElapsed()) / 1e9;
    QFile touched(copied);
    const QDateTime modified = QFileInfo(touched).lastModified();
    if (!touched.open(QIODevice::ReadWrite) || !touched.setFileTime(modified.addSecs(2), QFileDevice::FileModificationTime)) {
        err << "bench_load: cannot move the modification time of " << touched.fileName() << '\n';
        return 1;
    }
    touched.close();
    timer.restart();
    const krw::Run changed = krw::loadRun(shadowSource, {}, {}, &unchanged);
    const double changedS = double(timer.nsecsElapsed()) / 1e9;
    out << "reload (a copy of the run, " << QFileInfo(copied).fileName() << " copied, the rest linked): nothing changed "
        << unchanged.loadedFiles->read << " files read, " << QString::number(unchangedS, 'f', 3)
        << " s; the copy touched: " << changed.loadedFiles->read << " files read, " << QString::number(changedS, 'f', 3) << " s"
        << Qt::endl;
    bench::result(QStringLiteral("reload_unchanged_files"), unchanged.loadedFiles->read, QStringLiteral("files"), 0);
    bench::result(QStringLiteral("reload_changed_files"), changed.loadedFiles->read, QStringLiteral("files"), 0);
    bench::result(QStringLiteral("reload_changed_s"), changedS, QStringLiteral("s"));

    // Failure signatures (docs/FAILURES.md), in this process on the run loaded above: every
    // failing case's error text read (lazy TextRefs, on the global pool) and normalised, then
    // grouped; apart, the saved reruns of the failing cases that the CLI reads first (RUN_DIR's
    // sidecar, only read). Median of `repeat` runs each.
    QStringList failing;
    for (const krw::Case& c : first.cases) {
        if (c.isFailing())
            failing << c.filename;
    }
    std::vector<double> signatureS;
    std::vector<double> rerunS;
    int groups = 0;
    int unreadable = 0;
    krw::LatestReruns reruns;
    krw::Run ofRunDir = first; // the copy's cases, RUN_DIR's sidecar (where its saved reruns are)
    ofRunDir.path = runDir;
    for (int i = 0; i < repeat; ++i) {
        timer.restart();
        reruns = krw::FailureReader::savedReruns(ofRunDir);
        rerunS.push_back(double(timer.nsecsElapsed()) / 1e9);
        timer.restart();
        const QVector<krw::FailureSignature> signatures = krw::FailureReader::read(first, {}, &unreadable);
        groups = int(krw::FailureGroup::group(first, signatures).size());
        signatureS.push_back(double(timer.nsecsElapsed()) / 1e9);
    }
    out << "failure signatures of " << failing.size() << " failing cases: " << groups << " groups, " << unreadable
        << " unreadable; median of " << repeat << ": " << QString::number(bench::median(signatureS), 'f', 3) << " s; their saved reruns ("
        << reruns.size() << " found): " << QString::number(bench::median(rerunS), 'f', 3) << " s" << Qt::endl;
    bench::result(QStringLiteral("failure_signatures_s"), bench::median(signatureS), QStringLiteral("s"));
    bench::result(QStringLiteral("failure_groups"), groups, QStringLiteral("groups"), 0);
    bench::result(QStringLiteral("failure_reruns_s"), bench::median(rerunS), QStringLiteral("s"));
    return 0;
}
