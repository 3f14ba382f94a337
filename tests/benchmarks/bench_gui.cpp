// SPDX-License-Identifier: MIT
//
// The GUI figures of issue 12, taken in the real window: MainWindow (the app's own classes) on the
// offscreen platform, with temporary XDG folders, driven like a user with QTest key events.
//   1. open RUN_DIR → the tree shown and usable (loadFinished, then the event loop idle):
//      RESULT gui_tree_s from the process's start (exec, /proc/self/stat: QApplication, the window
//      and its first show count, as the budget "command to tree shown" and Python's time count the
//      process start; run.sh divides it by Python's json time), gui_open_to_tree_s from openPath;
//   1b. the saved reruns (read off the UI thread after the tree shows) arrive and fill the Rerun column:
//      the event that delivers them, wall and UI-thread CPU: RESULT reruns_arrival_ms, _cpu_ms;
//   1c. a rerun finishing during a batch, N times (--reruns-finished, 20): the model told the way the
//      batch dialog's caseFinished tells it → idle: RESULT rerun_finished_p95_ms, rerun_finished_cpu_p95_ms;
//   2. open cases one after another with the Down key in the tree (the Compare tab in front), the
//      first ones in tree order, then the longest cases (the row above each selected first, unmeasured):
//      key → caseShown (every pane filled) → the default diff shown (ComparePage::diffShown) → the
//      event loop idle (delayed highlighting and the repaint done): RESULT open_case_p95_ms over the
//      cases whose longest version has at most 1,000 lines (the budget's cases), _all over all;
//   3. once the search index is ready (RESULT gui_index_ready_s, from openPath; the issue lets it be
//      built after the tree shows, and a search typed before it reads the files instead),
//      type a word of the run into the search box, one character at a time: the debounce firing
//      (CaseFilterBar::queryChanged) → MainWindow::searchFinished (filter applied, tree expanded) →
//      idle: RESULT search_p95_ms_gui; then the box cleared (every case shown again);
//   4. switch diff pairs with the Down/Up keys in the right version chooser of the Compare tab, on the
//      longest cases: key → diffShown → idle: RESULT diff_switch_p95_ms;
//   5. export the opened cases (selected in the tree) as HTML through File ▸ Export Report… (Ctrl+E)
//      and the dialog's Export button: RESULT export_gui_s;
//   6. the lint hints (computed off the UI thread from the open on) in the tree: RESULT gui_hints_s from
//      openPath, hints_arrival_ms and _cpu_ms for the event that delivers them.
// Throughout, a watchdog QTimer on the UI thread fires every 5 ms; the longest gap between two of its
// firings is the longest stall of each phase (RESULT ui_stall_<phase>_ms, RESULT ui_stall_max_ms).
// What stalls is named too: the application's notify() times every event delivered from the event
// loop (wall and thread CPU time, so the scheduler's preemption on a loaded machine shows as wall ≫
// CPU) and the longest are listed with their receiver.
//
// Usage: QT_QPA_PLATFORM=offscreen bench_gui RUN_DIR [--open N] [--long N] [--switches N] [--reruns-finished N]
//        [--word WORD] [--no-export] [--memory-report] [--load-only]
// (offscreen is set when QT_QPA_PLATFORM is unset). Not a test: numbers are quoted, never asserted.
// Output: human lines and `RESULT <key> <value> <unit>` lines (docs/PERFORMANCE.md).
#include "benchsupport.h"
#include "memoryprobe.h"
#include "models/browse/casesearchjob.h"
#include "models/browse/casetreemodel.h"
#include "models/report/exportrequest.h"
#include "models/report/reportexportjob.h"
#include "models/rerun/latestrerun.h"
#include "models/run/caseversions.h"
#include "widgets/browse/casefilterbar.h"
#include "widgets/caseview/caseview.h"
#include "widgets/caseview/comparepage.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/report/exportdialog.h"
#include "widgets/shell/mainwindow.h"

#include <QAbstractEventDispatcher>
#include <QAbstractProxyModel>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QHash>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMetaEnum>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <numeric>
#include <utility>

using namespace krw;
using namespace krw::bench;

namespace {

// One clock for every timestamp of the benchmark.
QElapsedTimer& benchClock()
{
    static QElapsedTimer timer;
    return timer;
}

double msSince(qint64 fromNs, qint64 toNs)
{
    return double(toNs - fromNs) / 1e6;
}

// One event delivered from the event loop that took long.
struct SlowEvent
{
    QString phase;
    QString what;
    double wallMs = 0;
    double cpuMs = 0;
};

// The phase the watchdog and the event timing count for.
struct Phases
{
    QString current = QStringLiteral("startup");
    QStringList order;
    QHash<QString, double> longestGapMs;
    QHash<QString, double> longestGapCpuMs; // the UI thread's CPU time within that gap: its own work
    QHash<QString, double> longestEventMs;
    std::vector<SlowEvent> slowEvents; // over SlowEventMs
    void enter(const QString& phase)
    {
        current = phase;
        if (!order.contains(phase))
            order << phase;
    }
};

Phases& phases()
{
    static Phases p;
    return p;
}

constexpr double SlowEventMs = 16.0;

// What an event went to, taken before it is delivered (it may delete its receiver) and put in
// words only when it was slow.
struct EventTarget
{
    QEvent::Type type;
    const char* className;
    QString objectName;
    const char* parentClassName;

    EventTarget(const QObject* receiver, const QEvent* event)
        : type(event->type())
        , className(receiver->metaObject()->className())
        , objectName(receiver->objectName())
        , parentClassName(receiver->parent() ? receiver->parent()->metaObject()->className() : nullptr)
    {
    }

    QString describe() const
    {
        const char* typeName = QMetaEnum::fromType<QEvent::Type>().valueToKey(type);
        QString who = QString::fromLatin1(className);
        if (!objectName.isEmpty())
            who += QStringLiteral(" '%1'").arg(objectName);
        // A future watcher or a timer says little; its owner says whose work it was.
        if (parentClassName)
            who += QStringLiteral(" in %1").arg(QString::fromLatin1(parentClassName));
        return QStringLiteral("%1 → %2").arg(typeName ? QString::fromLatin1(typeName) : QString::number(type), who);
    }
};

// Times each event the event loop delivers (not the ones sent from inside another handler).
class BenchApplication : public QApplication
{
public:
    using QApplication::QApplication;

    bool notify(QObject* receiver, QEvent* event) override
    {
        if (m_depth > 0 || !benchClock().isValid()) {
            ++m_depth;
            const bool handled = QApplication::notify(receiver, event);
            --m_depth;
            return handled;
        }
        ++m_depth;
        const qint64 wall0 = benchClock().nsecsElapsed();
        m_eventStartNs = wall0;
        const qint64 cpu0 = threadCpuNs();
        const EventTarget target(receiver, event);
        const bool handled = QApplication::notify(receiver, event);
        const double wallMs = msSince(wall0, benchClock().nsecsElapsed());
        const double cpuMs = double(threadCpuNs() - cpu0) / 1e6;
        --m_depth;
        if (m_afterThisEvent)
            std::exchange(m_afterThisEvent, nullptr)(wallMs, cpuMs);
        Phases& p = phases();
        double& longest = p.longestEventMs[p.current];
        longest = std::max(longest, wallMs);
        if (wallMs > SlowEventMs)
            p.slowEvents.push_back({p.current, target.describe(), wallMs, cpuMs});
        return handled;
    }

    // When the event being delivered now (the outermost one) began.
    qint64 eventStartNs() const { return m_eventStartNs; }
    // Called once when the event being delivered now (the outermost one) ends, with its wall and CPU time.
    void afterThisEvent(std::function<void(double wallMs, double cpuMs)> then) { m_afterThisEvent = std::move(then); }

private:
    int m_depth = 0;
    qint64 m_eventStartNs = 0;
    std::function<void(double, double)> m_afterThisEvent;
};

// A 5 ms timer on the UI thread: the gap between two firings is how long the thread did not get
// back to its event loop.
class Watchdog : public QObject
{
public:
    Watchdog()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(5);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = benchClock().nsecsElapsed();
            const qint64 cpu = threadCpuNs();
            Phases& p = phases();
            double& longest = p.longestGapMs[p.current];
            longest = std::max(longest, msSince(m_last, now));
            double& longestCpu = p.longestGapCpuMs[p.current];
            longestCpu = std::max(longestCpu, msSince(m_lastCpu, cpu));
            m_last = now;
            m_lastCpu = cpu;
        });
    }
    void start()
    {
        restartGap();
        m_timer.start();
    }
    // A phase starts: the gap before it belongs to the old one.
    void restartGap()
    {
        m_last = benchClock().nsecsElapsed();
        m_lastCpu = threadCpuNs();
    }

private:
    QTimer m_timer;
    qint64 m_last = 0;
    qint64 m_lastCpu = 0;
};

// The p95 of samples as RESULT key, or no RESULT (and a miss) when there are none.
void resultP95(const QString& key, const Stats& s, const QString& unit)
{
    if (s.count == 0) {
        miss(QStringLiteral("%1: no samples").arg(key));
        return;
    }
    result(key, s.p95, unit);
}

// Runs the event loop until done() is called or timeoutMs passes; false on timeout.
class Waiter
{
public:
    bool wait(int timeoutMs)
    {
        if (m_done)
            return true;
        QTimer guard;
        guard.setSingleShot(true);
        QObject::connect(&guard, &QTimer::timeout, &m_loop, [this] { m_loop.exit(1); });
        guard.start(timeoutMs);
        return m_loop.exec() == 0;
    }
    void done()
    {
        m_done = true;
        m_loop.exit(0);
    }

private:
    QEventLoop m_loop;
    bool m_done = false;
};

// When the event loop has nothing left that was queued before now (delayed highlighting, the
// repaint of what changed): the timestamp of a zero timer started now.
void whenIdle(QObject* context, std::function<void(qint64)> then)
{
    QTimer::singleShot(0, context, [then = std::move(then)] { then(benchClock().nsecsElapsed()); });
}

// Lines of the case's longest version, as read for the panes.
int longestVersionLines(const CaseView* view)
{
    int lines = 0;
    for (const CodeVersion& v : view->versions())
        lines = std::max(lines, int(view->texts().text(v.id()).count(QLatin1Char('\n'))) + 1);
    return lines;
}

qint64 longestVersionBytes(const Case& c)
{
    qint64 bytes = 0;
    for (const CodeVersion& v : codeVersions(c))
        bytes = std::max(bytes, v.text.length);
    return bytes;
}

class GuiBench
{
public:
    GuiBench(MainWindow* window, Watchdog* watchdog, MemoryProbe* memory)
        : m_window(window)
        , m_watchdog(watchdog)
        , m_memory(memory)
    {
    }

    void phase(const QString& name)
    {
        phases().enter(name);
        m_watchdog->restartGap();
    }

    // 1. open → tree usable.
    bool open(const QString& path)
    {
        phase(QStringLiteral("load"));
        Waiter loaded;
        bool ok = false;
        qint64 loadedNs = 0, idleNs = 0, firstCaseNs = -1;
        double idleAgeS = -1; // the process's age then: from the command, as the budget counts
        QObject context;
        QObject::connect(m_window, &MainWindow::loadFinished, &context, [&](bool success) {
            ok = success;
            loadedNs = benchClock().nsecsElapsed();
            whenIdle(&context, [&](qint64 t) {
                idleNs = t;
                idleAgeS = processAgeSeconds();
                loaded.done();
            });
        });
        QObject::connect(m_window->caseView(), &CaseView::caseShown, &context, [&] {
            if (firstCaseNs < 0)
                firstCaseNs = benchClock().nsecsElapsed();
        });
        m_rerunsArrival.reset();
        // (Outlives this function: the reruns may come after it returns.)
        QObject::connect(m_window, &MainWindow::latestRerunsLoaded, &m_rerunsContext, [this] { m_rerunsArrival.arrived(); });
        m_hintsArrival.reset();
        QObject::connect(m_window, &MainWindow::hintsLoaded, &m_rerunsContext, [this] {
            m_hintsNs = benchClock().nsecsElapsed();
            m_hintsArrival.arrived();
        });
        if (auto* job = m_window->findChild<CaseSearchJob*>()) {
            QObject::connect(job, &CaseSearchJob::indexReady, &m_rerunsContext, [this] {
                if (m_indexReadyNs < 0)
                    m_indexReadyNs = benchClock().nsecsElapsed();
            });
        }
        const qint64 start = benchClock().nsecsElapsed();
        m_openNs = start;
        m_window->openPath(path, {}, false);
        if (!loaded.wait(600000) || !ok) {
            out() << "bench_gui: the run at " << path << " did not load" << Qt::endl;
            return false;
        }
        result(QStringLiteral("gui_load_peak_rss_mb"), peakRssMb(), QStringLiteral("MB"));
        if (m_memory)
            m_memory->report(QStringLiteral("when the tree shows"));
        const QModelIndex first = firstCaseRow();
        if (!first.isValid() || !(m_window->caseTree()->model()->flags(first) & Qt::ItemIsSelectable)) {
            out() << "bench_gui: the tree shows no selectable case after loading " << path << Qt::endl;
            return false;
        }
        Waiter firstCase;
        QObject::connect(m_window->caseView(), &CaseView::caseShown, &context, [&] { firstCase.done(); });
        if (firstCaseNs < 0)
            firstCase.wait(30000);
        out() << "open: " << m_window->run()->cases.size() << " cases; loadFinished after "
              << QString::number(msSince(start, loadedNs), 'f', 1) << " ms, tree usable (idle) after "
              << QString::number(msSince(start, idleNs), 'f', 1) << " ms, first case shown after "
              << (firstCaseNs < 0 ? QStringLiteral("(never)")
                                  : QString::number(msSince(start, firstCaseNs), 'f', 1) + QStringLiteral(" ms"))
              << Qt::endl;
        // The budget is "command to tree usable": the process's start, QApplication, the window and
        // (Qt 5) the highlighting repository count too, as Python's start counts in python_json_s.
        const double openToIdleS = msSince(start, idleNs) / 1000.0;
        out() << "process start to tree usable: "
              << (idleAgeS < 0 ? QStringLiteral("(unknown: /proc/self/stat unreadable)")
                               : QString::number(idleAgeS, 'f', 3) + QStringLiteral(" s"))
              << " (of which before openPath " << QString::number(idleAgeS - openToIdleS, 'f', 3) << " s)" << Qt::endl;
        result(QStringLiteral("gui_open_to_tree_s"), openToIdleS, QStringLiteral("s"));
        if (idleAgeS < 0)
            miss(QStringLiteral("gui_tree_s: the process's start time (/proc/self/stat) could not be read"));
        else
            result(QStringLiteral("gui_tree_s"), idleAgeS, QStringLiteral("s"));
        return true;
    }

    // 1b. the Rerun column filled: the saved reruns read off the UI thread arrive after the tree shows.
    // The event that delivers them (the watcher's call-out: the model told, the tree and its columns
    // told), wall and UI-thread CPU; what the tree defers from it (its layout, the repaint) is in the
    // phase's watchdog stall. A phase of its own, so none of it is counted under open_case.
    void rerunsArrive()
    {
        phase(QStringLiteral("reruns"));
        if (!m_rerunsArrival.done) {
            Waiter arrived;
            QObject context;
            QObject::connect(m_window, &MainWindow::latestRerunsLoaded, &context, [&] { arrived.done(); });
            if (!arrived.wait(120000)) {
                out() << "reruns: the saved reruns were not read in 120 s" << Qt::endl;
                return;
            }
        }
        if (m_rerunsArrival.beforeIdle)
            out() << "reruns: arrived before the tree was usable (counted under load)" << Qt::endl;
        // Some event loop turns for the tree's delayed layout and repaint to land in this phase.
        QTest::qWait(200);
        out() << "reruns: " << shownRerunCount() << " cases with a saved rerun shown; the event that delivered them "
              << QString::number(m_rerunsArrival.wallMs, 'f', 1) << " ms wall, " << QString::number(m_rerunsArrival.cpuMs, 'f', 1)
              << " ms UI-thread CPU" << Qt::endl;
        result(QStringLiteral("reruns_arrival_ms"), m_rerunsArrival.wallMs, QStringLiteral("ms"));
        result(QStringLiteral("reruns_arrival_cpu_ms"), m_rerunsArrival.cpuMs, QStringLiteral("ms"));
    }

    // 6. the lint hints of every case (docs/LINT.md), computed off the UI thread after the tree shows,
    // arrive and fill the Hints column: when (from openPath, while the phases above ran: they share the
    // cores) and the event that delivers them, wall and UI-thread CPU. Waited for here if still due.
    void hintsArrive()
    {
        phase(QStringLiteral("hints"));
        if (!m_hintsArrival.done) {
            Waiter arrived;
            QObject context;
            QObject::connect(m_window, &MainWindow::hintsLoaded, &context, [&] { arrived.done(); });
            if (!arrived.wait(600000)) {
                miss(QStringLiteral("gui_hints_s: the lint hints did not arrive in 600 s"));
                return;
            }
        }
        QTest::qWait(200);
        out() << "hints: arrived " << QString::number(msSince(m_openNs, m_hintsNs) / 1000.0, 'f', 3) << " s after openPath (during phase "
              << m_hintsArrival.phase << "); the event that delivered them " << QString::number(m_hintsArrival.wallMs, 'f', 1)
              << " ms wall, " << QString::number(m_hintsArrival.cpuMs, 'f', 1) << " ms UI-thread CPU" << Qt::endl;
        result(QStringLiteral("gui_hints_s"), msSince(m_openNs, m_hintsNs) / 1000.0, QStringLiteral("s"));
        result(QStringLiteral("hints_arrival_ms"), m_hintsArrival.wallMs, QStringLiteral("ms"));
        result(QStringLiteral("hints_arrival_cpu_ms"), m_hintsArrival.cpuMs, QStringLiteral("ms"));
    }

    // 1c. a rerun finishing during a batch: the model told the way the batch dialog's caseFinished
    // tells it (CaseTreeModel::setLatestRerun), for `count` cases spread over the tree, each timed from
    // the call to the event loop idle (the row repainted, whatever the tree does about its columns).
    void rerunsFinish(int count)
    {
        phase(QStringLiteral("rerun_finished"));
        auto* proxy = qobject_cast<QAbstractProxyModel*>(m_window->caseTree()->model());
        auto* model = proxy ? qobject_cast<CaseTreeModel*>(proxy->sourceModel()) : nullptr;
        const RunPtr run = m_window->run();
        if (!model || !run || run->cases.isEmpty())
            return;
        std::vector<double> wall, cpu;
        for (int i = 0; i < count; ++i) {
            const Case& c = run->cases.at(int(qint64(i) * run->cases.size() / count));
            LatestRerun rerun;
            rerun.verdict = i % 3 == 0 ? QStringLiteral("wrong_output") : QStringLiteral("passed");
            if (i % 4 == 1)
                rerun.flags << QStringLiteral("slow_compile");
            if (rerun.verdict == QLatin1String("passed"))
                rerun.speedup = 1.0 + i / 10.0;
            rerun.started = QDateTime::currentDateTime();
            Waiter idle;
            QObject context;
            qint64 idleNs = 0, idleCpu = 0;
            const qint64 start = benchClock().nsecsElapsed();
            const qint64 cpuStart = threadCpuNs();
            model->setLatestRerun(c.filename, rerun);
            whenIdle(&context, [&](qint64 t) {
                idleNs = t;
                idleCpu = threadCpuNs();
                idle.done();
            });
            if (!idle.wait(30000)) {
                miss(QStringLiteral("rerun finished: the tree was not idle in 30 s"));
                continue;
            }
            wall.push_back(msSince(start, idleNs));
            cpu.push_back(double(idleCpu - cpuStart) / 1e6);
        }
        printStats(QStringLiteral("rerun finished"), stats(wall));
        printStats(QStringLiteral("rerun finished, UI-thread CPU"), stats(cpu));
        resultP95(QStringLiteral("rerun_finished_p95_ms"), stats(wall), QStringLiteral("ms"));
        resultP95(QStringLiteral("rerun_finished_cpu_p95_ms"), stats(cpu), QStringLiteral("ms"));
    }

    // 2. cases one after another with the Down key.
    void openCases(int inOrder, int longest)
    {
        phase(QStringLiteral("open_case"));
        QTreeView* tree = m_window->caseTree();
        m_window->caseView()->showTab(CaseView::CompareTab);
        tree->setFocus(Qt::OtherFocusReason);
        // Start at the first case of the tree.
        selectRow(firstCaseRow());
        for (int i = 0; i < inOrder; ++i) {
            if (!downToNextCase())
                break;
        }
        // The longest cases (largest version), each reached with Down from the row above it. The
        // benchmark's own work (sorting, finding rows) is not the window's: not counted as a stall.
        const RunPtr run = m_window->run();
        QVector<int> bySize(run->cases.size());
        std::iota(bySize.begin(), bySize.end(), 0);
        std::sort(bySize.begin(), bySize.end(),
            [&](int a, int b) { return longestVersionBytes(run->cases.at(a)) > longestVersionBytes(run->cases.at(b)); });
        m_watchdog->restartGap();
        int done = 0;
        for (int caseIndex : qAsConst(bySize)) {
            if (done == longest)
                break;
            const QModelIndex row = rowOfCase(run->cases.at(caseIndex).filename);
            const QModelIndex above = tree->indexAbove(row);
            m_watchdog->restartGap();
            if (!row.isValid() || !above.isValid())
                continue;
            selectRow(above);
            if (downToNextCase())
                ++done;
            m_longCases << caseIndex;
        }
        resultP95(QStringLiteral("open_case_p95_ms"), report(QStringLiteral("open case (longest version ≤ 1,000 lines)"), 1000),
            QStringLiteral("ms"));
        resultP95(QStringLiteral("open_case_p95_ms_all"), report(QStringLiteral("open case (all)"), INT_MAX), QStringLiteral("ms"));
    }

    // 3. a word typed into the search box.
    void search(const QString& word)
    {
        // The budget is the indexed search (the issue lets the index be built after the tree
        // shows); a search typed before reads the files, with progress. Wait for the index, and
        // say when it was ready.
        phase(QStringLiteral("index"));
        if (m_indexReadyNs < 0) {
            Waiter ready;
            QObject context;
            if (auto* job = m_window->findChild<CaseSearchJob*>())
                QObject::connect(job, &CaseSearchJob::indexReady, &context, [&] { ready.done(); });
            if (m_indexReadyNs < 0 && !ready.wait(120000))
                miss(QStringLiteral("gui_index_ready_s: the search index was not ready 120 s after the run opened"));
        }
        if (m_indexReadyNs >= 0) {
            out() << "search index ready " << QString::number(msSince(m_openNs, m_indexReadyNs), 'f', 1) << " ms after openPath"
                  << Qt::endl;
            result(QStringLiteral("gui_index_ready_s"), msSince(m_openNs, m_indexReadyNs) / 1000.0, QStringLiteral("s"));
        }
        phase(QStringLiteral("search"));
        CaseFilterBar* bar = m_window->filterBar();
        QLineEdit* edit = bar->searchEdit();
        edit->setFocus(Qt::ShortcutFocusReason);
        std::vector<double> times;
        QObject context;
        qint64 debounced = -1;
        // The debounce timer's event started the search: when it began is when the debounce fired
        // (the window's own handlers run first, and an empty box is answered inside them).
        QObject::connect(bar, &CaseFilterBar::queryChanged, &context,
            [&] { debounced = static_cast<BenchApplication*>(QCoreApplication::instance())->eventStartNs(); });
        auto measure = [&](const std::function<void()>& type, const QString& what) {
            debounced = -1;
            Waiter finished;
            qint64 idle = 0;
            const auto connection = QObject::connect(m_window, &MainWindow::searchFinished, &context, [&] {
                whenIdle(&context, [&](qint64 t) {
                    if (debounced < 0)
                        return; // the box's old query finished before this one's debounce
                    idle = t;
                    finished.done();
                });
            });
            type();
            const bool ok = finished.wait(120000);
            QObject::disconnect(connection);
            if (!ok || debounced < 0) {
                miss(QStringLiteral("search: no result for %1").arg(what));
                return;
            }
            const double ms = msSince(debounced, idle);
            times.push_back(ms);
            out() << "search " << what << ": " << QString::number(ms, 'f', 1) << " ms, " << shownCaseCount() << " cases shown" << Qt::endl;
        };
        for (int i = 0; i < word.size(); ++i) {
            const QChar c = word.at(i);
            measure([&] { QTest::keyClicks(edit, QString(c)); }, QStringLiteral("'%1'").arg(word.left(i + 1)));
        }
        printStats(QStringLiteral("search keystroke"), stats(times));
        resultP95(QStringLiteral("search_p95_ms_gui"), stats(times), QStringLiteral("ms"));
        // Clearing the box shows every case again: a refilter of the whole tree.
        measure(
            [&] {
                QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
                QTest::keyClick(edit, Qt::Key_Backspace);
            },
            QStringLiteral("cleared"));
        if (times.size() > std::size_t(word.size()))
            result(QStringLiteral("search_clear_ms_gui"), times.back(), QStringLiteral("ms"));
    }

    // 4. diff pairs switched with the keyboard in the right version chooser.
    void switchDiffPairs(int switches)
    {
        phase(QStringLiteral("diff_switch"));
        std::vector<double> times;
        CaseView* view = m_window->caseView();
        ComparePage* compare = view->comparePage();
        const int perCase = std::max(1, switches / std::max(1, int(m_longCases.size())));
        for (int caseIndex : qAsConst(m_longCases)) {
            if (int(times.size()) >= switches)
                break;
            Waiter shown;
            QObject context;
            QObject::connect(view, &CaseView::caseShown, &context, [&] { shown.done(); });
            if (!m_window->selectCase(m_window->run()->cases.at(caseIndex).filename) || !shown.wait(30000))
                continue;
            waitForDiff();
            view->showTab(CaseView::CompareTab);
            auto* chooser = compare->findChild<QComboBox*>(QStringLiteral("compareRight"));
            chooser->setFocus(Qt::TabFocusReason);
            if (chooser->count() < 2)
                continue;
            for (int i = 0; i < perCase && int(times.size()) < switches; ++i) {
                // Down through the versions, back up from the last one.
                const bool down = chooser->currentIndex() + 1 < chooser->count();
                Waiter diffShown;
                qint64 idle = 0;
                QObject::connect(compare, &ComparePage::diffShown, &context, [&] {
                    whenIdle(&context, [&](qint64 t) {
                        idle = t;
                        diffShown.done();
                    });
                });
                const qint64 start = benchClock().nsecsElapsed();
                QTest::keyClick(chooser, down ? Qt::Key_Down : Qt::Key_Up);
                const bool ok = diffShown.wait(30000);
                QObject::disconnect(compare, &ComparePage::diffShown, &context, nullptr);
                if (ok)
                    times.push_back(msSince(start, idle));
                else
                    miss(QStringLiteral("diff pair switch: no diff in 30 s"));
            }
        }
        printStats(QStringLiteral("diff pair switch"), stats(times));
        resultP95(QStringLiteral("diff_switch_p95_ms"), stats(times), QStringLiteral("ms"));
    }

    // 5. the opened cases exported as HTML through the dialog.
    void exportReport(const QString& folder)
    {
        phase(QStringLiteral("export"));
        QTreeView* tree = m_window->caseTree();
        tree->setFocus(Qt::OtherFocusReason);
        QItemSelection selection;
        for (const QString& name : qAsConst(m_opened)) {
            const QModelIndex row = rowOfCase(name);
            if (row.isValid())
                selection.select(row, row);
        }
        tree->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QTest::keyClick(m_window, Qt::Key_E, Qt::ControlModifier);
        auto* dialog = m_window->findChild<ExportDialog*>();
        if (!dialog) {
            miss(QStringLiteral("export: Ctrl+E opened no export dialog"));
            return;
        }
        dialog->scopeBox()->setCurrentIndex(dialog->scopeBox()->findData(int(ExportScope::Selection)));
        dialog->destinationEdit()->setText(folder + QStringLiteral("/report.html"));
        Waiter finished;
        ExportResult outcome;
        QObject context;
        QObject::connect(dialog->job(), &ReportExportJob::finished, &context, [&](const ExportResult& r) {
            outcome = r;
            finished.done();
        });
        const qint64 start = benchClock().nsecsElapsed();
        QTest::mouseClick(dialog->exportButton(), Qt::LeftButton);
        if (!finished.wait(600000) || !outcome.ok) {
            miss(QStringLiteral("export: failed: %1").arg(outcome.error));
            return;
        }
        const double s = msSince(start, benchClock().nsecsElapsed()) / 1000.0;
        out() << "export: " << outcome.cases << " cases as HTML in " << QString::number(s, 'f', 2) << " s" << Qt::endl;
        result(QStringLiteral("export_gui_s"), s, QStringLiteral("s"));
        dialog->close();
    }

private:
    struct Opened
    {
        double ms = 0;
        double cpuMs = 0; // of the UI thread
        int lines = 0;
    };

    QModelIndex firstCaseRow() const
    {
        const QAbstractItemModel* model = m_window->caseTree()->model();
        for (int g = 0; g < model->rowCount(); ++g) {
            const QModelIndex group = model->index(g, 0);
            if (!group.data(CaseTreeModel::IsGroupRole).toBool())
                return group;
            if (model->rowCount(group) > 0)
                return model->index(0, 0, group);
        }
        return {};
    }

    QModelIndex rowOfCase(const QString& filename) const
    {
        const QAbstractItemModel* model = m_window->caseTree()->model();
        const QModelIndexList found
            = model->match(model->index(0, 0), CaseTreeModel::FilenameRole, filename, 1, Qt::MatchExactly | Qt::MatchRecursive);
        return found.isEmpty() ? QModelIndex() : found.first();
    }

    int shownCaseCount() const
    {
        const QAbstractItemModel* model = m_window->caseTree()->model();
        int count = 0;
        for (int g = 0; g < model->rowCount(); ++g)
            count += model->index(g, 0).data(CaseTreeModel::IsGroupRole).toBool() ? model->rowCount(model->index(g, 0)) : 1;
        return count;
    }

    bool isCaseRow(const QModelIndex& index) const { return index.isValid() && !index.data(CaseTreeModel::IsGroupRole).toBool(); }

    // Makes row current (the way a click does), and waits for its case, diff and all, unmeasured.
    void selectRow(const QModelIndex& row)
    {
        if (!row.isValid() || m_window->caseTree()->currentIndex() == row)
            return;
        const bool isCase = isCaseRow(row);
        Waiter ready;
        QObject context;
        QObject::connect(m_window->caseView(), &CaseView::caseShown, &context, [&] { ready.done(); });
        m_window->caseTree()->setCurrentIndex(row);
        if (isCase) {
            ready.wait(30000);
            waitForDiff();
        }
    }

    void waitForDiff()
    {
        ComparePage* compare = m_window->caseView()->comparePage();
        if (!compare->isComputing())
            return;
        Waiter shown;
        QObject context;
        QObject::connect(compare, &ComparePage::diffShown, &context, [&] { shown.done(); });
        shown.wait(30000);
    }

    // One Down key (two when the first lands on a group's title row), timed from the key that
    // reaches the case to every pane filled, the default diff shown and the event loop idle.
    bool downToNextCase()
    {
        QTreeView* tree = m_window->caseTree();
        CaseView* view = m_window->caseView();
        ComparePage* compare = view->comparePage();
        for (int keys = 0; keys < 3; ++keys) {
            const QModelIndex before = tree->currentIndex();
            const QModelIndex below = tree->indexBelow(before);
            if (!below.isValid())
                return false; // the end of the tree
            if (!isCaseRow(below)) {
                QTest::keyClick(tree, Qt::Key_Down); // onto a group's title: nothing to show
                continue;
            }
            Waiter ready;
            QObject context;
            qint64 idle = 0;
            qint64 cpuEnd = 0;
            auto finish = [&] {
                whenIdle(&context, [&](qint64 t) {
                    idle = t;
                    cpuEnd = threadCpuNs();
                    ready.done();
                });
            };
            bool caseShown = false;
            QObject::connect(view, &CaseView::caseShown, &context, [&] {
                caseShown = true;
                if (!compare->isComputing())
                    finish();
            });
            QObject::connect(compare, &ComparePage::diffShown, &context, [&] {
                if (caseShown)
                    finish();
            });
            const qint64 start = benchClock().nsecsElapsed();
            const qint64 cpuStart = threadCpuNs();
            QTest::keyClick(tree, Qt::Key_Down);
            if (!ready.wait(30000)) {
                miss(QStringLiteral("open case: %1 was not shown in 30 s").arg(below.data(CaseTreeModel::FilenameRole).toString()));
                return false;
            }
            const double ms = msSince(start, idle);
            m_openTimes.push_back({ms, double(cpuEnd - cpuStart) / 1e6, longestVersionLines(view)});
            m_opened << m_window->currentCaseName();
            return true;
        }
        return false;
    }

    Stats report(const QString& what, int maxLines)
    {
        std::vector<double> times;
        std::vector<double> cpu;
        for (const Opened& o : m_openTimes) {
            if (o.lines <= maxLines) {
                times.push_back(o.ms);
                cpu.push_back(o.cpuMs);
            }
        }
        const Stats s = stats(times);
        printStats(what, s);
        printStats(what + QStringLiteral(", UI-thread CPU"), stats(cpu));
        return s;
    }

    int shownRerunCount() const
    {
        const QAbstractItemModel* model = m_window->caseTree()->model();
        int count = 0;
        for (int g = 0; g < model->rowCount(); ++g) {
            const QModelIndex group = model->index(g, 0);
            for (int r = 0; r < model->rowCount(group); ++r)
                count += model->index(r, CaseTreeModel::RerunColumn, group).data().toString().isEmpty() ? 0 : 1;
        }
        return count;
    }

    // The event that handed the saved reruns to the window.
    struct RerunsArrival
    {
        bool done = false;
        bool beforeIdle = false;
        QString phase; // the phase it arrived in
        double wallMs = 0;
        double cpuMs = 0;
        void reset() { *this = {}; }
        void arrived()
        {
            done = true;
            beforeIdle = phases().current == QLatin1String("load");
            phase = phases().current;
            static_cast<BenchApplication*>(QCoreApplication::instance())->afterThisEvent([this](double wall, double cpu) {
                wallMs = wall;
                cpuMs = cpu;
            });
        }
    };

    MainWindow* m_window;
    Watchdog* m_watchdog;
    MemoryProbe* m_memory = nullptr; // --memory-report
    RerunsArrival m_rerunsArrival;
    RerunsArrival m_hintsArrival;
    qint64 m_hintsNs = -1; // the hints arrived (MainWindow::hintsLoaded)
    QObject m_rerunsContext;
    qint64 m_openNs = -1; // openPath called
    qint64 m_indexReadyNs = -1; // the search index of the run ready (CaseSearchJob::indexReady)
    std::vector<Opened> m_openTimes;
    QStringList m_opened;
    QVector<int> m_longCases;
};

// A word from the middle of the run's first long text: what a reviewer would look for.
QString wordFromRun(const MainWindow& window)
{
    const CaseTexts& texts = window.caseView()->texts();
    for (const CodeVersion& v : window.caseView()->versions()) {
        const QString text = texts.text(v.id());
        const QRegularExpression identifier(QStringLiteral("\\b[A-Za-z_][A-Za-z0-9_]{6,11}\\b"));
        auto matches = identifier.globalMatch(text, text.size() / 2);
        if (matches.hasNext())
            return matches.next().captured();
    }
    return QStringLiteral("tl.load");
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Settings, recent runs and sidecars of the user are never touched.
    QTemporaryDir home;
    for (const char* name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
        qputenv(name, QDir(home.path()).filePath(QString::fromLatin1(name)).toLocal8Bit());
    QCoreApplication::setOrganizationName(QStringLiteral("kernel-review-bench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_gui"));
    BenchApplication app(argc, argv);

    QStringList args = QCoreApplication::arguments().mid(1);
    auto option = [&](const QString& name, const QString& fallback) {
        const int at = int(args.indexOf(name));
        if (at < 0 || at + 1 >= args.size())
            return fallback;
        const QString value = args.at(at + 1);
        args.removeAt(at + 1);
        args.removeAt(at);
        return value;
    };
    const int inOrder = option(QStringLiteral("--open"), QStringLiteral("150")).toInt();
    const int longest = option(QStringLiteral("--long"), QStringLiteral("50")).toInt();
    const int switches = option(QStringLiteral("--switches"), QStringLiteral("40")).toInt();
    const int rerunsFinished = option(QStringLiteral("--reruns-finished"), QStringLiteral("20")).toInt();
    QString word = option(QStringLiteral("--word"), QString());
    const bool exportToo = !args.removeOne(QStringLiteral("--no-export"));
    const bool memoryReport = args.removeOne(QStringLiteral("--memory-report"));
    const bool loadOnly = args.removeOne(QStringLiteral("--load-only"));
    if (args.size() != 1) {
        QTextStream(stderr) << "usage: bench_gui RUN_DIR [--open N] [--long N] [--switches N] [--reruns-finished N] [--word WORD] "
                               "[--no-export] [--memory-report] [--load-only]\n";
        return 1;
    }

    SyntaxSupport syntax;
    MainWindow window(&syntax);
    window.resize(1600, 1000);
    window.show();
    out() << "bench_gui: Qt " << qVersion() << ", platform " << QGuiApplication::platformName() << ", highlighting "
          << (syntax.isAvailable() ? QStringLiteral("on") : QStringLiteral("off (%1)").arg(syntax.unavailableReason())) << Qt::endl;

    benchClock().start();
    Watchdog watchdog;
    watchdog.start();
    MemoryProbe memory;
    if (memoryReport)
        memory.start();
    GuiBench bench(&window, &watchdog, memoryReport ? &memory : nullptr);
    if (!bench.open(args.first()))
        return 2;
    if (loadOnly)
        return 0; // (heaptrack and the like: what the window holds when the tree shows)
    bench.rerunsArrive();
    bench.rerunsFinish(rerunsFinished);
    bench.openCases(inOrder, longest);
    if (word.isEmpty())
        word = wordFromRun(window);
    bench.search(word);
    bench.switchDiffPairs(switches);
    QTemporaryDir exportDir;
    if (exportToo)
        bench.exportReport(exportDir.path());
    bench.hintsArrive();
    bench.phase(QStringLiteral("end"));

    // The stalls, per phase, and what they were.
    double worst = 0;
    for (const QString& name : qAsConst(phases().order)) {
        if (name == QLatin1String("end"))
            continue;
        const double gap = phases().longestGapMs.value(name);
        worst = std::max(worst, gap);
        out() << "longest UI-thread stall in " << name << ": " << QString::number(gap, 'f', 1) << " ms wall (longest event "
              << QString::number(phases().longestEventMs.value(name), 'f', 1) << " ms); the most UI-thread CPU between two watchdog ticks "
              << QString::number(phases().longestGapCpuMs.value(name), 'f', 1) << " ms" << Qt::endl;
        result(QStringLiteral("ui_stall_cpu_%1_ms").arg(name), phases().longestGapCpuMs.value(name), QStringLiteral("ms"));
        result(QStringLiteral("ui_stall_%1_ms").arg(name), gap, QStringLiteral("ms"));
    }
    result(QStringLiteral("ui_stall_max_ms"), worst, QStringLiteral("ms"));
    std::vector<SlowEvent> slow = phases().slowEvents;
    std::sort(slow.begin(), slow.end(), [](const SlowEvent& a, const SlowEvent& b) { return a.wallMs > b.wallMs; });
    out() << "events over " << SlowEventMs << " ms: " << slow.size() << "; the longest:" << Qt::endl;
    for (std::size_t i = 0; i < std::min<std::size_t>(slow.size(), 25); ++i)
        out() << "  " << slow[i].phase << ": " << QString::number(slow[i].wallMs, 'f', 1) << " ms wall, "
              << QString::number(slow[i].cpuMs, 'f', 1) << " ms CPU: " << slow[i].what << Qt::endl;
    // Counted by kind, so a stall that repeats shows.
    struct Kind
    {
        int count = 0;
        double wallMs = 0; // the longest
        double cpuMs = 0; // the most UI-thread CPU
    };
    std::map<std::pair<QString, QString>, Kind> byKind;
    for (const SlowEvent& e : slow) {
        Kind& entry = byKind[{e.phase, e.what}];
        ++entry.count;
        entry.wallMs = std::max(entry.wallMs, e.wallMs);
        entry.cpuMs = std::max(entry.cpuMs, e.cpuMs);
    }
    out() << "slow events by kind (phase: count × receiver, longest wall, most CPU):" << Qt::endl;
    for (const auto& [key, value] : byKind)
        out() << "  " << key.first << ": " << value.count << " × " << key.second << ", longest " << QString::number(value.wallMs, 'f', 1)
              << " ms, most CPU " << QString::number(value.cpuMs, 'f', 1) << " ms" << Qt::endl;
    // The whole session's peak: the search index, built after the tree shows, is in it.
    result(QStringLiteral("gui_peak_rss_mb"), peakRssMb(), QStringLiteral("MB"));
    window.close();
    if (missing() > 0) {
        out() << "bench_gui: " << missing() << " measurement(s) missing or timed out (MISSING lines above): not a result" << Qt::endl;
        return 1;
    }
    return 0;
}
