// SPDX-License-Identifier: MIT
#include "browse/casefilterbar.h"
#include "browse/casefilterproxy.h"
#include "browse/casetreemodel.h"
#include "caseview/caseview.h"
#include "caseview/comparepage.h"
#include "caseview/errorview.h"
#include "caseview/historypage.h"
#include "code/codeview.h"
#include "code/diffview.h"
#include "code/syntaxsupport.h"
#include "review/annotationstore.h"
#include "run/textstore.h"
#include "samplecopy.h"
#include "settings/settings.h"
#include "shell/mainwindow.h"
#include "theme/diffcolors.h"
#include "theme/themes.h"
#include "windowtesthelpers.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDirIterator>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QToolBar>
#include <QTreeView>
#include <QTreeWidget>

using namespace krw;
using krw::testing::shownCases;

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    SyntaxSupport m_syntax;

    // Opens a run and waits for it; false when nothing loaded.
    static bool open(MainWindow& window, const QString& path)
    {
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        window.openPath(path, {}, false);
        return loaded.wait(20000) && loaded.first().first().toBool();
    }

    // Selects a case and waits until its texts are in the panes.
    static bool select(MainWindow& window, const QString& filename)
    {
        QSignalSpy shown(window.caseView(), &CaseView::caseShown);
        return window.selectCase(filename) && shown.wait(10000) && window.currentCaseName() == filename;
    }

    // Every folder and file below root (relative paths), to see what opening a run creates.
    static QStringList listing(const QString& root)
    {
        QStringList entries;
        QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext())
            entries << QDir(root).relativeFilePath(it.next());
        entries.sort();
        return entries;
    }

    // The folders only, below root.
    static QStringList folders(const QString& root)
    {
        QStringList entries;
        QDirIterator it(root, QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext())
            entries << QDir(root).relativeFilePath(it.next());
        entries.sort();
        return entries;
    }

    // The File menu's Open Recent submenu.
    static QMenu* recentMenu(const MainWindow& window)
    {
        for (QAction* top : window.menuBar()->actions()) {
            if (!top->menu() || top->text().remove(QLatin1Char('&')) != QLatin1String("File"))
                continue;
            for (QAction* action : top->menu()->actions()) {
                if (action->menu() && action->text().remove(QLatin1Char('&')) == QLatin1String("Open Recent"))
                    return action->menu();
            }
        }
        return nullptr;
    }

    // The actions the Open Recent menu shows now (it fills itself when it opens).
    static QList<QAction*> recentEntries(QMenu* menu)
    {
        Q_EMIT menu->aboutToShow();
        QList<QAction*> entries;
        for (QAction* action : menu->actions()) {
            if (!action->isSeparator() && action->isEnabled()
                && !action->text().remove(QLatin1Char('&')).startsWith(QLatin1String("Clear")))
                entries << action;
        }
        return entries;
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void opensEmbeddedSampleAndSelectsFirstFailure()
    {
        MainWindow window(&m_syntax);
        window.show();
        QSignalSpy shown(window.caseView(), &CaseView::caseShown);
        QVERIFY(open(window, MainWindow::samplePath()));
        QVERIFY(window.run()->cases.size() >= 8);
        QVERIFY(window.run()->iterations.size() >= 2);
        QVERIFY(shown.wait(10000));
        const Case& current = window.run()->cases.at(window.run()->indexOf(window.currentCaseName()));
        QVERIFY(current.isFailing());
    }

    void everyCaseShowsItsTexts_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addRow("sample") << MainWindow::samplePath();
        QTest::addRow("series") << QStringLiteral(KRW_TEST_DATA_DIR "/series");
    }

    void everyCaseShowsItsTexts()
    {
        QFETCH(QString, path);
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, path));
        const RunPtr run = window.run();
        for (const Case& c : run->cases) {
            QVERIFY(select(window, c.filename));
            CaseView* view = window.caseView();
            QCOMPARE(view->iteration(), c.newest().iteration);
            const QString predict = view->codeView(CaseView::PredictTab)->toPlainText();
            if (c.newest().predict.hasContent())
                QCOMPARE(predict, TextStore::resolveOrEmpty(*run->sources, c.newest().predict));
            else
                QVERIFY(!view->tabs()->isTabEnabled(CaseView::PredictTab));
            QCOMPARE(view->tabs()->isTabEnabled(CaseView::PerfTab),
                !c.newest().memory || c.newest().memory->perfCandidates.isEmpty() ? false : true);
            // The compare page always shows some pair once the case is read.
            if (view->comparePage()->isComputing()) {
                QSignalSpy diffShown(view->comparePage(), &ComparePage::diffShown);
                QVERIFY(diffShown.wait(5000));
            }
            QVERIFY(!view->comparePage()->leftId().isEmpty() || codeVersions(c).isEmpty());
        }
    }

    void switchingDiffPairs()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(select(window, QStringLiteral("c.py")));
        ComparePage* compare = window.caseView()->comparePage();
        QSignalSpy diffShown(compare, &ComparePage::diffShown);
        compare->compare(QStringLiteral("it0:perf:1"), QStringLiteral("it1:perf:1"));
        QVERIFY(diffShown.wait(5000));
        QCOMPARE(compare->diffView()->leftView()->toPlainText(), QStringLiteral("int c2;"));
        QCOMPARE(compare->diffView()->rightView()->toPlainText(), QStringLiteral("int c4;"));
        QCOMPARE(compare->diffView()->hunkCount(), 1);
        compare->compare(QStringLiteral("label"), QStringLiteral("label"));
        QVERIFY(diffShown.wait(5000));
        QCOMPARE(compare->diffView()->hunkCount(), 0);
        QVERIFY(!compare->diffView()->message().isEmpty());
    }

    void historyDiffsAgainstPreviousIteration()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(select(window, QStringLiteral("a.py")));
        HistoryPage* history = window.caseView()->findChild<HistoryPage*>();
        QVERIFY(history);
        QTreeWidgetItem* newest = history->tree()->topLevelItem(0);
        QCOMPARE(newest->text(0), QStringLiteral("Iteration 1"));
        history->tree()->setCurrentItem(newest->child(0)); // Iteration 1 · Prediction
        QSignalSpy diffShown(window.caseView()->comparePage(), &ComparePage::diffShown);
        history->compareSelectedWithPrevious();
        QVERIFY(diffShown.wait(5000));
        QCOMPARE(window.caseView()->comparePage()->leftId(), QStringLiteral("it0:predict"));
        QCOMPARE(window.caseView()->comparePage()->rightId(), QStringLiteral("it1:predict"));
        QCOMPARE(window.caseView()->tabs()->currentIndex(), int(CaseView::CompareTab));
    }

    void errorLinkShowsLineInTheRightIteration()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(select(window, QStringLiteral("a.py")));
        CaseView* view = window.caseView();
        view->setIteration(0);
        QCOMPARE(view->errorView()->linkCount(), 1); // "/tmp/a.hip:2:5: error: boom"
        view->errorView()->activateLink(0);
        QCOMPARE(view->tabs()->currentIndex(), int(CaseView::PredictTab));
        QCOMPARE(view->iteration(), 0);
        QCOMPARE(view->codeView(CaseView::PredictTab)->textCursor().blockNumber(), 1);
        QCOMPARE(view->codeView(CaseView::PredictTab)->textCursor().block().text(), QStringLiteral("int a;"));
    }

    void filtersAndSearch()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QCOMPARE(shownCases(window).size(), 5);
        QSignalSpy searched(&window, &MainWindow::searchFinished);
        window.filterBar()->searchEdit()->setText(QStringLiteral("does not match"));
        QVERIFY(searched.wait(5000)); // debounced, then searched on a worker
        QCOMPARE(shownCases(window), QStringList{QStringLiteral("a.py")});
        window.filterBar()->searchEdit()->clear();
        QVERIFY(searched.wait(5000));
        QCOMPARE(shownCases(window).size(), 5);
    }

    void nextFailureWrapsAndSkipsPassed()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QStringList visited;
        for (int i = 0; i < 5; ++i) {
            window.selectNextFailure(+1);
            visited << window.currentCaseName();
        }
        QVERIFY(!visited.contains(QStringLiteral("c.py"))); // the one that passed
        QCOMPARE(visited.at(4), visited.at(0)); // four failing cases, then around again
    }

    // Opening a run creates no folder (neither beside the run nor in the data folder); another
    // process's first write of the annotations still reaches this window.
    void openingCreatesNoFoldersAndSeesFirstWrite()
    {
        QTemporaryDir dir;
        QVERIFY(krw::test::copySampleRun(dir.path()));
        const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
        const QString config = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
        const QStringList runBefore = listing(dir.path());
        const QStringList dataBefore = folders(data);
        const QStringList configBefore = folders(config);
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, dir.path()));
        QVERIFY(open(window, MainWindow::samplePath())); // read-only: its notes would go to the data folder
        QVERIFY(open(window, dir.path()));
        QCOMPARE(listing(dir.path()), runBefore);
        QCOMPARE(folders(data), dataBefore);
        QCOMPARE(folders(config), configBefore);

        const QString name = QStringLiteral("block_sum.py");
        QProcess writer;
        writer.start(QStringLiteral(KRW_ANNOTATION_WRITER), {QStringLiteral("--annotate-run"), dir.path(), name});
        QVERIFY(writer.waitForFinished(30000));
        QVERIFY2(writer.exitCode() == 0, writer.readAllStandardError().constData());
        QVERIFY(writer.readAllStandardOutput().contains(window.annotationStore()->location().path.toUtf8()));
        QTRY_COMPARE(window.annotationStore()->annotation(name).verdict, Verdict::ModelError);
    }

    // Each run reopens at the case last shown in it.
    void lastCaseIsRememberedPerRun()
    {
        QTemporaryDir a, b;
        QVERIFY(krw::test::copySampleRun(a.path()));
        QVERIFY(krw::test::copySampleRun(b.path()));
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, a.path()));
        QVERIFY(select(window, QStringLiteral("leaky_relu.py")));
        QVERIFY(open(window, b.path()));
        QVERIFY(select(window, QStringLiteral("rms_norm.py")));
        QVERIFY(open(window, a.path()));
        QCOMPARE(window.currentCaseName(), QStringLiteral("leaky_relu.py"));
        QVERIFY(open(window, b.path()));
        QCOMPARE(window.currentCaseName(), QStringLiteral("rms_norm.py"));
    }

    // The help lists every action that has a shortcut, as the window has it now.
    void shortcutHelpListsEveryShortcut()
    {
        MainWindow window(&m_syntax);
        auto* extra = new QAction(QStringLiteral("Frobnicate the widget"), &window);
        extra->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_F));
        window.addAction(extra);
        const QString help = window.shortcutHelp();
        int checked = 0;
        for (QAction* action : window.findChildren<QAction*>()) {
            for (const QKeySequence& keys : action->shortcuts()) {
                const QString shown = keys.toString(QKeySequence::NativeText).toHtmlEscaped();
                QVERIFY2(help.contains(shown), qPrintable(QStringLiteral("%1 (%2) is not in the help").arg(shown, action->text())));
                ++checked;
            }
            if (!action->shortcuts().isEmpty()) {
                const QString title = action->text().remove(QLatin1Char('&')).toHtmlEscaped();
                QVERIFY2(help.contains(title), qPrintable(title));
            }
        }
        QVERIFY(checked > 20);
    }

    // File > Open Recent: newest first, a vanished run is removed with a message, Clear empties it.
    void openRecent()
    {
        Settings::instance()->clearRecentRuns();
        QTemporaryDir a, b;
        QVERIFY(krw::test::copySampleRun(a.path()));
        QVERIFY(krw::test::copySampleRun(b.path()));
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, a.path()));
        QVERIFY(open(window, b.path()));
        QMenu* menu = recentMenu(window);
        QVERIFY(menu);
        QList<QAction*> entries = recentEntries(menu);
        QCOMPARE(entries.size(), 2);
        QVERIFY2(entries.at(0)->text().contains(b.path()), qPrintable(entries.at(0)->text()));
        QVERIFY2(entries.at(1)->text().contains(a.path()), qPrintable(entries.at(1)->text()));

        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        entries.at(1)->trigger();
        QVERIFY(loaded.wait(20000));
        QCOMPARE(window.run()->path, a.path());

        const QString gone = b.path();
        QVERIFY(b.remove());
        entries = recentEntries(menu);
        QCOMPARE(entries.size(), 2);
        entries.at(1)->trigger(); // a was opened last: b is second now
        QMessageBox* message = nullptr;
        QTRY_VERIFY((message = window.findChild<QMessageBox*>()) != nullptr);
        QVERIFY2(message->text().contains(gone), qPrintable(message->text()));
        message->close();
        entries = recentEntries(menu);
        QCOMPARE(entries.size(), 1);
        QVERIFY(entries.at(0)->text().contains(a.path()));

        for (QAction* action : menu->actions()) {
            if (action->text().remove(QLatin1Char('&')).startsWith(QLatin1String("Clear")))
                action->trigger();
        }
        QVERIFY(recentEntries(menu).isEmpty());
    }

    // The toolbar carries the common actions (the menus' own, with their shortcuts), each with an icon.
    void toolbarHasTheCommonActions()
    {
        MainWindow window(&m_syntax);
        window.show();
        const QList<QToolBar*> bars = window.findChildren<QToolBar*>();
        QCOMPARE(bars.size(), 1);
        QStringList titles;
        for (QAction* action : bars.first()->actions()) {
            if (action->isSeparator())
                continue;
            titles << action->text().remove(QLatin1Char('&'));
            QVERIFY2(!action->icon().isNull(), qPrintable(action->text()));
            QVERIFY2(!action->toolTip().isEmpty(), qPrintable(action->text()));
        }
        for (const QString& wanted : {QStringLiteral("Open Run Folder…"), QStringLiteral("Export Report…"),
                 QStringLiteral("Previous Failure"), QStringLiteral("Next Failure"), QStringLiteral("Rerun…")})
            QVERIFY2(titles.contains(wanted), qPrintable(titles.join(QStringLiteral(", "))));
    }

    // Double-clicking a load warning shows its file at its line.
    void warningOpensItsLine()
    {
        MainWindow window(&m_syntax);
        window.resize(1400, 900);
        window.show();
        const QString file = QStringLiteral(KRW_TEST_DATA_DIR "/bad/mixed.jsonl");
        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        window.openPath(file, {}, false);
        QVERIFY(loaded.wait(20000));
        auto* view = window.findChild<QTableView*>(QStringLiteral("warningsView"));
        QVERIFY(view && view->isVisible());
        QVERIFY(view->model()->rowCount() > 0);
        int row = 0;
        while (row < view->model()->rowCount() && view->model()->index(row, 1).data().toLongLong() < 2)
            ++row; // a warning on a later line
        QVERIFY(row < view->model()->rowCount());
        const int line = view->model()->index(row, 1).data().toInt();
        QFile source(file);
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QString expected = QString::fromUtf8(source.readAll().split('\n').at(line - 1)).trimmed();
        const QRect cell = view->visualRect(view->model()->index(row, 0));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center()); // a double-click's first press
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, cell.center());
        QDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<QDialog*>(QStringLiteral("warningSourceDialog"))) != nullptr);
        QTRY_VERIFY(dialog->isVisible());
        auto* code = dialog->findChild<CodeView*>();
        QVERIFY(code);
        QTRY_VERIFY(!code->toPlainText().isEmpty());
        QCOMPARE(code->lineNumberOfBlock(code->textCursor().blockNumber()), line);
        QVERIFY2(expected.startsWith(code->textCursor().block().text().left(40).trimmed()), qPrintable(code->textCursor().block().text()));
        QVERIFY(dialog->windowTitle().contains(QStringLiteral("mixed.jsonl:%1").arg(line)));
    }

    void darkAndLightPalettes()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(open(window, QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(select(window, QStringLiteral("a.py")));
        applyTheme(Theme::Dark);
        QCoreApplication::processEvents();
        QVERIFY(isDarkPalette(window.caseView()->codeView(CaseView::PredictTab)->palette()));
        applyTheme(Theme::Light);
        QCoreApplication::processEvents();
        QVERIFY(!isDarkPalette(window.caseView()->codeView(CaseView::PredictTab)->palette()));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
