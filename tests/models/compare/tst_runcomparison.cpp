// SPDX-License-Identifier: MIT
//
// RunComparison (models/compare/runcomparison.h): two runs matched by filename, each case in one
// bucket by its newest outcomes; tested on the sample and its second run
// (resources/sample/build_second_run.py, README.md "Second run") and on runs made here.
#include "models/compare/comparisonsummary.h"
#include "models/compare/runcomparison.h"
#include "models/run/runloader.h"

#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace krw;

Q_DECLARE_METATYPE(krw::Outcome)
Q_DECLARE_METATYPE(krw::CompareBucket)

namespace {

Run load(const char* path)
{
    QString error;
    Run run = loadRunAtPath(QString::fromUtf8(path), {}, &error);
    if (!error.isEmpty())
        qWarning() << error;
    return run;
}

Case caseWith(const QString& name, Outcome latest, Stage best = Stage::None)
{
    Case c;
    c.filename = name;
    c.history.append(IterationRecord());
    c.latest = latest;
    c.best = best;
    return c;
}

} // namespace

class TestRunComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void bucketOf_data()
    {
        QTest::addColumn<Outcome>("a");
        QTest::addColumn<Outcome>("b");
        QTest::addColumn<CompareBucket>("bucket");
        QTest::addRow("exe-failed-then-passed") << Outcome::ExeFailed << Outcome::Passed << CompareBucket::Fixed;
        QTest::addRow("no-prediction-then-passed") << Outcome::NoPrediction << Outcome::Passed << CompareBucket::Fixed;
        QTest::addRow("passed-then-perf-failed") << Outcome::Passed << Outcome::PerfFailed << CompareBucket::Regressed;
        QTest::addRow("passed-then-call-failed") << Outcome::Passed << Outcome::CallFailed << CompareBucket::Regressed;
        QTest::addRow("failing-both-different-stage") << Outcome::CallFailed << Outcome::ExeFailed << CompareBucket::StillFailing;
        QTest::addRow("passed-both") << Outcome::Passed << Outcome::Passed << CompareBucket::StillPassing;
        QTest::addRow("unknown-in-a") << Outcome::Unknown << Outcome::Passed << CompareBucket::Unknown;
        QTest::addRow("unknown-in-b") << Outcome::ExeFailed << Outcome::Unknown << CompareBucket::Unknown;
    }
    void bucketOf()
    {
        QFETCH(Outcome, a);
        QFETCH(Outcome, b);
        QFETCH(CompareBucket, bucket);
        QCOMPARE(RunComparison::bucketOf(a, b), bucket);
    }

    void bucketNamesRoundTrip()
    {
        QSet<QString> names;
        for (int i = 0; i < CompareBucketCount; ++i) {
            const auto bucket = CompareBucket(i);
            names.insert(compareBucketName(bucket));
            QCOMPARE(compareBucketFromName(compareBucketName(bucket)), std::optional<CompareBucket>(bucket));
            QVERIFY(!compareBucketTitle(bucket).isEmpty());
        }
        QCOMPARE(names.size(), CompareBucketCount);
        QVERIFY(!compareBucketFromName(QStringLiteral("better")));
    }

    // The sample against its second run: README.md's table, read back from the loaded runs.
    void sampleAgainstSecondRun()
    {
        const Run a = load(KRW_SAMPLE_RUN_DIR);
        const Run b = load(KRW_SAMPLE_RUN_V2_DIR);
        QCOMPARE(a.cases.size(), 9);
        QCOMPARE(b.cases.size(), 9);
        const RunComparison comparison = RunComparison::compare(a, b);
        QCOMPARE(comparison.nameA(), a.name);
        QCOMPARE(comparison.nameB(), b.name);
        QVERIFY(comparison.nameA() != comparison.nameB());
        const auto names = [&](CompareBucket bucket) {
            QStringList list = comparison.filenamesIn(bucket);
            list.sort();
            return list;
        };
        QCOMPARE(names(CompareBucket::Fixed),
            (QStringList{QStringLiteral("flash_decode_stage2.py"), QStringLiteral("layer_norm_fwd.py"), QStringLiteral("leaky_relu.py")}));
        QCOMPARE(names(CompareBucket::Regressed), QStringList{QStringLiteral("sin_kernel.py")});
        QCOMPARE(names(CompareBucket::StillFailing),
            (QStringList{QStringLiteral("block_sum.py"), QStringLiteral("rms_norm.py"), QStringLiteral("rotary_emb.py")}));
        QCOMPARE(names(CompareBucket::StillPassing), QStringList{QStringLiteral("softmax_row.py")});
        QCOMPARE(names(CompareBucket::OnlyInA), QStringList{QStringLiteral("embedding_gather.py")});
        QCOMPARE(names(CompareBucket::OnlyInB), QStringList{QStringLiteral("vector_add.py")});
        QCOMPARE(comparison.count(CompareBucket::Unknown), 0);
        QCOMPARE(comparison.cases().size(), 10);

        // Per case: each run's own outcome and best stage, and where it is in each run.
        const ComparedCase& leaky = comparison.cases().at(comparison.indexOf(QStringLiteral("leaky_relu.py")));
        QCOMPARE(leaky.latestA, Outcome::ExeFailed);
        QCOMPARE(leaky.latestB, Outcome::Passed);
        QCOMPARE(leaky.bestA, Stage::Call);
        QCOMPARE(leaky.bestB, Stage::Perf);
        QCOMPARE(a.cases.at(leaky.indexA).filename, leaky.filename);
        QCOMPARE(b.cases.at(leaky.indexB).filename, leaky.filename);
        const ComparedCase& sin = comparison.cases().at(comparison.indexOf(QStringLiteral("sin_kernel.py")));
        QCOMPARE(sin.latestA, Outcome::Passed);
        QCOMPARE(sin.latestB, Outcome::CallFailed);
        const ComparedCase& onlyB = comparison.cases().at(comparison.indexOf(QStringLiteral("vector_add.py")));
        QVERIFY(!onlyB.inA());
        QVERIFY(onlyB.inB());
        QCOMPARE(onlyB.latestB, Outcome::Passed);
        QCOMPARE(comparison.indexOf(QStringLiteral("nope.py")), -1);

        // The other way round, fixed and regressed swap and so do the "only in"s.
        const RunComparison back = RunComparison::compare(b, a);
        QCOMPARE(back.count(CompareBucket::Regressed), 3);
        QCOMPARE(back.count(CompareBucket::Fixed), 1);
        QCOMPARE(back.filenamesIn(CompareBucket::OnlyInA), QStringList{QStringLiteral("vector_add.py")});
    }

    void runWithItself()
    {
        const Run a = load(KRW_SAMPLE_RUN_DIR);
        const RunComparison same = RunComparison::compare(a, a);
        QCOMPARE(same.count(CompareBucket::Fixed), 0);
        QCOMPARE(same.count(CompareBucket::Regressed), 0);
        QCOMPARE(same.count(CompareBucket::OnlyInA) + same.count(CompareBucket::OnlyInB), 0);
        QCOMPARE(same.count(CompareBucket::StillPassing), 3);
        QCOMPARE(same.count(CompareBucket::StillFailing), 6);
    }

    // Order: A's order, then B's new cases in B's order; buckets keep that order.
    void orderAndEmptyRuns()
    {
        Run a;
        a.cases = {caseWith(QStringLiteral("z.py"), Outcome::Passed), caseWith(QStringLiteral("a.py"), Outcome::ExeFailed),
            caseWith(QStringLiteral("m.py"), Outcome::Unknown)};
        Run b;
        b.cases = {caseWith(QStringLiteral("new2.py"), Outcome::Passed), caseWith(QStringLiteral("a.py"), Outcome::Passed),
            caseWith(QStringLiteral("new1.py"), Outcome::CallFailed), caseWith(QStringLiteral("m.py"), Outcome::Passed)};
        const RunComparison c = RunComparison::compare(a, b);
        QStringList order;
        for (const ComparedCase& compared : c.cases())
            order << compared.filename;
        QCOMPARE(order,
            (QStringList{QStringLiteral("z.py"), QStringLiteral("a.py"), QStringLiteral("m.py"), QStringLiteral("new2.py"),
                QStringLiteral("new1.py")}));
        QCOMPARE(c.filenamesIn(CompareBucket::OnlyInB), (QStringList{QStringLiteral("new2.py"), QStringLiteral("new1.py")}));
        QCOMPARE(c.filenamesIn(CompareBucket::OnlyInA), QStringList{QStringLiteral("z.py")});
        QCOMPARE(c.filenamesIn(CompareBucket::Unknown), QStringList{QStringLiteral("m.py")});
        QCOMPARE(c.filenamesIn(CompareBucket::Fixed), QStringList{QStringLiteral("a.py")});

        const RunComparison empty = RunComparison::compare(Run(), b);
        QCOMPARE(empty.count(CompareBucket::OnlyInB), 4);
        QCOMPARE(RunComparison::compare(Run(), Run()).cases().size(), 0);
    }

    void jsonAndText()
    {
        const Run a = load(KRW_SAMPLE_RUN_DIR);
        const Run b = load(KRW_SAMPLE_RUN_V2_DIR);
        const RunComparison comparison = RunComparison::compare(a, b);
        const auto root = nlohmann::json::parse(comparisonJson(comparison, a, b).toStdString());
        QCOMPARE(root["counts"]["fixed"].get<int>(), 3);
        QCOMPARE(root["counts"]["only_in_b"].get<int>(), 1);
        QCOMPARE(root["a"]["cases"].get<int>(), 9);
        QCOMPARE(root["buckets"]["regressed"].size(), size_t(1));
        const auto& sin = root["buckets"]["regressed"][0];
        QCOMPARE(QString::fromStdString(sin["filename"].get<std::string>()), QStringLiteral("sin_kernel.py"));
        QCOMPARE(QString::fromStdString(sin["a"]["latest"].get<std::string>()), QStringLiteral("passed"));
        QCOMPARE(QString::fromStdString(sin["b"]["latest"].get<std::string>()), QStringLiteral("call_failed"));
        QVERIFY(root["buckets"]["only_in_a"][0]["b"].is_null());
        QCOMPARE(root["buckets"]["unknown"].size(), size_t(0));

        const QString text = QString::fromUtf8(comparisonText(comparison, a, b));
        QVERIFY2(text.contains(QStringLiteral("Buckets: fixed 3, regressed 1, still_failing 3, still_passing 1, unknown 0, "
                                              "only_in_a 1, only_in_b 1")),
            qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("\nRegressed (1)\n")));
        QVERIFY(!text.contains(QStringLiteral("Outcome unknown (")));
        const QRegularExpression sinLine(QStringLiteral("\\n  sin_kernel\\.py +passed +perf +call_failed +none\\n"));
        QVERIFY2(sinLine.match(text).hasMatch(), qPrintable(text));
        const QRegularExpression onlyA(QStringLiteral("\\n  embedding_gather\\.py +passed +perf +- +-\\n"));
        QVERIFY2(onlyA.match(text).hasMatch(), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestRunComparison)
#include "tst_runcomparison.moc"
