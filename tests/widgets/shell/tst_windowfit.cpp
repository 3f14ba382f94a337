// SPDX-License-Identifier: MIT
//
// The window on real screen sizes and scale factors: CTest runs this on an offscreen screen of
// 1400×900 and of 1600×1000 at scale 1 and 1.5 (tests/widgets/shell/screens). The first window
// fits the screen, a remembered geometry too big for it is brought back onto it, and what a
// reviewer reads first is not cut off: the case name, its outcome badges, the iteration and
// verdict choosers, the review title (each shown whole, or elided with the whole text as tooltip).
#include "tooltests.h"
#include "widgets/caseview/caseview.h"
#include "widgets/caseview/elidinglabel.h"
#include "widgets/caseview/tabtitlefitter.h"
#include "widgets/code/codeview.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/review/annotationpanel.h"
#include "widgets/settings/settings.h"
#include "widgets/shell/mainwindow.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QScreen>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

#include <cmath>
#include <functional>

using namespace krw;

class TestWindowFit : public QObject
{
    Q_OBJECT

private:
    SyntaxSupport m_syntax;

    static QString describe(const QWidget* w)
    {
        return QStringLiteral("%1 %2 at %3,%4 size %5×%6")
            .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
            .arg(w->mapTo(w->window(), QPoint()).x())
            .arg(w->mapTo(w->window(), QPoint()).y())
            .arg(w->width())
            .arg(w->height());
    }

    // Shown whole: inside the window and not covered by its parents' edges.
    static bool wholeOnScreen(const QWidget* w)
    {
        const QRect inWindow(w->mapTo(w->window(), QPoint()), w->size());
        return w->isVisible() && w->window()->rect().contains(inWindow) && w->visibleRegion().boundingRect().size() == w->size();
    }

    // A label's text fits, or it is elided ("…") with the whole text as tooltip.
    static void checkLabel(const QLabel* label, const QString& whole)
    {
        QVERIFY2(wholeOnScreen(label), qPrintable(describe(label)));
        const int room = label->contentsRect().width();
        const int needed = label->fontMetrics().horizontalAdvance(label->text());
        QVERIFY2(needed <= room,
            qPrintable(QStringLiteral("%1: \"%2\" needs %3 px, has %4").arg(describe(label), label->text()).arg(needed).arg(room)));
        if (label->text() != whole) {
            QVERIFY2(label->text().contains(QStringLiteral("…")), qPrintable(label->text()));
            QVERIFY2(label->toolTip().contains(whole), qPrintable(label->toolTip()));
        }
    }

    // A combo box shows its current item whole.
    static void checkCombo(const QComboBox* box)
    {
        QVERIFY2(wholeOnScreen(box), qPrintable(describe(box)));
        QStyleOptionComboBox option;
        option.initFrom(box);
        option.editable = box->isEditable();
        option.currentText = box->currentText();
        option.currentIcon = box->itemIcon(box->currentIndex());
        option.iconSize = box->iconSize();
        QSize content(box->fontMetrics().horizontalAdvance(box->currentText()), box->fontMetrics().height());
        if (!option.currentIcon.isNull())
            content.rwidth() += box->iconSize().width() + 4;
        // (2 px for the ways of measuring text: advance here, bounding box in QComboBox)
        const int needed = box->style()->sizeFromContents(QStyle::CT_ComboBox, &option, content, box).width() - 2;
        QVERIFY2(box->width() >= needed,
            qPrintable(QStringLiteral("%1: \"%2\" needs %3 px").arg(describe(box), box->currentText()).arg(needed)));
    }

    static const QLabel* labelShowing(const QWidget* parent, const std::function<bool(const QLabel*)>& which)
    {
        for (const QLabel* label : parent->findChildren<QLabel*>()) {
            if (label->isVisible() && which(label))
                return label;
        }
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // CTest gives the screen as an offscreen config file (KRW_TEST_SCREEN says which); Qt 5's
        // offscreen platform takes no config and always has its own small screen.
        const QStringList wanted = qEnvironmentVariable("KRW_TEST_SCREEN").split(QLatin1Char('x'));
        const QScreen* primary = QGuiApplication::primaryScreen();
        const QSizeF has = QSizeF(primary->geometry().size()) * primary->devicePixelRatio(); // logical px are rounded
        if (wanted.size() != 2 || std::abs(has.width() - wanted[0].toDouble()) > 2 || std::abs(has.height() - wanted[1].toDouble()) > 2)
            KRW_SKIP_MISSING_TOOL("an offscreen platform with the configured screen (Qt 6)");
        QStandardPaths::setTestModeEnabled(true);
        Settings::instance()->saveWindow({}, {}, MainWindow::LayoutVersion); // a first start
        qInfo("screen %dx%d (available %dx%d) at scale %.2f", QGuiApplication::primaryScreen()->geometry().width(),
            QGuiApplication::primaryScreen()->geometry().height(), QGuiApplication::primaryScreen()->availableGeometry().width(),
            QGuiApplication::primaryScreen()->availableGeometry().height(), QGuiApplication::primaryScreen()->devicePixelRatio());
    }

    void firstWindowFitsAndShowsTheEssentials()
    {
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect available = window.screen()->availableGeometry();
        QVERIFY2(available.contains(window.frameGeometry()),
            qPrintable(QStringLiteral("window %1×%2 at %3,%4 on %5×%6 (smallest it can be: %7×%8)")
                           .arg(window.frameGeometry().width())
                           .arg(window.frameGeometry().height())
                           .arg(window.frameGeometry().x())
                           .arg(window.frameGeometry().y())
                           .arg(available.width())
                           .arg(available.height())
                           .arg(window.minimumSizeHint().width())
                           .arg(window.minimumSizeHint().height())));
        // Room left for a title bar (a window manager adds one; offscreen has none).
        QVERIFY2(window.minimumSizeHint().height() <= available.height() * 9 / 10,
            qPrintable(QString::number(window.minimumSizeHint().height())));
        // Not a postage stamp either: most of the screen.
        QVERIFY(window.width() >= available.width() * 3 / 4);

        QSignalSpy loaded(&window, &MainWindow::loadFinished);
        window.openPath(MainWindow::samplePath(), {}, false);
        QVERIFY(loaded.wait(20000));
        const QString name = QStringLiteral("flash_decode_stage2.py"); // the sample's longest name
        QSignalSpy shown(window.caseView(), &CaseView::caseShown);
        QVERIFY(window.selectCase(name));
        QVERIFY(shown.wait(10000));
        window.annotationPanel()->setVerdict(Verdict::InstructionMismatch); // the longest verdict title
        QCoreApplication::processEvents();

        const QLabel* title = labelShowing(window.caseView(), [&](const QLabel* l) { return l->text() == name || l->toolTip() == name; });
        QVERIFY2(title, "the case name is not shown");
        checkLabel(title, name);
        for (const char* prefix : {"latest: ", "best: "}) {
            const QLabel* badge
                = labelShowing(window.caseView(), [&](const QLabel* l) { return l->text().startsWith(QLatin1String(prefix)); });
            QVERIFY2(badge, prefix);
            checkLabel(badge, badge->text());
        }
        // The case tree: every column as wide as Qt's own measure of its rows (names never cut), and
        // where the panel is narrower than the columns the tree scrolls sideways to all of them.
        QTreeView* tree = window.caseTree();
        int columns = 0;
        for (int column = 0; column < tree->header()->count(); ++column) {
            if (tree->isColumnHidden(column))
                continue;
            const int needed = static_cast<const QAbstractItemView*>(tree)->sizeHintForColumn(column); // public there
            QVERIFY2(tree->columnWidth(column) >= needed,
                qPrintable(
                    QStringLiteral("tree column %1: %2 px, its rows need %3").arg(column).arg(tree->columnWidth(column)).arg(needed)));
            columns += tree->columnWidth(column);
        }
        QCOMPARE(tree->horizontalScrollBar()->maximum(), std::max(0, columns - tree->viewport()->width()));
        checkCombo(window.caseView()->findChild<QComboBox*>(QStringLiteral("iterationChooser")));
        checkCombo(window.annotationPanel()->verdictBox());
        const QString review = QStringLiteral("Review · %1").arg(name);
        const QLabel* reviewTitle = labelShowing(window.annotationPanel(),
            [&](const QLabel* l) { return l->text().startsWith(QStringLiteral("Review · ")) || l->toolTip() == review; });
        QVERIFY(reviewTitle);
        checkLabel(reviewTitle, review);

        // Every case tab in sight, none behind the tab bar's scroll arrows, none elided (issue 12:
        // at 1600×1000 and scale 1.5 Compare, History and Rerun were behind the arrows).
        const QTabWidget* tabs = window.caseView()->tabs();
        const QTabBar* bar = tabs->tabBar();
        QVERIFY2(wholeOnScreen(bar), qPrintable(describe(bar)));
        for (const QToolButton* arrow : bar->findChildren<QToolButton*>())
            QVERIFY2(!arrow->isVisible(), qPrintable(QStringLiteral("a scroll arrow is shown; the bar is %1 px wide").arg(bar->width())));
        for (int i = 0; i < bar->count(); ++i) {
            const QRect tab = bar->tabRect(i);
            QVERIFY2(bar->rect().contains(tab),
                qPrintable(
                    QStringLiteral("tab \"%1\" at %2..%3 of %4").arg(bar->tabText(i)).arg(tab.left()).arg(tab.right()).arg(bar->width())));
            QVERIFY2(tab.width() > bar->fontMetrics().horizontalAdvance(bar->tabText(i)),
                qPrintable(QStringLiteral("tab \"%1\" is %2 px wide").arg(bar->tabText(i)).arg(tab.width())));
            if (bar->tabText(i) != window.caseView()->tabTitles()->fullTitle(i))
                QVERIFY2(!bar->tabToolTip(i).isEmpty(), qPrintable(bar->tabText(i))); // a brief title explains itself
        }
        // The header's note ("2 iterations · 13 versions"): whole, or elided with the whole text
        // as tooltip. (At 1600×1000 and 1.5 it is whole in a real X window for the walk-through's
        // layer_norm_fwd.py since the iteration chooser lost its outcome; the longest names still
        // cut it.)
        const auto* note = window.caseView()->findChild<ElidingLabel*>(QStringLiteral("caseNote"));
        QVERIFY(note);
        checkLabel(note, note->fullText());
        // The line-comment hint shows its key (Ctrl+Alt+M) whatever else it gives up.
        const auto* hint = window.annotationPanel()->findChild<ElidingLabel*>(QStringLiteral("commentHint"));
        QVERIFY(hint);
        checkLabel(hint, hint->fullText());
        const QString key = CodeView::commentShortcut().toString(QKeySequence::NativeText);
        QVERIFY2(hint->text().startsWith(key), qPrintable(hint->text()));
    }

    // A window remembered from a bigger screen (or another scale) comes back onto this one.
    void rememberedGeometryIsBroughtOntoTheScreen()
    {
        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        {
            MainWindow big(&m_syntax);
            big.setGeometry(available.x() + 300, available.y() + 200, available.width() + 900, available.height() + 600);
            Settings::instance()->saveWindow(big.saveGeometry(), big.saveState(MainWindow::LayoutVersion), MainWindow::LayoutVersion);
        }
        MainWindow window(&m_syntax);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(available.contains(window.frameGeometry()),
            qPrintable(QStringLiteral("window %1×%2 at %3,%4 on %5×%6")
                           .arg(window.frameGeometry().width())
                           .arg(window.frameGeometry().height())
                           .arg(window.frameGeometry().x())
                           .arg(window.frameGeometry().y())
                           .arg(available.width())
                           .arg(available.height())));
        Settings::instance()->saveWindow({}, {}, MainWindow::LayoutVersion);
    }
};

KRW_TEST_MAIN(TestWindowFit)
#include "tst_windowfit.moc"
