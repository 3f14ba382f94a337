// SPDX-License-Identifier: MIT
#include "models/report/reportcontent.h"
#include "models/run/runloader.h"

#include <QTest>

using namespace krw;

namespace {

RunPtr sampleRun()
{
    static const RunPtr run = std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR)));
    return run;
}

ReportCase reportFor(const QString& filename, const CaseAnnotation& annotation = {}, const QVector<RerunResult>& reruns = {})
{
    const RunPtr run = sampleRun();
    return buildReportCase(*run, readCaseTexts(run, run->indexOf(filename)), annotation, reruns);
}

LineComment commentOn(const QString& versionId, const QString& versionText, int line)
{
    LineComment c;
    c.id = QStringLiteral("c-%1").arg(line);
    c.anchor.versionId = versionId;
    c.anchor.contentHash = versionContentHash(versionText);
    c.anchor.line = line;
    c.anchor.lineText = versionText.split(QLatin1Char('\n')).value(line);
    c.text = QStringLiteral("look here");
    return c;
}

QStringList filenames(const Run& run, const QVector<int>& indexes)
{
    QStringList names;
    for (const int i : indexes)
        names << run.cases.at(i).filename;
    return names;
}

} // namespace

class TestReportContent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scopeNamesRoundTrip()
    {
        for (const auto scope : {ExportScope::All, ExportScope::Failing, ExportScope::Annotated, ExportScope::Selection})
            QCOMPARE(exportScopeFromName(exportScopeName(scope)), std::optional<ExportScope>(scope));
        QVERIFY(!exportScopeFromName(QStringLiteral("everything")));
    }

    void scopes()
    {
        const Run& run = *sampleRun();
        QCOMPARE(run.cases.size(), 9);
        QCOMPARE(casesInScope(run, {}, ExportScope::All).size(), 9);
        const QStringList failing = filenames(run, casesInScope(run, {}, ExportScope::Failing));
        QCOMPARE(failing,
            (QStringList{QStringLiteral("leaky_relu.py"), QStringLiteral("block_sum.py"), QStringLiteral("rms_norm.py"),
                QStringLiteral("layer_norm_fwd.py"), QStringLiteral("rotary_emb.py"), QStringLiteral("flash_decode_stage2.py")}));
        AnnotationMap annotations;
        annotations[QStringLiteral("rms_norm.py")].verdict = Verdict::ModelError;
        annotations[QStringLiteral("sin_kernel.py")].tags = QStringList{QStringLiteral("perf")};
        annotations[QStringLiteral("block_sum.py")] = CaseAnnotation(); // empty: not annotated
        QCOMPARE(filenames(run, casesInScope(run, annotations, ExportScope::Annotated)),
            (QStringList{QStringLiteral("sin_kernel.py"), QStringLiteral("rms_norm.py")}));
        // Selection: run order, invalid and repeated indexes dropped.
        QCOMPARE(casesInScope(run, {}, ExportScope::Selection, {5, -1, 2, 99, 5}), (QVector<int>{2, 5}));
    }

    void bestCandidateIsHighestSpeedupOverAllIterations()
    {
        const ReportCase rc = reportFor(QStringLiteral("layer_norm_fwd.py"));
        QCOMPARE(rc.iterations, 2);
        QCOMPARE(rc.predictId, QStringLiteral("it1:predict"));
        QCOMPARE(rc.predictTitle, QStringLiteral("Iteration 1 · Prediction"));
        QCOMPARE(rc.bestId, QStringLiteral("it1:perf:1")); // 1.41 beats 1.12 and iteration 0's
        QCOMPARE(rc.bestTitle, QStringLiteral("Iteration 1 · Perf candidate 1"));
        QVERIFY(!rc.bestText.isEmpty());
        QCOMPARE(rc.language, CodeLanguage::Cpp);
        QCOMPARE(rc.passFlags.value(QStringLiteral("pass_call"), true), false);
        QCOMPARE(rc.passFlags.value(QStringLiteral("pass_exe"), false), true);
        QCOMPARE(rc.passFlags.size(), 3);
        QCOMPARE(rc.latest, Outcome::CallFailed);
        QVERIFY(rc.instruction.startsWith(QStringLiteral("You are an expert")));
    }

    void bestFallsBackToFixes()
    {
        QCOMPARE(reportFor(QStringLiteral("leaky_relu.py")).bestId, QStringLiteral("it1:call")); // no perf, no exe fix
        QCOMPARE(reportFor(QStringLiteral("flash_decode_stage2.py")).bestId, QStringLiteral("it1:exe"));
        // A perf candidate without a speedup (HIP pair layout) still beats the fixes.
        QCOMPARE(reportFor(QStringLiteral("sin_kernel.py")).bestId, QStringLiteral("it1:perf:1"));
        const ReportCase rotary = reportFor(QStringLiteral("rotary_emb.py"));
        QVERIFY(rotary.bestId.isEmpty());
        QVERIFY(rotary.bestText.isEmpty());
        QVERIFY(rotary.predictId.isEmpty()); // no prediction in any iteration
    }

    void errorsAndReflectionsNewestFirst()
    {
        const ReportCase rc = reportFor(QStringLiteral("rms_norm.py"));
        QStringList titles;
        for (const ReportText& t : rc.errors)
            titles << t.title;
        QCOMPARE(titles, (QStringList{QStringLiteral("Iteration 1 · Exe error"), QStringLiteral("Iteration 0 · Call error")}));
        QVERIFY(!rc.errors.at(0).text.isEmpty());
        titles.clear();
        for (const ReportText& t : rc.reflections)
            titles << t.title;
        QCOMPARE(titles, (QStringList{QStringLiteral("Iteration 1 · Reflection"), QStringLiteral("Iteration 0 · Strategy")}));
        QVERIFY(rc.readProblems.isEmpty());
    }

    // Issue 4: the report shows the newest rerun of the case's own prediction, however many
    // other versions ran after it; only without one does it fall back to the newest of any.
    void reportShowsTheRerunOfThePrediction()
    {
        const QString predictId = reportFor(QStringLiteral("sin_kernel.py")).predictId;
        QCOMPARE(predictId, QStringLiteral("it1:predict"));
        const QDateTime t0(QDate(2024, 5, 1), QTime(10, 0), Qt::UTC);
        auto rerun = [&](const QString& versionId, int minutes, const QString& profile) {
            RerunResult r;
            r.caseName = QStringLiteral("sin_kernel.py");
            r.versionId = versionId;
            r.baselineId = QStringLiteral("label");
            r.profile = profile;
            r.started = t0.addSecs(60 * minutes);
            return r;
        };
        const RerunResult olderPrediction = rerun(predictId, 0, QStringLiteral("compile-check"));
        const RerunResult prediction = rerun(predictId, 5, QStringLiteral("cpu"));
        const RerunResult local = rerun(QStringLiteral("local:fix"), 10, QStringLiteral("cpu"));
        const RerunResult olderIteration = rerun(QStringLiteral("it0:predict"), 20, QStringLiteral("cpu"));
        ReportCase rc = reportFor(QStringLiteral("sin_kernel.py"), {}, {olderPrediction, prediction, local, olderIteration});
        QVERIFY(rc.rerun);
        QCOMPARE(rc.rerun->versionId, predictId);
        QCOMPARE(rc.rerun->started, prediction.started);
        // Saved out of order (clock changes, merged folders): still the newest by its start.
        rc = reportFor(QStringLiteral("sin_kernel.py"), {}, {prediction, local, olderPrediction});
        QCOMPARE(rc.rerun->started, prediction.started);
        // No rerun of the prediction: the newest of the others.
        rc = reportFor(QStringLiteral("sin_kernel.py"), {}, {local, olderIteration});
        QCOMPARE(rc.rerun->versionId, QStringLiteral("it0:predict"));
        QVERIFY(!reportFor(QStringLiteral("sin_kernel.py")).rerun);
    }

    void commentStates()
    {
        const RunPtr run = sampleRun();
        const int index = run->indexOf(QStringLiteral("rms_norm.py"));
        CaseTexts texts = readCaseTexts(run, index);
        const QString predict = texts.text(QStringLiteral("it1:predict"));
        CaseAnnotation annotation;
        annotation.verdict = Verdict::ModelError;
        annotation.comments = {commentOn(QStringLiteral("it1:predict"), predict, 3), commentOn(QStringLiteral("it7:predict"), predict, 1),
            commentOn(QStringLiteral("local:mine"), QStringLiteral("a\nb\n"), 1)};
        const QMap<QString, QString> locals{{QStringLiteral("mine"), QStringLiteral("a\nb\n")}};

        ReportCase rc = buildReportCase(*run, texts, annotation, {}, locals);
        QCOMPARE(rc.comments.size(), 3);
        QCOMPARE(rc.comments.at(0).state, AnchorState::Current);
        QCOMPARE(rc.comments.at(0).versionTitle, QStringLiteral("Iteration 1 · Prediction"));
        QCOMPARE(rc.comments.at(0).versionText, predict);
        QCOMPARE(rc.comments.at(1).state, AnchorState::Missing);
        QCOMPARE(rc.comments.at(1).versionTitle, QStringLiteral("it7:predict"));
        QVERIFY(rc.comments.at(1).versionText.isEmpty());
        QCOMPARE(rc.comments.at(2).state, AnchorState::Current);
        QCOMPARE(rc.comments.at(2).versionTitle, QStringLiteral("Local version mine"));

        // The version's text changed (the file was edited): the comment goes stale, not moved.
        texts.texts[QStringLiteral("it1:predict")].text = predict + QStringLiteral("\n// edited\n");
        rc = buildReportCase(*run, texts, annotation, {}, {{QStringLiteral("mine"), QStringLiteral("a\nc\n")}});
        QCOMPARE(rc.comments.at(0).state, AnchorState::Stale);
        QCOMPARE(rc.comments.at(0).comment.anchor.line, 3);
        QCOMPARE(rc.comments.at(2).state, AnchorState::Stale);
        rc = buildReportCase(*run, texts, annotation, {}, {});
        QCOMPARE(rc.comments.at(2).state, AnchorState::Missing);
        QCOMPARE(rc.annotation.verdict, Verdict::ModelError);
    }

    void summaryCounts()
    {
        const RunPtr run = sampleRun();
        QVector<ReportCase> cases;
        for (const int i : casesInScope(*run, {}, ExportScope::Failing)) {
            CaseAnnotation a;
            if (run->cases.at(i).filename == QStringLiteral("rms_norm.py"))
                a.verdict = Verdict::TestProblem;
            cases.append(buildReportCase(*run, readCaseTexts(run, i), a, {}));
        }
        const QDateTime when(QDate(2024, 5, 1), QTime(12, 0), Qt::UTC);
        const ReportSummary s = summarize(*run, cases, ExportScope::Failing, when);
        QCOMPARE(s.totalCases, 9);
        QCOMPARE(s.generated, when);
        QCOMPARE(s.scope, ExportScope::Failing);
        QCOMPARE(s.runName, run->name);
        int outcomes = 0;
        for (const int n : s.byOutcome)
            outcomes += n;
        QCOMPARE(outcomes, 6);
        QCOMPARE(s.byOutcome.value(Outcome::Passed), 0);
        QCOMPARE(s.byOutcome.value(Outcome::CallFailed), 1); // layer_norm_fwd
        QCOMPARE(s.byOutcome.value(Outcome::NoPrediction), 1); // rotary_emb
        QCOMPARE(s.byVerdict.value(Verdict::TestProblem), 1);
        QCOMPARE(s.byVerdict.value(Verdict::None), 5);
    }
};

QTEST_GUILESS_MAIN(TestReportContent)
#include "tst_reportcontent.moc"
