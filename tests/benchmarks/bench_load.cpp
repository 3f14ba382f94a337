// SPDX-License-Identifier: MIT
//
// Loading speed and memory on a synthetic run: N cases over K iterations, each case with
// realistic field sizes (instruction 1.3 KB, label 2 KB, predict 3 KB, test 1 KB, memory entry
// with candidates, a reflection and 3 perf candidates). Prints wall time, peak RSS growth and the
// time to read all texts of one case. Usage: bench_load [CASES] [ITERATIONS]. Not a test: numbers are quoted in notes, not asserted.
#include "run/casetexts.h"
#include "run/runloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <nlohmann/json.hpp>

namespace {

// Resident memory now, in kB (Linux).
long rssKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    status.open(QIODevice::ReadOnly);
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLong();
    }
    return 0;
}

std::string text(std::size_t size, char fill)
{
    std::string s;
    s.reserve(size);
    while (s.size() < size)
        s += std::string("    x = tl.load(ptr + offs, mask=mask)  # ") + fill + "\n";
    s.resize(size);
    return s;
}

void writeRun(const QString& dir, int cases, int iterations)
{
    using nlohmann::json;
    for (int it = 0; it < iterations; ++it) {
        QFile jsonl(QStringLiteral("%1/bench_%2.jsonl").arg(dir).arg(it));
        jsonl.open(QIODevice::WriteOnly);
        json memory = json::object();
        for (int c = 0; c < cases; ++c) {
            const std::string name = "kernel_" + std::to_string(c) + ".py";
            json line = {{"filename", name}, {"instruction", text(1300, 'i')}, {"label", text(2000, 'l')},
                {"predict", text(3000, char('a' + it % 26))}, {"test_code", text(1000, 't')}, {"_difficulty", c % 5}};
            jsonl.write(QByteArray::fromStdString(line.dump() + "\n"));
            json perf = json::array();
            for (int p = 0; p < 3; ++p)
                perf.push_back({text(3000, 'p'), 1.0 + p, 0.0, text(800, 'r'), nullptr});
            memory[name] = {{"pass_call", c % 3 != 0}, {"call_err_msg", c % 3 ? "None" : "x.hip:12:3: error: boom"},
                {"call_candidate", text(3000, 'c')}, {"pass_exe", c % 2 == 0}, {"exe_err_msg", "None"}, {"exe_candidate", nullptr},
                {"pass_perf", false}, {"perf_candidates", perf}, {"perf_debug_num", 0}, {"temp_strategy", text(900, 's')},
                {"reflection", nullptr}, {"perf_strategy", nullptr}, {"oneshot", text(1500, 'o')}};
        }
        QFile mem(QStringLiteral("%1/bench_mem_%2.json").arg(dir).arg(it));
        mem.open(QIODevice::WriteOnly);
        mem.write(QByteArray::fromStdString(memory.dump(4)));
    }
}

} // namespace

// Loads a run and reports; run in a process of its own so the generator's memory does not count.
int measure(const QString& path)
{
    QTextStream out(stdout);
    const long rssBefore = rssKb();
    QElapsedTimer timer;
    timer.start();
    const auto run = std::make_shared<const krw::Run>(krw::loadRunAtPath(path));
    const qint64 loadMs = timer.elapsed();
    out << "load: " << loadMs << " ms, " << run->cases.size() << " cases, " << run->warnings.size() << " warnings, resident memory +"
        << (rssKb() - rssBefore) / 1024 << " MB after loading\n";
    timer.restart();
    const krw::CaseTexts texts = krw::readCaseTexts(run, int(run->cases.size() / 2));
    out << "read one case's texts: " << timer.elapsed() << " ms (" << texts.texts.size() << " texts)\n";
    return run->cases.isEmpty() ? 1 : 0;
}

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() == 3 && args.at(1) == QLatin1String("--load"))
        return measure(args.at(2));
    const int cases = args.size() > 1 ? args.at(1).toInt() : 10000;
    const int iterations = args.size() > 2 ? args.at(2).toInt() : 2;
    QTemporaryDir dir;
    writeRun(dir.path(), cases, iterations);
    qint64 bytes = 0;
    for (const auto& info : QDir(dir.path()).entryInfoList(QDir::Files))
        bytes += info.size();
    QTextStream(stdout) << "run: " << cases << " cases x " << iterations << " iterations, " << bytes / (1024 * 1024) << " MB on disk"
                        << Qt::endl;
    return QProcess::execute(QCoreApplication::applicationFilePath(), {QStringLiteral("--load"), dir.path()});
}
