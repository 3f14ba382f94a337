// SPDX-License-Identifier: MIT
#include "benchsupport.h"

#include "models/run/runloader.h"

#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <spawn.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace krw::bench {

std::shared_ptr<const Run> loadRun(const QString& program, const QString& path)
{
    QString error;
    auto run = std::make_shared<const Run>(loadRunAtPath(path, QString(), &error));
    if (error.isEmpty() && !run->cases.isEmpty())
        return run;
    QTextStream(stderr) << program << ": could not load a case from " << path
                        << (error.isEmpty() ? QString() : QStringLiteral(": ") + error) << '\n';
    return nullptr;
}

QTextStream& out()
{
    static QTextStream stream(stdout);
    return stream;
}

void result(const QString& key, double value, const QString& unit, int decimals)
{
    if (decimals < 0)
        decimals = unit == QLatin1String("s") ? 3 : 1;
    out() << "RESULT " << key << ' ' << QString::number(value, 'f', decimals) << ' ' << unit << Qt::endl;
}

namespace {
int& missingCount()
{
    static int count = 0;
    return count;
}
} // namespace

void miss(const QString& what)
{
    ++missingCount();
    out() << "MISSING " << what << Qt::endl;
}

int missing()
{
    return missingCount();
}

double percentile(std::vector<double> samples, double p)
{
    if (samples.empty())
        return 0;
    std::sort(samples.begin(), samples.end());
    return samples.at(std::min(samples.size() - 1, std::size_t(p * double(samples.size() - 1) + 0.5)));
}

double median(std::vector<double> samples)
{
    return percentile(std::move(samples), 0.5);
}

Stats stats(std::vector<double> samples)
{
    Stats s;
    s.count = int(samples.size());
    if (samples.empty())
        return s;
    std::sort(samples.begin(), samples.end());
    s.p50 = percentile(samples, 0.5);
    s.p95 = percentile(samples, 0.95);
    s.max = samples.back();
    return s;
}

void printStats(const QString& what, const Stats& s)
{
    out() << what << ": " << s.count << " samples, p50 " << QString::number(s.p50, 'f', 1) << " ms, p95 " << QString::number(s.p95, 'f', 1)
          << " ms, max " << QString::number(s.max, 'f', 1) << " ms" << Qt::endl;
}

ChildRun runChild(const QStringList& argv, const QString& stdoutPath, const QString& stderrPath, int highestOkExit)
{
    ChildRun result;
    std::vector<std::string> args;
    for (const QString& a : argv)
        args.push_back(QFile::encodeName(a).toStdString());
    std::vector<char*> cargs;
    for (std::string& a : args)
        cargs.push_back(a.data());
    cargs.push_back(nullptr);
    const std::string outPath = QFile::encodeName(stdoutPath).toStdString();
    const std::string errPath = QFile::encodeName(stderrPath).toStdString();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
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
    if (WIFSIGNALED(status)) {
        result.error = QStringLiteral("%1 crashed (signal %2)").arg(argv.first()).arg(WTERMSIG(status));
    } else {
        result.exitCode = WEXITSTATUS(status);
        if (result.exitCode <= highestOkExit) {
            result.ok = true;
            return result;
        }
        result.error = QStringLiteral("%1 exited with code %2").arg(argv.first()).arg(result.exitCode);
    }
    QFile errFile(stderrPath);
    const QString errText = errFile.open(QIODevice::ReadOnly) ? QString::fromUtf8(errFile.read(2000)).trimmed() : QString();
    if (!errText.isEmpty())
        result.error += QStringLiteral(": ") + errText;
    return result;
}

double peakRssMb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) * 1024.0 / 1e6;
}

double rssMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> lines = status.readAll().split('\n');
    for (const QByteArray& line : lines) {
        if (line.startsWith("VmRSS:"))
            return double(line.mid(6).trimmed().split(' ').first().toLongLong()) * 1024.0 / 1e6;
    }
    return 0;
}

qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

double processCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double processAgeSeconds()
{
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    // Field 2, the command, is in parentheses and may hold spaces: count the fields after its ')'.
    const int close = line.lastIndexOf(')');
    if (close < 0)
        return -1;
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    constexpr int startTimeField = 22 - 3; // field 22 (starttime, clock ticks after boot); field 3 comes first
    bool ok = false;
    const qint64 startTicks = fields.size() > startTimeField ? fields.at(startTimeField).toLongLong(&ok) : 0;
    const long ticksPerSecond = sysconf(_SC_CLK_TCK);
    timespec now{};
    if (!ok || ticksPerSecond <= 0 || clock_gettime(CLOCK_BOOTTIME, &now) != 0)
        return -1;
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9 - double(startTicks) / double(ticksPerSecond);
}

} // namespace krw::bench
