// SPDX-License-Identifier: MIT
//
// Comparing runs (issue 13) at scale: a run compared with another (by default with itself, loaded
// twice), as the window does it.
//   - compare_ms: RunComparison::compare on two loaded runs (the worker's part), median of --runs;
//   - grid5_ms: RunGrid::build of five runs (the run five times), median of --runs;
//   - window: the run opened in a MainWindow (offscreen), then File ▸ Compare With… on B, from the
//     call to the tree showing the buckets (compare_window_s), with the longest gap of a 5 ms UI-thread
//     timer meanwhile (compare_ui_stall_ms: how long the window could not answer) and the UI thread's
//     CPU time over the whole comparison (compare_ui_cpu_ms); then a case's name typed into the
//     search box, once the run's search index is ready, until the comparison lists fewer cases
//     (compare_search_s, the search box's debounce included) and
//     cleared again (compare_search_cleared_s), with the longest UI-thread gap (compare_search_stall_ms).
// Usage: QT_QPA_PLATFORM=offscreen bench_compare RUN [OTHER] [--runs 5]
// Not a test: numbers are quoted in docs/PERFORMANCE.md ("Comparing runs"), not asserted.
#include "benchsupport.h"
#include "models/browse/casesearchjob.h"
#include "models/compare/runcomparison.h"
#include "models/compare/rungrid.h"
#include "models/run/runloader.h"
#include "widgets/browse/casefilterbar.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/compare/comparisonpanel.h"
#include "widgets/shell/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <functional>

using namespace krw;
using namespace krw::bench;

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // the window's settings stay out of the user's
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("run"), QStringLiteral("A run"));
    parser.addPositionalArgument(QStringLiteral("other"), QStringLiteral("The run to compare with (default: the run again)"));
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Repeats of the pure parts"), QStringLiteral("N"), QStringLiteral("5")});
    parser.process(app);
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty()) {
        out() << "usage: bench_compare RUN [OTHER] [--runs N]\n";
        return 2;
    }
    const QString pathA = args.at(0);
    const QString pathB = args.value(1, pathA);
    const int runs = std::max(1, parser.value(QStringLiteral("runs")).toInt());

    QString error;
    const auto a = std::make_shared<const Run>(loadRunAtPath(pathA, {}, &error));
    const auto b = std::make_shared<const Run>(loadRunAtPath(pathB, {}, &error));
    if (!error.isEmpty() || a->cases.isEmpty() || b->cases.isEmpty()) {
        miss(QStringLiteral("runs not loaded: %1").arg(error));
        return 1;
    }
    out() << "A: " << a->cases.size() << " cases, B: " << b->cases.size() << " cases\n";

    std::vector<double> compareMs;
    RunComparison comparison;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        comparison = RunComparison::compare(*a, *b);
        compareMs.push_back(timer.nsecsElapsed() / 1e6);
    }
    out() << "buckets: fixed " << comparison.count(CompareBucket::Fixed) << ", regressed " << comparison.count(CompareBucket::Regressed)
          << ", still failing " << comparison.count(CompareBucket::StillFailing) << ", still passing "
          << comparison.count(CompareBucket::StillPassing) << "\n";
    result(QStringLiteral("compare_ms"), median(compareMs), QStringLiteral("ms"));

    std::vector<double> gridMs;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        const RunGrid grid = RunGrid::build({a, a, a, a, a});
        gridMs.push_back(timer.nsecsElapsed() / 1e6);
    }
    result(QStringLiteral("grid5_ms"), median(gridMs), QStringLiteral("ms"));

    SyntaxSupport syntax;
    MainWindow window(&syntax);
    window.resize(1600, 1000);
    window.show();
    bool indexReady = false; // the search below is the indexed one (bench_gui's search budget)
    if (auto* job = window.findChild<CaseSearchJob*>())
        QObject::connect(job, &CaseSearchJob::indexReady, &app, [&indexReady] { indexReady = true; });
    QSignalSpy loaded(&window, &MainWindow::loadFinished);
    window.openPath(pathA, {}, false);
    if (!loaded.wait(120000)) {
        miss(QStringLiteral("the window did not load %1").arg(pathA));
        return 1;
    }
    // The window's own after-load work settles first: the search index built, the reruns read.
    QElapsedTimer settling;
    settling.start();
    while (!indexReady && settling.elapsed() < 120000)
        QTest::qWait(20);
    if (!indexReady) {
        miss(QStringLiteral("the search index of %1 was not ready 120 s after the load").arg(pathA));
        return 1;
    }
    QTest::qWait(500);

    double longestGapMs = 0;
    QElapsedTimer sinceTick;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        longestGapMs = std::max(longestGapMs, sinceTick.nsecsElapsed() / 1e6);
        sinceTick.restart();
    });
    QSignalSpy shown(&window, &MainWindow::comparisonShown);
    const qint64 cpuBefore = threadCpuNs();
    QElapsedTimer wall;
    wall.start();
    sinceTick.start();
    ticker.start();
    window.compareWith(pathB, {}, false);
    if (!shown.wait(300000) || !shown.first().first().toBool()) {
        miss(QStringLiteral("the window did not compare with %1").arg(pathB));
        return 1;
    }
    const double seconds = wall.nsecsElapsed() / 1e9;
    QTest::qWait(500); // the first case shown and the reruns read, still timed by the ticker
    ticker.stop();
    result(QStringLiteral("compare_window_s"), seconds, QStringLiteral("s"));
    result(QStringLiteral("compare_ui_stall_ms"), longestGapMs, QStringLiteral("ms"));
    result(QStringLiteral("compare_ui_cpu_ms"), (threadCpuNs() - cpuBefore) / 1e6, QStringLiteral("ms"));

    // The search narrows the comparison (MainWindow::filterComparison): a case's name typed into
    // the search box, from the text to the comparison tree listing fewer cases, then cleared, back
    // to all; the ticker keeps timing the UI thread's longest gap over both.
    const auto casesListed = [&window] {
        const QAbstractItemModel* model = window.comparisonPanel()->tree()->model();
        int cases = 0;
        for (int row = 0; row < model->rowCount(); ++row)
            cases += model->rowCount(model->index(row, 0));
        return cases;
    };
    const auto waitFor = [&](const std::function<bool()>& done) {
        QElapsedTimer timer;
        timer.start();
        while (!done() && timer.elapsed() < 60000)
            QTest::qWait(2);
        return done() ? timer.nsecsElapsed() / 1e9 : -1.0;
    };
    const int all = casesListed();
    longestGapMs = 0;
    sinceTick.restart();
    ticker.start();
    window.filterBar()->searchEdit()->setText(a->cases.at(a->cases.size() / 2).filename);
    const double narrowS = waitFor([&] { return casesListed() < all; });
    window.filterBar()->searchEdit()->clear();
    const double wideS = waitFor([&] { return casesListed() == all; });
    ticker.stop();
    if (narrowS < 0 || wideS < 0) {
        miss(QStringLiteral("the search did not narrow the comparison (%1 cases listed)").arg(casesListed()));
        return 1;
    }
    result(QStringLiteral("compare_search_s"), narrowS, QStringLiteral("s")); // the search's debounce included
    result(QStringLiteral("compare_search_cleared_s"), wideS, QStringLiteral("s"));
    result(QStringLiteral("compare_search_stall_ms"), longestGapMs, QStringLiteral("ms"));
    return missing() > 0 ? 1 : 0;
}
