// SPDX-License-Identifier: MIT
//
// ReportExportJob without a renderer, as kernel-review-cli runs it for md, csv and workspace:
// this test links only krw_models, which does not link QtGui, so nothing here can construct a
// QGuiApplication or draw a pixel. HTML comes out with plain code and no plot images; PDF is
// refused with a message, never written half.
#include "exampletiming.h"
#include "models/report/reportexport.h"
#include "models/report/reportexportjob.h"
#include "models/rerun/resultstore.h"
#include "models/run/runloader.h"
#include "samplecopy.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

Q_DECLARE_METATYPE(krw::ExportFormat)

using namespace krw;

namespace {

ExportResult runExport(const RunPtr& run, ExportFormat format, const QString& destination)
{
    ReportExportJob job; // no renderer
    QSignalSpy finished(&job, &ReportExportJob::finished);
    ExportRequest request;
    request.run = run;
    request.format = format;
    request.destination = destination;
    job.start(request);
    if (!finished.wait(120000)) {
        QTest::qFail("the export did not finish within 120 s", __FILE__, __LINE__);
        return {};
    }
    return finished.first().first().value<ExportResult>();
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestReportExportJob : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_runCopy;
    RunPtr m_run;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(!QCoreApplication::instance()->inherits("QGuiApplication"));
        // A copy of the sample, so the rerun saved beside it stays in this test.
        QVERIFY(krw::test::copySampleRun(m_runCopy.path()));
        QString error;
        m_run = std::make_shared<Run>(loadRunAtPath(m_runCopy.path(), QString(), &error));
        QVERIFY2(error.isEmpty() && !m_run->cases.isEmpty(), qPrintable(error));
        RerunResult rerun;
        rerun.caseName = m_run->cases.at(0).filename;
        rerun.versionId = QStringLiteral("it1:predict");
        rerun.started = QDateTime::currentDateTime();
        rerun.timing = twiceAsFastTiming();
        QVERIFY2(ResultStore::forRun(m_run->path, m_run->name).save(rerun, &error), qPrintable(error));
    }

    void textFormatsNeedNoRenderer_data()
    {
        QTest::addColumn<ExportFormat>("format");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("md") << ExportFormat::Markdown << QByteArray("# ");
        QTest::newRow("csv") << ExportFormat::Csv << QByteArray("filename");
        QTest::newRow("html") << ExportFormat::Html << QByteArray("<!DOCTYPE html>");
    }

    void textFormatsNeedNoRenderer()
    {
        QFETCH(ExportFormat, format);
        QFETCH(QByteArray, expected);
        QTemporaryDir out;
        const QString path = out.filePath(QStringLiteral("report") + exportFormatExtension(format));
        const ExportResult result = runExport(m_run, format, path);
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(result.cases, int(m_run->cases.size()));
        const QByteArray bytes = readAll(path);
        QVERIFY2(bytes.contains(expected), bytes.left(200).constData());
        if (format == ExportFormat::Html) {
            QVERIFY(!bytes.contains("data:image/png")); // a timing plot needs a renderer
            QVERIFY(bytes.contains("twice") || bytes.contains("2.00×") || bytes.contains("Timing") || bytes.contains("timing"));
        }
    }

    void workspaceNeedsNoRenderer()
    {
        QTemporaryDir out;
        const ExportResult result = runExport(m_run, ExportFormat::Workspace, out.path());
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(result.cases, int(m_run->cases.size()));
        QVERIFY(QFile::exists(result.indexPath));
    }

    void pdfIsRefusedWithoutRenderer()
    {
        QTemporaryDir out;
        const QString path = out.filePath(QStringLiteral("report.pdf"));
        const ExportResult result = runExport(m_run, ExportFormat::Pdf, path);
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("PDF")), qPrintable(result.error));
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestReportExportJob)
#include "tst_reportexportjob.moc"
