// SPDX-License-Identifier: MIT
#include "examplereruns.h"
#include "golden.h"
#include "models/diff/linediff.h"
#include "models/report/markdownsafe.h"
#include "models/report/reportcsv.h"
#include "models/report/reporthtml.h"
#include "models/report/reportmarkdown.h"
#include "models/run/runloader.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace krw;

namespace {

const QDateTime Generated(QDate(2024, 5, 1), QTime(12, 0), Qt::UTC);

RunPtr load(const QString& path)
{
    return std::make_shared<const Run>(loadRunAtPath(path));
}

LineComment comment(const QString& versionId, const QString& versionText, int line, const QString& text)
{
    LineComment c;
    c.id = QStringLiteral("comment-%1").arg(line);
    c.anchor = {versionId, versionContentHash(versionText), line, splitLines(versionText).value(line)};
    c.text = text;
    c.author = QStringLiteral("reviewer");
    c.created = Generated;
    return c;
}

RerunResult sampleRerun()
{
    RerunResult r;
    r.caseName = QStringLiteral("rms_norm.py");
    r.versionId = QStringLiteral("it1:predict");
    r.versionTitle = QStringLiteral("Iteration 1 · Prediction");
    r.baselineId = QStringLiteral("label");
    r.profile = QStringLiteral("cpu");
    r.started = Generated.addSecs(-60);
    r.compile = CompileStage{};
    r.compile->ok = true;
    AccuracyStage accuracy;
    accuracy.rtol = 1e-3;
    accuracy.atol = 1e-3;
    OutputComparison out;
    out.name = QStringLiteral("out|0");
    out.maxAbsErr = 0.25;
    out.maxRelErr = 0.5;
    out.mismatched = 12;
    out.total = 4096;
    OutputComparison ok = out;
    ok.name = QStringLiteral("rstd");
    ok.ok = true;
    ok.maxAbsErr = 1e-6;
    ok.mismatched = 0;
    accuracy.outputs = {out, ok};
    r.accuracy = accuracy;
    TimingStage timing;
    timing.baselineMs = 0.12;
    timing.candidateMs = 0.1;
    timing.speedup = 1.2;
    r.timing = timing;
    return r;
}

QVector<ReportCase> buildCases(
    const RunPtr& run, const AnnotationMap& annotations, ExportScope scope, const QMap<QString, QVector<RerunResult>>& reruns = {})
{
    QVector<ReportCase> cases;
    for (const int i : casesInScope(*run, annotations, scope)) {
        const QString name = run->cases.at(i).filename;
        cases.append(buildReportCase(*run, readCaseTexts(run, i), annotations.value(name), reruns.value(name)));
    }
    return cases;
}

ReportSummary fixedSummary(const Run& run, const QVector<ReportCase>& cases, ExportScope scope, const QString& path)
{
    ReportSummary summary = summarize(run, cases, scope, Generated);
    summary.runPath = path; // goldens hold no machine paths
    return summary;
}

// Lines of Markdown outside fenced code blocks (as a CommonMark renderer would see them).
QStringList proseLines(const QString& markdown)
{
    static const QRegularExpression fence(QStringLiteral("^(`{3,})"));
    QStringList prose;
    QString open;
    for (const QString& line : markdown.split(QLatin1Char('\n'))) {
        const auto m = fence.match(line);
        if (open.isEmpty() && m.hasMatch())
            open = m.captured(1);
        else if (!open.isEmpty() && line.trimmed() == open)
            open.clear();
        else if (open.isEmpty())
            prose << line;
    }
    return prose;
}

// Every link destination in Markdown prose.
QStringList linksIn(const QString& prose)
{
    static const QRegularExpression link(QStringLiteral("\\]\\(\\s*([^\\s)]*)"));
    QStringList found;
    for (auto it = link.globalMatch(prose); it.hasNext();)
        found << it.next().captured(1);
    return found;
}

} // namespace

class TestReportWriters : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void linkDestinations_data()
    {
        QTest::addColumn<QString>("destination");
        QTest::addColumn<bool>("safe");
        QTest::newRow("https") << QStringLiteral("https://example.com/x?a=1&b=2") << true;
        QTest::newRow("http upper") << QStringLiteral("HTTP://example.com") << true;
        QTest::newRow("mailto") << QStringLiteral("mailto:a@b.c") << true;
        QTest::newRow("relative") << QStringLiteral("docs/a.md#x") << true;
        QTest::newRow("anchor") << QStringLiteral("#top") << true;
        QTest::newRow("path with colon") << QStringLiteral("./a:b") << true;
        QTest::newRow("javascript") << QStringLiteral("javascript:alert(1)") << false;
        QTest::newRow("mixed case") << QStringLiteral("JaVaScRiPt:alert(1)") << false;
        QTest::newRow("decimal entity") << QStringLiteral("JaVaScRiPt&#58;alert(1)") << false;
        QTest::newRow("hex entity") << QStringLiteral("&#x6A;avascript:alert(1)") << false;
        QTest::newRow("named colon") << QStringLiteral("javascript&colon;alert(1)") << false;
        QTest::newRow("unknown entity") << QStringLiteral("javascript&Colon;alert(1)") << false;
        QTest::newRow("tab inside") << QStringLiteral("java\tscript:alert(1)") << false;
        QTest::newRow("entity tab") << QStringLiteral("java&#9;script:alert(1)") << false;
        QTest::newRow("leading space") << QStringLiteral("  javascript:alert(1)") << false;
        QTest::newRow("backslash escape") << QStringLiteral("javascript\\:alert(1)") << false;
        QTest::newRow("zero width") << QStringLiteral("java\u200bscript:alert(1)") << false;
        QTest::newRow("data") << QStringLiteral("data:text/html,<script>") << false;
        QTest::newRow("vbscript") << QStringLiteral("VBScript:msgbox") << false;
        QTest::newRow("file") << QStringLiteral("file:///etc/passwd") << false;
    }

    void linkDestinations()
    {
        QFETCH(QString, destination);
        QFETCH(bool, safe);
        QCOMPARE(isSafeLinkDestination(destination), safe);
    }

    void sanitizedMarkdownCarriesNoHtmlOrScriptLinks()
    {
        const QString md = sanitizedMarkdown(QStringLiteral(
            "Hi <script>alert(1)</script> & <img src=x onerror=alert(1)>\n"
            "[a](javascript:alert(1)) [b](<JaVaScRiPt&#58;alert(1)>) [c](\n  data:text/html,x) [d](https://ok.example/p(1))\n"
            "[r]: vbscript:x\n`a <b> c` \\<i\\> ``` not a fence ```\n"
            "```js\n<script>in fence</script>\n"));
        QVERIFY(!md.contains(QStringLiteral("<script>alert")));
        QVERIFY(md.contains(QStringLiteral("&lt;script&gt;alert(1)&lt;/script&gt;")));
        QVERIFY(md.contains(QStringLiteral("&lt;img src=x")));
        QVERIFY(md.contains(QStringLiteral("[a](#)")));
        QVERIFY(md.contains(QStringLiteral("[b](#)")));
        QVERIFY(md.contains(QStringLiteral("[c](\n  #)")));
        QVERIFY(md.contains(QStringLiteral("[d](https://ok.example/p(1))")));
        QVERIFY(md.contains(QStringLiteral("[r]: #")));
        QVERIFY(md.contains(QStringLiteral("`a <b> c`"))); // a code span shows literally: left as is
        QVERIFY(md.contains(QStringLiteral("&lt;i&gt;")));
        // The unclosed fence is closed, so it cannot swallow the rest of the report.
        QVERIFY(md.endsWith(QStringLiteral("```js\n<script>in fence</script>\n```\n")));
        for (const QString& line : proseLines(md))
            QVERIFY2(!line.contains(QLatin1Char('<')) || line.contains(QStringLiteral("`a <b> c`")), qPrintable(line));
    }

    void codeSpansPairAsARendererPairsThem()
    {
        // A renderer pairs the backtick of line 1 with the first one of line 2; what follows
        // must not be left as live HTML just because it looked like a span on its own line.
        const QString md = sanitizedMarkdown(QStringLiteral("a ` b\nx` <script>alert(1)</script> `\nfoo](x`y)`<img src=x>`"));
        QVERIFY2(md.startsWith(QStringLiteral("a \\` b\nx` <script>alert(1)</script> `\n")), qPrintable(md));
        // Every unescaped backtick run is paired on its line; unpaired ones carry a backslash.
        QVERIFY2(md.contains(QStringLiteral("](x\\`y)`<img src=x>`")), qPrintable(md));
    }

    void codeBlockFenceOutgrowsContent()
    {
        const QString block = markdownCodeBlock(QStringLiteral("a\n`````\nb"), QStringLiteral("c++ evil`info"));
        QVERIFY(block.startsWith(QStringLiteral("``````c++\n")));
        QVERIFY(block.endsWith(QStringLiteral("\n``````\n")));
        QCOMPARE(markdownCodeBlock(QStringLiteral("x")), QStringLiteral("```\nx\n```\n"));
        QCOMPARE(markdownCodeSpan(QStringLiteral("a``b")), QStringLiteral("```a``b```"));
        QCOMPARE(markdownCodeSpan(QStringLiteral("`x")), QStringLiteral("`` `x ``"));
        QCOMPARE(markdownTableCell(QStringLiteral("a|b\nc <d>")), QStringLiteral("a\\|b c &lt;d&gt;"));
        QCOMPARE(markdownPlainText(QStringLiteral("[x](javascript:y)")), QStringLiteral("\\[x\\](javascript:y)"));
    }

    void unifiedDiffHunks()
    {
        QString from, to;
        for (int i = 0; i < 20; ++i) {
            from += QStringLiteral("line %1\n").arg(i);
            to += (i == 2 ? QStringLiteral("LINE 2\n") : i == 15 ? QString() : QStringLiteral("line %1\n").arg(i));
        }
        const QString diff = unifiedDiff(from, to, QStringLiteral("a"), QStringLiteral("b"));
        QVERIFY2(diff.startsWith(QStringLiteral("--- a\n+++ b\n@@ -1,6 +1,6 @@\n line 0\n line 1\n-line 2\n+LINE 2\n line 3\n")),
            qPrintable(diff));
        QVERIFY2(diff.contains(QStringLiteral("@@ -13,7 +13,6 @@\n line 12\n line 13\n line 14\n-line 15\n line 16\n")), qPrintable(diff));
        QVERIFY(unifiedDiff(from, from, QStringLiteral("a"), QStringLiteral("b")).isEmpty());
    }

    void csvQuotingAndFormulas()
    {
        QCOMPARE(csvField(QStringLiteral("plain")), QStringLiteral("plain"));
        QCOMPARE(csvField(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
        QCOMPARE(csvField(QStringLiteral("say \"hi\"\nthere")), QStringLiteral("\"say \"\"hi\"\"\nthere\""));
        QCOMPARE(csvField(QStringLiteral("=cmd|' /C calc'!A0")), QStringLiteral("'=cmd|' /C calc'!A0"));
        QCOMPARE(csvField(QStringLiteral("+1")), QStringLiteral("'+1"));
        QCOMPARE(csvField(QStringLiteral("-1")), QStringLiteral("'-1"));
        QCOMPARE(csvField(QStringLiteral("@SUM(A1)")), QStringLiteral("'@SUM(A1)"));
        QCOMPARE(csvField(QStringLiteral("\tx")), QStringLiteral("'\tx"));
        QCOMPARE(csvField(QStringLiteral("\rx")), QStringLiteral("\"'\rx\""));
    }

    void sampleGoldens()
    {
        const RunPtr run = load(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        QCOMPARE(run->cases.size(), 9);
        const int rms = run->indexOf(QStringLiteral("rms_norm.py"));
        const QString predict = readCaseTexts(run, rms).text(QStringLiteral("it1:predict"));
        AnnotationMap annotations;
        CaseAnnotation& a = annotations[QStringLiteral("rms_norm.py")];
        a.verdict = Verdict::ModelError;
        a.tags = QStringList{QStringLiteral("numerics"), QStringLiteral("rms")};
        a.note = QStringLiteral("The **epsilon** goes inside the square root; see [docs](https://example.com/rms).");
        a.author = QStringLiteral("reviewer");
        a.modified = Generated;
        a.comments = {comment(QStringLiteral("it1:predict"), predict, 2, QStringLiteral("Wrong reduction order.")),
            comment(QStringLiteral("it0:predict"), QStringLiteral("old text\nchanged since"), 1, QStringLiteral("Was this fixed?")),
            comment(QStringLiteral("local:gone"), QStringLiteral("x"), 0, QStringLiteral("A local copy."))};
        annotations[QStringLiteral("sin_kernel.py")].verdict = Verdict::CorrectAfterAll;
        const QMap<QString, QVector<RerunResult>> reruns{{QStringLiteral("rms_norm.py"), {RerunResult(), sampleRerun()}}};

        const QVector<ReportCase> failing = buildCases(run, annotations, ExportScope::Failing, reruns);
        QCOMPARE(failing.size(), 6);
        const QByteArray md = reportMarkdown(fixedSummary(*run, failing, ExportScope::Failing, QStringLiteral("<sample>")), failing);
        QVERIFY(md.contains("**STALE**"));
        QVERIFY(md.contains("**MISSING**"));
        // layer_norm_fwd: the agent's prediction is its best perf candidate, so no diff is shown.
        QVERIFY(
            md.contains("Iteration 1 · Prediction against Iteration 1 · Perf candidate 1.\n\nThe best candidate is the prediction itself"));
        QVERIFY(!md.contains("\n## Reflection")); // dataset headings stay below the case's
        QVERIFY(md.contains("\n##### Reflection"));
        QVERIFY(md.contains("| out\\|0 | no | 0.25 | 0.5 | 12 / 4096 |"));
        krw::test::compareGolden(md, QStringLiteral("sample-failing.md"));

        const QVector<ReportCase> all = buildCases(run, annotations, ExportScope::All, reruns);
        const QByteArray csv = reportCsv(all);
        QCOMPARE(csv.count("\r\n"), 10);
        QVERIFY(csv.contains("rms_norm.py,exe_failed,call,2,model_error,numerics;rms,"));
        // The original columns keep their place; the evidence columns follow (an older result: no
        // flags, no interval, stream-event timing, no checks).
        // A wrong output: its speedup columns stay empty, the last column says why.
        QVERIFY(csv.contains(",3,wrong_output,0.25,,2024-05-01T11:59:00Z,wrong_output,,,,,,events,not run,it1:predict,label,cpu,true,"
                             "\"output wrong, does not count\",wrong_output,,,,\r\n"));
        krw::test::compareGolden(csv, QStringLiteral("sample-all.csv"));
    }

    void hostileGoldens()
    {
        const RunPtr run = load(QStringLiteral(KRW_TEST_DATA_DIR "/hostile"));
        QCOMPARE(run->cases.size(), 9); // the empty filename is skipped by the loader, with a warning
        const QString evil = QStringLiteral("<script>alert(1)</script>\n[x](javascript:alert(1)) ```\n=cmd|' /C calc'!A0");
        AnnotationMap annotations;
        for (const Case& c : run->cases) {
            CaseAnnotation& a = annotations[c.filename];
            a.verdict = Verdict::NeedsSecondLook;
            a.tags = QStringList{QStringLiteral("=HYPERLINK(\"x\")"), QStringLiteral("a|b")};
            a.note = evil;
            a.author = QStringLiteral("<b>me</b>");
            a.modified = Generated;
            a.comments = {comment(QStringLiteral("it0:predict"), QStringLiteral("#include <hip/hip_runtime.h>\n"), 0, evil)};
        }
        const QVector<ReportCase> cases = buildCases(run, annotations, ExportScope::All);
        const QString md
            = QString::fromUtf8(reportMarkdown(fixedSummary(*run, cases, ExportScope::All, QStringLiteral("<hostile>")), cases));
        const QStringList prose = proseLines(md);
        for (const QString& line : prose) {
            // Only our inline code spans may hold a '<' (the anchored line, the run path).
            QString outsideSpans = line;
            outsideSpans.remove(QRegularExpression(QStringLiteral("(`+)[^`].*?\\1")));
            QVERIFY2(!outsideSpans.contains(QLatin1Char('<')), qPrintable(line));
        }
        for (const QString& destination : linksIn(prose.join(QLatin1Char('\n'))))
            QVERIFY2(destination == QStringLiteral("#") || destination.startsWith(QStringLiteral("https://")), qPrintable(destination));
        QVERIFY(md.contains(QStringLiteral("```diff\n--- it0:predict\n+++ it0:call\n@@ -1,")));
        krw::test::compareGolden(md.toUtf8(), QStringLiteral("hostile-all.md"));

        const QByteArray csv = reportCsv(cases);
        QVERIFY(!csv.contains(",=cmd"));
        QVERIFY(csv.contains("\"'=HYPERLINK(\"\"x\"\");a|b\""));
        krw::test::compareGolden(csv, QStringLiteral("hostile-all.csv"));
    }

    // Issue 9: a flagged rerun is never a plain "passed" in any format, its flags come with what
    // was seen, and its speedup with the device-time interval it rests on.
    void flaggedRerunInEveryFormat()
    {
        ReportCase flagged;
        flagged.caseIndex = 0;
        flagged.filename = QStringLiteral("sin_kernel.py");
        flagged.latest = Outcome::Passed;
        flagged.rerun = test::flaggedPassRerun(flagged.filename);
        ReportCase clean = flagged;
        clean.caseIndex = 1;
        clean.filename = QStringLiteral("softmax_row.py");
        clean.rerun = test::cleanPassRerun(clean.filename);
        ReportSummary summary;
        summary.runName = QStringLiteral("flags");
        summary.generated = Generated;
        const QVector<ReportCase> cases{flagged, clean};

        const QString md = QString::fromUtf8(reportMarkdown(summary, cases));
        const QString flaggedLine = QStringLiteral("suspect — output\\_reused; notes: launch\\_bound");
        const QString subject = QStringLiteral(" (it1:predict against label with hip-nvidia)");
        QVERIFY2(md.contains(QStringLiteral("| 1 | sin\\_kernel.py | Passed | none |  |  | %1%2 |\n").arg(flaggedLine, subject)),
            qPrintable(md));
        QVERIFY(md.contains(QStringLiteral("| 2 | softmax\\_row.py | Passed | none |  |  | passed%1 |\n").arg(subject)));
        QVERIFY(md.contains(QStringLiteral("- Verdict: %1\n").arg(flaggedLine)));
        QCOMPARE(md.count(QStringLiteral("- Verdict: passed\n")), 1); // the clean one only
        QVERIFY(md.contains(
            QStringLiteral("Device time: baseline 0.0057 ms, candidate 0.0045 ms, speedup 1.25× \\[95 % CI 1.23–1.28\\]. "
                           "Call time: baseline 0.43 ms, candidate 0.39 ms, speedup 1.11×. Device time from torch.profiler "
                           "(device activities); caches flushed between repetitions: written 100 MiB, then read 100 MiB (twice the "
                           "last-level cache of 50 MiB).\n")));
        QCOMPARE(md.count(QStringLiteral("**Suspect (output\\_reused): this speedup is shown but does not count.**")), 1);
        QVERIFY(md.contains(
            QStringLiteral("- **output\\_reused** flagged: call\\_kernel\\#0: the second call returned the first call's storage\n")));
        QVERIFY(md.contains(
            QStringLiteral("- **nondeterministic** call\\_kernel\\#0: could not run: RuntimeError: CUDA error: an illegal memory "
                           "access was encountered\n")));
        QVERIFY(
            md.contains(QStringLiteral("- **launch\\_bound** note: call\\_kernel\\#0: baseline: kernels 0.0057 ms of a 0.43 ms call;")));
        QVERIFY(md.contains(QStringLiteral("- Off: implausible\\_speedup\n")));
        QVERIFY(!md.contains(QStringLiteral("faster")));

        const QString html = QString::fromUtf8(reportHtml(summary, cases));
        QVERIFY(
            html.contains(QStringLiteral("<td>Verdict</td><td><span class=\"warn\">suspect — output_reused; notes: launch_bound</span>")));
        QVERIFY(html.contains(QStringLiteral("<td>Verdict</td><td><span class=\"ok\">passed</span>")));
        QCOMPARE(html.count(QStringLiteral("<span class=\"ok\">passed")), 1);
        QVERIFY(html.contains(QStringLiteral("<td>suspect — output_reused; notes: launch_bound (it1:predict against label with "
                                             "hip-nvidia)</td></tr>"))); // the summary table
        QVERIFY(html.contains(
            QStringLiteral("speedup 1.25× [95 % CI 1.23–1.28]. Call time: baseline 0.43 ms, candidate 0.39 ms, speedup 1.11×.")));
        QVERIFY(html.contains(QStringLiteral("<li><span class=\"warn\">output_reused</span> flagged: call_kernel#0: the second call "
                                             "returned the first call&#39;s storage</li>")));
        QVERIFY(html.contains(QStringLiteral("<p class=\"warn\">Suspect (output_reused): this speedup is shown but does not count.")));

        const QByteArray csv = reportCsv(cases);
        QVERIFY2(csv.contains("sin_kernel.py,passed,none,0,,,,0,passed,0,1.25,2024-05-01T11:59:00Z,"
                              "suspect \xe2\x80\x94 output_reused; notes: launch_bound,output_reused;launch_bound,1.23,1.28,false,1.11,"
                              "device,flagged:output_reused;could not run:nondeterministic;note:launch_bound,it1:predict,label,hip-nvidia,"
                              "false,,suspect,false,,,\r\n"),
            csv.constData());
        QVERIFY(
            csv.contains("softmax_row.py,passed,none,0,,,,0,passed,0,1.25,2024-05-01T11:59:00Z,passed,,1.23,1.28,false,1.11,device,clean,"
                         "it1:predict,label,hip-nvidia,false,,clean,true,,,\r\n"));
    }

    // Issue 4: every format names the version, baseline and profile of the rerun it shows, and
    // says when that is not the case's prediction.
    void rerunNamesVersionBaselineAndProfile()
    {
        ReportCase rc;
        rc.caseIndex = 0;
        rc.filename = QStringLiteral("cpu_scale.py");
        rc.predictId = QStringLiteral("it1:predict");
        rc.predictTitle = QStringLiteral("Iteration 1 · Prediction");
        RerunResult local = test::cleanPassRerun(rc.filename);
        local.versionId = QStringLiteral("local:fix");
        local.versionTitle = QStringLiteral("Local edit · fix");
        local.baselineId = QStringLiteral("label");
        local.profile = QStringLiteral("cpu");
        rc.rerun = local;
        ReportSummary summary;
        summary.generated = Generated;

        const QString md = QString::fromUtf8(reportMarkdown(summary, {rc}));
        QVERIFY2(md.contains(QStringLiteral("| passed (local:fix against label with cpu) |\n")), qPrintable(md));
        QVERIFY2(
            md.contains(QStringLiteral("- Version: Local edit · fix (`local:fix`), not the case's prediction (Iteration 1 · Prediction has "
                                       "no rerun)\n- Baseline: `label`\n- Profile: cpu\n")),
            qPrintable(md));
        const QString html = QString::fromUtf8(reportHtml(summary, {rc}));
        QVERIFY2(html.contains(QStringLiteral("<td>passed (local:fix against label with cpu)</td></tr>")), qPrintable(html));
        QVERIFY(html.contains(QStringLiteral("<tr><td>Baseline</td><td><code>label</code></td></tr>")));
        QVERIFY(html.contains(QStringLiteral("<tr><td>Profile</td><td>cpu</td></tr>")));
        QVERIFY(html.contains(QStringLiteral("not the case&#39;s prediction")));
        const QByteArray csv = reportCsv({rc});
        QVERIFY2(csv.startsWith("filename,latest_outcome,best_stage,iterations,verdict,tags,note,comments,rerun_verdict,"
                                "rerun_max_abs_err,rerun_speedup,rerun_time,rerun_verdict_line,rerun_flags,rerun_speedup_ci_low,"
                                "rerun_speedup_ci_high,rerun_within_noise,rerun_call_speedup,rerun_speedup_timer,rerun_checks,"
                                "rerun_version,rerun_baseline,rerun_profile,rerun_of_prediction,rerun_speedup_note,rerun_verdict_level,"
                                "rerun_speedup_counts,speedup_claimed,speedup_verified,claim_warnings\r\n"),
            csv.constData());
        QVERIFY2(csv.endsWith(",device,clean,local:fix,label,cpu,false,,clean,true,,,\r\n"), csv.constData());

        // The case's own prediction says so.
        rc.rerun->versionId = rc.predictId;
        rc.rerun->versionTitle = rc.predictTitle;
        QVERIFY(QString::fromUtf8(reportMarkdown(summary, {rc}))
                    .contains(QStringLiteral("- Version: Iteration 1 · Prediction (`it1:predict`), the case's prediction\n")));
        QVERIFY(reportCsv({rc}).endsWith(",device,clean,it1:predict,label,cpu,true,,clean,true,,,\r\n"));
        // Results saved without a profile say that it was not recorded.
        rc.rerun->profile.clear();
        QVERIFY(QString::fromUtf8(reportMarkdown(summary, {rc})).contains(QStringLiteral("- Profile: not recorded\n")));
    }

    // Issue 4: a wrong output's speedup never reads as a win: omitted, with the reason, in every format.
    // The newest batch rerun heads the report: counts by verdict level (a suspect pass apart, a pass
    // with notes counted), the speedups that count by bin (never the suspect 37×), the suspect cases first.
    void batchSectionInMarkdownAndHtml()
    {
        BatchRecord batch;
        batch.id = QStringLiteral("20261126-140000-abcdef");
        batch.ended = Generated;
        batch.profile = QStringLiteral("rocm");
        batch.version = QStringLiteral("predict");
        auto entry = [](const QString& name, const QString& verdict, std::optional<double> speedup, const QStringList& flags) {
            BatchEntry e;
            e.caseName = name;
            e.versionId = QStringLiteral("it1:predict");
            e.status = QStringLiteral("completed");
            e.verdict = verdict;
            e.speedup = speedup;
            e.flags = flags;
            e.seconds = 12.5;
            return e;
        };
        batch.summary.add(entry(QStringLiteral("a.py"), QStringLiteral("passed"), 1.5, {}));
        batch.summary.add(entry(QStringLiteral("cheat.py"), QStringLiteral("passed"), 37.0, {QStringLiteral("output_reused")}));
        batch.summary.add(entry(QStringLiteral("c.py"), QStringLiteral("wrong_output"), std::nullopt, {}));
        batch.summary.add(entry(QStringLiteral("noted.py"), QStringLiteral("passed"), 5.0, {QStringLiteral("launch_bound")}));
        ReportSummary summary;
        summary.generated = Generated;
        summary.batch = batch;
        const QString md = QString::fromUtf8(reportMarkdown(summary, {}));
        QVERIFY2(md.contains(QStringLiteral("## Newest batch rerun\n")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| clean | 1 |")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| notes | 1 |")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| suspect | 1 |")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| 1.25–2× | 1 |")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| ≥ 4× | 1 |")), qPrintable(md)); // the 5× with a note; never the suspect 37×
        QVERIFY2(
            md.contains(QStringLiteral("| cheat.py | suspect | output\\_reused | 37.00× (suspect: not counted) | 12.5 |")), qPrintable(md));
        const QString suspicious = md.section(QStringLiteral("Most suspicious"), 1).section(QStringLiteral("Slowest"), 0, 0);
        QVERIFY2(suspicious.contains(QStringLiteral("| cheat.py |")) && !suspicious.contains(QStringLiteral("| noted.py |")),
            qPrintable(suspicious)); // a note is not suspicious
        const QString html = QString::fromUtf8(reportHtml(summary, {}));
        QVERIFY(html.contains(QStringLiteral("<h2>Newest batch rerun</h2>")));
        QVERIFY(html.contains(QStringLiteral("<td>suspect</td><td>1</td>")));
        QVERIFY(html.contains(QStringLiteral("<td>37.00× (suspect: not counted)</td>")));
        summary.batch.reset();
        QVERIFY(!QString::fromUtf8(reportMarkdown(summary, {})).contains(QStringLiteral("batch")));
    }

    // Comparing runs: the summary page lists the buckets and their cases, a hostile filename as text.
    void comparisonSectionInMarkdownAndHtml()
    {
        const auto caseOf = [](const QString& name, Outcome latest) {
            Case c;
            c.filename = name;
            c.history.append(IterationRecord());
            c.latest = latest;
            return c;
        };
        Run a;
        a.name = QStringLiteral("v1");
        a.cases = {caseOf(QStringLiteral("<b>x</b>.py"), Outcome::ExeFailed), caseOf(QStringLiteral("y.py"), Outcome::Passed)};
        Run b;
        b.name = QStringLiteral("v2");
        b.cases = {caseOf(QStringLiteral("<b>x</b>.py"), Outcome::Passed), caseOf(QStringLiteral("z.py"), Outcome::CallFailed)};
        ReportSummary summary;
        summary.generated = Generated;
        summary.runPath = QStringLiteral("/runs/v1");
        summary.comparison = RunComparison::compare(a, b);
        summary.comparedPath = QStringLiteral("/runs/v2");
        const QString md = QString::fromUtf8(reportMarkdown(summary, {}));
        QVERIFY2(md.contains(QStringLiteral("## Compared with another run\n")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("- B: v2 (`/runs/v2`)")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| Fixed | 1 |")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| Only in B | 1 |")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("### Only in A (1)")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| z.py | — | — | Call failed | none |")), qPrintable(md));
        QVERIFY2(!md.contains(QStringLiteral("<b>")), qPrintable(md));
        const QString html = QString::fromUtf8(reportHtml(summary, {}));
        QVERIFY(html.contains(QStringLiteral("<h2>Compared with another run</h2>")));
        QVERIFY(html.contains(QStringLiteral("<h3>Fixed (1)</h3>")));
        QVERIFY(html.contains(QStringLiteral("<td>&lt;b&gt;x&lt;/b&gt;.py</td><td>Exe failed</td>")));
        QVERIFY(!html.contains(QStringLiteral("<b>x</b>")));
        summary.comparison.reset();
        QVERIFY(!QString::fromUtf8(reportMarkdown(summary, {})).contains(QStringLiteral("Compared with")));
    }

    // The instruction is dataset Markdown: rendered as the window renders it (code spans, lists),
    // and safe: raw HTML in it stays text, a script link is dropped.
    void instructionIsRenderedMarkdownAndSafe()
    {
        ReportCase rc;
        rc.filename = QStringLiteral("leaky_relu.py");
        rc.instruction = QStringLiteral("Translate `leaky_relu_kernel` to **HIP**.\n\n- keep `slope`\n- one launch\n\n"
                                        "<script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3))");
        ReportSummary summary;
        const QString html = QString::fromUtf8(reportHtml(summary, {rc}));
        const int at = html.indexOf(QStringLiteral("<h3>Instruction</h3>"));
        QVERIFY(at >= 0);
        const QString section = html.mid(at, html.indexOf(QStringLiteral("<h3>"), at + 4) - at);
        QVERIFY2(section.contains(QStringLiteral("<code>leaky_relu_kernel</code>")), qPrintable(section));
        QVERIFY2(section.contains(QStringLiteral("<strong>HIP</strong>")), qPrintable(section));
        QVERIFY2(section.contains(QStringLiteral("<li>keep <code>slope</code></li>")), qPrintable(section));
        QVERIFY2(!section.contains(QStringLiteral("<pre>")), qPrintable(section));
        QVERIFY2(!section.contains(QStringLiteral("`")), qPrintable(section)); // no raw backticks left
        // Nothing from the instruction can run: no script element, no event handler, no script link.
        QVERIFY2(!section.contains(QStringLiteral("<script")), qPrintable(section));
        QVERIFY2(!section.contains(QStringLiteral("<img")), qPrintable(section));
        QVERIFY2(!section.contains(QStringLiteral("javascript:")), qPrintable(section));
        QVERIFY2(section.contains(QStringLiteral("&lt;script&gt;alert(1)&lt;/script&gt;")), qPrintable(section));
        QCOMPARE(html.count(QStringLiteral("<script")), QString::fromUtf8(reportHtml(summary, {})).count(QStringLiteral("<script")));
    }

    void wrongOutputNeverReadsFaster()
    {
        ReportCase rc;
        rc.filename = QStringLiteral("leaky_relu.py");
        rc.rerun = test::seedSensitiveRerun(rc.filename);
        ReportSummary summary;
        summary.generated = Generated;
        const QString md = QString::fromUtf8(reportMarkdown(summary, {rc}));
        QVERIFY2(md.contains(QStringLiteral("Device time: baseline 0.0057 ms, candidate 0.0045 ms, speedup omitted (output wrong, does "
                                            "not count). Call time: baseline 0.43 ms, candidate 0.39 ms.")),
            qPrintable(md));
        QVERIFY(!md.contains(QStringLiteral("1.25×")));
        QVERIFY(!md.contains(QStringLiteral("1.11×")));
        const QString html = QString::fromUtf8(reportHtml(summary, {rc}));
        QVERIFY(html.contains(QStringLiteral("speedup omitted (output wrong, does not count)")));
        QVERIFY(!html.contains(QStringLiteral("1.25×")));
        const QByteArray csv = reportCsv({rc});
        // rerun_speedup, its interval, within_noise and the call-time speedup stay empty; the note says why.
        const QStringList fields = QString::fromUtf8(csv.split('\n').value(1)).split(QLatin1Char(','));
        QCOMPARE(fields.value(8), QStringLiteral("wrong_output"));
        for (const int column : {10, 14, 15, 16, 17}) // speedup, interval, within noise, call-time speedup
            QVERIFY2(fields.value(column).isEmpty(), qPrintable(QString::number(column) + QLatin1Char(' ') + fields.value(column)));
        QVERIFY2(csv.endsWith(",\"output wrong, does not count\",wrong_output,,,,\r\n"), csv.constData());
    }

    // A wrong result's speedup does not count, and the seeds it failed are named.
    void wrongRerunSpeedupDoesNotCount()
    {
        ReportCase rc;
        rc.filename = QStringLiteral("leaky_relu.py");
        rc.rerun = test::seedSensitiveRerun(rc.filename);
        ReportSummary summary;
        summary.generated = Generated;
        const QString md = QString::fromUtf8(reportMarkdown(summary, {rc}));
        QVERIFY(md.contains(QStringLiteral("- Verdict: wrong\\_output — flags: seed\\_sensitive\n")));
        QVERIFY(md.contains(QStringLiteral("**The output is wrong: this speedup does not count.**")));
        QVERIFY2(
            md.contains(QStringLiteral("- **seed\\_sensitive** flagged: call\\_kernel \\#1: wrong with seeds 1, 3 (y; max abs err 0.73); "
                                       "call\\_kernel \\#1: seed 2 skipped: the baseline raised on these inputs\n")),
            qPrintable(md));
        const QString html = QString::fromUtf8(reportHtml(summary, {rc}));
        QVERIFY(html.contains(QStringLiteral("<span class=\"bad\">wrong_output — flags: seed_sensitive</span>")));
        QVERIFY(html.contains(QStringLiteral("<p class=\"bad\">The output is wrong: this speedup does not count.</p>")));
    }
};

QTEST_GUILESS_MAIN(TestReportWriters)
#include "tst_reportwriters.moc"
