// SPDX-License-Identifier: MIT
#include "widgets/plots/errorplot.h"
#include "widgets/plots/historyplot.h"
#include "widgets/plots/qcustomplotwrapper.h"
#include "widgets/plots/speeduphistogramplot.h"
#include "widgets/plots/timingplot.h"
#include "widgets/theme/themes.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace krw;

namespace {

TimingStats stats(double p10, double p50, double p90)
{
    return {p10, p50, p90, 200};
}

TimingStage sampleTiming()
{
    TimingStage t;
    const double baseline[] = {0.012, 0.013, 0.015};
    const double candidate[] = {0.010, 0.011, 0.016};
    for (int i = 0; i < 3; ++i) {
        CallTiming c;
        c.name = QStringLiteral("call_kernel");
        c.index = i;
        c.baseline = stats(baseline[i] - 0.001, baseline[i], baseline[i] + 0.002);
        c.candidate = stats(candidate[i] - 0.001, candidate[i], candidate[i] + 0.002);
        c.speedup = baseline[i] / candidate[i];
        t.calls << c;
    }
    t.baselineMs = 0.040;
    t.candidateMs = 0.037;
    t.speedup = 0.040 / 0.037;
    return t;
}

AccuracyStage sampleAccuracy()
{
    AccuracyStage a;
    a.rtol = 1e-5;
    a.atol = 1e-3;
    const double errors[] = {0, 3e-7, 0.5};
    for (int i = 0; i < 3; ++i) {
        OutputComparison o;
        o.name = QStringLiteral("out%1").arg(i);
        o.ok = i < 2;
        o.maxAbsErr = errors[i];
        o.total = 16;
        a.outputs << o;
    }
    return a;
}

QVector<HistoryPoint> sampleHistory()
{
    QVector<HistoryPoint> history;
    const auto add = [&](HistoryPoint::Source source, double speedup, bool passed) {
        HistoryPoint p;
        p.source = source;
        p.label = QStringLiteral("point %1").arg(history.size());
        p.speedup = speedup;
        p.passed = passed;
        history << p;
    };
    add(HistoryPoint::Source::AgentPerfCandidate, 1.41, true);
    add(HistoryPoint::Source::AgentPerfCandidate, 1.12, true);
    add(HistoryPoint::Source::Rerun, 0.94, true);
    add(HistoryPoint::Source::Rerun, 1.05, false);
    add(HistoryPoint::Source::Rerun, 1.2, true);
    return history;
}

template<typename T>
QVector<T*> plottablesOf(QCustomPlot* plot)
{
    QVector<T*> out;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        if (auto* p = qobject_cast<T*>(plot->plottable(i)))
            out << p;
    }
    return out;
}

template<typename T>
QVector<T*> itemsOf(QCustomPlot* plot)
{
    QVector<T*> out;
    for (int i = 0; i < plot->itemCount(); ++i) {
        if (auto* item = qobject_cast<T*>(plot->item(i)))
            out << item;
    }
    return out;
}

template<typename Container>
QVector<double> keysOf(const Container& data)
{
    QVector<double> keys;
    for (auto it = data->constBegin(); it != data->constEnd(); ++it)
        keys << it->mainKey();
    return keys;
}

template<typename Container>
QVector<double> valuesOf(const Container& data)
{
    QVector<double> values;
    for (auto it = data->constBegin(); it != data->constEnd(); ++it)
        values << it->mainValue();
    return values;
}

QStringList itemTexts(QCustomPlot* plot)
{
    QStringList texts;
    for (QCPItemText* t : itemsOf<QCPItemText>(plot))
        texts << t->text();
    return texts;
}

QByteArray head(const QString& path, int bytes)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.read(bytes) : QByteArray();
}

} // namespace

class TestPlots : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setPalette(lightPalette());
    }

    void timingBarsAndWhiskers()
    {
        TimingPlot plot;
        plot.setTiming(sampleTiming());
        QCustomPlot* p = plot.plot();
        QVERIFY(!plot.isEmptyState());
        const auto bars = plottablesOf<QCPBars>(p);
        const auto whiskers = plottablesOf<QCPErrorBars>(p);
        QCOMPARE(bars.size(), 2);
        QCOMPARE(whiskers.size(), 2);
        QCOMPARE(p->plottableCount(), 4);
        QCOMPARE(bars.at(0)->name(), QStringLiteral("baseline p50, p10–p90"));
        QCOMPARE(keysOf(bars.at(0)->data()), (QVector<double>{0, 1, 2}));
        QCOMPARE(valuesOf(bars.at(0)->data()), (QVector<double>{0.012, 0.013, 0.015}));
        QCOMPARE(valuesOf(bars.at(1)->data()), (QVector<double>{0.010, 0.011, 0.016}));
        QCOMPARE(bars.at(0)->barsGroup(), bars.at(1)->barsGroup());
        QVERIFY(bars.at(0)->barsGroup());
        for (int side = 0; side < 2; ++side) {
            QCOMPARE(whiskers.at(side)->dataPlottable(), bars.at(side));
            QCOMPARE(whiskers.at(side)->dataCount(), 3);
            QVERIFY(qFuzzyCompare(whiskers.at(side)->data()->at(0).errorMinus, 0.001));
            QVERIFY(qFuzzyCompare(whiskers.at(side)->data()->at(0).errorPlus, 0.002));
        }
        QCOMPARE(p->legend->itemCount(), 2); // whiskers are not in the legend
        QCOMPARE(plot.title(), QStringLiteral("Speedup 1.08× — candidate faster (Σ p50 0.04 → 0.037 ms)"));
        QCOMPARE(itemTexts(p), (QStringList{QStringLiteral("1.20×"), QStringLiteral("1.18×"), QStringLiteral("0.94×")}));
    }

    void errorPointsOnLogAxis()
    {
        ErrorPlot plot;
        plot.setAccuracy(sampleAccuracy());
        QCustomPlot* p = plot.plot();
        QCOMPARE(p->yAxis->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(p->yAxis->ticker().dynamicCast<QCPAxisTickerLog>());
        QCOMPARE(p->graphCount(), 3);
        QCOMPARE(p->graph(0)->name(), QStringLiteral("passed"));
        QCOMPARE(valuesOf(p->graph(0)->data()), (QVector<double>{3e-7}));
        // The exact zero is clamped to the floor and the legend says so.
        QCOMPARE(p->graph(1)->name(), QStringLiteral("exactly 0 (drawn at 1e-12)"));
        QCOMPARE(keysOf(p->graph(1)->data()), (QVector<double>{0}));
        QCOMPARE(valuesOf(p->graph(1)->data()), (QVector<double>{LogFloor}));
        QCOMPARE(p->graph(2)->name(), QStringLiteral("failed"));
        QCOMPARE(valuesOf(p->graph(2)->data()), (QVector<double>{0.5}));
        QVERIFY(p->graph(2)->scatterStyle().shape() != p->graph(0)->scatterStyle().shape());
        QVERIFY(p->yAxis->range().lower > 0);
        QVERIFY(p->yAxis->range().contains(LogFloor));
        // The atol line, dashed, and its label.
        const auto lines = itemsOf<QCPItemStraightLine>(p);
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines.at(0)->point1->coords().y(), 1e-3);
        QCOMPARE(lines.at(0)->pen().style(), Qt::DashLine);
        QCOMPARE(itemTexts(p), QStringList{QStringLiteral("atol 0.001")});
    }

    void historyGroupsAndReference()
    {
        HistoryPlot plot;
        plot.resize(800, 400); // narrower, tick labels would be thinned out
        plot.setHistory(sampleHistory());
        QCustomPlot* p = plot.plot();
        QCOMPARE(p->graphCount(), 3);
        QCOMPARE(p->graph(0)->name(), QStringLiteral("agent candidate, passed"));
        QCOMPARE(valuesOf(p->graph(0)->data()), (QVector<double>{1.41, 1.12}));
        QCOMPARE(p->graph(1)->name(), QStringLiteral("rerun, passed"));
        QCOMPARE(keysOf(p->graph(1)->data()), (QVector<double>{2, 4}));
        QCOMPARE(p->graph(2)->name(), QStringLiteral("rerun, failed"));
        QCOMPARE(keysOf(p->graph(2)->data()), (QVector<double>{3}));
        // Shape by source, colour by verdict.
        QVERIFY(p->graph(0)->scatterStyle().shape() != p->graph(1)->scatterStyle().shape());
        QCOMPARE(p->graph(1)->scatterStyle().shape(), p->graph(2)->scatterStyle().shape());
        QVERIFY(p->graph(1)->scatterStyle().brush().color() != p->graph(2)->scatterStyle().brush().color());
        const auto lines = itemsOf<QCPItemStraightLine>(p);
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines.at(0)->point1->coords().y(), 1.0);
        QVERIFY(p->yAxis->range().contains(1.0));
        auto ticker = p->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticker);
        QCOMPARE(ticker->ticks().size(), 5);
        QCOMPARE(ticker->ticks().value(3), QStringLiteral("point 3"));
    }

    // The batch summary's plot: one bar a bin, counts on whole-number ticks, bins named on x.
    void speedupHistogramBars()
    {
        SpeedupHistogramPlot plot;
        plot.resize(800, 400);
        QVERIFY(plot.isEmptyState()); // no clean pass yet
        plot.setSpeedups({0.3, 1.0, 1.5, 1.6, 37.0});
        QVERIFY(!plot.isEmptyState());
        QCOMPARE(plot.title(), QStringLiteral("Device-time speedups of the clean passes (5 cases)"));
        const auto bars = plottablesOf<QCPBars>(plot.plot());
        QCOMPARE(bars.size(), 1);
        QCOMPARE(valuesOf(bars.at(0)->data()), (QVector<double>{1, 0, 0, 1, 0, 2, 0, 1}));
        auto y = plot.plot()->yAxis->ticker().dynamicCast<QCPAxisTickerFixed>();
        QVERIFY(y);
        QCOMPARE(y->tickStep(), 1.0);
        auto x = plot.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(x);
        QCOMPARE(x->ticks().value(5), QStringLiteral("1.25–2×"));
        plot.setSpeedups({});
        QVERIFY(plot.isEmptyState());
    }

    void emptyStates_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("message");
        QTest::addRow("timing") << 0 << QStringLiteral("No timing yet — run the case");
        QTest::addRow("error") << 1 << QStringLiteral("No accuracy results yet — run the case");
        QTest::addRow("history") << 2 << QStringLiteral("No history yet — run the case");
    }

    void emptyStates()
    {
        QFETCH(int, kind);
        QFETCH(QString, message);
        TimingPlot timing;
        ErrorPlot error;
        HistoryPlot history;
        PlotWidget* plots[] = {&timing, &error, &history};
        PlotWidget* plot = plots[kind];
        const auto check = [&] {
            QVERIFY(plot->isEmptyState());
            QCOMPARE(plot->emptyMessage(), message);
            QCOMPARE(plot->plot()->plottableCount(), 0);
            QCOMPARE(itemTexts(plot->plot()), QStringList{message});
            QVERIFY(!plot->plot()->xAxis->visible());
            QVERIFY(!plot->plot()->legend->visible());
        };
        check();
        timing.setTiming(sampleTiming());
        error.setAccuracy(sampleAccuracy());
        history.setHistory(sampleHistory());
        QVERIFY(!plot->isEmptyState());
        QVERIFY(plot->plot()->xAxis->visible());
        QVERIFY(!itemTexts(plot->plot()).contains(message));
        timing.clear();
        error.clear();
        history.clear();
        check();
    }

    void exportPngAndPdf_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("magic");
        QTest::addRow("png") << QStringLiteral("timing.png") << QByteArray("\x89PNG");
        QTest::addRow("pdf") << QStringLiteral("timing.pdf") << QByteArray("%PDF");
        QTest::addRow("upper-case extension") << QStringLiteral("timing.PNG") << QByteArray("\x89PNG");
    }

    void exportPngAndPdf()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, magic);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        TimingPlot plot;
        plot.setTiming(sampleTiming());
        const QString path = dir.filePath(name);
        QString error;
        QVERIFY2(plot.exportTo(path, &error), qPrintable(error));
        QVERIFY(error.isEmpty());
        QVERIFY(QFileInfo(path).size() > 1000);
        QCOMPARE(head(path, magic.size()), magic);
    }

    void exportEmptyState()
    {
        QTemporaryDir dir;
        HistoryPlot plot;
        QVERIFY(plot.exportTo(dir.filePath(QStringLiteral("empty.png"))));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("empty.png"))).size() > 0);
    }

    void exportErrors_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("error");
        QTest::addRow("unknown extension") << QStringLiteral("plot.svg")
                                           << QStringLiteral("Cannot export to %1: the name must end in .png or .pdf");
        QTest::addRow("no extension") << QStringLiteral("plot") << QStringLiteral("Cannot export to %1: the name must end in .png or .pdf");
        QTest::addRow("missing folder") << QStringLiteral("nowhere/plot.png")
                                        << QStringLiteral("Cannot export to %1: the folder %2 does not exist");
    }

    void exportErrors()
    {
        QFETCH(QString, name);
        QFETCH(QString, error);
        QTemporaryDir dir;
        ErrorPlot plot;
        plot.setAccuracy(sampleAccuracy());
        const QString path = dir.filePath(name);
        QString message;
        QVERIFY(!plot.exportTo(path, &message));
        const QString expected = error.contains(QStringLiteral("%2")) ? error.arg(path, QFileInfo(path).absolutePath()) : error.arg(path);
        QCOMPARE(message, expected);
        QVERIFY(!QFileInfo::exists(path));
    }

    void paletteChangeRecolours_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addRow("timing") << 0;
        QTest::addRow("error") << 1;
        QTest::addRow("history") << 2;
    }

    void paletteChangeRecolours()
    {
        QFETCH(int, kind);
        TimingPlot timing;
        ErrorPlot error;
        HistoryPlot history;
        timing.setTiming(sampleTiming());
        error.setAccuracy(sampleAccuracy());
        history.setHistory(sampleHistory());
        PlotWidget* plots[] = {&timing, &error, &history};
        PlotWidget* plot = plots[kind];
        QCustomPlot* p = plot->plot();
        const QPalette light = lightPalette();
        QCOMPARE(p->xAxis->labelColor(), light.color(QPalette::Text));
        const int plottables = p->plottableCount();
        const QColor seriesBefore = p->plottable(0)->pen().color();

        const QPalette dark = darkPalette();
        plot->setPalette(dark);
        for (QCPAxis* axis : {p->xAxis, p->yAxis}) {
            QCOMPARE(axis->labelColor(), dark.color(QPalette::Text));
            QCOMPARE(axis->tickLabelColor(), dark.color(QPalette::Text));
        }
        QCOMPARE(p->axisRect()->backgroundBrush().color(), dark.color(QPalette::Base));
        QCOMPARE(p->legend->textColor(), dark.color(QPalette::Text));
        QCOMPARE(p->plottableCount(), plottables); // rebuilt, not added to
        QVERIFY(p->plottable(0)->pen().color() != seriesBefore);

        plot->setPalette(light);
        QCOMPARE(p->yAxis->tickLabelColor(), light.color(QPalette::Text));
        QCOMPARE(p->plottable(0)->pen().color(), seriesBefore);
    }

    void tickLabelsFollowTheWidth()
    {
        HistoryPlot plot;
        plot.setHistory(sampleHistory());
        plot.resize(1200, 400);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        QCPAxis* x = plot.plot()->xAxis;
        const auto labels = [&] { return x->ticker().dynamicCast<QCPAxisTickerText>()->ticks().values(); };
        QCOMPARE(x->tickLabelRotation(), 0.0);
        QVERIFY(!labels().contains(QString()));
        plot.resize(240, 300);
        QTRY_VERIFY(x->tickLabelRotation() < 0); // a window's resize event may come later
        QVector<HistoryPoint> many;
        for (int i = 0; i < 6; ++i)
            many += sampleHistory();
        plot.setHistory(many);
        QCOMPARE(labels().size(), 30);
        QVERIFY(labels().contains(QString())); // thinned out
        QCOMPARE(labels().first(), QStringLiteral("point 0"));
    }

    void exportSize()
    {
        QTemporaryDir dir;
        QWidget page; // never shown, like a tab not opened yet: its children keep a tiny default size
        auto* plot = new ErrorPlot(&page);
        plot->setAccuracy(sampleAccuracy());
        const QString hidden = dir.filePath(QStringLiteral("hidden.png"));
        QVERIFY(plot->exportTo(hidden));
        QCOMPARE(QImage(hidden).size(), QSize(900, 480)); // never laid out: the default size
        plot->resize(700, 350);
        const QString sized = dir.filePath(QStringLiteral("sized.png"));
        QVERIFY(plot->exportTo(sized));
        QCOMPARE(QImage(sized).size(), QSize(700, 350)); // the widget's own size
    }

    void fontChangeFollowed()
    {
        TimingPlot plot;
        plot.setTiming(sampleTiming());
        QFont big = plot.font();
        big.setPointSizeF(big.pointSizeF() * 2);
        plot.setFont(big);
        QCOMPARE(plot.plot()->xAxis->tickLabelFont().pointSizeF(), big.pointSizeF());
        QCOMPARE(plot.plot()->legend->font().pointSizeF(), big.pointSizeF());
    }

    void toolTipsPerCategory()
    {
        HistoryPlot plot;
        plot.setHistory(sampleHistory());
        plot.resize(800, 400);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        QCustomPlot* p = plot.plot();
        p->replot(QCustomPlot::rpImmediateRefresh); // lays out the axis rect now
        const int y = p->axisRect()->center().y();
        const QString third = plot.toolTipAt(QPoint(int(p->xAxis->coordToPixel(3)), y));
        QVERIFY2(third.startsWith(QStringLiteral("point 3\nrerun\n")), qPrintable(third));
        QVERIFY(third.contains(QStringLiteral("accuracy: failed")));
        QCOMPARE(plot.toolTipAt(QPoint(int(p->xAxis->coordToPixel(3.45)), y)), third);
        QCOMPARE(plot.toolTipAt(QPoint(2, 2)), QString()); // outside the axis rect
    }
};

QTEST_MAIN(TestPlots)
#include "tst_plots.moc"
