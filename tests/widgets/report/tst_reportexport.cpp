// SPDX-License-Identifier: MIT
//
// The HTML and PDF reports end to end through ReportExportJob: a normalized HTML golden of the
// annotated sample run, hostile text that must not run script in a real browser (headless
// Chromium, with a control page proving the check can fail), the Markdown whitelist renderer,
// and the PDF rendered to pages (pdftoppm) and text (pdftotext).
#include "exampletiming.h"
#include "golden.h"
#include "models/diff/linediff.h"
#include "models/report/markdownhtml.h"
#include "models/report/reportexport.h"
#include "models/report/reportexportjob.h"
#include "models/rerun/resultstore.h"
#include "models/review/annotationstore.h"
#include "models/run/casetexts.h"
#include "models/run/runloader.h"
#include "tooltests.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/report/exportdialog.h"
#include "widgets/report/widgetreportrenderer.h"
#include "widgets/settings/settings.h"

#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFontInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

const QDateTime Generated(QDate(2024, 5, 1), QTime(12, 0), Qt::UTC);

// A copy of a fixture run in dir, so annotation and rerun sidecars land in the temporary folder.
QString copyRun(const QString& from, const QString& dir)
{
    const QString to = dir + QStringLiteral("/run");
    QDir().mkpath(to);
    for (const QFileInfo& f : QDir(from).entryInfoList(QDir::Files))
        QFile::copy(f.absoluteFilePath(), to + QLatin1Char('/') + f.fileName());
    return to;
}

LineComment comment(
    const QString& versionId, const QString& text, int line, const QString& note, const QString& author = QStringLiteral("reviewer"))
{
    LineComment c;
    c.id = QStringLiteral("c-%1-%2").arg(versionId).arg(line);
    c.anchor = {versionId, versionContentHash(text), line, splitLines(text).value(line)};
    c.text = note;
    c.author = author;
    c.created = Generated;
    return c;
}

RerunResult rerunWithTiming(const QString& caseName)
{
    RerunResult r;
    r.caseName = caseName;
    r.versionId = QStringLiteral("it1:predict");
    r.baselineId = QStringLiteral("label");
    r.started = Generated.addSecs(-60);
    r.compile = CompileStage{};
    r.compile->ok = true;
    AccuracyStage accuracy;
    accuracy.ok = false;
    accuracy.rtol = 1e-5;
    accuracy.atol = 1e-3;
    OutputComparison out;
    out.name = QStringLiteral("out");
    out.maxAbsErr = 0.25;
    out.maxRelErr = 0.5;
    out.mismatched = 12;
    out.total = 4096;
    accuracy.outputs = {out};
    r.accuracy = accuracy;
    r.timing = twiceAsFastTiming();
    return r;
}

ExportResult runExport(const RunPtr& run, ExportFormat format, const QString& destination, ExportScope scope = ExportScope::All)
{
    ReportExportJob job;
    job.setRenderer(std::make_shared<WidgetReportRenderer>());
    QSignalSpy finished(&job, &ReportExportJob::finished);
    ExportRequest request;
    request.run = run;
    request.format = format;
    request.scope = scope;
    request.destination = destination;
    request.generated = Generated;
    QString error;
    request.annotations = loadRunAnnotations(*run, &error);
    job.start(request);
    if (!finished.wait(120000)) {
        QTest::qFail("the export did not finish within 120 s", __FILE__, __LINE__);
        return {};
    }
    return finished.first().first().value<ExportResult>();
}

QString readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The golden must not depend on the machine, the clock, the image encoder or the flavor's
// syntax highlighting: those parts are replaced (highlighting is checked on its own).
QString normalized(QString html, const QString& runPath)
{
    html.replace(runPath, QStringLiteral("<run>"));
    html.replace(
        QRegularExpression(QStringLiteral("data:image/png;base64,[A-Za-z0-9+/=]+")), QStringLiteral("data:image/png;base64,<png>"));
    html.remove(QRegularExpression(QStringLiteral("<font color=\"#[0-9a-f]{6}\">|</font>|</?b>|</?i>")));
    return html;
}

// The body of the page after load as headless Chromium sees it (scripts, handlers and timers run).
QString chromiumDom(const QString& chromium, const QString& htmlPath, const QString& profileDir)
{
    QProcess process;
    process.start(chromium,
        {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"), QStringLiteral("--disable-gpu"),
            QStringLiteral("--user-data-dir=") + profileDir, QStringLiteral("--virtual-time-budget=3000"), QStringLiteral("--dump-dom"),
            QUrl::fromLocalFile(htmlPath).toString()});
    if (!process.waitForFinished(90000)) {
        process.kill();
        process.waitForFinished();
        return {};
    }
    return QString::fromUtf8(process.readAllStandardOutput());
}

// A page with content, not just its number.
bool pageHasInk(const QString& png)
{
    const QImage image(png);
    if (image.isNull())
        return false;
    // QTextDocument::print puts the page number in the bottom margin: only ink above it counts.
    int dark = 0;
    for (int y = 0; y < image.height() * 9 / 10; ++y) {
        for (int x = 0; x < image.width(); ++x)
            dark += qGray(image.pixel(x, y)) < 160 ? 1 : 0;
    }
    return dark > 5;
}

} // namespace

class TestReportExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void markdownWhitelist_data();
    void markdownWhitelist();
    void htmlGolden();
    void htmlHighlightsCode();
    void hostileHtmlIsInert();
    void hostileHtmlRunsNoScriptInChromium();
    void pdfHasPagesAndText();
    void pdfDrawsCodeInAFixedPitchFace();
    void emptyScopeAndBadDestinationFail();
    void cancelWritesNothing();
    void exportLeavesTheRunFolderAsItWas();
    void dialogExportsSelection();

private:
    RunPtr annotatedSample();
    RunPtr annotatedHostile();
    QTemporaryDir m_dir;
};

void TestReportExport::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestReportExport::markdownWhitelist_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QString>("mustContain");
    QTest::addColumn<QString>("mustNotContain");
    QTest::addRow("raw-script-escaped") << QStringLiteral("<script>alert(1)</script>") << QStringLiteral("&lt;script&gt;")
                                        << QStringLiteral("<script");
    QTest::addRow("javascript-link-dropped") << QStringLiteral("[x](javascript:alert(1))") << QStringLiteral("blocked-link")
                                             << QStringLiteral("href");
    QTest::addRow("entity-obfuscated") << QStringLiteral("[x](JaVaScRiPt&#58;alert(1))") << QStringLiteral("blocked-link")
                                       << QStringLiteral("href");
    QTest::addRow("tab-obfuscated") << QStringLiteral("[x](<java\tscript:alert(1)>)") << QStringLiteral("x") << QStringLiteral("href");
    QTest::addRow("data-link") << QStringLiteral("[x](data:text/html,hi)") << QStringLiteral("blocked-link") << QStringLiteral("href");
    QTest::addRow("vbscript-reference") << QStringLiteral("[x][r]\n\n[r]: vbscript:msgbox(1)\n") << QStringLiteral("blocked-link")
                                        << QStringLiteral("href");
    QTest::addRow("https-kept") << QStringLiteral("[x](https://example.com/?a=1&b=2)")
                                << QStringLiteral("<a href=\"https://example.com/?a=1&amp;b=2\"") << QStringLiteral("blocked");
    QTest::addRow("mailto-kept") << QStringLiteral("[x](mailto:a@b.c)") << QStringLiteral("href=\"mailto:a@b.c\"")
                                 << QStringLiteral("blocked");
    QTest::addRow("image-is-alt-text") << QStringLiteral("![alt text](https://example.com/x.png)") << QStringLiteral("[image: alt text]")
                                       << QStringLiteral("<img");
    QTest::addRow("attribute-break") << QStringLiteral("[x](https://a.b/\"onmouseover=\"alert(1))") << QStringLiteral("&quot;")
                                     << QStringLiteral("\"onmouseover");
    QTest::addRow("heading-lowered") << QStringLiteral("# Title") << QStringLiteral("<h4>Title</h4>") << QStringLiteral("<h1>");
    QTest::addRow("code-block-escaped") << QStringLiteral("```\n</code></pre><script>x</script>\n```") << QStringLiteral("&lt;/code&gt;")
                                        << QStringLiteral("<script");
}

void TestReportExport::markdownWhitelist()
{
    QFETCH(QString, markdown);
    QFETCH(QString, mustContain);
    QFETCH(QString, mustNotContain);
    const QString html = markdownToSafeHtml(markdown, 4);
    QVERIFY2(html.contains(mustContain), qPrintable(html));
    QVERIFY2(!html.contains(mustNotContain, Qt::CaseInsensitive), qPrintable(html));
}

RunPtr TestReportExport::annotatedSample()
{
    const QString path = copyRun(QStringLiteral(KRW_SAMPLE_RUN_DIR), m_dir.path() + QStringLiteral("/sample"));
    auto run = std::make_shared<const Run>(loadRunAtPath(path));
    const int leaky = run->indexOf(QStringLiteral("leaky_relu.py"));
    const int sinIndex = run->indexOf(QStringLiteral("sin_kernel.py"));
    if (leaky < 0 || sinIndex < 0)
        return {};
    const CaseTexts leakyTexts = readCaseTexts(run, leaky);
    const QString predictId = QStringLiteral("it%1:predict").arg(run->cases.at(leaky).newest().iteration);
    AnnotationStore store(AnnotationStore::locate(*run), run->name);
    QString error;
    store.load(&error);
    CaseAnnotation a;
    a.verdict = Verdict::ModelError;
    a.tags = QStringList{QStringLiteral("launch-config"), QStringLiteral("hip")};
    a.note = QStringLiteral("The **grid** is computed from the wrong block size; see [HIP docs](https://rocm.docs.amd.com).");
    a.author = QStringLiteral("reviewer");
    a.modified = Generated;
    a.comments = {comment(predictId, leakyTexts.text(predictId), 2, QStringLiteral("This include is *unused*.")),
        comment(QStringLiteral("label"), leakyTexts.text(QStringLiteral("label")), 1, QStringLiteral("The label imports `tl`.")),
        // Written on an earlier text of the prediction: shown as stale at its line.
        comment(predictId, leakyTexts.text(predictId) + QStringLiteral("// since edited\n"), 5, QStringLiteral("Stale remark.")),
        comment(QStringLiteral("it9:exe"), QStringLiteral("gone\n"), 0, QStringLiteral("On a version that no longer exists."))};
    CaseAnnotation b;
    b.verdict = Verdict::CorrectAfterAll;
    b.author = QStringLiteral("reviewer");
    b.modified = Generated;
    store.set(QStringLiteral("leaky_relu.py"), a, &error);
    store.set(QStringLiteral("sin_kernel.py"), b, &error);
    ResultStore::forRun(run->path, run->name).save(rerunWithTiming(QStringLiteral("leaky_relu.py")), &error);
    return run;
}

void TestReportExport::htmlGolden()
{
    const RunPtr run = annotatedSample();
    QVERIFY(run);
    const QString out = m_dir.filePath(QStringLiteral("sample.html"));
    const ExportResult result = runExport(run, ExportFormat::Html, out);
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.cases, 9);
    const QString html = readAll(out);
    QVERIFY(html.contains(QStringLiteral("<img class=\"plot\"")));
    QVERIFY(html.contains(QStringLiteral("data:image/png;base64,iVBOR"))); // a real PNG
    QVERIFY(html.contains(QStringLiteral("<span class=\"stale\">STALE")));
    QVERIFY(html.contains(QStringLiteral("<span class=\"missing\">MISSING")));
    krw::test::compareGolden((normalized(html, run->path)).toUtf8(), QStringLiteral("sample-annotated.html"));
}

void TestReportExport::htmlHighlightsCode()
{
    if (!SyntaxSupport().isAvailable())
        QSKIP("this build has no KSyntaxHighlighting: code shows plain");
    const RunPtr run = std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR)));
    const QString out = m_dir.filePath(QStringLiteral("highlight.html"));
    const ExportResult result = runExport(run, ExportFormat::Html, out, ExportScope::Failing);
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(readAll(out).contains(QRegularExpression(QStringLiteral("<font color=\"#[0-9a-f]{6}\">(<[bi]>)*__global__(</[bi]>)*</font>"))));
}

RunPtr TestReportExport::annotatedHostile()
{
    const QString path = copyRun(QStringLiteral(KRW_TEST_DATA_DIR "/hostile-html"), m_dir.path() + QStringLiteral("/hostile"));
    auto run = std::make_shared<const Run>(loadRunAtPath(path));
    if (run->cases.size() != 2)
        return {};
    const QString payload = run->cases.isEmpty() ? QString() : readCaseTexts(run, 0).text(QStringLiteral("it0:temp_strategy"));
    AnnotationStore store(AnnotationStore::locate(*run), run->name);
    QString error;
    store.load(&error);
    for (int i = 0; i < run->cases.size(); ++i) {
        const CaseTexts texts = readCaseTexts(run, i);
        CaseAnnotation a;
        a.verdict = Verdict::TestProblem;
        a.tags = QStringList{QStringLiteral("<script>document.title='PW'+'NED'</script>"), QStringLiteral("\"><svg onload=alert(1)>")};
        a.note = payload;
        a.author = QStringLiteral("<img src=x onerror=\"document.title='PW'+'NED'\">");
        a.modified = Generated;
        a.comments = {comment(QStringLiteral("it0:predict"), texts.text(QStringLiteral("it0:predict")), 1, payload, a.author),
            comment(QStringLiteral("label"), texts.text(QStringLiteral("label")), 1, payload, a.author)};
        store.set(run->cases.at(i).filename, a, &error);
    }
    ResultStore::forRun(run->path, run->name).save(rerunWithTiming(run->cases.at(0).filename), &error);
    return run;
}

void TestReportExport::hostileHtmlIsInert()
{
    const RunPtr run = annotatedHostile();
    QVERIFY(run);
    const QString out = m_dir.filePath(QStringLiteral("hostile.html"));
    const ExportResult result = runExport(run, ExportFormat::Html, out);
    QVERIFY2(result.ok, qPrintable(result.error));
    const QString html = readAll(out);
    QVERIFY(html.contains(QStringLiteral("&lt;script&gt;"))); // the payloads are there, as text
    QVERIFY(!html.contains(QStringLiteral("<script"), Qt::CaseInsensitive));
    QVERIFY(!html.contains(QStringLiteral("<svg"), Qt::CaseInsensitive));
    QVERIFY(!html.contains(QStringLiteral("<iframe"), Qt::CaseInsensitive));
    QVERIFY(!html.contains(QStringLiteral("<body onload"), Qt::CaseInsensitive));
    QCOMPARE(html.count(QStringLiteral("<img"), Qt::CaseInsensitive), html.count(QStringLiteral("<img class=\"plot\"")));
    QCOMPARE(html.count(QStringLiteral("<img class=\"plot\"")), 1);
    QVERIFY(html.contains(QStringLiteral("default-src 'none'")));
    // Every link is one we allow.
    const QRegularExpression href(QStringLiteral("href=\"([^\"]*)\""), QRegularExpression::CaseInsensitiveOption);
    int links = 0;
    for (auto it = href.globalMatch(html); it.hasNext(); ++links) {
        const QString target = it.next().captured(1);
        QVERIFY2(target.startsWith(QLatin1String("#case-")) || target == QLatin1String("#summary")
                || target.startsWith(QLatin1String("https://")) || target.startsWith(QLatin1String("mailto:")),
            qPrintable(target));
    }
    QVERIFY(links > 0);
    QVERIFY(html.contains(QStringLiteral("href=\"https://example.com/?a=1&amp;b=2\""))); // a fine link survives
}

void TestReportExport::hostileHtmlRunsNoScriptInChromium()
{
    const QString chromium = QStandardPaths::findExecutable(QStringLiteral("chromium"));
    if (chromium.isEmpty())
        KRW_SKIP_MISSING_TOOL("chromium (packaging/dev.sh installs it)");
    const QString profile = m_dir.filePath(QStringLiteral("chromium-profile"));
    // Control: the same marker from a real inline script must show, or the check proves nothing.
    const QString control = m_dir.filePath(QStringLiteral("control.html"));
    {
        QFile file(control);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("<!DOCTYPE html><html><head><title>control</title></head><body><p>x</p>"
                   "<img src=x onerror=\"document.body.setAttribute('data-pw'+'ned','1')\">"
                   "<script>document.title='PW'+'NED'</script></body></html>");
    }
    const QString controlDom = chromiumDom(chromium, control, profile);
    QVERIFY2(!controlDom.isEmpty(), "chromium produced no DOM");
    QVERIFY2(controlDom.contains(QStringLiteral("<title>PWNED</title>")), qPrintable(controlDom));
    QVERIFY2(controlDom.contains(QStringLiteral("data-pwned")), qPrintable(controlDom));

    const RunPtr run = annotatedHostile();
    QVERIFY(run);
    const QString report = m_dir.filePath(QStringLiteral("hostile-chromium.html"));
    const ExportResult result = runExport(run, ExportFormat::Html, report);
    QVERIFY2(result.ok, qPrintable(result.error));
    const QString dom = chromiumDom(chromium, report, profile);
    QVERIFY2(dom.contains(QStringLiteral("Review report")), "chromium produced no DOM for the report");
    QVERIFY(dom.contains(QStringLiteral("&lt;script&gt;"))); // the payloads are in the page, as text
    QVERIFY2(!dom.contains(QStringLiteral("PWNED")), "a payload ran script");
    QVERIFY2(!dom.contains(QStringLiteral("data-pwned")), "a payload ran script");
    QVERIFY(!dom.contains(QStringLiteral("<script"), Qt::CaseInsensitive));
    QVERIFY(!dom.contains(QStringLiteral("<svg"), Qt::CaseInsensitive));
}

void TestReportExport::pdfHasPagesAndText()
{
    const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftoppm.isEmpty() || pdftotext.isEmpty())
        KRW_SKIP_MISSING_TOOL("poppler-utils: pdftoppm, pdftotext (packaging/dev.sh installs them)");
    const RunPtr run = annotatedSample();
    QVERIFY(run);
    const QString pdf = m_dir.filePath(QStringLiteral("sample.pdf"));
    const ExportResult result = runExport(run, ExportFormat::Pdf, pdf);
    QVERIFY2(result.ok, qPrintable(result.error));

    const QString pages = m_dir.filePath(QStringLiteral("pages"));
    QDir().mkpath(pages);
    QCOMPARE(QProcess::execute(
                 pdftoppm, {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("50"), pdf, pages + QStringLiteral("/p")}),
        0);
    const QFileInfoList pngs = QDir(pages).entryInfoList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
    QVERIFY2(pngs.size() >= 9, qPrintable(QString::number(pngs.size()))); // a summary, then a page or more per case
    for (const QFileInfo& png : pngs)
        QVERIFY2(pageHasInk(png.absoluteFilePath()), qPrintable(png.fileName() + QStringLiteral(" is blank")));

    QProcess text;
    text.start(pdftotext, {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    QVERIFY(text.waitForFinished(60000));
    QString content = QString::fromUtf8(text.readAllStandardOutput());
    content.replace(QChar(0xFB01), QStringLiteral("fi")).replace(QChar(0xFB02), QStringLiteral("fl")); // typographic ligatures
    for (const Case& c : run->cases)
        QVERIFY2(content.contains(c.filename), qPrintable(c.filename));
    QVERIFY(content.contains(QStringLiteral("Model error")));
    QVERIFY(content.contains(QStringLiteral("Correct after all")));
    QVERIFY(content.contains(QStringLiteral("no matching function for call to")));
}

// The PDF's code is laid out in the face the code views use when the user chose none, one that
// draws fixed pitch here (tst_settings measures it), not in whatever the generic "monospace"
// resolves to: without fontconfig's alias (tst_reportexport_bare_fontconfig) that is proportional.
void TestReportExport::pdfDrawsCodeInAFixedPitchFace()
{
    const QString pdffonts = QStandardPaths::findExecutable(QStringLiteral("pdffonts"));
    if (pdffonts.isEmpty())
        KRW_SKIP_MISSING_TOOL("poppler-utils: pdffonts (packaging/dev.sh installs it)");
    const QFont code = Settings::defaultCodeFont();
    QVERIFY(Settings::drawsFixedPitch(code));
    const RunPtr run = annotatedSample();
    QVERIFY(run);
    const QString pdf = m_dir.filePath(QStringLiteral("fonts.pdf"));
    const ExportResult result = runExport(run, ExportFormat::Pdf, pdf);
    QVERIFY2(result.ok, qPrintable(result.error));
    QProcess fonts;
    fonts.start(pdffonts, {pdf});
    QVERIFY(fonts.waitForFinished(60000));
    const QString listing = QString::fromUtf8(fonts.readAllStandardOutput());
    const QString face = QFontInfo(code).family().remove(QLatin1Char(' '));
    QVERIFY2(listing.contains(QRegularExpression(
                 QStringLiteral("^(\\w{6}\\+)?%1[ -]").arg(QRegularExpression::escape(face)), QRegularExpression::MultilineOption)),
        qPrintable(QStringLiteral("no %1 in the PDF:\n%2").arg(face, listing)));
}

void TestReportExport::emptyScopeAndBadDestinationFail()
{
    const RunPtr run = std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR)));
    ExportResult result = runExport(run, ExportFormat::Markdown, m_dir.filePath(QStringLiteral("none.md")), ExportScope::Annotated);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(QStringLiteral("No cases to export")), qPrintable(result.error));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("none.md"))));
    result = runExport(run, ExportFormat::Html, m_dir.filePath(QStringLiteral("no/such/folder/r.html")));
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(QStringLiteral("does not exist")), qPrintable(result.error));
}

// Reading a run to report on it must not add sidecar folders (or anything) to the dataset.
void TestReportExport::exportLeavesTheRunFolderAsItWas()
{
    const QString path = copyRun(QStringLiteral(KRW_SAMPLE_RUN_DIR), m_dir.filePath(QStringLiteral("untouched")));
    auto listing = [&path] {
        QStringList entries;
        QDirIterator it(path, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext())
            entries.append(it.next());
        entries.sort();
        return entries;
    };
    const QStringList before = listing();
    const RunPtr run = std::make_shared<const Run>(loadRunAtPath(path));
    const ExportResult result = runExport(run, ExportFormat::Html, m_dir.filePath(QStringLiteral("untouched.html")));
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(listing(), before);
}

void TestReportExport::cancelWritesNothing()
{
    const RunPtr run = std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR)));
    ReportExportJob job;
    job.setRenderer(std::make_shared<WidgetReportRenderer>());
    QSignalSpy finished(&job, &ReportExportJob::finished);
    connect(&job, &ReportExportJob::progress, &job, [&job](int done, int) {
        if (done >= 1)
            job.cancel();
    });
    ExportRequest request;
    request.run = run;
    request.format = ExportFormat::Html;
    request.destination = m_dir.filePath(QStringLiteral("cancelled.html"));
    job.start(request);
    QVERIFY(finished.wait(60000));
    const auto result = finished.first().first().value<ExportResult>();
    // The worker may finish gathering before the cancel lands; then the write is skipped.
    QVERIFY(result.cancelled);
    QVERIFY(!result.ok);
    QVERIFY(!QFile::exists(request.destination));
}

void TestReportExport::dialogExportsSelection()
{
    const RunPtr run = std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR)));
    ExportDialog dialog(run, {1, 2});
    dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(ExportFormat::Csv)));
    QVERIFY(dialog.destinationEdit()->text().endsWith(QLatin1String("-report.csv")));
    dialog.scopeBox()->setCurrentIndex(dialog.scopeBox()->findData(int(ExportScope::Selection)));

    // A destination that cannot be written: the dialog says why, and nothing is written.
    dialog.destinationEdit()->setText(m_dir.filePath(QStringLiteral("missing/folder/x.csv")));
    QSignalSpy finished(dialog.job(), &ReportExportJob::finished);
    dialog.exportButton()->click();
    QVERIFY(finished.wait(30000));
    QVERIFY2(dialog.statusLabel()->text().contains(QStringLiteral("does not exist")), qPrintable(dialog.statusLabel()->text()));
    QVERIFY(dialog.exportButton()->isEnabled());

    const QString out = m_dir.filePath(QStringLiteral("selection.csv"));
    dialog.destinationEdit()->setText(out);
    dialog.exportButton()->click();
    QVERIFY(finished.wait(30000));
    QVERIFY2(dialog.statusLabel()->text().contains(QStringLiteral("Exported 2 case")), qPrintable(dialog.statusLabel()->text()));
    QVERIFY(dialog.statusLabel()->text().contains(QStringLiteral("<a href=\"file://")));
    QFile csv(out);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 3); // header + the two selected cases
    QVERIFY(lines.at(1).startsWith(run->cases.at(1).filename.toUtf8()));
}

KRW_TEST_MAIN(TestReportExport)
#include "tst_reportexport.moc"
