// SPDX-License-Identifier: MIT
#include "examplereruns.h"
#include "models/rerun/calltimingmodel.h"
#include "models/rerun/checkmodel.h"
#include "models/rerun/diagnosticmodel.h"
#include "models/rerun/diagnosticparser.h"
#include "models/rerun/kernelresourcemodel.h"
#include "models/rerun/kernelresourceparser.h"
#include "models/rerun/resultstore.h"
#include "models/run/casetexts.h"
#include "models/run/runloader.h"
#include "samplecopy.h"
#include "widgets/code/codeview.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/plots/errorplot.h"
#include "widgets/plots/timingplot.h"
#include "widgets/rerun/calltimingview.h"
#include "widgets/rerun/checksview.h"
#include "widgets/rerun/flaggedcelldelegate.h"
#include "widgets/rerun/profiledialog.h"
#include "widgets/rerun/runnerpanel.h"
#include "widgets/rerun/speeduplabel.h"
#include "widgets/rerun/verdictlabel.h"
#include "widgets/settings/settings.h"
#include "widgets/theme/themes.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>

#include <functional>
#include <unistd.h>

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

    // Sets the case and waits until its stored results and local versions, read on a worker, are in.
    static bool setCase(RunnerPanel& panel, const CaseTexts& texts, const QVector<CodeVersion>& versions)
    {
        QSignalSpy loaded(&panel, &RunnerPanel::caseFilesLoaded);
        panel.setCase(texts, versions);
        return !texts.run || loaded.wait(10000);
    }

    // The panel shown with a case of the sample (sampleCase) set, and the profile chosen when one is named.
    CaseTexts showSampleCase(RunnerPanel& panel, const QString& name, const QString& profile = {})
    {
        const CaseTexts texts = sampleCase(name);
        panel.show();
        if (!setCase(panel, texts, codeVersions(m_run->cases.at(texts.caseIndex))))
            QTest::qFail("the case's stored results were not read", __FILE__, __LINE__);
        if (!profile.isEmpty())
            panel.selectProfile(profile);
        return texts;
    }

    // The checks table's row of a check, as the panel shows it: name → {state, what was seen}.
    static QMap<QString, QStringList> checkCells(const QTableView* view)
    {
        QMap<QString, QStringList> cells;
        const QAbstractItemModel* m = view->model();
        for (int row = 0; row < m->rowCount(); ++row)
            cells.insert(m->index(row, CheckModel::CheckColumn).data().toString(),
                {m->index(row, CheckModel::StateColumn).data().toString(), m->index(row, CheckModel::SeenColumn).data().toString()});
        return cells;
    }

    static QColor paintedTextColor(const QTableView* view, int row, int column)
    {
        auto* delegate = qobject_cast<FlaggedCellDelegate*>(view->itemDelegate());
        if (!delegate)
            return {};
        QStyleOptionViewItem option;
        option.initFrom(view);
        delegate->initStyleOption(&option, view->model()->index(row, column));
        return option.palette.color(QPalette::Text);
    }

    static int rowOf(const QTableView* view, const QString& check)
    {
        const QAbstractItemModel* m = view->model();
        for (int row = 0; row < m->rowCount(); ++row) {
            if (m->index(row, CheckModel::CheckColumn).data().toString() == check)
                return row;
        }
        return -1;
    }

    // The line that shows compile → correctness → timing.
    static QString stageText(const RunnerPanel& panel)
    {
        const auto labels = panel.findChildren<QLabel*>();
        for (const QLabel* label : labels) {
            if (label->text().contains(QStringLiteral("correctness")))
                return label->text();
        }
        return {};
    }

    static QPushButton* button(const QWidget& parent, const QString& text)
    {
        const auto buttons = parent.findChildren<QPushButton*>();
        for (QPushButton* b : buttons) {
            if (b->text() == text)
                return b;
        }
        return nullptr;
    }

    // A result with something on every page: verdict, speedup, checks, calls, accuracy,
    // diagnostics, kernels, plots and a log.
    static RerunResult fullResult(const QString& caseName, const QString& versionId, const QString& profile)
    {
        RerunResult r = test::flaggedPassRerun(caseName);
        r.versionId = versionId;
        r.baselineId = QStringLiteral("label");
        r.profile = profile;
        r.started = QDateTime::currentDateTime();
        r.compile->diagnostics = DiagnosticParser::parseAll(QStringLiteral("k.hip:3:1: warning: unused variable 'x'\n"));
        r.compile->log = QStringLiteral("compiler said something\n");
        r.harnessLog = QStringLiteral("harness said something\n");
        KernelResourceUsage kernel;
        kernel.name = QStringLiteral("sin_kernel");
        r.compile->kernels = {kernel};
        return r;
    }

    // Every detail page of the panel is empty: nothing of another result is left behind.
    static void verifyNothingShown(RunnerPanel& panel)
    {
        QVERIFY(!panel.shownResult());
        QVERIFY(panel.speedupLabel()->isHidden());
        QCOMPARE(panel.checksView()->model()->rowCount(), 0);
        QCOMPARE(panel.callsView()->table()->model()->rowCount(), 0);
        QCOMPARE(panel.diagnosticsView()->model()->rowCount(), 0);
        QVERIFY(panel.kernelsView()->isHidden());
        QCOMPARE(panel.kernelsView()->model()->rowCount(), 0);
        auto* log = panel.findChild<QPlainTextEdit*>(QStringLiteral("rerunLog"));
        QVERIFY(log);
        QCOMPARE(log->toPlainText(), QString());
        QVERIFY(panel.timingPlot()->isEmptyState());
        QVERIFY(panel.errorPlot()->isEmptyState());
        const auto tables = panel.findChildren<QTableView*>();
        for (const QTableView* table : tables) // accuracy and the rest
            QVERIFY2(!table->model() || table->model()->rowCount() == 0, qPrintable(table->objectName()));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        Settings::instance()->setToolchainProfiles(defaultProfiles());
        Settings::instance()->setLastProfile(QStringLiteral("compile-check"));
    }

    void savedResultsReopenWithTheCase()
    {
        const CaseTexts texts = sampleCase(QStringLiteral("sin_kernel.py"));
        RerunResult saved;
        saved.caseName = QStringLiteral("sin_kernel.py");
        saved.versionId = QStringLiteral("it0:predict");
        saved.baselineId = QStringLiteral("label");
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
        QVERIFY(setCase(panel, texts, codeVersions(m_run->cases.at(texts.caseIndex))));
        panel.selectProfile(QStringLiteral("compile-check"));
        panel.selectVersion(QStringLiteral("it0:predict"));
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
        QVERIFY(setCase(panel, texts, codeVersions(m_run->cases.at(texts.caseIndex))));
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
        QVERIFY(setCase(panel, texts, codeVersions(m_run->cases.at(texts.caseIndex))));
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

    // A local version that cannot be read is named in the chooser, greyed, with the reason; the
    // readable ones stay choosable.
    void anUnreadableLocalVersionIsNamedNotDropped()
    {
        const CaseTexts texts = sampleCase(QStringLiteral("softmax_row.py"));
        RunnerPanel panel(&m_syntax);
        QVERIFY(setCase(panel, texts, codeVersions(m_run->cases.at(texts.caseIndex))));
        panel.createLocalVersion(QStringLiteral("readable"), QStringLiteral("// edited\n"));
        const auto local = ResultStore::forRun(m_run->path, m_run->name).localVersions(QStringLiteral("softmax_row.py"));
        const QString folder = QFileInfo(local.value(QStringLiteral("readable"))).path();
        QVERIFY(!folder.isEmpty());
        const QString unreadable = folder + QStringLiteral("/unreadable");
        // Root reads any file its mode forbids, except a sysctl the kernel makes write-only.
        if (::geteuid() == 0) {
            QVERIFY(QFile::link(QStringLiteral("/proc/sys/vm/compact_memory"), unreadable));
        } else {
            QFile file(unreadable);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.close();
            QVERIFY(file.setPermissions(QFileDevice::WriteOwner));
        }
        QFile probe(unreadable);
        if (!QFileInfo(unreadable).isFile() || probe.open(QIODevice::ReadOnly)) {
            QFile::remove(unreadable); // the cases after this one find the folder as it was
            QFile::remove(local.value(QStringLiteral("readable")));
            QSKIP("no file here that this user cannot read (the sysctl is missing, or readable)");
        }
        QVERIFY(setCase(panel, texts, codeVersions(m_run->cases.at(texts.caseIndex))));
        auto* version = panel.findChild<QComboBox*>(QStringLiteral("rerunVersion"));
        auto* items = qobject_cast<QStandardItemModel*>(version->model());
        QVERIFY(items);
        int named = -1;
        for (int i = 0; i < version->count(); ++i) {
            if (version->itemText(i).contains(unreadable))
                named = i;
        }
        QVERIFY2(named >= 0, "the unreadable version is not named");
        QVERIFY(version->itemText(named).startsWith(QStringLiteral("(cannot be read) ")));
        QVERIFY(!items->item(named)->isEnabled());
        QVERIFY(version->findData(QStringLiteral("local:readable")) >= 0);
        QVERIFY(QFile::remove(unreadable));
        QVERIFY(QFile::remove(local.value(QStringLiteral("readable"))));
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
        saved.baselineId = QStringLiteral("label");
        saved.profile = QStringLiteral("compile-check");
        saved.started = QDateTime::currentDateTime();
        CompileStage compile;
        compile.kernels = KernelResourceParser::parse(QString::fromUtf8(log.readAll()), QStringLiteral("gfx90a"));
        QVERIFY(compile.kernels.size() == 2);
        // Template kernels have long names, as layer_norm_fwd's do.
        compile.kernels[1].demangledName
            = QStringLiteral("void layer_norm_fwd_kernel<false>(float const*, float*, float const*, float const*, long, float)");
        saved.compile = compile;
        QString error;
        QVERIFY2(ResultStore::forRun(m_run->path, m_run->name).save(saved, &error), qPrintable(error));

        RunnerPanel panel(&m_syntax);
        panel.show();
        QTableView* view = panel.kernelsView();
        QVERIFY(view->isHidden()); // nothing shown yet
        panel.selectProfile(QStringLiteral("compile-check"));
        QVERIFY(setCase(panel, texts, codeVersions(m_run->cases.at(texts.caseIndex))));
        QVERIFY(!view->isHidden());
        QCOMPARE(view->model()->rowCount(), 2);
        QCOMPARE(view->model()->index(0, KernelResourceModel::SharedColumn).data().toString(), QStringLiteral("72 KiB > 64 KiB"));
        // In a panel as wide as at 1400 px, every number column is in view: the kernel name gives way,
        // also when the table appears with a result that arrives while the panel is shown.
        panel.resize(870, 700);
        RerunResult withoutKernels = saved;
        withoutKernels.compile->kernels.clear();
        panel.showResult(withoutKernels);
        QVERIFY(view->isHidden());
        panel.showResult(saved);
        QVERIFY(!view->isHidden());
        QTRY_VERIFY(view->horizontalHeader()->length() <= view->viewport()->width());
        for (int column = 0; column < view->model()->columnCount(); ++column)
            QVERIFY2(view->columnWidth(column) > 0, qPrintable(QString::number(column)));

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

    // Issue 9 and 31: a suspect pass never looks like a pass. Reopened from the store, it reads
    // "Suspect — output_reused; notes: launch_bound" in the problem colour, opens on the Checks page,
    // each flagged check shows what was seen, and its speedup says it does not count.
    void flaggedPassShowsWarningsAndWhatWasSeen()
    {
        const CaseTexts texts = sampleCase(QStringLiteral("leaky_relu.py"));
        QString error;
        QVERIFY2(ResultStore::forRun(m_run->path, m_run->name).save(test::flaggedPassRerun(QStringLiteral("leaky_relu.py")), &error),
            qPrintable(error));
        RunnerPanel panel(&m_syntax);
        panel.show();
        QVERIFY(setCase(panel, texts, codeVersions(m_run->cases.at(texts.caseIndex))));
        panel.selectProfile(QStringLiteral("hip-nvidia")); // the saved result's

        VerdictLabel* verdict = panel.verdictLabel();
        QCOMPARE(verdict->text(), QStringLiteral("⚠ Verdict: Suspect — output_reused; notes: launch_bound"));
        QCOMPARE(verdict->tone(), VerdictLabel::Tone::Problem);
        QCOMPARE(verdict->palette().color(QPalette::WindowText), problemTextColor(panel.palette()));
        QVERIFY(verdict->toolTip().contains(QStringLiteral("call_kernel#0: the second call returned the first call's storage")));
        QCOMPARE(panel.currentDetailsPage(), panel.checksView());

        QTableView* checks = panel.checksView()->table();
        QVERIFY(!checks->isHidden());
        const auto cells = checkCells(checks);
        QCOMPARE(cells.size(), 11); // the nine checks of the battery and the two timing flags
        QCOMPARE(cells.value(QStringLiteral("output_reused")),
            (QStringList{QStringLiteral("flagged"), QStringLiteral("call_kernel#0: the second call returned the first call's storage")}));
        QCOMPARE(cells.value(QStringLiteral("launch_bound")),
            (QStringList{QStringLiteral("note"),
                QStringLiteral(
                    "call_kernel#0: baseline: kernels 0.0057 ms of a 0.43 ms call; candidate: kernels 0.0045 ms of a 0.39 ms call")}));
        // A check that could not run is not clean, and one turned off says so.
        QCOMPARE(cells.value(QStringLiteral("nondeterministic")).value(0), QStringLiteral("could not run"));
        QVERIFY(cells.value(QStringLiteral("nondeterministic")).value(1).contains(QStringLiteral("illegal memory access")));
        QCOMPARE(cells.value(QStringLiteral("implausible_speedup")).value(0), QStringLiteral("off"));
        QCOMPARE(cells.value(QStringLiteral("input_mutated")), (QStringList{QStringLiteral("clean"), QStringLiteral("nothing seen")}));
        QCOMPARE(cells.value(QStringLiteral("beyond_peak")).value(0), QStringLiteral("clean"));
        QVERIFY(panel.checksView()->summary()->text().startsWith(
            QStringLiteral("Checks: 1 flagged, 1 note, 1 could not run, 7 clean, 1 off.")));
        // Flagged and could-not-run rows in the problem colour; clean ones not.
        const QColor problem = problemTextColor(checks->palette());
        QCOMPARE(paintedTextColor(checks, rowOf(checks, QStringLiteral("output_reused")), CheckModel::StateColumn), problem);
        QCOMPARE(paintedTextColor(checks, rowOf(checks, QStringLiteral("nondeterministic")), CheckModel::CheckColumn), problem);
        QVERIFY(paintedTextColor(checks, rowOf(checks, QStringLiteral("input_mutated")), CheckModel::StateColumn) != problem);

        // The speedup with what it rests on: device time, interval, call time, where it came from.
        QVERIFY(!panel.speedupLabel()->isHidden());
        QCOMPARE(panel.speedupLabel()->text(),
            QStringLiteral("Speedup 1.25× [1.23–1.28] device time · call time 1.11× · torch.profiler (device activities) · suspect: "
                           "does not count"));
        QVERIFY(panel.speedupLabel()->toolTip().contains(QStringLiteral("Peak bandwidth 3350 GB/s")));
        // Per call: device time, call time, bandwidth and the flag, flagged cells marked.
        QTableView* calls = panel.callsView()->table();
        QCOMPARE(calls->model()->rowCount(), 1);
        QCOMPARE(calls->model()->index(0, CallTimingModel::FlagsColumn).data().toString(), QStringLiteral("launch_bound"));
        QCOMPARE(calls->model()->index(0, CallTimingModel::SpeedupColumn).data().toString(), QStringLiteral("1.25× [1.20–1.30]"));
        QCOMPARE(calls->model()->index(0, CallTimingModel::CallTimeColumn).data().toString(), QStringLiteral("1.11×"));
        QVERIFY(paintedTextColor(calls, 0, CallTimingModel::FlagsColumn) != problem); // launch_bound is a note
        const QString tip = calls->model()->index(0, CallTimingModel::CallColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("candidate device time: p50 0.0045 ms")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("call time p50 0.39 ms")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("% of peak")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("kernel sin_kernel: 0.0045 ms (own)")), qPrintable(tip));

        // The colour follows the palette: a dark theme gets its own red.
        panel.setPalette(darkPalette());
        QCOMPARE(verdict->palette().color(QPalette::WindowText), problemTextColor(darkPalette()));
        QVERIFY(problemTextColor(darkPalette()) != problemTextColor(lightPalette()));
    }

    // Issue 3: after "Edit copy → Save as local version" the panel shows the new version, which
    // has not been rerun; nothing of the prediction's result stays on screen.
    void editedCopyShowsNoRerunOfItYet()
    {
        const CaseTexts texts = sampleCase(QStringLiteral("softmax_row.py"));
        const QVector<CodeVersion> versions = codeVersions(m_run->cases.at(texts.caseIndex));
        RunnerPanel panel(&m_syntax);
        panel.show();
        QVERIFY(setCase(panel, texts, versions));
        panel.selectProfile(QStringLiteral("compile-check"));
        auto* version = panel.findChild<QComboBox*>(QStringLiteral("rerunVersion"));
        const QString predictId = version->currentData().toString();
        QVERIFY(predictId.endsWith(QStringLiteral(":predict")));
        RerunResult wrong = fullResult(QStringLiteral("softmax_row.py"), predictId, QStringLiteral("compile-check"));
        wrong.accuracy->ok = false;
        wrong.timing->speedup = 1.34;
        QString error;
        QVERIFY2(ResultStore::forRun(m_run->path, m_run->name).save(wrong, &error), qPrintable(error));
        QVERIFY(setCase(panel, texts, versions)); // reopens with the stored result
        QVERIFY(panel.shownResult());
        QCOMPARE(panel.shownResult()->versionId, predictId);

        const QString id = panel.createLocalVersion(QStringLiteral("mine"), QStringLiteral("// edited\n"));
        panel.selectVersion(id);
        QCOMPARE(version->currentData().toString(), id);
        QCOMPARE(panel.verdictLabel()->text(),
            QStringLiteral("No rerun of Local edit · mine against Label (ground truth) with compile-check yet."));
        verifyNothingShown(panel);

        panel.selectVersion(predictId); // and back: the stored result is found again
        QVERIFY(panel.shownResult());
        QCOMPARE(panel.shownResult()->versionId, predictId);
        QVERIFY(!panel.speedupLabel()->isHidden());
    }

    // Issue 3: a stored result of another profile or baseline is not shown as this one's.
    void resultIsKeyedByVersionBaselineAndProfile()
    {
        const CaseTexts texts = sampleCase(QStringLiteral("rms_norm.py"));
        const QVector<CodeVersion> versions = codeVersions(m_run->cases.at(texts.caseIndex));
        RunnerPanel panel(&m_syntax);
        panel.show();
        QVERIFY(setCase(panel, texts, versions));
        auto* version = panel.findChild<QComboBox*>(QStringLiteral("rerunVersion"));
        auto* baseline = panel.findChild<QComboBox*>(QStringLiteral("rerunBaseline"));
        const QString predictId = version->currentData().toString();
        QString error;
        QVERIFY2(ResultStore::forRun(m_run->path, m_run->name)
                     .save(fullResult(QStringLiteral("rms_norm.py"), predictId, QStringLiteral("cpu")), &error),
            qPrintable(error));

        // Opening the case offers the profile its stored result used (a batch ran it with cpu; the
        // last profile chosen here was compile-check), so the result shows rather than "No rerun".
        panel.selectProfile(QStringLiteral("compile-check"));
        QVERIFY(setCase(panel, texts, versions));
        QCOMPARE(panel.findChild<QComboBox*>(QStringLiteral("rerunProfile"))->currentText(), QStringLiteral("cpu"));
        QVERIFY(panel.shownResult());
        QCOMPARE(panel.shownResult()->profile, QStringLiteral("cpu"));
        // Choosing compile-check: not that result, and the panel says which profile the stored one used.
        panel.selectProfile(QStringLiteral("compile-check"));
        QVERIFY2(panel.verdictLabel()->text().startsWith(QStringLiteral("No rerun of ")), qPrintable(panel.verdictLabel()->text()));
        QVERIFY2(panel.verdictLabel()->text().contains(QStringLiteral(" with compile-check yet; the newest stored one used profile cpu (")),
            qPrintable(panel.verdictLabel()->text()));
        verifyNothingShown(panel);

        panel.selectProfile(QStringLiteral("cpu"));
        QVERIFY(panel.shownResult());
        QCOMPARE(panel.shownResult()->profile, QStringLiteral("cpu"));
        QVERIFY(!panel.speedupLabel()->isHidden());

        // Another baseline: not this result either.
        const int other = baseline->findData(predictId);
        QVERIFY(other >= 0);
        baseline->setCurrentIndex(other);
        QVERIFY2(panel.verdictLabel()->text().startsWith(QStringLiteral("No rerun of ")), qPrintable(panel.verdictLabel()->text()));
        verifyNothingShown(panel);
    }

    // A batch stores results without the panel: the result of what is chosen shows once written,
    // also for a case that had no result folder yet, without choosing the case again.
    void resultStoredByABatchShowsWithoutReselecting()
    {
        RunnerPanel panel(&m_syntax);
        // The tab offers the last profile chosen (compile-check); the batch runs with cpu.
        showSampleCase(panel, QStringLiteral("embedding_gather.py"), QStringLiteral("compile-check"));
        auto* profile = panel.findChild<QComboBox*>(QStringLiteral("rerunProfile"));
        QCOMPARE(profile->currentText(), QStringLiteral("compile-check"));
        const QString predictId = panel.findChild<QComboBox*>(QStringLiteral("rerunVersion"))->currentData().toString();
        QVERIFY2(panel.verdictLabel()->text().startsWith(QStringLiteral("No rerun of ")), qPrintable(panel.verdictLabel()->text()));
        const ResultStore store = ResultStore::forRun(m_run->path, m_run->name);
        QVERIFY(!QFileInfo::exists(store.resultsFolder(QStringLiteral("embedding_gather.py"))));

        QString error;
        QVERIFY2(
            store.save(fullResult(QStringLiteral("embedding_gather.py"), predictId, QStringLiteral("cpu")), &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(panel.shownResult().has_value(), 10000);
        QCOMPARE(panel.shownResult()->profile, QStringLiteral("cpu"));
        QCOMPARE(profile->currentText(), QStringLiteral("cpu")); // the stored result's profile is offered
        QVERIFY(!panel.verdictLabel()->text().startsWith(QStringLiteral("No rerun of ")));
    }

    // Hidden (another case tab in front) the panel watches no folder; shown, it watches the case's
    // and shows what a batch stored for the chosen version meanwhile.
    void resultStoredWhileHiddenShowsWhenShown()
    {
        const CaseTexts texts = sampleCase(QStringLiteral("leaky_relu.py"));
        QWidget window;
        auto* layout = new QVBoxLayout(&window);
        auto* panel = new RunnerPanel(&m_syntax);
        layout->addWidget(panel);
        window.show();
        panel->hide(); // as behind another tab
        QVERIFY(setCase(*panel, texts, codeVersions(m_run->cases.at(texts.caseIndex))));
        panel->selectProfile(QStringLiteral("cpu"));
        QVERIFY(panel->watchedFolders().isEmpty());
        QVERIFY(!panel->shownResult());
        const QString predictId = panel->findChild<QComboBox*>(QStringLiteral("rerunVersion"))->currentData().toString();
        const ResultStore store = ResultStore::forRun(m_run->path, m_run->name);
        QString error;
        QVERIFY2(store.save(fullResult(QStringLiteral("leaky_relu.py"), predictId, QStringLiteral("cpu")), &error), qPrintable(error));
        QCoreApplication::processEvents();
        QVERIFY(panel->watchedFolders().isEmpty());
        panel->show();
        QCOMPARE(panel->watchedFolders().size(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(panel->shownResult().has_value(), 10000);
        QCOMPARE(panel->shownResult()->profile, QStringLiteral("cpu"));
        panel->hide();
        QVERIFY(panel->watchedFolders().isEmpty());
    }

    // Issue 3: before any run nothing reads as done; stages a result did not reach read "not run".
    void stageLineShowsStagesNotRunAsNotRun()
    {
        RunnerPanel panel(&m_syntax);
        showSampleCase(panel, QStringLiteral("flash_decode_stage2.py"), QStringLiteral("compile-check"));
        QString line = stageText(panel);
        QVERIFY2(!line.contains(QStringLiteral("✓")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("compile not run")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("timing not run")), qPrintable(line));

        RerunResult compiled;
        compiled.caseName = QStringLiteral("flash_decode_stage2.py");
        compiled.compile = CompileStage{};
        compiled.compile->ok = true;
        panel.showResult(compiled);
        line = stageText(panel);
        QVERIFY2(line.contains(QStringLiteral("✓ compile")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("correctness not run")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("timing not run")), qPrintable(line));
    }

    // Issue 3: Run is off, with a reason, when the chosen version has no text.
    void runIsDisabledForAnEmptyVersion()
    {
        RunnerPanel panel(&m_syntax);
        showSampleCase(panel, QStringLiteral("layer_norm_fwd.py"));
        QPushButton* run = button(panel, QStringLiteral("Run"));
        QVERIFY(run);
        QVERIFY(run->isEnabled());
        const QString id = panel.createLocalVersion(QStringLiteral("empty"), QString());
        panel.selectVersion(id);
        QVERIFY(!run->isEnabled());
        QVERIFY2(run->toolTip().contains(QStringLiteral("empty")), qPrintable(run->toolTip()));

        // A case without any version to run (no prediction in any iteration).
        const CaseTexts none = sampleCase(QStringLiteral("rotary_emb.py"));
        QVERIFY(setCase(panel, none, codeVersions(m_run->cases.at(none.caseIndex))));
        auto* version = panel.findChild<QComboBox*>(QStringLiteral("rerunVersion"));
        QCOMPARE(version->count(), 0);
        QVERIFY(!run->isEnabled());
        QCOMPARE(run->toolTip(), QStringLiteral("This case has no version to rerun."));
        QCOMPARE(panel.verdictLabel()->text(), QStringLiteral("This case has no version to rerun."));
        panel.run(); // does nothing
        QVERIFY(!panel.isRunning());
    }

    // Issue 3: a result that arrives after the selection moved on is stored, and shown only
    // when its own version, baseline and profile are chosen again.
    void resultOfAnEarlierSelectionIsStoredNotShown()
    {
        ToolchainProfile broken = defaultProfile(ToolchainProfile::Kind::CompileCheck);
        broken.name = QStringLiteral("broken");
        broken.python = QStringLiteral("/nonexistent-krw/python3");
        broken.compiler = QStringLiteral("/nonexistent-krw/hipcc");
        broken.sandbox = false;
        Settings::instance()->setToolchainProfiles(defaultProfiles() + QVector<ToolchainProfile>{broken});
        RunnerPanel panel(&m_syntax);
        showSampleCase(panel, QStringLiteral("block_sum.py"), QStringLiteral("broken"));
        auto* version = panel.findChild<QComboBox*>(QStringLiteral("rerunVersion"));
        QVERIFY(version->count() >= 2);
        const QString first = version->itemData(0).toString();
        const QString second = version->itemData(1).toString();
        panel.selectVersion(first);
        const int stored = ResultStore::forRun(m_run->path, m_run->name).history(QStringLiteral("block_sum.py")).size();

        QSignalSpy finished(&panel, &RunnerPanel::rerunFinished);
        panel.run();
        QVERIFY(panel.isRunning());
        panel.selectVersion(second);
        QVERIFY(finished.wait(60000));
        const auto result = finished.first().first().value<RerunResult>();
        QCOMPARE(result.versionId, first);
        QCOMPARE(ResultStore::forRun(m_run->path, m_run->name).history(QStringLiteral("block_sum.py")).size(), stored + 1);
        QVERIFY2(panel.verdictLabel()->text().startsWith(QStringLiteral("No rerun of ")), qPrintable(panel.verdictLabel()->text()));
        QVERIFY(!panel.shownResult());

        panel.selectVersion(first);
        QVERIFY(panel.shownResult());
        QCOMPARE(panel.shownResult()->started, result.started);
        Settings::instance()->setToolchainProfiles(defaultProfiles());
        Settings::instance()->setLastProfile(QStringLiteral("compile-check"));
    }

    // The sandbox marker: plain words every font can show, the style's warning icon beside
    // "Not sandboxed", and the note as tooltip.
    void sandboxMarkerIsPlainTextWithTheStylesIcon()
    {
        RunnerPanel panel(&m_syntax);
        panel.show();
        RerunResult r = test::cleanPassRerun(QStringLiteral("sin_kernel.py"));
        r.candidateRun = SideRun{true, {}, 1.0};
        r.sandboxed = false;
        r.sandboxNote = QStringLiteral("not sandboxed: the sandbox is turned off in profile cpu");
        panel.showResult(r);
        auto* marker = panel.findChild<QLabel*>(QStringLiteral("rerunSandbox"));
        QVERIFY(marker);
        QCOMPARE(marker->text(), QStringLiteral("Not sandboxed"));
        QCOMPARE(marker->toolTip(), r.sandboxNote);
        auto* icon = panel.findChild<QLabel*>(QStringLiteral("rerunSandboxIcon"));
        QVERIFY(icon);
        QVERIFY(!icon->isHidden());
        QVERIFY(!icon->pixmap(Qt::ReturnByValue).isNull());
        r.sandboxed = true;
        r.sandboxNote = QStringLiteral("sandboxed with bubblewrap");
        panel.showResult(r);
        QCOMPARE(marker->text(), QStringLiteral("Sandboxed"));
        QVERIFY(icon->isHidden());
        for (const QChar c : marker->text())
            QVERIFY(c.unicode() < 0x80);
        // Where it ran: this machine, and the device a batch handed it.
        auto* where = panel.findChild<QLabel*>(QStringLiteral("rerunWhere"));
        QVERIFY(where);
        QCOMPARE(where->text(), QStringLiteral("Ran: local"));
        r.environment.insert(QStringLiteral("visible_devices"), QStringLiteral("HIP_VISIBLE_DEVICES=1"));
        panel.showResult(r);
        QCOMPARE(where->text(), QStringLiteral("Ran: local, HIP_VISIBLE_DEVICES=1"));
    }

    // Edit copy: a code editor (line numbers, the project's highlighting), named in the same
    // window, saved as a local version or cancelled; edits are not thrown away without asking.
    void editCopyIsARealEditor()
    {
        RunnerPanel panel(&m_syntax);
        showSampleCase(panel, QStringLiteral("leaky_relu.py"));
        auto* version = panel.findChild<QComboBox*>(QStringLiteral("rerunVersion"));
        const QString original = version->currentData().toString();
        QPushButton* edit = button(panel, QStringLiteral("Edit copy…"));
        QVERIFY(edit);

        // Each step handles the next modal window that opens; the last one found is kept.
        QStringList seen;
        QVector<std::function<bool(QWidget*)>> steps;
        QTimer driver;
        driver.setInterval(20);
        QPointer<QWidget> last;
        connect(&driver, &QTimer::timeout, this, [&] {
            QWidget* modal = QApplication::activeModalWidget();
            if (!modal || modal == last || steps.isEmpty())
                return;
            last = modal;
            seen << QString::fromLatin1(modal->metaObject()->className());
            if (!steps.takeFirst()(modal)) { // not the window the step expects: close it, and stop
                steps.clear();
                if (auto* dialog = qobject_cast<QDialog*>(modal))
                    QTimer::singleShot(0, dialog, &QDialog::reject);
            }
        });
        driver.start();
        auto buttonIn = [](QWidget* w, const QString& text) -> QAbstractButton* {
            const auto buttons = w->findChildren<QAbstractButton*>();
            for (QAbstractButton* b : buttons) {
                if (b->text().remove(QLatin1Char('&')) == text)
                    return b;
            }
            return nullptr;
        };

        // Cancel with edits: asked; "Keep editing" keeps the window, then Save.
        QString editorState;
        steps << [&](QWidget* dialog) {
            auto* editor = dialog->findChild<CodeView*>();
            if (!editor)
                return false;
            editorState = QStringLiteral("%1 %2 %3").arg(editor->isReadOnly()).arg(editor->gutterWidth() > 0).arg(editor->blockCount() > 1);
            auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("localVersionName"));
            if (name)
                name->setText(QStringLiteral("tuned"));
            editor->moveCursor(QTextCursor::End);
            editor->insertPlainText(QStringLiteral("// tuned\n"));
            QAbstractButton* cancel = buttonIn(dialog, QStringLiteral("Cancel"));
            if (cancel)
                QTimer::singleShot(0, cancel, &QAbstractButton::click);
            return cancel != nullptr;
        };
        steps << [&](QWidget* box) {
            QAbstractButton* keep = buttonIn(box, QStringLiteral("Keep editing"));
            if (keep)
                QTimer::singleShot(0, keep, &QAbstractButton::click);
            last = nullptr; // the editor comes back to the top
            return keep != nullptr;
        };
        steps << [&](QWidget* dialog) {
            QAbstractButton* save = buttonIn(dialog, QStringLiteral("Save as local version"));
            if (save)
                QTimer::singleShot(0, save, &QAbstractButton::click);
            return save != nullptr;
        };
        edit->click();
        driver.stop();
        QCOMPARE(editorState, QStringLiteral("0 1 1")); // editable, numbered, the version's text
        QVERIFY2(seen.value(1) == QStringLiteral("QMessageBox"), qPrintable(seen.join(QLatin1Char(' '))));
        QCOMPARE(version->currentData().toString(), QStringLiteral("local:tuned"));
        const auto local = ResultStore::forRun(m_run->path, m_run->name).localVersions(QStringLiteral("leaky_relu.py"));
        QFile saved(local.value(QStringLiteral("tuned")));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(saved.readAll().endsWith("// tuned\n"));
        panel.selectVersion(original);

        // Cancel without edits closes at once, and nothing is saved.
        steps.clear();
        seen.clear();
        last = nullptr;
        steps << [&](QWidget* dialog) {
            QAbstractButton* cancel = buttonIn(dialog, QStringLiteral("Cancel"));
            if (cancel)
                QTimer::singleShot(0, cancel, &QAbstractButton::click);
            return cancel != nullptr;
        };
        driver.start();
        edit->click();
        driver.stop();
        QCOMPARE(seen.size(), 1);
        QCOMPARE(version->currentData().toString(), original);
    }

    // An empty Python field is automatic: the placeholder says so, and a line under it shows what
    // PythonFinder found (here an active virtualenv's fake python), found off the UI thread.
    void profileDialogShowsTheAutomaticPython()
    {
        QTemporaryDir venv;
        const QString python = venv.filePath(QStringLiteral("bin/python"));
        QVERIFY(QDir().mkpath(venv.filePath(QStringLiteral("bin"))));
        QFile script(python);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\necho 'KRW-PYTHON {\"python\": \"3.11.2\", \"torch\": \"2.5.1+cu121\", "
                     "\"cuda_available\": true, \"cuda\": \"12.1\"}'\n");
        script.close();
        script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        const QByteArray oldVenv = qgetenv("VIRTUAL_ENV");
        qputenv("VIRTUAL_ENV", venv.path().toUtf8());
        ProfileDialog dialog; // reads VIRTUAL_ENV when made
        qputenv("VIRTUAL_ENV", oldVenv);
        QSignalSpy found(&dialog, &ProfileDialog::pythonSearchFinished);
        auto* field = dialog.findChild<QLineEdit*>(QStringLiteral("python"));
        QVERIFY(field);
        QVERIFY2(field->placeholderText().contains(QStringLiteral("automatic")), qPrintable(field->placeholderText()));
        QVERIFY(field->text().isEmpty()); // the default profiles name no Python
        QVERIFY(dialog.pythonLine()->text().contains(QStringLiteral("looking"))); // the UI did not wait for it
        QVERIFY(found.wait(20000));
        QCOMPARE(dialog.pythonLine()->text(),
            QStringLiteral("Automatic: ") + python
                + QStringLiteral(" (virtualenv): Python 3.11.2, torch 2.5.1+cu121, CUDA 12.1, GPU available"));
        field->setText(QStringLiteral("/opt/other/python3"));
        QVERIFY(dialog.pythonLine()->text().startsWith(QStringLiteral("Automatic (when empty) would be: ")));
    }

    // Profiles without a GPU (cpu) have no GPU target to set.
    void gpuTargetOnlyForProfilesWithAGpu()
    {
        ProfileDialog dialog;
        QWidget* target = nullptr; // the row labelled so, on whichever tab it is
        const auto forms = dialog.findChildren<QFormLayout*>();
        for (const QFormLayout* form : forms) {
            for (int row = 0; row < form->rowCount(); ++row) {
                auto* label = qobject_cast<QLabel*>(
                    form->itemAt(row, QFormLayout::LabelRole) ? form->itemAt(row, QFormLayout::LabelRole)->widget() : nullptr);
                if (label && label->text() == QStringLiteral("GPU target:"))
                    target = form->itemAt(row, QFormLayout::FieldRole)->widget();
            }
        }
        QVERIFY(target);
        auto* list = dialog.findChild<QListWidget*>();
        auto rowOf = [list](const QString& name) {
            for (int row = 0; row < list->count(); ++row) {
                if (list->item(row)->text() == name)
                    return row;
            }
            return -1;
        };
        list->setCurrentRow(rowOf(QStringLiteral("cpu")));
        QVERIFY(!target->isEnabled());
        QVERIFY(!target->toolTip().isEmpty());
        list->setCurrentRow(rowOf(QStringLiteral("rocm")));
        QVERIFY(target->isEnabled());
        list->setCurrentRow(rowOf(QStringLiteral("compile-check")));
        QVERIFY(target->isEnabled());
        // Changing the kind of a profile follows at once.
        auto* kind = dialog.findChild<QComboBox*>(QStringLiteral("kind"));
        QVERIFY(kind);
        kind->setCurrentIndex(kind->findText(QStringLiteral("cpu")));
        QVERIFY(!target->isEnabled());
    }

    void cleanPassLooksClean()
    {
        RunnerPanel panel(&m_syntax);
        panel.show();
        panel.showResult(test::flaggedPassRerun(QStringLiteral("sin_kernel.py")));
        QCOMPARE(panel.verdictLabel()->tone(), VerdictLabel::Tone::Problem);
        panel.showResult(test::cleanPassRerun(QStringLiteral("sin_kernel.py")));
        // Back from a flagged result: no warning sign, no problem colour left behind.
        QCOMPARE(panel.verdictLabel()->text(), QStringLiteral("Verdict: Passed"));
        QCOMPARE(panel.verdictLabel()->tone(), VerdictLabel::Tone::Plain);
        QCOMPARE(panel.verdictLabel()->palette().color(QPalette::WindowText), panel.palette().color(QPalette::WindowText));
        QVERIFY(panel.verdictLabel()->palette().color(QPalette::WindowText) != problemTextColor(panel.palette()));
        QVERIFY(!panel.checksView()->hasProblems());
        QVERIFY(panel.checksView()->summary()->text().startsWith(QStringLiteral("Checks: 0 flagged, 11 clean.")));
        const auto cells = checkCells(panel.checksView()->table());
        for (auto it = cells.cbegin(); it != cells.cend(); ++it)
            QVERIFY2(it.value().value(0) == QStringLiteral("clean"), qPrintable(it.key()));
        QCOMPARE(panel.callsView()->table()->model()->index(0, CallTimingModel::FlagsColumn).data().toString(), QString());

        // A note alone (the baseline is launch-bound) leaves a pass a pass: said beside it, no warning sign.
        RerunResult noted = test::cleanPassRerun(QStringLiteral("sin_kernel.py"));
        noted.flags = QStringList{QStringLiteral("launch_bound")};
        panel.showResult(noted);
        QCOMPARE(panel.verdictLabel()->text(), QStringLiteral("Verdict: Passed — notes: launch_bound"));
        QCOMPARE(panel.verdictLabel()->tone(), VerdictLabel::Tone::Plain);
        QVERIFY(panel.verdictLabel()->toolTip().contains(QStringLiteral("(note: ")));
        QVERIFY(!panel.speedupLabel()->text().contains(QStringLiteral("does not count")));
    }

    void speedupWithinNoiseAndWrongOutputs()
    {
        RunnerPanel panel(&m_syntax);
        RerunResult noisy = test::cleanPassRerun(QStringLiteral("sin_kernel.py"));
        noisy.timing->speedup = 1.01;
        noisy.timing->ci95 = qMakePair(0.97, 1.05);
        noisy.timing->withinNoise = true;
        panel.showResult(noisy);
        QCOMPARE(panel.speedupLabel()->text(),
            QStringLiteral("Speedup 1.01× [0.97–1.05] device time, within noise · call time 1.11× · torch.profiler (device activities)"));

        // Wrong on other seeds: which call and which seed, and its speedup does not count.
        panel.showResult(test::seedSensitiveRerun(QStringLiteral("sin_kernel.py")));
        QCOMPARE(panel.verdictLabel()->text(), QStringLiteral("⚠ Verdict: Wrong output — flags: seed_sensitive"));
        QVERIFY(panel.speedupLabel()->text().endsWith(QStringLiteral(" · output wrong: does not count")));
        const auto cells = checkCells(panel.checksView()->table());
        QCOMPARE(cells.value(QStringLiteral("seed_sensitive")),
            (QStringList{QStringLiteral("flagged"),
                QStringLiteral("call_kernel #1: wrong with seeds 1, 3 (y; max abs err 0.73)\n"
                               "call_kernel #1: seed 2 skipped: the baseline raised on these inputs")}));
    }

    // Results saved before device timing and the checks still read sensibly: the checks say they
    // did not run (no empty list that looks clean), the speedup says what it is.
    void olderResultSaysChecksDidNotRun()
    {
        RunnerPanel panel(&m_syntax);
        panel.show();
        panel.showResult(test::olderRerun(QStringLiteral("sin_kernel.py")));
        QCOMPARE(panel.verdictLabel()->text(), QStringLiteral("Verdict: Passed"));
        QVERIFY(panel.checksView()->table()->isHidden());
        QCOMPARE(panel.checksView()->summary()->text(),
            QStringLiteral("The checks did not run: this result was saved before the checks existed. Rerun it to check it."));
        QCOMPARE(
            panel.speedupLabel()->text(), QStringLiteral("Speedup 2.00× (stream events; an older result: no device time, no interval)"));
        QVERIFY(panel.callsView()->footer()->text().startsWith(QStringLiteral("An older result")));

        RerunResult failed = test::olderRerun(QStringLiteral("sin_kernel.py"));
        failed.compile->ok = false;
        failed.accuracy.reset();
        failed.timing.reset();
        panel.showResult(failed);
        QCOMPARE(panel.verdictLabel()->tone(), VerdictLabel::Tone::Problem);
        QVERIFY(panel.speedupLabel()->isHidden());
        QCOMPARE(panel.checksView()->summary()->text(), QStringLiteral("The checks did not run: the rerun stopped before them."));

        panel.showResult(RerunResult{});
        QCOMPARE(panel.verdictLabel()->text(), QStringLiteral("Not rerun yet."));
        QCOMPARE(panel.checksView()->summary()->text(), QStringLiteral("Not rerun yet."));
    }
};

QTEST_MAIN(TestRunnerPanel)
#include "tst_runnerpanel.moc"
