// SPDX-License-Identifier: MIT
#include "models/browse/casefilterproxy.h"
#include "models/browse/casesearch.h"
#include "models/browse/casetreemodel.h"
#include "models/browse/warningmodel.h"
#include "models/rerun/rerunresult.h"
#include "models/run/runloader.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace krw;

namespace {

// The cases of the rows that dataChanged signals (caught by spy) named, sorted.
QStringList changedCases(const QAbstractItemModel& model, const QSignalSpy& spy)
{
    QStringList names;
    for (const QList<QVariant>& signal : spy) {
        const QModelIndex from = signal.at(0).value<QModelIndex>();
        const QModelIndex to = signal.at(1).value<QModelIndex>();
        for (int row = from.row(); row <= to.row(); ++row)
            names << model.index(row, 0, from.parent()).data(CaseTreeModel::FilenameRole).toString();
    }
    names.sort();
    return names;
}

RunPtr miniRun()
{
    return std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_TEST_DATA_DIR "/series")));
}

// The tree model on the series fixture behind the filter proxy, the proxy checked by
// QAbstractItemModelTester from before the model is set (so the set-up itself is checked too).
struct FilteredTree
{
    FilteredTree()
    {
        proxy.setSourceModel(&model);
        model.setRun(miniRun());
    }
    CaseTreeModel model;
    CaseFilterProxy proxy;
    QAbstractItemModelTester tester{&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest};
};

QStringList visibleCases(const QAbstractItemModel& model)
{
    QStringList names;
    for (int g = 0; g < model.rowCount(); ++g) {
        const QModelIndex group = model.index(g, 0);
        for (int r = 0; r < model.rowCount(group); ++r)
            names << model.index(r, 0, group).data().toString();
    }
    return names;
}

QStringList groupTitles(const QAbstractItemModel& model)
{
    QStringList titles;
    for (int g = 0; g < model.rowCount(); ++g)
        titles << model.index(g, 0).data().toString();
    return titles;
}

} // namespace

class TestCaseModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void treeGroupsByOutcome()
    {
        CaseTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setRun(miniRun());
        QCOMPARE(reset.count(), 1);
        QCOMPARE(groupTitles(model),
            (QStringList{QStringLiteral("Exe failed (1)"), QStringLiteral("No prediction (2)"), QStringLiteral("Unknown (1)"),
                QStringLiteral("Passed (1)")}));
        const QModelIndex a = model.indexOfCase(QStringLiteral("a.py"));
        QVERIFY(a.isValid());
        QCOMPARE(a.parent().row(), 0);
        QCOMPARE(model.index(a.row(), CaseTreeModel::LatestColumn, a.parent()).data().toString(), QStringLiteral("Exe failed"));
        QCOMPARE(model.index(a.row(), CaseTreeModel::BestColumn, a.parent()).data().toString(), QStringLiteral("call"));
        model.setRun(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // A pass whose speedup the run's own files contradict is marked in the tree and says why.
    void aWarnedClaimIsMarked()
    {
        CaseTreeModel model;
        model.setRun(std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_TEST_DATA_DIR "/layouts/kernelbench/runs/demo_run"))));
        const QModelIndex warned = model.indexOfCase(QStringLiteral("3_Softmax.py"));
        const QModelIndex plain = model.indexOfCase(QStringLiteral("1_Square_matmul.py"));
        QVERIFY(warned.isValid() && plain.isValid());
        QCOMPARE(model.index(warned.row(), CaseTreeModel::LatestColumn, warned.parent()).data().toString(), QStringLiteral("Passed ⚠"));
        QCOMPARE(model.index(plain.row(), CaseTreeModel::LatestColumn, plain.parent()).data().toString(), QStringLiteral("Passed"));
        const QString tip = model.index(warned.row(), CaseTreeModel::LatestColumn, warned.parent()).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("claim warnings")) && tip.contains(QStringLiteral("excessive speedup")), qPrintable(tip));
    }

    void proxyFiltersAndCounts()
    {
        FilteredTree tree;
        CaseFilterProxy& proxy = tree.proxy;
        QCOMPARE(visibleCases(proxy).size(), 5);

        proxy.setOutcomes({Outcome::NoPrediction});
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("b.py"), QStringLiteral("e.py")}));
        proxy.setOutcomes({});

        proxy.setBestStages({Stage::Call});
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("a.py"), QStringLiteral("e.py")}));
        QCOMPARE(groupTitles(proxy), (QStringList{QStringLiteral("Exe failed (1)"), QStringLiteral("No prediction (1 of 2)")}));
        proxy.setBestStages({});

        proxy.setNameFilter(QStringLiteral("_difficulty=3")); // metadata key=value
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("b.py")}));
        proxy.setNameFilter(QStringLiteral("C.PY"));
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("c.py")}));
        proxy.setNameFilter({});

        proxy.setSearchMatches(QSet<QString>{QStringLiteral("d.py")});
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("d.py")}));
        proxy.setSearchMatches(std::nullopt);
        QCOMPARE(visibleCases(proxy).size(), 5);
    }

    // A filter change is one layout change, announced by the proxy's own signals around it:
    // persistent indexes of rows still shown keep pointing at their case, those of hidden rows
    // become invalid, and no row is removed or inserted one range at a time. A search result that
    // changes a few rows removes or inserts just them; one that matches the same cases signals
    // nothing. (Thousands of scattered rows: tst_mainwindow searchOverThousandsOfScatteredCasesKeepsTheTree.)
    void filterChangesAreOneLayoutChange()
    {
        FilteredTree tree;
        CaseTreeModel& model = tree.model;
        CaseFilterProxy& proxy = tree.proxy;
        auto persistentOf = [&](const QString& name) { return QPersistentModelIndex(proxy.mapFromSource(model.indexOfCase(name))); };
        const QPersistentModelIndex kept = persistentOf(QStringLiteral("d.py"));
        const QPersistentModelIndex hidden = persistentOf(QStringLiteral("b.py"));
        QVERIFY(kept.isValid() && hidden.isValid());
        QSignalSpy removed(&proxy, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&proxy, &QAbstractItemModel::rowsInserted);
        QSignalSpy laidOut(&proxy, &QAbstractItemModel::layoutChanged);
        QStringList order;
        connect(&proxy, &CaseFilterProxy::casesAboutToBeRefiltered, this, [&] { order << QStringLiteral("about"); });
        connect(&proxy, &QAbstractItemModel::layoutChanged, this, [&] { order << QStringLiteral("layout"); });
        connect(&proxy, &CaseFilterProxy::casesRefiltered, this, [&] { order << QStringLiteral("done"); });

        proxy.setOutcomes({Outcome::NoPrediction}); // b.py and e.py
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("b.py"), QStringLiteral("e.py")}));
        QCOMPARE(order, (QStringList{QStringLiteral("about"), QStringLiteral("layout"), QStringLiteral("done")}));
        QVERIFY(!kept.isValid());
        QCOMPARE(hidden.data(CaseTreeModel::FilenameRole).toString(), QStringLiteral("b.py"));
        proxy.setOutcomes({});
        QCOMPARE(visibleCases(proxy).size(), 5);
        QCOMPARE(laidOut.count(), 2);
        QCOMPARE(removed.count(), 0);
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(hidden.data(CaseTreeModel::FilenameRole).toString(), QStringLiteral("b.py"));

        // A search result: few rows change, so they leave where they are.
        const QPersistentModelIndex d = persistentOf(QStringLiteral("d.py"));
        const QPersistentModelIndex b = persistentOf(QStringLiteral("b.py"));
        proxy.setSearchMatches(QSet<QString>{QStringLiteral("d.py"), QStringLiteral("e.py")});
        QStringList shown = visibleCases(proxy);
        shown.sort();
        QCOMPARE(shown, (QStringList{QStringLiteral("d.py"), QStringLiteral("e.py")}));
        QCOMPARE(laidOut.count(), 2);
        QVERIFY(removed.count() >= 1);
        QCOMPARE(d.data(CaseTreeModel::FilenameRole).toString(), QStringLiteral("d.py"));
        QVERIFY(!b.isValid());
        QCOMPARE(groupTitles(proxy).filter(QStringLiteral("No prediction")), (QStringList{QStringLiteral("No prediction (1 of 2)")}));
        // The same cases again: nothing happens.
        order.clear();
        const int removedBefore = int(removed.count());
        proxy.setSearchMatches(QSet<QString>{QStringLiteral("e.py"), QStringLiteral("d.py")});
        QCOMPARE(order, QStringList());
        QCOMPARE(int(removed.count()), removedBefore);
        QCOMPARE(inserted.count(), 0);
        proxy.setSearchMatches(std::nullopt);
        QCOMPARE(visibleCases(proxy).size(), 5);
        QVERIFY(inserted.count() >= 1);
        QCOMPARE(laidOut.count(), 2);
    }

    void verdictsChangeRowsInPlace()
    {
        FilteredTree tree;
        CaseTreeModel& model = tree.model;
        CaseFilterProxy& proxy = tree.proxy;
        const QModelIndex a = model.indexOfCase(QStringLiteral("a.py"));
        QCOMPARE(Verdict(a.data(CaseTreeModel::VerdictRole).toInt()), Verdict::None);
        QVERIFY(!a.parent().data(CaseTreeModel::VerdictRole).isValid()); // groups have none

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        CaseAnnotation reviewed;
        reviewed.verdict = Verdict::TestProblem;
        model.setAnnotations({{QStringLiteral("a.py"), reviewed}, {QStringLiteral("c.py"), reviewed}});
        QCOMPARE(reset.count(), 0); // selection and expansion survive
        // Only the rows whose verdict changed, not every row of the run (10,000 of them, most unreviewed).
        QCOMPARE(changedCases(model, changed), (QStringList{QStringLiteral("a.py"), QStringLiteral("c.py")}));
        QVERIFY(changed.first().at(2).value<QVector<int>>().contains(CaseTreeModel::VerdictRole));
        QCOMPARE(Verdict(a.data(CaseTreeModel::VerdictRole).toInt()), Verdict::TestProblem);
        QVERIFY(a.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Test or harness problem")));

        proxy.setUnreviewedOnly(true);
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("b.py"), QStringLiteral("e.py"), QStringLiteral("d.py")}));
        changed.clear();
        model.setAnnotations({}); // the filter follows the verdicts
        QCOMPARE(visibleCases(proxy).size(), 5);
        QCOMPARE(changedCases(model, changed), (QStringList{QStringLiteral("a.py"), QStringLiteral("c.py")}));
        changed.clear();
        model.setAnnotations({}); // nothing changes: no row is announced
        QCOMPARE(changed.count(), 0);
    }

    // Scattered changes in a group are one signal, not one per row: each single-row signal made the
    // tree size its columns to their contents again, and 1,000 saved reruns read when a 10,000-case
    // run opened froze the window for 32 s.
    void scatteredChangesAreOneSignalPerGroup()
    {
        CaseTreeModel model;
        model.setRun(std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR))));
        QModelIndex group;
        for (int g = 0; g < model.rowCount() && !group.isValid(); ++g) {
            if (model.rowCount(model.index(g, 0)) >= 3)
                group = model.index(g, 0);
        }
        QVERIFY2(group.isValid(), "the fixture has a group of three cases");
        const QString first = model.index(0, 0, group).data(CaseTreeModel::FilenameRole).toString();
        const QString last = model.index(model.rowCount(group) - 1, 0, group).data(CaseTreeModel::FilenameRole).toString();
        LatestRerun rerun;
        rerun.verdict = QStringLiteral("passed");
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setLatestReruns({{first, rerun}, {last, rerun}});
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).value<QModelIndex>().row(), 0);
        QCOMPARE(changed.first().at(1).value<QModelIndex>().row(), model.rowCount(group) - 1);
        QCOMPARE(changed.first().at(0).value<QModelIndex>().parent(), group);
    }

    // The Rerun column: the newest rerun's verdict level (VerdictLevel), sorted clean passes first,
    // and a filter that follows it when a rerun ends (a case that gains a suspect flag joins "suspect").
    void rerunColumnShowsSortsAndFilters()
    {
        FilteredTree tree;
        CaseTreeModel& model = tree.model;
        CaseFilterProxy& proxy = tree.proxy;
        auto rerun = [](const QString& verdict, const QStringList& flags) {
            LatestRerun r;
            r.verdict = verdict;
            r.flags = flags;
            r.versionId = QStringLiteral("it0:predict");
            r.baselineId = QStringLiteral("label");
            r.profile = QStringLiteral("cpu");
            return r;
        };
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setLatestReruns({{QStringLiteral("a.py"), rerun(QStringLiteral("passed"), {QStringLiteral("launch_bound")})},
            {QStringLiteral("b.py"), rerun(QStringLiteral("passed"), {QStringLiteral("launch_bound"), QStringLiteral("output_reused")})},
            {QStringLiteral("c.py"), rerun(QStringLiteral("wrong_output"), {QStringLiteral("input_mutated")})}});
        QCOMPARE(changedCases(model, changed), (QStringList{QStringLiteral("a.py"), QStringLiteral("b.py"), QStringLiteral("c.py")}));
        QVERIFY(changed.first().at(2).value<QVector<int>>().contains(CaseTreeModel::RerunLevelRole));
        for (const QList<QVariant>& signal : qAsConst(changed)) { // the Rerun column alone
            QCOMPARE(signal.at(0).value<QModelIndex>().column(), int(CaseTreeModel::RerunColumn));
            QCOMPARE(signal.at(1).value<QModelIndex>().column(), int(CaseTreeModel::RerunColumn));
        }
        auto cell = [&model](const QString& name, int role = Qt::DisplayRole) {
            const QModelIndex i = model.indexOfCase(name);
            return model.index(i.row(), CaseTreeModel::RerunColumn, i.parent()).data(role);
        };
        QCOMPARE(cell(QStringLiteral("a.py")).toString(), QStringLiteral("Passed with notes"));
        QCOMPARE(cell(QStringLiteral("b.py")).toString(), QStringLiteral("Suspect"));
        QCOMPARE(cell(QStringLiteral("c.py")).toString(), QStringLiteral("Wrong output"));
        QCOMPARE(cell(QStringLiteral("d.py")).toString(), QString());
        QVERIFY2(
            cell(QStringLiteral("b.py"), Qt::ToolTipRole).toString().contains(QStringLiteral("it0:predict against label, profile cpu")),
            qPrintable(cell(QStringLiteral("b.py"), Qt::ToolTipRole).toString()));
        QVERIFY(cell(QStringLiteral("c.py"), Qt::ToolTipRole).toString().contains(QStringLiteral("input_mutated")));
        QVERIFY2(cell(QStringLiteral("b.py"), Qt::ToolTipRole)
                     .toString()
                     .contains(QStringLiteral("Suspect — output_reused; notes: launch_bound")),
            qPrintable(cell(QStringLiteral("b.py"), Qt::ToolTipRole).toString()));
        QCOMPARE(cell(QStringLiteral("d.py"), Qt::ToolTipRole).toString(), QStringLiteral("Not rerun yet"));
        QVERIFY(
            cell(QStringLiteral("a.py"), CaseTreeModel::SortRole).toInt() < cell(QStringLiteral("b.py"), CaseTreeModel::SortRole).toInt());
        QVERIFY(
            cell(QStringLiteral("b.py"), CaseTreeModel::SortRole).toInt() < cell(QStringLiteral("c.py"), CaseTreeModel::SortRole).toInt());
        QVERIFY(
            cell(QStringLiteral("c.py"), CaseTreeModel::SortRole).toInt() < cell(QStringLiteral("d.py"), CaseTreeModel::SortRole).toInt());

        proxy.setRerunFilter(RerunFilter::NotRerun);
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("e.py"), QStringLiteral("d.py")}));
        proxy.setRerunFilter(RerunFilter::Counted);
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("a.py")}));
        proxy.setRerunFilter(RerunFilter::NotPassed);
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("c.py")}));
        proxy.setRerunFilter(RerunFilter::Suspect);
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("b.py")}));
        model.setLatestRerun(QStringLiteral("a.py"), rerun(QStringLiteral("passed"), {QStringLiteral("beyond_peak")}));
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("a.py"), QStringLiteral("b.py")}));
        proxy.setRerunFilter(RerunFilter::Any);
        QCOMPARE(visibleCases(proxy).size(), 5);
    }

    // The Hints column: "…" until the hints come (no count, the filter passes nothing), then the
    // count per case in place (one signal per group, the Hints column alone), its tooltip the
    // hints, and the filter by any hint or by one check. Another run drops them.
    void hintsColumnShowsAndFilters()
    {
        FilteredTree tree;
        CaseTreeModel& model = tree.model;
        CaseFilterProxy& proxy = tree.proxy;
        const RunPtr run = model.run();
        auto cell = [&model](const QString& name, int role = Qt::DisplayRole) {
            const QModelIndex i = model.indexOfCase(name);
            return model.index(i.row(), CaseTreeModel::HintsColumn, i.parent()).data(role);
        };
        QCOMPARE(model.headerData(CaseTreeModel::HintsColumn, Qt::Horizontal).toString(), QStringLiteral("Hints"));
        QCOMPARE(cell(QStringLiteral("a.py")).toString(), QStringLiteral("…"));
        QCOMPARE(cell(QStringLiteral("a.py"), Qt::ToolTipRole).toString(), QStringLiteral("Lint hints are being computed"));
        QCOMPARE(cell(QStringLiteral("a.py"), CaseTreeModel::HintCountRole).toInt(), -1);
        proxy.setHintFilter(CaseFilterProxy::anyHint());
        QCOMPARE(visibleCases(proxy).size(), 0); // not computed yet: nothing has a hint

        QVector<LintHints> hints(run->cases.size());
        hints[run->indexOf(QStringLiteral("b.py"))] = {{QStringLiteral("binding"), QStringLiteral("it0:predict"), 3, QStringLiteral("m1")},
            {QStringLiteral("non-code"), QStringLiteral("it1:predict"), 0, QStringLiteral("m2")}};
        hints[run->indexOf(QStringLiteral("d.py"))] = {{QStringLiteral("constant"), QStringLiteral("label"), 7, QStringLiteral("m3")}};
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setHints(hints);
        QCOMPARE(changed.size(), model.rowCount()); // one per group
        for (const QList<QVariant>& signal : qAsConst(changed)) {
            QCOMPARE(signal.at(0).value<QModelIndex>().column(), int(CaseTreeModel::HintsColumn));
            QCOMPARE(signal.at(1).value<QModelIndex>().column(), int(CaseTreeModel::HintsColumn));
            QVERIFY(signal.at(2).value<QVector<int>>().contains(CaseTreeModel::HintCountRole));
        }
        QCOMPARE(cell(QStringLiteral("b.py")).toInt(), 2);
        QCOMPARE(cell(QStringLiteral("a.py")).toString(), QString());
        QCOMPARE(cell(QStringLiteral("a.py"), CaseTreeModel::SortRole).toInt(), 0);
        QCOMPARE(cell(QStringLiteral("b.py"), CaseTreeModel::SortRole).toInt(), 2);
        QCOMPARE(
            cell(QStringLiteral("b.py"), Qt::ToolTipRole).toString(), QStringLiteral("it0:predict line 3: m1\nit1:predict line 0: m2"));
        QCOMPARE(cell(QStringLiteral("a.py"), Qt::ToolTipRole).toString(), QStringLiteral("No lint hints"));
        QCOMPARE(cell(QStringLiteral("b.py"), CaseTreeModel::HintChecksRole).toStringList(),
            (QStringList{QStringLiteral("binding"), QStringLiteral("non-code")}));
        QStringList withHints = visibleCases(proxy);
        withHints.sort();
        QCOMPARE(withHints, (QStringList{QStringLiteral("b.py"), QStringLiteral("d.py")}));
        proxy.setHintFilter(QStringLiteral("constant"));
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("d.py")}));
        proxy.setHintFilter(QStringLiteral("dimension"));
        QCOMPARE(visibleCases(proxy).size(), 0);
        proxy.setHintFilter(QString());
        QCOMPARE(visibleCases(proxy).size(), 5);
        model.setHints(QVector<LintHints>(2)); // another run's: ignored
        QCOMPARE(cell(QStringLiteral("b.py")).toInt(), 2);
        model.setRun(miniRun()); // loaded again: computed again
        QCOMPARE(cell(QStringLiteral("b.py"), CaseTreeModel::HintCountRole).toInt(), -1);
        QCOMPARE(cell(QStringLiteral("b.py")).toString(), QStringLiteral("…"));
    }

    // A rerun that ends under a Rerun filter without moving any row (still flagged, still hidden)
    // changes nothing in the proxy: no layout change, no rows removed or inserted, the rows and
    // persistent indexes as they were. One that shows a case inserts it where it goes, without a
    // relayout of the whole tree. (Before, every such rerun laid out the whole tree again: ~44 ms
    // of UI thread at 10,000 cases.)
    void aRerunThatMovesNoRowLaysNothingOut()
    {
        CaseTreeModel model;
        CaseFilterProxy proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        model.setRun(miniRun());
        auto rerun = [](const QString& verdict, const QStringList& flags) {
            LatestRerun r;
            r.verdict = verdict;
            r.flags = flags;
            return r;
        };
        model.setLatestReruns({{QStringLiteral("b.py"), rerun(QStringLiteral("passed"), {QStringLiteral("output_reused")})},
            {QStringLiteral("c.py"), rerun(QStringLiteral("passed"), {QStringLiteral("input_mutated")})}});
        proxy.setRerunFilter(RerunFilter::Suspect);
        const QStringList before = visibleCases(proxy);
        QCOMPARE(before, (QStringList{QStringLiteral("b.py"), QStringLiteral("c.py")}));
        const QPersistentModelIndex b(proxy.mapFromSource(model.indexOfCase(QStringLiteral("b.py"))));
        const QPersistentModelIndex c(proxy.mapFromSource(model.indexOfCase(QStringLiteral("c.py"))));
        const int bRow = b.row();
        const int cRow = c.row();
        QSignalSpy laidOut(&proxy, &QAbstractItemModel::layoutChanged);
        QSignalSpy removed(&proxy, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&proxy, &QAbstractItemModel::rowsInserted);
        QSignalSpy about(&proxy, &CaseFilterProxy::casesAboutToBeRefiltered);

        model.setLatestRerun(QStringLiteral("c.py"), rerun(QStringLiteral("passed"), {QStringLiteral("beyond_peak")})); // still suspect
        model.setLatestRerun(QStringLiteral("d.py"), rerun(QStringLiteral("passed"), {})); // still hidden
        QCOMPARE(laidOut.count(), 0);
        QCOMPARE(removed.count(), 0);
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(about.count(), 0);
        QCOMPARE(visibleCases(proxy), before);
        QVERIFY(b.isValid() && c.isValid());
        QCOMPARE(b.row(), bRow);
        QCOMPARE(c.row(), cRow);
        QCOMPARE(c.data(CaseTreeModel::FilenameRole).toString(), QStringLiteral("c.py"));

        // One that shows a case: that row is inserted, the others stay.
        model.setLatestRerun(QStringLiteral("a.py"), rerun(QStringLiteral("passed"), {QStringLiteral("beyond_peak")}));
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("a.py"), QStringLiteral("b.py"), QStringLiteral("c.py")}));
        QCOMPARE(laidOut.count(), 0);
        QVERIFY(inserted.count() >= 1);
        QCOMPARE(about.count(), 1);
        QCOMPARE(b.data(CaseTreeModel::FilenameRole).toString(), QStringLiteral("b.py"));
        // And one that hides a case: removed, the others stay.
        model.setLatestRerun(QStringLiteral("b.py"), rerun(QStringLiteral("passed"), {}));
        QCOMPARE(visibleCases(proxy), (QStringList{QStringLiteral("a.py"), QStringLiteral("c.py")}));
        QCOMPARE(laidOut.count(), 0);
        QVERIFY(removed.count() >= 1);
        QVERIFY(!b.isValid());
        QCOMPARE(c.data(CaseTreeModel::FilenameRole).toString(), QStringLiteral("c.py"));
    }

    // Opening another run drops the reruns of the one before (cases of one benchmark share names:
    // they would show in the Rerun column and drive its filter); reloading the same run keeps them.
    void anotherRunDropsTheReruns()
    {
        CaseTreeModel model;
        const RunPtr run = miniRun();
        model.setRun(run);
        LatestRerun rerun;
        rerun.verdict = QStringLiteral("passed");
        model.setLatestReruns({{QStringLiteral("a.py"), rerun}});
        auto cell = [&model] {
            const QModelIndex i = model.indexOfCase(QStringLiteral("a.py"));
            return model.index(i.row(), CaseTreeModel::RerunColumn, i.parent()).data().toString();
        };
        QCOMPARE(cell(), verdictTitle(QStringLiteral("passed")));
        model.setRun(miniRun()); // a reload: the same run read again
        QCOMPARE(model.latestReruns().size(), 1);
        QCOMPARE(cell(), verdictTitle(QStringLiteral("passed")));
        auto other = std::make_shared<Run>(*run);
        other->name = QStringLiteral("another");
        model.setRun(other);
        QVERIFY(model.latestReruns().isEmpty());
        QCOMPARE(cell(), QString());
        QCOMPARE(model.indexOfCase(QStringLiteral("a.py")).data(CaseTreeModel::RerunLevelRole).toString(), QString());
    }

    void search_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("scope");
        QTest::addColumn<bool>("regex");
        QTest::addColumn<QStringList>("expected");
        const auto all = int(SearchScope::Everything);
        QTest::addRow("error-text") << QStringLiteral("does not match") << int(SearchScope::Errors) << false
                                    << QStringList{QStringLiteral("a.py")};
        QTest::addRow("old-iteration-error") << QStringLiteral("BOOM") << int(SearchScope::Errors) << false
                                             << QStringList{QStringLiteral("a.py")};
        QTest::addRow("code-in-perf-candidate")
            << QStringLiteral("int c5;") << int(SearchScope::Code) << false << QStringList{QStringLiteral("c.py")};
        QTest::addRow("reflection-of-perf") << QStringLiteral("older layout") << int(SearchScope::Reflection) << false
                                            << QStringList{QStringLiteral("c.py")};
        QTest::addRow("everything") << QStringLiteral("write d") << all << false << QStringList{QStringLiteral("d.py")};
        QTest::addRow("regex") << QStringLiteral("int [ad]2?;") << int(SearchScope::Code) << true
                               << QStringList{QStringLiteral("a.py"), QStringLiteral("d.py")};
        QTest::addRow("regex-chars-plain") << QStringLiteral("int [ad]") << all << false << QStringList{};
        QTest::addRow("metadata") << QStringLiteral("_difficulty=3") << int(SearchScope::Metadata) << false
                                  << QStringList{QStringLiteral("b.py")};
        QTest::addRow("scope-excludes") << QStringLiteral("does not match") << int(SearchScope::Label) << false << QStringList{};
    }

    void search()
    {
        QFETCH(QString, text);
        QFETCH(int, scope);
        QFETCH(bool, regex);
        QFETCH(QStringList, expected);
        const RunPtr run = miniRun();
        const std::optional<QSet<QString>> found = searchCases(*run, {text, SearchScope(scope), regex, false});
        QVERIFY(found);
        QStringList names(found->cbegin(), found->cend());
        names.sort();
        QCOMPARE(names, expected);
    }

    // A cancelled search has no result, not even the part it found before it stopped.
    void searchCancels()
    {
        const RunPtr run = miniRun();
        const SearchQuery query{QStringLiteral("import"), SearchScope::Everything, false, false};
        QVERIFY(!searchCases(*run, query, [] { return true; }));
        int asked = 0;
        QStringList searchedBefore;
        const auto midway = searchCases(
            *run, query, [&asked] { return ++asked > 3; },
            [&](int searched, int total) { searchedBefore << QStringLiteral("%1/%2").arg(searched).arg(total); });
        QVERIFY(!midway);
        QCOMPARE(searchedBefore, (QStringList{QStringLiteral("0/5"), QStringLiteral("1/5"), QStringLiteral("2/5")}));
    }

    // Progress counts the run's cases up to the total.
    void searchReportsProgress()
    {
        const RunPtr run = miniRun();
        QVector<int> searched;
        const auto found
            = searchCases(*run, {QStringLiteral("import"), SearchScope::Everything, false, false}, {}, [&](int done, int total) {
                  QCOMPARE(total, 5);
                  searched << done;
              });
        QVERIFY(found);
        QCOMPARE(searched, (QVector<int>{0, 1, 2, 3, 4, 5}));
    }

    void warningModel()
    {
        WarningModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const RunPtr run = miniRun();
        model.setWarnings(run->warnings);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, WarningModel::FileColumn).data().toString(), QStringLiteral("mini_1.jsonl"));
        QCOMPARE(model.index(0, WarningModel::LineColumn).data().toInt(), 4);
        QCOMPARE(model.index(0, WarningModel::FieldColumn).data().toString(), QStringLiteral("filename"));

        // Two runs: B's rows after A's, each naming its run, each row its own warning.
        QVector<LoadWarning> other
            = {LoadWarning{QStringLiteral("/b/other.jsonl"), 9, -1, QStringLiteral("predict"), QStringLiteral("not a string")}};
        model.setRuns({{QStringLiteral("A · mini"), QStringLiteral("/a"), run->warnings},
            {QStringLiteral("B · other"), QStringLiteral("/b"), other}});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(1, WarningModel::RunColumn).data().toString(), QStringLiteral("A · mini"));
        QCOMPARE(model.index(2, WarningModel::RunColumn).data().toString(), QStringLiteral("B · other"));
        QCOMPARE(model.index(2, WarningModel::RunColumn).data(Qt::ToolTipRole).toString(), QStringLiteral("/b"));
        QCOMPARE(model.index(2, WarningModel::FileColumn).data().toString(), QStringLiteral("other.jsonl"));
        QCOMPARE(model.index(2, WarningModel::LineColumn).data().toInt(), 9);
        QCOMPARE(model.warningAt(2).message, QStringLiteral("not a string"));
        QCOMPARE(model.warningAt(1).file, run->warnings.at(1).file);
        model.setRuns({{QStringLiteral("A · mini"), QStringLiteral("/a"), {}}, {QStringLiteral("B · other"), QStringLiteral("/b"), other}});
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.warningAt(0).line, 9);
    }
};

QTEST_GUILESS_MAIN(TestCaseModels)
#include "tst_casemodels.moc"
