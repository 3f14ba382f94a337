// SPDX-License-Identifier: MIT
#include "runner/pipeline/rerunrequestformat.h"

#include <QTest>

using namespace krw;

// A request travels to a cluster node as a file: every field it carries comes back, what belongs
// to this machine stays behind, and anything else is refused with a reason.
class TestRerunRequestFormat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip()
    {
        RerunRequest r;
        r.caseName = QStringLiteral("sin_kernel.py");
        r.candidateId = QStringLiteral("it2:predict");
        r.candidateTitle = QStringLiteral("iteration 2 prediction");
        r.candidateText = QStringLiteral("__global__ void k() {}\n// ünïcode \"quotes\" \\ and\ttabs\n");
        r.baselineId = QStringLiteral("it1:predict");
        r.baselineTitle = QStringLiteral("iteration 1 prediction");
        r.baselineText = QStringLiteral("import torch\n");
        r.testCode = QStringLiteral("result_gold = {}\n");
        r.profile = defaultProfile(ToolchainProfile::Kind::HipNvidia);
        r.profile.name = QStringLiteral("h100");
        r.profile.slurm.enabled = true;
        r.profile.slurm.sharedDir = QStringLiteral("/shared");
        r.rtol = 2e-4;
        r.atol = 0.5;
        r.seed = 7;
        r.timing = false;
        r.unsandboxedAllowed = true;
        r.waitForDevice = true;
        r.harnessPath = QStringLiteral("/here/harness/krw_harness.py");
        r.cacheRoot = QStringLiteral("/here/cache");
        r.workRoot = QStringLiteral("/here/work");

        const QByteArray json = RerunRequestFormat::toJson(r);
        QVERIFY(!json.contains("/here/")); // this machine's paths stay here
        QString error;
        const auto q = RerunRequestFormat::fromJson(json, &error);
        QVERIFY2(q, qPrintable(error));
        QCOMPARE(q->caseName, r.caseName);
        QCOMPARE(q->candidateId, r.candidateId);
        QCOMPARE(q->candidateTitle, r.candidateTitle);
        QCOMPARE(q->candidateText, r.candidateText);
        QCOMPARE(q->baselineId, r.baselineId);
        QCOMPARE(q->baselineTitle, r.baselineTitle);
        QCOMPARE(q->baselineText, r.baselineText);
        QCOMPARE(q->testCode, r.testCode);
        QCOMPARE(q->profile.name, QStringLiteral("h100"));
        QCOMPARE(q->profile.kind, ToolchainProfile::Kind::HipNvidia);
        QVERIFY(q->profile.slurm == r.profile.slurm);
        QCOMPARE(q->rtol, 2e-4);
        QCOMPARE(q->atol, 0.5);
        QCOMPARE(q->seed, 7);
        QCOMPARE(q->timing, false);
        QCOMPARE(q->unsandboxedAllowed, true);
        QCOMPARE(q->waitForDevice, false);
        QVERIFY(q->harnessPath.isEmpty());
        QVERIFY(q->workRoot.isEmpty());

        const RerunRequest local = RerunRequestFormat::withLocalPaths(*q, QStringLiteral("/node/work"));
        QVERIFY2(local.harnessPath.endsWith(QLatin1String("/harness/krw_harness.py")), qPrintable(local.harnessPath));
        QVERIFY(local.compatRoot.endsWith(QLatin1String("/compat")));
        QVERIFY(local.cacheRoot.endsWith(QLatin1String("/modules")));
        QCOMPARE(local.workRoot, QStringLiteral("/node/work"));
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::addRow("not-json") << QByteArray("{nope") << QStringLiteral("not a rerun request: ");
        QTest::addRow("other-json") << QByteArray(R"({"ok": true})") << QStringLiteral("not a rerun request (no \"format\"");
        QTest::addRow("newer-version") << QByteArray(R"({"format": "krw-rerun-request", "version": 2})")
                                       << QStringLiteral("a rerun request of version 2; this program reads version 1");
        QTest::addRow("no-test-code") << QByteArray(
            R"({"format": "krw-rerun-request", "version": 1, "case": "a.py", "candidate_text": "", "baseline_text": ""})")
                                      << QStringLiteral("the rerun request has no \"test_code\"");
        QTest::addRow("unknown-kind") << QByteArray(
            R"({"format": "krw-rerun-request", "version": 1, "case": "a.py", "candidate_text": "", "baseline_text": "",)"
            R"( "test_code": "", "profile": {"kind": "fpga"}})")
                                      << QStringLiteral("the rerun request's profile: unknown profile kind \"fpga\"");
    }

    void refused()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        QString actual;
        QVERIFY(!RerunRequestFormat::fromJson(json, &actual));
        QVERIFY2(actual.startsWith(error), qPrintable(actual));
    }
};

QTEST_GUILESS_MAIN(TestRerunRequestFormat)
#include "tst_rerunrequestformat.moc"
