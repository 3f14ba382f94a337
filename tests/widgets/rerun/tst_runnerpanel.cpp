// SPDX-License-Identifier: MIT
#include "code/codeview.h"
#include "code/syntaxsupport.h"
#include "rerun/diagnosticmodel.h"
#include "rerun/diagnosticparser.h"
#include "rerun/flaggedcelldelegate.h"
#include "rerun/kernelresourcemodel.h"
#include "rerun/kernelresourceparser.h"
#include "rerun/resultstore.h"
#include "rerun/runnerpanel.h"
#include "run/casetexts.h"
#include "run/runloader.h"
#include "samplecopy.h"
#include "theme/themes.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTimer>

using namespace krw;

class TestRunnerPanel : public QObject
{
    Q_OBJECT

private:
    SyntaxSupport m_syntax;
    QTemporaryDir m_dir;
    RunPtr m_run;

    // A copy of the sample, so results can be stored beside it.
    CaseTexts sampleCase(const QString& name)
    {
        if (!m_run) {
            if (!krw::test::copySampleRun(m_dir.path()))
                QTest::qFail("the sample run could not be copied", __FILE__, __LINE__);
            m_run = std::make_shared<const Run>(loadRunAtPath(m_dir.path()));
        }
        return readCaseTexts(m_run, m_run->indexOf(name));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void savedResultsReopenWithTheCase()
    {
        const CaseTexts texts = sampleCase(QStringLiteral("sin_kernel.py"));
        RerunResult saved;
        saved.caseName = QStringLiteral("sin_kernel.py");
        saved.versionId = QStringLiteral("it0:predict");
        saved.profile = QStringLiteral("compile-check");
        saved.started = QDateTime::currentDateTime();
        CompileStage compile;
        compile.diagnostics
            = DiagnosticParser::parseAll(QStringLiteral("k.hip:14:20: error: no matching function for call to 'fast_sin'\n"));
        saved.compile = compile;
        QString error;
        QVERIFY2(ResultStore::forRun(m_run->path, m_run->name).save(saved, &error), qPrintable(error));

        RunnerPanel panel(&m_syntax);
        panel.show();
        panel.setCase(texts, codeVersions(m_run->cases.at(texts.caseIndex)));
        QVERIFY(panel.shownResult());
        QCOMPARE(panel.shownResult()->verdict(), QStringLiteral("compile_failed"));
        QCOMPARE(panel.diagnosticsView()->model()->rowCount(), 1);
        // A diagnostic opens its line in the source of the version that was run.
        panel.diagnosticsView()->clicked(panel.diagnosticsView()->model()->index(0, 0));
        QCOMPARE(panel.sourceView()->textCursor().blockNumber(), 13);
        QVERIFY(panel.sourceView()->textCursor().block().text().contains(QStringLiteral("fast_sin")));
    }

    // Without bubblewrap the first rerun that would run code asks, once per session; "Don't run"
    // keeps the code from running for the rest of it, "Run unsandboxed" lets it run, recorded as such.
    void asksOnceBeforeRunningUnsandboxed()
    {
        const CaseTexts texts = sampleCase(QStringLiteral("sin_kernel.py"));
        QTemporaryDir noTools; // a PATH without bwrap
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", noTools.path().toUtf8());
        RunnerPanel::forgetUnsandboxedAnswer();
        RunnerPanel panel(&m_syntax);
        panel.show();
        panel.setCase(texts, codeVersions(m_run->cases.at(texts.caseIndex)));
        panel.selectProfile(QStringLiteral("cpu"));
        auto* verdict = panel.findChild<QLabel*>(QStringLiteral("rerunVerdict"));
        QVERIFY(verdict);

        // Answers the question when it comes, with the button named answer.
        int asked = 0;
        QString question;
        QString answer;
        QTimer answering;
        answering.setInterval(20);
        connect(&answering, &QTimer::timeout, this, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box)
                return;
            ++asked;
            question = box->text() + QLatin1Char('\n') + box->informativeText();
            for (QAbstractButton* button : box->buttons()) {
                if (button->text() == answer)
                    button->click();
            }
        });
        answering.start();

        answer = QStringLiteral("Don't run");
        panel.run();
        QCOMPARE(asked, 1);
        QVERIFY2(question.contains(QStringLiteral("bubblewrap (bwrap) is not installed")), qPrintable(question));
        QVERIFY2(question.contains(QStringLiteral("sudo apt install bubblewrap")), qPrintable(question));
        QVERIFY2(question.contains(QStringLiteral("read, change and delete your files")), qPrintable(question));
        QVERIFY(!panel.isRunning());
        QVERIFY2(verdict->text().startsWith(QStringLiteral("Not rerun: bubblewrap is not installed")), qPrintable(verdict->text()));
        verdict->clear();
        panel.run(); // the answer holds: not asked again, not run
        QCOMPARE(asked, 1);
        QVERIFY(!panel.isRunning());
        QVERIFY(verdict->text().startsWith(QStringLiteral("Not rerun")));

        RunnerPanel::forgetUnsandboxedAnswer(); // a new session
        answer = QStringLiteral("Run unsandboxed");
        QSignalSpy finished(&panel, &RunnerPanel::rerunFinished);
        panel.run();
        QCOMPARE(asked, 2);
        QVERIFY(panel.isRunning());
        const bool done = finished.wait(120000);
        if (done)
            panel.run(); // asked once per session, whatever the answer
        const bool runningAgain = panel.isRunning();
        panel.cancel();
        qputenv("PATH", path);
        QVERIFY(done);
        const auto result = finished.first().first().value<RerunResult>();
        QVERIFY(!result.sandboxed);
        QVERIFY2(result.sandboxNote.contains(QStringLiteral("running without it was allowed")), qPrintable(result.sandboxNote));
        QVERIFY(!result.failure.startsWith(QStringLiteral("not run: bubblewrap")));
        QCOMPARE(asked, 2);
        QVERIFY(runningAgain);
    }

    void localVersionsAreNewVersionsBesideTheResults()
    {
        const CaseTexts texts = sampleCase(QStringLiteral("softmax_row.py"));
        RunnerPanel panel(&m_syntax);
        panel.setCase(texts, codeVersions(m_run->cases.at(texts.caseIndex)));
        auto* version = panel.findChild<QComboBox*>(QStringLiteral("rerunVersion"));
        const int before = version->count();
        const QString id = panel.createLocalVersion(QStringLiteral("../fix 1"), QStringLiteral("// edited\n"));
        QCOMPARE(id, QStringLiteral("local:_._fix 1")); // sanitizedFileName: the name cannot leave its folder
        QCOMPARE(version->count(), before + 1);
        QCOMPARE(version->itemData(version->count() - 1).toString(), id);
        // The dataset files are untouched: the edit lives in the sidecar folder.
        const auto local = ResultStore::forRun(m_run->path, m_run->name).localVersions(QStringLiteral("softmax_row.py"));
        QCOMPARE(local.size(), 1);
        QVERIFY(local.first().startsWith(m_dir.path() + QStringLiteral("/.kernel-review/")));
    }

    // The kernel table: reopened from a saved result, flagged cells in the theme's problem colour
    // (following the palette), hidden when a result has no kernels.
    void kernelTable()
    {
        QFile log(QStringLiteral(KRW_TEST_DATA_DIR "/rerun/kernelresources/hipcc52-gfx90a-pressure.log"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const CaseTexts texts = sampleCase(QStringLiteral("block_sum.py"));
        RerunResult saved;
        saved.caseName = QStringLiteral("block_sum.py");
        saved.versionId = QStringLiteral("it1:predict");
        saved.profile = QStringLiteral("compile-check");
        saved.started = QDateTime::currentDateTime();
        CompileStage compile;
        compile.kernels = KernelResourceParser::parse(QString::fromUtf8(log.readAll()), QStringLiteral("gfx90a"));
        saved.compile = compile;
        QString error;
        QVERIFY2(ResultStore::forRun(m_run->path, m_run->name).save(saved, &error), qPrintable(error));

        RunnerPanel panel(&m_syntax);
        panel.show();
        QTableView* view = panel.kernelsView();
        QVERIFY(view->isHidden()); // nothing shown yet
        panel.setCase(texts, codeVersions(m_run->cases.at(texts.caseIndex)));
        QVERIFY(!view->isHidden());
        QCOMPARE(view->model()->rowCount(), 2);
        QCOMPARE(view->model()->index(0, KernelResourceModel::SharedColumn).data().toString(), QStringLiteral("72 KiB > 64 KiB"));

        auto* delegate = qobject_cast<FlaggedCellDelegate*>(view->itemDelegate());
        QVERIFY(delegate);
        auto styleOf = [&](int row, int column) {
            QStyleOptionViewItem option;
            option.initFrom(view);
            delegate->initStyleOption(&option, view->model()->index(row, column));
            return option;
        };
        const QStyleOptionViewItem overLimit = styleOf(0, KernelResourceModel::SharedColumn);
        QCOMPARE(overLimit.palette.color(QPalette::Text), problemTextColor(view->palette()));
        QVERIFY(overLimit.font.bold());
        QCOMPARE(styleOf(1, KernelResourceModel::SpillsColumn).palette.color(QPalette::Text), problemTextColor(view->palette()));
        const QStyleOptionViewItem plain = styleOf(1, KernelResourceModel::SharedColumn);
        QVERIFY(plain.palette.color(QPalette::Text) != problemTextColor(view->palette()));
        QVERIFY(!plain.font.bold());
        view->setPalette(darkPalette()); // read at paint time: a dark theme gets its own red
        QCOMPARE(styleOf(0, KernelResourceModel::SharedColumn).palette.color(QPalette::Text), problemTextColor(darkPalette()));
        QVERIFY(problemTextColor(darkPalette()) != problemTextColor(lightPalette()));

        RerunResult none = saved;
        none.compile->kernels.clear();
        panel.showResult(none);
        QVERIFY(view->isHidden());
        QCOMPARE(view->model()->rowCount(), 0);
    }
};

QTEST_MAIN(TestRunnerPanel)
#include "tst_runnerpanel.moc"
