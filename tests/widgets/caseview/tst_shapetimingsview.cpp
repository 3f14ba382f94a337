// SPDX-License-Identifier: MIT
//
// Per-shape timings as a reviewer reads them: the table (numbers sort as numbers, a missing time
// is empty, a row not timed as asked is flagged) and the chart (both times per shape, the
// geometric mean in the title, "not to be trusted" when the case's claims are warned).
#include "models/browse/shapetimingmodel.h"
#include "widgets/caseview/shapetimingsview.h"
#include "widgets/plots/shapetimingplot.h"

#include <QAbstractItemModel>
#include <QTableView>
#include <QTest>

#include <cmath>

using namespace krw;

namespace {

QVector<ShapeTiming> timings()
{
    ShapeTiming small{QStringLiteral("small"), 0.04, 0.02, QStringLiteral("cuda_graph"), QString()};
    ShapeTiming large{QStringLiteral("large"), 0.9, 0.3, QStringLiteral("cuda_graph → cuda_event_fallback"), QString()};
    ShapeTiming untimed{QStringLiteral("odd"), 0.5, std::nullopt, QStringLiteral("cuda_graph"), QStringLiteral("optimized: timed out")};
    return {small, large, untimed};
}

} // namespace

class TestShapeTimingsView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theModelComputesWhatItShows()
    {
        ShapeTimingModel model;
        model.setTimings(timings());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, ShapeTimingModel::SpeedupColumn).data().toString(), QStringLiteral("2.00×"));
        QCOMPARE(model.index(2, ShapeTimingModel::CandidateColumn).data().toString(), QString()); // not 0
        QCOMPARE(model.index(2, ShapeTimingModel::SpeedupColumn).data(ShapeTimingModel::SortRole).toDouble(), -1.0); // below any
        QVERIFY(!model.index(0, 0).data(ShapeTimingModel::ProblemRole).toBool());
        QVERIFY(model.index(1, 0).data(ShapeTimingModel::ProblemRole).toBool()); // another method
        QVERIFY(model.index(2, 0).data(ShapeTimingModel::ProblemRole).toBool()); // a note
        int rows = 0;
        const std::optional<double> geomean = ShapeTimingModel::geomeanSpeedup(timings(), &rows);
        QCOMPARE(rows, 2);
        QVERIFY(geomean && std::abs(*geomean - std::sqrt(2.0 * 3.0)) < 1e-9);
    }

    void theViewSortsAndTitles()
    {
        ShapeTimingsView view;
        view.resize(900, 600);
        view.setTimings(timings(), true);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QAbstractItemModel* shown = view.table()->model();
        view.table()->sortByColumn(ShapeTimingModel::SpeedupColumn, Qt::DescendingOrder);
        QCOMPARE(shown->index(0, ShapeTimingModel::ShapeColumn).data().toString(), QStringLiteral("large")); // 3.00× before 2.00×
        QCOMPARE(shown->index(2, ShapeTimingModel::ShapeColumn).data().toString(), QStringLiteral("odd")); // no speedup: last
        QVERIFY(!view.chart()->isEmptyState());
        QVERIFY2(
            view.chart()->title().contains(QStringLiteral("geometric mean 2.45× over 2 of 3 shapes")), qPrintable(view.chart()->title()));
        QVERIFY(view.chart()->title().contains(QStringLiteral("not to be trusted")));
        view.setTimings(timings(), false);
        QVERIFY(!view.chart()->title().contains(QStringLiteral("not to be trusted")));
        view.setTimings({}, false);
        QVERIFY(view.chart()->isEmptyState());
    }
};

QTEST_MAIN(TestShapeTimingsView)
#include "tst_shapetimingsview.moc"
