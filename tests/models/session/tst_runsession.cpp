// SPDX-License-Identifier: MIT
#include "models/batch/batchqueue.h"
#include "models/browse/searchindex.h"
#include "models/lint/hintcache.h"
#include "models/rerun/rerunresult.h"
#include "models/rerun/resultstore.h"
#include "models/review/annotationstore.h"
#include "models/run/runloader.h"
#include "models/session/runsession.h"
#include "models/work/workpools.h"
#include "samplecopy.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

using namespace krw;

namespace {

RerunResult resultOf(const QString& caseName, const QDateTime& started, RerunResult::Status status)
{
    RerunResult r;
    r.caseName = caseName;
    r.versionId = QStringLiteral("it0:predict");
    r.started = started;
    r.status = status;
    if (status == RerunResult::Status::Failed)
        r.failure = QStringLiteral("the harness crashed");
    return r;
}

} // namespace

// RunSession: what the views of the open run need besides its cases, read off the UI thread.
class TestRunSession : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    RunPtr m_run; // a private copy of the sample run: its results are written beside it
    QStringList m_names;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QVERIFY(krw::test::copySampleRun(m_dir.path()));
        m_run = std::make_shared<Run>(loadRunAtPath(m_dir.path()));
        QVERIFY(m_run->cases.size() >= 3);
        for (const Case& c : m_run->cases)
            m_names << c.filename;
    }

    // Opening: a place of two runs. Nobody to ask: the newest, with RunChoice's note. Someone to
    // ask: choiceNeeded, and choose() loads the one picked. A name remembered is taken; one gone
    // is dropped with a note. Cancelling the question leaves the run on show; a path with no run
    // fails with the locator's reason.
    void opensAPlaceByRunChoice()
    {
        QTemporaryDir dir;
        QVERIFY(krw::test::copySampleRun(dir.path()));
        const QDir folder(dir.path());
        const QDateTime older = QDateTime::currentDateTime().addDays(-2);
        for (const QString& name : folder.entryList(QDir::Files)) {
            QString copy = name;
            copy.replace(QStringLiteral("sample_triton2hip"), QStringLiteral("older"));
            QVERIFY(QFile::copy(folder.filePath(name), folder.filePath(copy)));
            QFile file(folder.filePath(copy));
            QVERIFY(file.open(QIODevice::ReadWrite));
            QVERIFY(file.setFileTime(older, QFileDevice::FileModificationTime));
        }
        RunSession session;
        QSignalSpy opened(&session, &RunSession::runOpened);
        QSignalSpy asked(&session, &RunSession::choiceNeeded);
        QSignalSpy failed(&session, &RunSession::openFailed);
        QSignalSpy cancelled(&session, &RunSession::openCancelled);

        session.open(dir.path(), {}, false);
        QVERIFY(opened.wait(30000));
        QCOMPARE(asked.count(), 0);
        QCOMPARE(session.run()->name, QStringLiteral("sample_triton2hip"));
        QCOMPARE(opened.last().at(0).value<RunPtr>(), session.run());
        QVERIFY(!opened.last().at(1).value<RunPtr>()); // nothing was open before
        const QString note = opened.last().at(2).toString();
        QVERIFY2(note.contains(QStringLiteral("holds 2 runs")), qPrintable(note));
        QCOMPARE(session.openedPath(), dir.path());

        const RunPtr newest = session.run();
        session.open(dir.path());
        QVERIFY(asked.wait(30000));
        const auto choice = asked.last().at(0).value<RunChoice>();
        QCOMPARE(choice.names, (QStringList{QStringLiteral("sample_triton2hip"), QStringLiteral("older")}));
        QCOMPARE(asked.last().at(1).toString(), dir.path());
        session.choose(1);
        QVERIFY(opened.wait(30000));
        QCOMPARE(session.run()->name, QStringLiteral("older"));
        QCOMPARE(opened.last().at(1).value<RunPtr>(), newest);

        session.open(dir.path(), QStringLiteral("sample_triton2hip"));
        QVERIFY(opened.wait(30000));
        QCOMPARE(session.run()->name, QStringLiteral("sample_triton2hip"));
        QCOMPARE(asked.count(), 1);

        session.open(dir.path(), QStringLiteral("gone"), false);
        QVERIFY(opened.wait(30000));
        QVERIFY2(opened.last().at(2).toString().contains(QStringLiteral("gone")), qPrintable(opened.last().at(2).toString()));

        const RunPtr shown = session.run();
        session.open(dir.path());
        QVERIFY(asked.wait(30000));
        session.cancelOpening();
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(!session.isOpening());
        session.choose(0); // too late: nothing is being opened, nothing starts
        QVERIFY(!session.isOpening());
        QCOMPARE(session.run(), shown);

        session.open(folder.filePath(QStringLiteral("no-such-place")));
        QVERIFY(failed.wait(30000));
        QVERIFY(!failed.last().at(0).toString().isEmpty());
        QCOMPARE(session.run(), shown);
        QCOMPARE(opened.count(), 4);
    }

    // The newest saved result of each case, and the batches left to resume, as the store holds them.
    void readsTheSavedRerunsAndTheBatchesLeft()
    {
        const ResultStore store = ResultStore::forRun(m_run->path, m_run->name);
        const QDateTime now = QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch());
        QString error;
        QVERIFY2(store.save(resultOf(m_names.at(0), now.addSecs(-60), RerunResult::Status::Failed), &error), qPrintable(error));
        QVERIFY2(store.save(resultOf(m_names.at(0), now.addSecs(-30), RerunResult::Status::Completed), &error), qPrintable(error));
        BatchQueue queue = BatchQueue::create({m_names.at(1), m_names.at(2)});
        queue.profile = QStringLiteral("cpu");
        queue.markDone(m_names.at(1));
        QVERIFY2(queue.save(store, &error), qPrintable(error));

        RunSession session;
        QSignalSpy read(&session, &RunSession::rerunsRead);
        session.setRun(m_run);
        session.read();
        QVERIFY(session.latestReruns().isEmpty()); // until read
        QVERIFY(read.wait(30000));
        QCOMPARE(session.latestReruns().size(), 1);
        QCOMPARE(session.latestReruns().value(m_names.at(0)).started, now.addSecs(-30));
        QCOMPARE(session.unfinishedBatches().size(), 1);
        QCOMPARE(session.unfinishedBatches().first().id, queue.id);
        QCOMPARE(session.unfinishedBatches().first().queuedCases(), QStringList{m_names.at(2)});
        QVERIFY(queue.remove(store));
        // Read again (a batch ended): its queue is gone.
        session.readReruns();
        QVERIFY(read.wait(30000));
        QVERIFY(session.unfinishedBatches().isEmpty());
        QCOMPARE(session.latestReruns().size(), 1);
    }

    // A rerun that ends while the saved ones are read stays the case's newest; a name that is no
    // case of the run changes nothing.
    void aRerunNotedWhileReadingIsKept()
    {
        RunSession session;
        QSignalSpy read(&session, &RunSession::rerunsRead);
        session.setRun(m_run);
        session.read();
        const RerunResult later = resultOf(
            m_names.at(0), QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch() + 3600), RerunResult::Status::Completed);
        QVERIFY(session.noteRerun(m_names.at(0), later));
        QVERIFY(!session.noteRerun(QStringLiteral("no-such-case.py"), later));
        QCOMPARE(session.latestReruns().value(m_names.at(0)).started, later.started);
        QVERIFY(read.wait(30000));
        QCOMPARE(session.latestReruns().value(m_names.at(0)).started, later.started);
        QVERIFY(!session.latestReruns().contains(QStringLiteral("no-such-case.py")));
    }

    // What was read for a run no longer open never arrives: one answer, the open run's.
    void anAnswerForARunNoLongerOpenIsDropped()
    {
        const auto other = std::make_shared<Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_V2_DIR)));
        QVERIFY(!other->cases.isEmpty());
        RunSession session;
        QSignalSpy read(&session, &RunSession::rerunsRead);
        QSignalSpy hints(&session, &RunSession::hintsRead);
        session.setRun(m_run);
        session.read();
        session.setRun(other);
        session.read();
        QVERIFY(read.wait(30000));
        QVERIFY(hints.size() == 1 || hints.wait(60000));
        // Whatever still ran for m_run has ended and been answered: dropped.
        for (QThreadPool* pool : {BatchQueue::filePool(), WorkPools::jobs(), SearchIndex::buildPool()})
            pool->waitForDone();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        QCOMPARE(read.size(), 1);
        QCOMPARE(hints.size(), 1);
        QCOMPARE(session.run(), other);
        QVERIFY(!session.latestReruns().contains(m_names.at(0))); // m_run's saved rerun is not other's
        QCOMPARE(hints.first().first().value<QVector<LintHints>>().size(), other->cases.size());
        session.setRun(nullptr);
        QVERIFY(session.latestReruns().isEmpty());
    }

    // The run's annotations: the store on its sidecar, opened once read (nothing before); the run
    // loaded again keeps its undo history (sameFile), another run does not; the store of the run
    // before stays open until then, so what is committed as the window leaves it is written.
    void annotationsAreOpenedOnceRead()
    {
        const AnnotationStore::Location location = AnnotationStore::locate(*m_run);
        QVERIFY(!location.fallback);
        {
            AnnotationStore writer(location, m_run->name);
            QString error;
            QVERIFY2(writer.load(&error), qPrintable(error));
            CaseAnnotation a;
            a.verdict = Verdict::ModelError;
            QVERIFY2(writer.set(m_names.at(0), a, &error), qPrintable(error));
        }
        RunSession session;
        QSignalSpy opened(&session, &RunSession::annotationsOpened);
        session.setRun(m_run);
        session.read();
        QVERIFY(!session.annotations()); // until read
        QVERIFY(opened.wait(30000));
        AnnotationStore* first = session.annotations();
        QVERIFY(first);
        QCOMPARE(opened.first().at(0).value<AnnotationStore*>(), first);
        QCOMPARE(opened.first().at(1).toBool(), false);
        QCOMPARE(opened.first().at(2).toString(), QString());
        QCOMPARE(first->location().path, location.path);
        QCOMPARE(first->annotation(m_names.at(0)).verdict, Verdict::ModelError);

        // The same run loaded again: the old store is still the session's until the new one opens.
        const auto again = std::make_shared<Run>(*m_run);
        QPointer<AnnotationStore> before = first;
        session.setRun(again);
        QCOMPARE(session.annotations(), first);
        session.read();
        QVERIFY(opened.wait(30000));
        QCOMPARE(opened.last().at(1).toBool(), true);
        QVERIFY(session.annotations() != first);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(!before); // dropped once replaced

        // Another run: another file, no history carried over.
        const auto other = std::make_shared<Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_V2_DIR)));
        session.setRun(other);
        session.read();
        QVERIFY(opened.wait(30000));
        QCOMPARE(opened.last().at(1).toBool(), false);
        QVERIFY(session.annotations()->location().path != location.path);
    }

    // A sidecar that cannot be used: the store opens empty with the reason, and the file is left
    // as it is.
    void aBrokenSidecarOpensWithItsReason()
    {
        QTemporaryDir dir;
        QVERIFY(krw::test::copySampleRun(dir.path()));
        const auto run = std::make_shared<Run>(loadRunAtPath(dir.path()));
        const QString path = AnnotationStore::locate(*run).path;
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ not json");
        file.close();
        RunSession session;
        QSignalSpy opened(&session, &RunSession::annotationsOpened);
        session.setRun(run);
        session.read();
        QVERIFY(opened.wait(30000));
        const QString error = opened.first().at(2).toString();
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY(session.annotations()->annotations().isEmpty());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("{ not json"));
    }

    // The hints are the linter's for every case, computed (no cache) or from the cache, the same.
    void hintsAreTheLintersComputedOrCached_data()
    {
        QTest::addColumn<bool>("cache");
        QTest::addRow("computed") << false;
        QTest::addRow("cached") << true;
    }
    void hintsAreTheLintersComputedOrCached()
    {
        QFETCH(bool, cache);
        qputenv("KRW_HINT_CACHE", cache ? "on" : "off");
        if (cache)
            QVERIFY(HintCache::save(*m_run, HintCache::hintsOf(m_run)));
        RunSession session;
        QSignalSpy hints(&session, &RunSession::hintsRead);
        session.setRun(m_run);
        session.read();
        QVERIFY(hints.wait(60000));
        const auto got = hints.first().first().value<QVector<LintHints>>();
        QCOMPARE(got.size(), m_run->cases.size());
        QCOMPARE(got, HintCache::hintsOf(m_run));
        qunsetenv("KRW_HINT_CACHE");
    }
};

QTEST_GUILESS_MAIN(TestRunSession)
#include "tst_runsession.moc"
