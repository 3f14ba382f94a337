// SPDX-License-Identifier: MIT
//
// CaseNavigator (widgets/browse/casenavigator.h) and CaseTreeHeaderView on a small tree: a group
// the user closed stays closed through filter changes, also the one holding the current case;
// dragging a column's edge makes that column the user's width, not the stretched last column.
#include "models/browse/casefilterproxy.h"
#include "models/browse/casetreemodel.h"
#include "models/run/runloader.h"
#include "widgets/browse/casejumpdialog.h"
#include "widgets/browse/casenavigator.h"
#include "widgets/browse/casetreeheaderview.h"

#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace krw;

namespace {

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QString caseName(int i)
{
    return QStringLiteral("case_%1.py").arg(i, 3, 10, QLatin1Char('0'));
}

// 16 cases in two groups (odd ones pass the call stage, even ones fail it); with firstName, case 0
// is named so.
RunPtr writeRun(const QString& dir, const QString& firstName = {})
{
    const auto caseName = [&firstName](int i) { return i == 0 && !firstName.isEmpty() ? firstName : ::caseName(i); };
    constexpr int Cases = 16;
    QByteArray jsonl;
    QByteArray memory = "{\n";
    for (int i = 0; i < Cases; ++i) {
        jsonl += QStringLiteral("{\"filename\": \"%1\", \"predict\": \"int x%2;\"}\n").arg(caseName(i)).arg(i).toUtf8();
        memory += QStringLiteral("\"%1\": {\"pass_call\": %2, \"pass_exe\": false, \"pass_perf\": false}%3\n")
                      .arg(caseName(i), i % 2 ? QStringLiteral("true") : QStringLiteral("false"),
                          i + 1 < Cases ? QStringLiteral(",") : QString())
                      .toUtf8();
    }
    memory += "}\n";
    if (!writeFile(dir + QStringLiteral("/nav_0.jsonl"), jsonl) || !writeFile(dir + QStringLiteral("/nav_mem_0.json"), memory))
        return {};
    return std::make_shared<const Run>(loadRunAtPath(dir + QStringLiteral("/nav_0.jsonl")));
}

struct Tree
{
    CaseTreeModel model;
    CaseFilterProxy proxy;
    QTreeView view;
    CaseNavigator* navigator = nullptr;
    CaseTreeHeaderView* header = nullptr;

    explicit Tree(const RunPtr& run)
    {
        proxy.setSourceModel(&model);
        navigator = new CaseNavigator(&view, &proxy, &model, &view);
        header = new CaseTreeHeaderView(&model, &view);
        view.setHeader(header);
        view.setColumnHidden(CaseTreeModel::IterationsColumn, true); // as MainWindow: Rerun is the last, stretched
        view.resize(400, 600);
        view.show();
        model.setRun(run);
        view.expandAll();
    }
};

} // namespace

class TestCaseNavigator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The user closes the group of the case on screen, then searches or filters (row by row and as
    // one layout change): the case stays current, its group stays closed. (Before, scrollTo to the
    // current case opened every group above it.)
    void aClosedGroupHoldingTheCurrentCaseStaysClosed()
    {
        QTemporaryDir dir;
        const RunPtr run = writeRun(dir.path());
        QVERIFY(run && run->cases.size() == 16);
        Tree tree(run);
        QVERIFY(tree.navigator->selectCase(caseName(4)));
        QCoreApplication::processEvents();
        tree.view.collapse(tree.view.currentIndex().parent());
        QVERIFY(!tree.view.isExpanded(tree.view.currentIndex().parent()));

        QSet<QString> matches;
        for (int i = 0; i < 16; i += 2)
            matches.insert(caseName(i));
        matches.insert(caseName(1));
        tree.proxy.setSearchMatches(matches); // keeps the current case: rows removed where they are
        QCoreApplication::processEvents();
        QCOMPARE(tree.navigator->currentCaseName(), caseName(4));
        QVERIFY(!tree.view.isExpanded(tree.view.currentIndex().parent()));

        tree.proxy.setNameFilter(QStringLiteral("case")); // every case: one layout change
        QCoreApplication::processEvents();
        QCOMPARE(tree.navigator->currentCaseName(), caseName(4));
        QVERIFY(!tree.view.isExpanded(tree.view.currentIndex().parent()));
        // The other group, never closed, is open.
        const QModelIndex current = tree.view.currentIndex().parent();
        for (int g = 0; g < tree.proxy.rowCount(); ++g) {
            const QModelIndex group = tree.proxy.index(g, 0);
            QCOMPARE(tree.view.isExpanded(group), group != current);
        }
    }

    // Ctrl+P's dialog: a part of the name and Enter select the case; a case the filters hide is
    // named in a message, and the current case stays.
    void jumpToCaseSelectsTheCaseTyped()
    {
        QTemporaryDir dir;
        const RunPtr run = writeRun(dir.path());
        QVERIFY(run);
        Tree tree(run);
        QVERIFY(tree.navigator->selectCase(caseName(0)));
        QSignalSpy messages(tree.navigator, &CaseNavigator::message);
        auto jump = [&tree](const QString& typed) {
            tree.navigator->jumpToCase();
            auto* dialog = tree.view.window()->findChild<CaseJumpDialog*>();
            QVERIFY(dialog && dialog->isVisible());
            QTest::keyClicks(dialog->field(), typed);
            QTest::keyClick(dialog->field(), Qt::Key_Return);
            QTRY_VERIFY(!tree.view.window()->findChild<CaseJumpDialog*>()); // closed and deleted
        };
        jump(QStringLiteral("_013"));
        QCOMPARE(tree.navigator->currentCaseName(), caseName(13));
        QVERIFY(messages.isEmpty());

        tree.proxy.setNameFilter(QStringLiteral("case_01")); // case_010 .. case_015
        QCoreApplication::processEvents();
        jump(QStringLiteral("case_002"));
        QCOMPARE(tree.navigator->currentCaseName(), caseName(13));
        QCOMPARE(messages.size(), 1);
        QVERIFY2(messages.first().first().toString().startsWith(caseName(2) + QStringLiteral(" is hidden")),
            qPrintable(messages.first().first().toString()));
    }

    // Dragging the Name column's edge while Rerun is the stretched last column: Name is the user's
    // width, Rerun is not (it is still fitted to its texts later). Before, every section resized
    // while the button was down was taken as the user's, the re-stretched Rerun too.
    void draggingAColumnLeavesTheStretchedOneFitted()
    {
        QTemporaryDir dir;
        const RunPtr run = writeRun(dir.path());
        QVERIFY(run);
        Tree tree(run);
        QVERIFY(QTest::qWaitForWindowExposed(&tree.view));
        QCoreApplication::processEvents();
        CaseTreeHeaderView* header = tree.header;
        const int before = header->sectionSize(CaseTreeModel::NameColumn);
        const int edge = header->sectionViewportPosition(CaseTreeModel::NameColumn) + before - 1;
        const int y = header->height() / 2;
        QWidget* grip = header->viewport();
        QTest::mousePress(grip, Qt::LeftButton, Qt::NoModifier, QPoint(edge, y));
        for (int dx = 10; dx <= 40; dx += 10) {
            QMouseEvent move(QEvent::MouseMove, QPointF(edge + dx, y), QPointF(grip->mapToGlobal(QPoint(edge + dx, y))), Qt::NoButton,
                Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(grip, &move);
            QCoreApplication::processEvents();
        }
        QTest::mouseRelease(grip, Qt::LeftButton, Qt::NoModifier, QPoint(edge + 40, y));
        QCoreApplication::processEvents();
        QVERIFY2(header->sectionSize(CaseTreeModel::NameColumn) > before,
            qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(header->sectionSize(CaseTreeModel::NameColumn))));
        QVERIFY(header->isUserSized(CaseTreeModel::NameColumn));
        QVERIFY(!header->isUserSized(CaseTreeModel::RerunColumn));
        QVERIFY(!header->isUserSized(CaseTreeModel::LatestColumn));
    }

    // A filename of hundreds of characters does not push the other columns out of the tree: the
    // name column is fitted up to 48 average characters, the rest elided.
    void aVeryLongNameLeavesTheOtherColumnsInSight()
    {
        QTemporaryDir dir;
        const RunPtr run = writeRun(dir.path(), QString(300, QLatin1Char('n')) + QStringLiteral(".py"));
        QVERIFY(run);
        Tree tree(run);
        tree.view.resize(900, 600);
        QVERIFY(QTest::qWaitForWindowExposed(&tree.view));
        QCoreApplication::processEvents();
        const QFontMetricsF fm(tree.view.font());
        const int name = tree.header->sectionSize(CaseTreeModel::NameColumn);
        QVERIFY2(name <= fm.averageCharWidth() * 48 + 64, qPrintable(QString::number(name)));
        QVERIFY(name >= fm.horizontalAdvance(caseName(1))); // still wide enough for the usual names
        for (int column : {int(CaseTreeModel::LatestColumn), int(CaseTreeModel::RerunColumn)}) {
            const int left = tree.header->sectionViewportPosition(column);
            QVERIFY2(
                left >= 0 && left < tree.view.viewport()->width(), qPrintable(QStringLiteral("column %1 at %2").arg(column).arg(left)));
        }
    }
};

QTEST_MAIN(TestCaseNavigator)
#include "tst_casenavigator.moc"
