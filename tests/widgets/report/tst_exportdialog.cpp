// SPDX-License-Identifier: MIT
//
// File ▸ Export Report… as a user meets it: labels with mnemonics, a format change that changes
// only the extension, a default destination outside the run's folder, and a question before a
// very large report is written (with the estimate, which must be near the real size).
#include "models/report/reportcontent.h"
#include "models/report/reportexportjob.h"
#include "models/report/reportsize.h"
#include "models/run/runloader.h"
#include "samplecopy.h"
#include "tooltests.h"
#include "widgets/report/exportdialog.h"
#include "widgets/settings/settings.h"
#include "windowtesthelpers.h"

#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

class TestExportDialog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    RunPtr m_run;

    static void chooseFormat(ExportDialog& dialog, ExportFormat format)
    {
        dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(format)));
    }

    // Exports and waits; false when the job did not finish.
    static bool exportNow(ExportDialog& dialog)
    {
        QSignalSpy finished(dialog.job(), &ReportExportJob::finished);
        dialog.exportButton()->click();
        return finished.wait(60000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        Settings::instance()->setLastExportFolder({}); // a first export
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("run"))));
        QVERIFY(krw::test::copySampleRun(m_dir.filePath(QStringLiteral("run"))));
        m_run = std::make_shared<const Run>(loadRunAtPath(m_dir.filePath(QStringLiteral("run"))));
        QVERIFY(!m_run->cases.isEmpty());
    }

    // A label's mnemonic works and is not shown as a literal '&'.
    void labelsHaveBuddies()
    {
        ExportDialog dialog(m_run, {});
        int checked = 0;
        for (const QLabel* label : dialog.findChildren<QLabel*>()) {
            if (!label->text().contains(QLatin1Char('&')) || label->textFormat() == Qt::RichText)
                continue;
            QVERIFY2(label->buddy(), qPrintable(label->text()));
            ++checked;
        }
        QVERIFY(checked >= 3);
    }

    void formatChangesOnlyTheExtension()
    {
        ExportDialog dialog(m_run, {});
        const QString folder = m_dir.filePath(QStringLiteral("out"));
        dialog.destinationEdit()->setText(QDir(folder).filePath(QStringLiteral("my.notes.html")));
        chooseFormat(dialog, ExportFormat::Pdf);
        QCOMPARE(dialog.destinationEdit()->text(), QDir(folder).filePath(QStringLiteral("my.notes.pdf")));
        chooseFormat(dialog, ExportFormat::Workspace); // a folder: no extension
        QCOMPARE(dialog.destinationEdit()->text(), QDir(folder).filePath(QStringLiteral("my.notes")));
        chooseFormat(dialog, ExportFormat::Csv);
        QCOMPARE(dialog.destinationEdit()->text(), QDir(folder).filePath(QStringLiteral("my.notes.csv")));
        chooseFormat(dialog, ExportFormat::Markdown);
        QCOMPARE(dialog.destinationEdit()->text(), QDir(folder).filePath(QStringLiteral("my.notes.md")));
    }

    // The run's folder is the data, not a place for reports (it may be read-only or shared).
    void defaultDestinationIsOutsideTheRun()
    {
        ExportDialog dialog(m_run, {});
        const QString destination = QFileInfo(dialog.destinationEdit()->text()).absoluteFilePath();
        const QString run = QFileInfo(m_run->path).absoluteFilePath();
        QVERIFY2(!destination.startsWith(run + QLatin1Char('/')), qPrintable(destination));
        QVERIFY(QFileInfo(QFileInfo(destination).path()).isDir());
        QVERIFY(destination.endsWith(QStringLiteral(".html")));
    }

    // Above the threshold the dialog asks first, naming the estimate; No writes nothing.
    void largeReportAsksFirst()
    {
        ExportDialog dialog(m_run, {});
        dialog.setLargeReportBytes(1); // any report is "large" here
        const QString out = m_dir.filePath(QStringLiteral("large.md"));
        chooseFormat(dialog, ExportFormat::Markdown);
        dialog.destinationEdit()->setText(out);
        QString asked;
        krw::testing::answerMessageBox(&dialog, [&asked](QMessageBox* box) {
            asked = box->text() + QLatin1Char('\n') + box->informativeText();
            QTest::keyClick(box, Qt::Key_Return); // the default: do not write
        });
        dialog.exportButton()->click();
        QVERIFY2(asked.contains(QStringLiteral("about "), Qt::CaseInsensitive), qPrintable(asked));
        QVERIFY(!QFile::exists(out));
        QVERIFY(dialog.exportButton()->isEnabled());

        krw::testing::answerMessageBox(&dialog, [](QMessageBox* box) {
            for (QAbstractButton* button : box->buttons()) {
                if (box->buttonRole(button) == QMessageBox::AcceptRole)
                    button->click();
            }
        });
        QVERIFY(exportNow(dialog));
        QVERIFY(QFile::exists(out));
    }

    // After an export, changing the format (or the cases, or the destination) clears what that
    // export said: "Exported … to x.html" must not stand under a destination x.md.
    void changedChoiceClearsTheLastStatus()
    {
        ExportDialog dialog(m_run, {});
        chooseFormat(dialog, ExportFormat::Csv);
        dialog.destinationEdit()->setText(m_dir.filePath(QStringLiteral("status.csv")));
        QVERIFY(exportNow(dialog));
        QVERIFY2(dialog.statusLabel()->text().contains(QStringLiteral("status.csv")), qPrintable(dialog.statusLabel()->text()));
        chooseFormat(dialog, ExportFormat::Markdown);
        QCOMPARE(dialog.destinationEdit()->text(), m_dir.filePath(QStringLiteral("status.md")));
        QCOMPARE(dialog.statusLabel()->text(), QString());

        QVERIFY(exportNow(dialog));
        QVERIFY2(dialog.statusLabel()->text().contains(QStringLiteral("status.md")), qPrintable(dialog.statusLabel()->text()));
        dialog.scopeBox()->setCurrentIndex(dialog.scopeBox()->findData(int(ExportScope::Failing)));
        QCOMPARE(dialog.statusLabel()->text(), QString());
    }

    // The estimate the question names is near what is written (within a factor of two).
    void estimateIsNearTheRealSize_data()
    {
        QTest::addColumn<int>("format");
        QTest::addRow("html") << int(ExportFormat::Html);
        QTest::addRow("pdf") << int(ExportFormat::Pdf);
        QTest::addRow("markdown") << int(ExportFormat::Markdown);
        QTest::addRow("csv") << int(ExportFormat::Csv);
        QTest::addRow("workspace") << int(ExportFormat::Workspace);
    }

    void estimateIsNearTheRealSize()
    {
        QFETCH(int, format);
        QVector<int> all;
        for (int i = 0; i < m_run->cases.size(); ++i)
            all << i;
        const qint64 estimate = estimateReportBytes(*m_run, all, ExportFormat(format));
        ExportDialog dialog(m_run, {});
        chooseFormat(dialog, ExportFormat(format));
        const QString out = m_dir.filePath(QStringLiteral("size-%1").arg(format)) + exportFormatExtension(ExportFormat(format));
        dialog.destinationEdit()->setText(out);
        QVERIFY(exportNow(dialog));
        qint64 written = 0;
        if (QFileInfo(out).isDir()) {
            QDirIterator it(out, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext())
                written += QFileInfo(it.next()).size();
        } else {
            written = QFileInfo(out).size();
        }
        QVERIFY2(written > 0, qPrintable(dialog.statusLabel()->text()));
        const double ratio = double(estimate) / double(written);
        qInfo("estimate %lld, written %lld (%.2f)", estimate, written, ratio);
        QVERIFY2(ratio > 0.5 && ratio < 2.0, qPrintable(QStringLiteral("estimate %1, written %2").arg(estimate).arg(written)));
    }
};

KRW_TEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
