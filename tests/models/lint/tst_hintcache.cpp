// SPDX-License-Identifier: MIT
//
// HintCache: hints kept between sessions are used only for the run as it was when they were
// computed, by the build that computed them; everything else is a miss, computed again.
#include "models/lint/hintcache.h"
#include "models/lint/linter.h"
#include "models/run/runloader.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

int hintCount(const QVector<LintHints>& hints)
{
    int n = 0;
    for (const LintHints& h : hints)
        n += int(h.size());
    return n;
}

} // namespace

class TestHintCache : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_run; // a copy of the sample run, which the tests change

    RunPtr load() const { return std::make_shared<const Run>(loadRunAtPath(m_run)); }

    static QString cacheFolder()
    {
        return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/kernel-review/hints");
    }

    // A miss: hintsOf computed the hints (not read them), the same as Linter::lintRun's.
    static bool computedAgain(const RunPtr& run)
    {
        bool fromCache = true;
        const QVector<LintHints> hints = HintCache::hintsOf(run, nullptr, nullptr, &fromCache);
        return !fromCache && hints == Linter::lintRun(run);
    }

    // The cache file with one of its JSON texts replaced.
    static void editCacheFile(const Run& run, const QByteArray& from, const QByteArray& to)
    {
        QFile file(HintCache::pathFor(run));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray bytes = file.readAll();
        file.close();
        QVERIFY2(bytes.contains(from), from.constData());
        bytes.replace(from, to);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(bytes);
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        qunsetenv("KRW_HINT_CACHE");
        QDir(cacheFolder()).removeRecursively();
        m_run = m_dir.path() + QStringLiteral("/run");
        QDir(m_run).removeRecursively();
        QVERIFY(QDir().mkpath(m_run));
        const QDir sample(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        for (const QString& name : sample.entryList(QDir::Files)) {
            QFile::remove(m_run + QLatin1Char('/') + name);
            QVERIFY(QFile::copy(sample.filePath(name), m_run + QLatin1Char('/') + name));
        }
    }

    void savedHintsAreUsedForTheSameRun()
    {
        const RunPtr run = load();
        const QVector<LintHints> expected = Linter::lintRun(run);
        QVERIFY(hintCount(expected) > 0); // the sample has a case made for every check
        QVERIFY(!HintCache::load(*run));
        bool fromCache = true;
        QCOMPARE(HintCache::hintsOf(run, nullptr, nullptr, &fromCache), expected);
        QVERIFY(!fromCache);
        QVERIFY(QFile::exists(HintCache::pathFor(*run)));
        // Opened again: the same hints, read, not computed.
        const RunPtr again = load();
        QCOMPARE(HintCache::hintsOf(again, nullptr, nullptr, &fromCache), expected);
        QVERIFY(fromCache);
    }

    void aChangedFileIsAMiss()
    {
        RunPtr run = load();
        HintCache::hintsOf(run);
        QVERIFY(HintCache::load(*run));
        // The JSONL rewritten in place with the same size: only its modification time tells.
        const QString jsonl = m_run + QStringLiteral("/sample_triton2hip_1.jsonl");
        QFile file(jsonl);
        QVERIFY(file.open(QIODevice::ReadWrite));
        const QDateTime before = file.fileTime(QFileDevice::FileModificationTime);
        QVERIFY(file.setFileTime(before.addSecs(5), QFileDevice::FileModificationTime));
        file.close();
        QVERIFY(HintCache::load(*run)); // what the run loaded before still matches its record
        run = load();
        QVERIFY(!HintCache::load(*run));
        QVERIFY(computedAgain(run));
        QVERIFY(HintCache::load(*run)); // saved over the old record
    }

    void aFileMoreOrLessIsAMiss()
    {
        RunPtr run = load();
        HintCache::hintsOf(run);
        // The iteration-1 files gone: another run (fewer files) in the same folder.
        QVERIFY(QFile::remove(m_run + QStringLiteral("/sample_triton2hip_1.jsonl")));
        QVERIFY(QFile::remove(m_run + QStringLiteral("/sample_triton2hip_mem_1.json")));
        run = load();
        QVERIFY(!HintCache::load(*run));
        QVERIFY(computedAgain(run));
    }

    void anotherBuildOrLayoutIsAMiss_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::newRow("fingerprint") << QByteArray("\"fingerprint\":\"") << QByteArray("\"fingerprint\":\"0");
        QTest::newRow("qt version") << QByteArray("\"qt\":\"") << QByteArray("\"qt\":\"0.");
        QTest::newRow("format") << QByteArray("\"format\":1") << QByteArray("\"format\":2");
        QTest::newRow("case name") << QByteArray("\"name\":\"") << QByteArray("\"name\":\"x");
        QTest::newRow("file size") << QByteArray("\"size\":") << QByteArray("\"size\":1");
        QTest::newRow("hint shape") << QByteArray("[[\"") << QByteArray("[[1,\"");
    }

    void anotherBuildOrLayoutIsAMiss()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        const RunPtr run = load();
        HintCache::hintsOf(run);
        QVERIFY(HintCache::load(*run));
        editCacheFile(*run, from, to);
        QVERIFY(!HintCache::load(*run));
        QVERIFY(computedAgain(run));
        QVERIFY(HintCache::load(*run));
    }

    void aDamagedFileIsAMiss()
    {
        const RunPtr run = load();
        HintCache::hintsOf(run);
        QFile file(HintCache::pathFor(*run));
        QVERIFY(file.resize(file.size() / 2));
        QVERIFY(!HintCache::load(*run));
        QVERIFY(computedAgain(run));
        QVERIFY(HintCache::load(*run));
    }

    void offReadsAndWritesNothing()
    {
        const RunPtr run = load();
        qputenv("KRW_HINT_CACHE", "off");
        QVERIFY(!HintCache::enabled());
        QVERIFY(computedAgain(run));
        QVERIFY(!QFile::exists(HintCache::pathFor(*run)));
        qunsetenv("KRW_HINT_CACHE");
        HintCache::hintsOf(run);
        QVERIFY(HintCache::load(*run));
        qputenv("KRW_HINT_CACHE", "off");
        bool fromCache = true;
        HintCache::hintsOf(run, nullptr, nullptr, &fromCache);
        QVERIFY(!fromCache); // there, but not read
        qunsetenv("KRW_HINT_CACHE");
    }

    void aCancelledPassIsNotSaved()
    {
        const RunPtr run = load();
        const std::atomic_bool cancel{true};
        HintCache::hintsOf(run, &cancel);
        QVERIFY(!QFile::exists(HintCache::pathFor(*run)));
    }

    // A file with no modification time (one in Qt's resources) cannot be told unchanged: its run is
    // never cached, and its hints are computed each time.
    void aRunWithoutFileTimesIsNotCached()
    {
        const RunPtr loaded = load();
        auto sources = std::make_shared<SourceTable>(*loaded->sources);
        (*sources)[0].modified = QDateTime();
        Run copy = *loaded;
        copy.sources = sources;
        const RunPtr run = std::make_shared<const Run>(std::move(copy));
        QString error;
        QVERIFY(!HintCache::save(*run, Linter::lintRun(run), &error));
        QVERIFY(error.contains(QLatin1String("modification time")));
        QVERIFY(computedAgain(run));
        QVERIFY(!QFile::exists(HintCache::pathFor(*run)));
    }

    void keepsTheRunsUsedLast()
    {
        QVERIFY(QDir().mkpath(cacheFolder()));
        const QDateTime old = QDateTime::currentDateTimeUtc().addDays(-1);
        for (int i = 0; i < HintCache::MaxFiles + 5; ++i) {
            QFile file(cacheFolder() + QStringLiteral("/old%1.json").arg(i));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("{}");
            file.flush(); // written before the time is set: closing must not touch it again
            QVERIFY(file.setFileTime(old.addSecs(i), QFileDevice::FileModificationTime));
        }
        const RunPtr run = load();
        HintCache::hintsOf(run);
        const QStringList left = QDir(cacheFolder()).entryList({QStringLiteral("*.json")}, QDir::Files);
        QCOMPARE(left.size(), HintCache::MaxFiles);
        QVERIFY(QFile::exists(HintCache::pathFor(*run)));
        for (int i = 0; i < 6; ++i) // the oldest went first
            QVERIFY(!left.contains(QStringLiteral("old%1.json").arg(i)));
        QVERIFY(left.contains(QStringLiteral("old6.json")));
    }

    // The window reads the cache with load() alone: a run used that way is used, not dropped first.
    void aCacheFileReadCountsAsUsed()
    {
        const RunPtr run = load();
        HintCache::hintsOf(run);
        QFile file(HintCache::pathFor(*run));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QDateTime old = QDateTime::currentDateTimeUtc().addDays(-1);
        QVERIFY(file.setFileTime(old, QFileDevice::FileModificationTime));
        file.close();
        QVERIFY(HintCache::load(*load()));
        QVERIFY(QFileInfo(file).lastModified().toUTC() > old.addSecs(3600));
        // A miss leaves the file's time alone (it is about to be written over).
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.setFileTime(old, QFileDevice::FileModificationTime));
        file.close();
        QFile jsonl(m_run + QStringLiteral("/") + QDir(m_run).entryList({QStringLiteral("*.jsonl")}).constFirst());
        QVERIFY(jsonl.open(QIODevice::Append));
        jsonl.write("\n");
        jsonl.close();
        QVERIFY(!HintCache::load(*load()));
        QCOMPARE(QFileInfo(file).lastModified().toUTC(), old);
    }
};

QTEST_GUILESS_MAIN(TestHintCache)
#include "tst_hintcache.moc"
