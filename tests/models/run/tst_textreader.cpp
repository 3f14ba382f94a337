// SPDX-License-Identifier: MIT
//
// TextReader (models/run/textreader.h) and the rule it shares with TextStore and the loader's
// reload (TextStore::isUnchanged): reads every text of a run with a file per text (a debug
// folder) under a low limit of open files, and the file search over it finds every case; a chmod
// is not a change, a file rewritten under an open reader or replaced keeping its times is.
#include "models/browse/casesearch.h"
#include "models/run/loadedfiles.h"
#include "models/run/runloader.h"
#include "models/run/runlocator.h"
#include "models/run/textreader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
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

bool copyDir(const QString& from, const QString& to)
{
    for (const QFileInfo& info : QDir(from).entryInfoList(QDir::Files)) {
        if (!QFile::copy(info.filePath(), QDir(to).filePath(info.fileName())))
            return false;
    }
    return true;
}

// The first two texts with content in the first case's first JSONL file, and that file.
struct TwoTexts
{
    TextRef first;
    TextRef second;
    QString path;
};

TwoTexts twoTexts(const Run& run)
{
    TwoTexts out;
    const int source = run.cases.first().history.first().predict.source;
    for (const Case& c : run.cases) {
        for (const IterationRecord& it : c.history) {
            for (const TextRef& ref : {it.predict, it.label, it.instruction}) {
                if (!ref.hasContent() || ref.source != source)
                    continue;
                if (out.first.source < 0)
                    out.first = ref;
                else if (out.second.source < 0 && ref.offset != out.first.offset)
                    out.second = ref;
            }
        }
    }
    out.path = run.sources->at(source).path;
    return out;
}

bool setModified(const QString& path, const QDateTime& time)
{
    QFile file(path);
    return file.open(QIODevice::ReadWrite) && file.setFileTime(time, QFileDevice::FileModificationTime);
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

    // A chmod (or chown, or a hard link) changes only the status-change time: the texts still read,
    // through an open reader and through TextStore::resolve, and a reload reads the file from
    // the loaded run again. (Before, the status-change time was compared: every text of the
    // file was "changed on disk ... reload the run".)
    void aChmodIsNotAChange()
    {
        QTemporaryDir dir;
        QVERIFY(copyDir(QStringLiteral(KRW_TEST_DATA_DIR "/series"), dir.path()));
        const RunSource source = locateRuns(dir.path()).runs.first();
        const Run run = loadRun(source);
        const TwoTexts texts = twoTexts(run);
        QVERIFY(texts.first.source >= 0 && texts.second.source >= 0);
        TextReader reader(run.sources);
        QVERIFY(reader.read(texts.first, 1 << 20));
        QThread::msleep(20); // past the file system clock's tick: the status-change time moves
        QVERIFY(QFile::setPermissions(texts.path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup));
        const ResolvedText open = reader.read(texts.second, 1 << 20);
        QVERIFY2(open, qPrintable(open.error));
        const ResolvedText fresh = TextStore::resolve(*run.sources, texts.second);
        QVERIFY2(fresh, qPrintable(fresh.error));
        QCOMPARE(fresh.text, open.text);
        QVERIFY(TextStore::isUnchanged(run.sources->at(texts.second.source)));
        QCOMPARE(loadRun(source, {}, {}, &run).loadedFiles->read, 0);
    }

    // A file rewritten in place after the reader opened it (the same size: the offsets still fit)
    // gives "changed on disk", not the new bytes at the old offsets; checked on the open file.
    void aFileRewrittenUnderAnOpenReaderIsChanged()
    {
        QTemporaryDir dir;
        QVERIFY(copyDir(QStringLiteral(KRW_TEST_DATA_DIR "/series"), dir.path()));
        const Run run = loadRun(locateRuns(dir.path()).runs.first());
        const TwoTexts texts = twoTexts(run);
        QVERIFY(texts.first.source >= 0 && texts.second.source >= 0);
        TextReader reader(run.sources);
        QVERIFY(reader.read(texts.first, 1 << 20));
        const QDateTime modified = QFileInfo(texts.path).lastModified();
        QFile file(texts.path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.seek(texts.second.offset));
        QByteArray bytes = file.read(texts.second.length);
        bytes.replace(bytes.size() / 2, 1, "#");
        QVERIFY(file.seek(texts.second.offset));
        QCOMPARE(file.write(bytes), bytes.size());
        file.close();
        QVERIFY(setModified(texts.path, modified.addSecs(3))); // whatever the clock's tick
        const ResolvedText after = reader.read(texts.second, 1 << 20);
        QVERIFY2(after.error.contains(QStringLiteral("changed on disk")), qPrintable(after.error));
        QVERIFY(after.text.isEmpty());
    }

    // A file replaced by another of the same size and modification time (cp -p, rsync -t) is
    // another file (its inode): changed, for a fresh read and for a reload.
    void aFileReplacedKeepingItsTimesIsChanged()
    {
        QTemporaryDir dir;
        QVERIFY(copyDir(QStringLiteral(KRW_TEST_DATA_DIR "/series"), dir.path()));
        const RunSource source = locateRuns(dir.path()).runs.first();
        const Run run = loadRun(source);
        const TwoTexts texts = twoTexts(run);
        QVERIFY(texts.first.source >= 0);
        const QDateTime modified = QFileInfo(texts.path).lastModified();
        const QString copy = dir.filePath(QStringLiteral("copy.tmp"));
        QVERIFY(QFile::copy(texts.path, copy));
        QVERIFY(setModified(copy, modified));
        QVERIFY(QFile::remove(texts.path));
        QVERIFY(QFile::rename(copy, texts.path));
        QCOMPARE(QFileInfo(texts.path).lastModified(), modified);
        const ResolvedText after = TextStore::resolve(*run.sources, texts.first);
        QVERIFY2(after.error.contains(QStringLiteral("changed on disk")), qPrintable(after.error));
        QCOMPARE(loadRun(source, {}, {}, &run).loadedFiles->read, 1);
    }
};

QTEST_GUILESS_MAIN(TstTextReader)
#include "tst_textreader.moc"
