// SPDX-License-Identifier: MIT
#include "models/rerun/resultstore.h"
#include "pipelinetests.h"
#include "runner/pipeline/rerunsession.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <optional>

using namespace krw;

// RerunSession: a rerun's result is saved where the rerun started, off the caller's thread, and
// finished() says where (or why not). The fake harness crashes, so each rerun ends in a second.
class TestRerunSession : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // The fake harness behaves as mode says (it reads KRW_FAKE_MODE when it runs).
    RerunRequest fakeRequest(const QString& caseName, const char* mode = "crash")
    {
        qputenv("KRW_FAKE_MODE", mode);
        ToolchainProfile profile = defaultProfile(ToolchainProfile::Kind::Cpu);
        profile.name = QStringLiteral("fake");
        profile.python = QStringLiteral(KRW_FAKE_PROCESS);
        profile.sandbox = false;
        profile.passEnvironment = QStringList{QStringLiteral("KRW_FAKE_*")};
        RerunRequest r = krw::test::rerunRequest(m_dir, caseName, krw::test::pythonSide(), krw::test::pythonSide(), profile);
        r.harnessPath = QStringLiteral("fake");
        r.compatRoot.clear();
        return r;
    }

    // Runs the request to its end; finished()'s arguments, or a failed test function.
    static std::optional<std::pair<RerunResult, SavedRerun>> runToEnd(
        RerunSession& session, const RerunRequest& request, const ResultStore& store)
    {
        QSignalSpy finished(&session, &RerunSession::finished);
        if (!session.start(request, store))
            return std::nullopt;
        if (!finished.wait(60000) || finished.size() != 1)
            return std::nullopt;
        return std::make_pair(finished.first().at(0).value<RerunResult>(), finished.first().at(1).value<SavedRerun>());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    // The result is in the store it started with, as history() reads it, and finished() names its file.
    void savesTheResultInTheStoreItStartedWith()
    {
        const ResultStore store(m_dir.filePath(QStringLiteral("store-a")));
        RerunSession session;
        const auto ended = runToEnd(session, fakeRequest(QStringLiteral("saved.py")), store);
        QVERIFY(ended);
        const auto& [result, saved] = *ended;
        QCOMPARE(statusName(result.status), QStringLiteral("failed"));
        QVERIFY2(saved.saved(), qPrintable(saved.error));
        QVERIFY(saved.error.isEmpty());
        QVERIFY(QFileInfo(saved.path).isFile());
        QVERIFY(saved.path.startsWith(store.root()));
        const QVector<RerunResult> history = store.history(QStringLiteral("saved.py"));
        QCOMPARE(history.size(), 1);
        QCOMPARE(history.first().started, result.started);
        QCOMPARE(history.first().failure, result.failure);
        QVERIFY(!session.isRunning());
        QCOMPARE(session.store().root(), store.root());
    }

    // Where nothing can be written, the result still comes, with the reason and no file.
    void anUnwritableStoreIsSaidAndTheResultStillComes()
    {
        const QString blocker = m_dir.filePath(QStringLiteral("a-file"));
        QFile file(blocker);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const ResultStore store(blocker + QStringLiteral("/store")); // under a file: cannot be made
        RerunSession session;
        const auto ended = runToEnd(session, fakeRequest(QStringLiteral("unsaved.py")), store);
        QVERIFY(ended);
        const auto& [result, saved] = *ended;
        QCOMPARE(result.caseName, QStringLiteral("unsaved.py"));
        QVERIFY(!saved.saved());
        QVERIFY(saved.path.isEmpty());
        QVERIFY2(!saved.error.isEmpty(), "no reason given");
    }

    // One rerun at a time: a second start is refused until the first one's result is saved.
    void aSecondStartIsRefusedUntilTheFirstIsSaved()
    {
        const ResultStore store(m_dir.filePath(QStringLiteral("store-b")));
        RerunSession session;
        QSignalSpy finished(&session, &RerunSession::finished);
        QVERIFY(session.start(fakeRequest(QStringLiteral("first.py")), store));
        QVERIFY(session.isRunning());
        QVERIFY(!session.start(fakeRequest(QStringLiteral("second.py")), store));
        QVERIFY(finished.wait(60000));
        QVERIFY(!session.isRunning());
        QCOMPARE(finished.first().at(0).value<RerunResult>().caseName, QStringLiteral("first.py"));
        QVERIFY(store.history(QStringLiteral("second.py")).isEmpty());
        QVERIFY(session.start(fakeRequest(QStringLiteral("second.py")), store));
        QVERIFY(finished.wait(60000));
        QCOMPARE(store.history(QStringLiteral("second.py")).size(), 1);
    }

    // A cancelled rerun is saved too (the runner panel's history shows it), and said once.
    void aCancelledRerunIsSavedOnce()
    {
        const RerunRequest request = fakeRequest(QStringLiteral("cancelled.py"), "hang");
        const ResultStore store(m_dir.filePath(QStringLiteral("store-c")));
        RerunSession session;
        QSignalSpy finished(&session, &RerunSession::finished);
        QSignalSpy stages(&session, &RerunSession::stageChanged);
        QVERIFY(session.start(request, store));
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(stages.cbegin(), stages.cend(),
                [](const QList<QVariant>& args) { return args.first().value<RerunStage>() == RerunStage::Correctness; }),
            60000);
        session.cancel();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(statusName(finished.first().at(0).value<RerunResult>().status), QStringLiteral("cancelled"));
        QVERIFY(finished.first().at(1).value<SavedRerun>().saved());
        QCOMPARE(store.history(QStringLiteral("cancelled.py")).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestRerunSession)
#include "tst_rerunsession.moc"
