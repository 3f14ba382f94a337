// SPDX-License-Identifier: MIT
//
// TextReader (models/run/textreader.h): reads every text of a run with a file per text (a debug
// folder) under a low limit of open files, and the file search over it finds every case.
#include "browse/casesearch.h"
#include "run/runloader.h"
#include "run/textreader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#endif

using namespace krw;

namespace {

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// A debug-folder run of cases cases, eight files a case, each case's prediction holding marker.
bool writeDebugRun(const QString& root, int cases, const QByteArray& marker)
{
    for (int i = 0; i < cases; ++i) {
        const QString dir = QStringLiteral("%1/case_%2/").arg(root).arg(i, 5, 10, QLatin1Char('0'));
        if (!QDir().mkpath(dir))
            return false;
        const bool ok = writeFile(dir + QStringLiteral("0_instruction.txt"), "write it")
            && writeFile(dir + QStringLiteral("1_label_source.py"), "import triton\n")
            && writeFile(dir + QStringLiteral("2_initial_predict.hip.cpp"), "__global__ void " + marker + "() {}\n")
            && writeFile(dir + QStringLiteral("3_test_code.py"), "result_gold = 1\n")
            && writeFile(dir + QStringLiteral("error_log.txt"), "x.hip:1:1: error: e")
            && writeFile(dir + QStringLiteral("reflection_strategy.md"), "try harder")
            && writeFile(dir + QStringLiteral("candidate_call_fix.hip.cpp"), "call fix")
            && writeFile(dir + QStringLiteral("candidate_exe_fix.hip.cpp"), "exe fix");
        if (!ok)
            return false;
    }
    return true;
}

int openFileCount()
{
    return int(QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot).size());
}

#ifdef Q_OS_LINUX
// Lowers the soft limit of open files for its life (a desktop session's default is 1,024, a run
// can have more files than that).
class OpenFileLimit
{
public:
    explicit OpenFileLimit(rlim_t soft)
    {
        m_ok = ::getrlimit(RLIMIT_NOFILE, &m_saved) == 0;
        rlimit lowered = m_saved;
        lowered.rlim_cur = std::min(soft, m_saved.rlim_max);
        m_ok = m_ok && ::setrlimit(RLIMIT_NOFILE, &lowered) == 0;
    }
    ~OpenFileLimit() { ::setrlimit(RLIMIT_NOFILE, &m_saved); }
    bool ok() const { return m_ok; }

private:
    rlimit m_saved{};
    bool m_ok = false;
};
#endif

} // namespace

class TstTextReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // 2,400 files, a limit of open files far below that: every text reads, the reader never holds
    // more than MaxOpenFiles, and the file search finds the marker in every case. (Before the
    // reader closed files, it held every file it had read: reads failed with "Too many open
    // files" and the search silently missed cases.)
    void aRunWithMoreFilesThanTheLimitReadsWhole()
    {
#ifndef Q_OS_LINUX
        QSKIP("needs setrlimit and /proc/self/fd");
#else
        QTemporaryDir dir;
        constexpr int Cases = 300;
        QVERIFY(writeDebugRun(dir.path(), Cases, "zqmarker"));
        QString error;
        const auto run = std::make_shared<const Run>(loadRunAtPath(dir.path(), {}, &error));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(run->cases.size(), Cases);
        QVERIFY(run->sources->size() >= Cases * 8);
        // Room for what the process has open, and for every thread's reader at its bound.
        const int threads = QThreadPool::globalInstance()->maxThreadCount();
        const int limit = openFileCount() + (threads + 1) * TextReader::MaxOpenFiles + 32;
        QVERIFY2(limit < run->sources->size(), "the test needs more files than the limit");
        OpenFileLimit lowered{rlim_t(limit)};
        QVERIFY(lowered.ok());

        TextReader reader(run->sources);
        int read = 0;
        for (int s = 0; s < run->sources->size(); ++s) {
            TextRef ref;
            ref.source = s;
            ref.length = run->sources->at(s).size;
            const ResolvedText text = reader.read(ref, TextStore::DefaultMaxBytes);
            QVERIFY2(text.error.isEmpty(), qPrintable(text.error));
            QVERIFY(!text.text.isEmpty());
            QVERIFY(reader.openFiles() <= TextReader::MaxOpenFiles);
            ++read;
        }
        QCOMPARE(read, run->sources->size());

        SearchQuery query;
        query.text = QStringLiteral("zqmarker");
        const auto found = searchCases(*run, query);
        QVERIFY(found);
        QCOMPARE(found->size(), Cases);
#endif
    }
};

QTEST_GUILESS_MAIN(TstTextReader)
#include "tst_textreader.moc"
