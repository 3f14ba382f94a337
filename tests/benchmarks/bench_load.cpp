// SPDX-License-Identifier: MIT
//
// Loading benchmark (docs/PERFORMANCE.md, "load"): how long `kernel-review-cli summary --json RUN_DIR`
// takes from start to exit (the command to a complete case index), how much memory it peaks at,
// and the same against Python's json module reading the same files.
//
//   bench_load [--cli PATH] [--repeat N] RUN_DIR
//
// Each command runs as a child process: one warm-up (so both read the files from the page cache),
// then N timed runs (default 5); the median wall time counts. Peak memory is the child's ru_maxrss
// from wait4() — resident pages, file-backed ones (a mapped run) included. Python reads every
// *.json of RUN_DIR with json.load() and every line of every *.jsonl with json.loads(), as a
// user's script would. The CLI defaults to ../../app/kernel-review-cli beside this program (the
// build tree's layout). Prints human text and one `RESULT <key> <value> <unit>` line per figure;
// exits 1 without RESULT lines when a command fails (a non-zero exit, a crash, or no case loaded).
// Not a test: the figures are read from the table tests/benchmarks/run.sh prints.
#include "run/loadedfiles.h"
#include "run/runloader.h"

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
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <vector>

extern char** environ;

namespace {

struct ChildRun
{
    bool ok = false;
    QString error; // what went wrong, in words, when !ok
    double seconds = 0;
    double maxRssMb = 0;
};

// Runs argv as a child with stdout to stdoutPath and stderr to stderrPath; waits and measures.
ChildRun runChild(const QStringList& argv, const QString& stdoutPath, const QString& stderrPath)
{
    ChildRun result;
    std::vector<std::string> args;
    for (const QString& a : argv)
        args.push_back(a.toStdString());
    std::vector<char*> cargs;
    for (std::string& a : args)
        cargs.push_back(a.data());
    cargs.push_back(nullptr);
    const std::string out = QFile::encodeName(stdoutPath).toStdString();
    const std::string err = QFile::encodeName(stderrPath).toStdString();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    QElapsedTimer timer;
    timer.start();
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, cargs.front(), &actions, nullptr, cargs.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
        result.error = QStringLiteral("could not start %1: %2").arg(argv.first(), QString::fromLocal8Bit(std::strerror(spawned)));
        return result;
    }
    int status = 0;
    rusage usage{};
    pid_t waited = 0;
    do {
        waited = wait4(pid, &status, 0, &usage);
    } while (waited < 0 && errno == EINTR);
    result.seconds = double(timer.nsecsElapsed()) / 1e9;
    if (waited < 0) {
        result.error = QStringLiteral("waiting for %1 failed: %2").arg(argv.first(), QString::fromLocal8Bit(std::strerror(errno)));
        return result;
    }
    result.maxRssMb = double(usage.ru_maxrss) * 1024.0 / 1e6; // Linux: kilobytes
    QFile errFile(stderrPath);
    const QString errText = errFile.open(QIODevice::ReadOnly) ? QString::fromUtf8(errFile.read(2000)).trimmed() : QString();
    if (WIFSIGNALED(status)) {
        result.error = QStringLiteral("%1 crashed (signal %2)").arg(argv.first()).arg(WTERMSIG(status));
    } else if (WEXITSTATUS(status) != 0) {
        result.error = QStringLiteral("%1 exited with code %2").arg(argv.first()).arg(WEXITSTATUS(status));
    } else {
        result.ok = true;
        return result;
    }
    if (!errText.isEmpty())
        result.error += QStringLiteral(": ") + errText;
    return result;
}

struct Series
{
    QVector<double> seconds;
    double maxRssMb = 0;
    QString error;
    double median() const
    {
        QVector<double> s = seconds;
        std::sort(s.begin(), s.end());
        return s.isEmpty() ? 0 : s.at(s.size() / 2);
    }
};

// One warm-up (its stdout kept in firstOut), then `repeat` timed runs with stdout discarded.
Series measure(const QStringList& argv, int repeat, const QString& firstOut, const QString& errPath)
{
    Series series;
    const ChildRun warm = runChild(argv, firstOut, errPath);
    if (!warm.ok) {
        series.error = warm.error;
        return series;
    }
    series.maxRssMb = warm.maxRssMb;
    for (int i = 0; i < repeat; ++i) {
        const ChildRun run = runChild(argv, QStringLiteral("/dev/null"), errPath);
        if (!run.ok) {
            series.error = run.error;
            return series;
        }
        series.seconds.append(run.seconds);
        series.maxRssMb = std::max(series.maxRssMb, run.maxRssMb);
    }
    return series;
}

const char* const pythonLoader = "import json, sys\n"
                                 "for path in sys.argv[1:]:\n"
                                 "    with open(path, 'rb') as f:\n"
                                 "        if path.endswith('.jsonl'):\n"
                                 "            for line in f:\n"
                                 "                if line.strip():\n"
                                 "                    json.loads(line)\n"
                                 "        else:\n"
                                 "            json.load(f)\n";

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
    QTextStream out(stdout);
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

    QStringList files;
    qint64 bytes = 0;
    for (const QFileInfo& info :
        QDir(runDir).entryInfoList({QStringLiteral("*.jsonl"), QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        files << info.absoluteFilePath();
        bytes += info.size();
    }
    if (files.isEmpty()) {
        err << "bench_load: no *.jsonl or *.json file in " << runDir << '\n';
        return 1;
    }
    const double filesMb = double(bytes) / 1e6;
    out << "run: " << runDir << ", " << files.size() << " files, " << QString::number(filesMb, 'f', 1) << " MB\n";

    QTemporaryDir tmp;
    const QString summaryPath = tmp.filePath(QStringLiteral("summary.json"));
    const QString errPath = tmp.filePath(QStringLiteral("stderr.txt"));
    const Series cliRuns = measure({cli, QStringLiteral("summary"), QStringLiteral("--json"), runDir}, repeat, summaryPath, errPath);
    if (!cliRuns.error.isEmpty()) {
        err << "bench_load: " << cliRuns.error << '\n';
        return 1;
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
        << QString::number(cliRuns.median(), 'f', 3) << " s, peak RSS " << QString::number(cliRuns.maxRssMb, 'f', 1) << " MB\n";

    const Series pyRuns = measure(QStringList{QStringLiteral("python3"), QStringLiteral("-c"), QString::fromLatin1(pythonLoader)} + files,
        repeat, QStringLiteral("/dev/null"), errPath);
    if (!pyRuns.error.isEmpty()) {
        err << "bench_load: " << pyRuns.error << '\n';
        return 1;
    }
    out << "python3 json (load + loads per line): median of " << repeat << ": " << QString::number(pyRuns.median(), 'f', 3)
        << " s, peak RSS " << QString::number(pyRuns.maxRssMb, 'f', 1) << " MB\n";

    const auto result = [&out](const char* key, double value, int decimals, const char* unit) {
        out << "RESULT " << key << ' ' << QString::number(value, 'f', decimals) << ' ' << unit << '\n';
    };
    result("load_cases", double(cases), 0, "cases");
    result("load_warnings", double(warnings), 0, "warnings");
    result("load_cli_s", cliRuns.median(), 3, "s");
    result("python_json_s", pyRuns.median(), 3, "s");
    result("load_ratio", pyRuns.median() > 0 ? cliRuns.median() / pyRuns.median() : 0, 3, "x");
    result("load_peak_rss_mb", cliRuns.maxRssMb, 1, "MB");
    result("files_mb", filesMb, 1, "MB");
    result("rss_ratio", filesMb > 0 ? cliRuns.maxRssMb / filesMb : 0, 3, "x");
    result("python_peak_rss_mb", pyRuns.maxRssMb, 1, "MB");

    // Reload, in this process: the same run again with the first load kept, then after the
    // newest JSONL file's modification time moved (its content untouched, its time put back).
    QString error;
    const krw::Run first = krw::loadRunAtPath(runDir, {}, &error);
    const krw::LocateResult located = krw::locateRuns(runDir);
    if (!first.loadedFiles || !located) {
        err << "bench_load: the run did not load in process: " << error << '\n';
        return 1;
    }
    const krw::RunSource& source = located.runs.front();
    QElapsedTimer timer;
    timer.start();
    const krw::Run unchanged = krw::loadRun(source, {}, {}, &first);
    const double unchangedS = double(timer.nsecsElapsed()) / 1e9;
    QFile touched(source.jsonlByIteration.last());
    const QDateTime modified = QFileInfo(touched).lastModified();
    if (!touched.open(QIODevice::ReadWrite) || !touched.setFileTime(modified.addSecs(2), QFileDevice::FileModificationTime)) {
        err << "bench_load: cannot move the modification time of " << touched.fileName() << '\n';
        return 1;
    }
    touched.close();
    timer.restart();
    const krw::Run changed = krw::loadRun(source, {}, {}, &unchanged);
    const double changedS = double(timer.nsecsElapsed()) / 1e9;
    touched.open(QIODevice::ReadWrite);
    touched.setFileTime(modified, QFileDevice::FileModificationTime);
    out << "reload: nothing changed " << unchanged.loadedFiles->read << " files read, " << QString::number(unchangedS, 'f', 3) << " s; "
        << QFileInfo(touched).fileName() << " touched: " << changed.loadedFiles->read << " files read, "
        << QString::number(changedS, 'f', 3) << " s\n";
    result("reload_unchanged_files", unchanged.loadedFiles->read, 0, "files");
    result("reload_changed_files", changed.loadedFiles->read, 0, "files");
    result("reload_changed_s", changedS, 3, "s");
    return 0;
}
