// SPDX-License-Identifier: MIT
#include "widgets/compare/comparisonpanel.h"

#include "models/compare/comparisonfilterproxy.h"
#include "models/compare/comparisontreemodel.h"
#include "models/rerun/resultstore.h"
#include "models/run/runchoice.h"
#include "models/run/runloadjob.h"
#include "models/run/runsummary.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"
#include "widgets/shell/runchooser.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace krw {

namespace {

QStringList filenames(const Run& run)
{
    QStringList names;
    names.reserve(run.cases.size());
    for (const Case& c : run.cases)
        names << c.filename;
    return names;
}

} // namespace

ComparisonPanel::ComparisonPanel(QWidget* parent)
    : QWidget(parent)
    , m_loadJob(new RunLoadJob(this))
    , m_model(new ComparisonTreeModel(this))
    , m_sorted(new ComparisonFilterProxy(this))
    , m_tree(new QTreeView(this))
    , m_header(new QLabel(this))
    , m_cancel(new QToolButton(this))
    , m_leave(new QToolButton(this))
    , m_job(new JobTracker(this))
{
    setObjectName(QStringLiteral("comparisonPanel"));
    m_header->setObjectName(QStringLiteral("comparisonHeader"));
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cancel->setText(tr("Cancel"));
    m_cancel->hide();
    m_leave->setObjectName(QStringLiteral("leaveComparison"));
    m_leave->setText(tr("Leave Comparison"));
    m_leave->setToolTip(tr("Back to the run's own case tree"));
    m_sorted->setSourceModel(m_model);
    m_tree->setObjectName(QStringLiteral("comparisonTree"));
    m_tree->setModel(m_sorted);
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(-1, Qt::AscendingOrder); // the buckets' own order until a header is clicked
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_tree->header()->setStretchLastSection(false);
    m_tree->setTextElideMode(Qt::ElideMiddle); // a long case name keeps its start and its end; the whole name is the tooltip
    m_tree->viewport()->installEventFilter(this);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_header, 1);
    bar->addWidget(m_cancel);
    bar->addWidget(m_leave);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 4); // MainWindow's filter bar above gives the margins
    layout->addLayout(bar);
    layout->addWidget(m_tree, 1);

    connect(m_leave, &QToolButton::clicked, this, &ComparisonPanel::leave);
    connect(m_cancel, &QToolButton::clicked, this, &ComparisonPanel::cancel);
    connect(m_loadJob, &RunLoadJob::located, this, &ComparisonPanel::chooseRun);
    connect(m_loadJob, &RunLoadJob::progress, this, [this](qint64 done, qint64 total) {
        if (total > 0)
            m_header->setText(tr("Loading %1 to compare with… %2%").arg(m_path).arg(done * 100 / total));
    });
    connect(m_loadJob, &RunLoadJob::loaded, this, &ComparisonPanel::finishLoad);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        // A bucket's row is no case: (-1, -1), and the case view empties, as the case tree's groups do.
        if (!current.isValid() || current.data(ComparisonTreeModel::IsGroupRole).toBool()) {
            Q_EMIT caseChosen(-1, -1);
            return;
        }
        Q_EMIT caseChosen(
            current.data(ComparisonTreeModel::CaseIndexARole).toInt(), current.data(ComparisonTreeModel::CaseIndexBRole).toInt());
    });
}

ComparisonPanel::~ComparisonPanel() = default;

bool ComparisonPanel::selectCase(const QString& filename)
{
    const QModelIndex index = m_sorted->mapFromSource(m_model->indexOfCase(filename));
    if (!index.isValid())
        return false;
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    return true;
}

void ComparisonPanel::setShownCases(const std::optional<QSet<QString>>& filenames)
{
    const QString current = m_tree->currentIndex().data(ComparisonTreeModel::FilenameRole).toString();
    m_sorted->setShownCases(filenames);
    // The case on show stays current while it is listed; else the first listed case is.
    if (m_b && !(current.isEmpty() ? m_tree->currentIndex().isValid() : selectCase(current)))
        selectFirstCase();
}

bool ComparisonPanel::selectFirstCase()
{
    const QModelIndex first = m_sorted->index(0, 0, m_sorted->index(0, 0));
    if (!first.isValid())
        return false;
    m_tree->setCurrentIndex(first);
    return true;
}

const RunComparison& ComparisonPanel::comparison() const
{
    return m_model->comparison();
}

bool ComparisonPanel::isBusy() const
{
    return m_loadJob->isBusy();
}

void ComparisonPanel::setRunA(const RunPtr& a)
{
    const bool sameRun = m_a && a && m_a->path == a->path && m_a->name == a->name;
    const bool reloaded = sameRun && a != m_a;
    m_a = a;
    if (!sameRun && (m_b || m_loadJob->isBusy()))
        leave();
    else if (reloaded && m_b) {
        m_model->clear(); // its rows point into the cases of the run as it was
        compareLoaded(m_b); // the same run read again: its cases may have changed
    }
}

void ComparisonPanel::compareWith(const QString& path, const QString& runName, bool interactive)
{
    if (!m_a) {
        fail(tr("Open a run first, then compare it with another."));
        return;
    }
    m_job->cancel();
    m_notedA.clear();
    m_path = path;
    m_runName = runName;
    m_interactive = interactive;
    m_header->setText(tr("Opening %1 to compare with…").arg(path));
    m_cancel->show();
    m_loadJob->locate(path);
}

void ComparisonPanel::cancel()
{
    m_loadJob->cancel();
}

void ComparisonPanel::chooseRun(const LocateResult& result)
{
    const RunChoice choice = RunChoice::of(m_path, result, m_runName, RunChoice::Request::Remembered, m_interactive);
    if (choice.outcome == RunChoice::Outcome::NothingFound || choice.outcome == RunChoice::Outcome::NoSuchRun) {
        fail(tr("Cannot compare with %1: %2").arg(m_path, choice.message));
        return;
    }
    const std::optional<int> index = RunChooser::pick(this, tr("Choose the run to compare with"), m_path, choice);
    if (!index) {
        fail(tr("Comparison cancelled."));
        return;
    }
    const RunSource* chosen = &result.runs.at(*index);
    m_header->setText(tr("Loading %1 to compare with…").arg(chosen->name));
    m_loadJob->load(*chosen);
}

void ComparisonPanel::finishLoad(const RunPtr& b)
{
    m_cancel->hide();
    if (b->cancelled) {
        fail(tr("Loading %1 cancelled; nothing compared.").arg(m_path));
        return;
    }
    if (b->cases.isEmpty()) {
        fail(tr("Cannot compare with %1: no case could be loaded from it (%n warnings).", nullptr, int(b->warnings.size())).arg(m_path));
        return;
    }
    compareLoaded(b);
}

void ComparisonPanel::compareLoaded(const RunPtr& b)
{
    m_header->setText(tr("Comparing %1 with %2…").arg(m_a->name, b->name));
    const RunPtr a = m_a;
    m_job->start(
        WorkPools::jobs(), [a, b] { return RunComparison::compare(*a, *b); },
        [this, a, b](const RunComparison& comparison) {
            if (a == m_a)
                showComparison(b, comparison);
        });
}

void ComparisonPanel::showComparison(const RunPtr& b, const RunComparison& comparison)
{
    m_b = b;
    m_model->setComparison(comparison);
    m_tree->expandAll();
    for (int row = 0; row < m_sorted->rowCount(); ++row)
        m_tree->setFirstColumnSpanned(row, {}, true);
    for (int column = 0; column < ComparisonTreeModel::NUM_COLUMNS; ++column)
        m_tree->resizeColumnToContents(column);
    m_nameWidth = m_tree->header()->sectionSize(ComparisonTreeModel::NameColumn);
    showRerunColumns(); // hidden until the reruns are read, and then only if there are any
    fitColumns();
    QStringList counts;
    for (int i = 0; i < CompareBucketCount; ++i) {
        const auto bucket = CompareBucket(i);
        if (comparison.count(bucket) > 0)
            counts << QStringLiteral("%1 %2").arg(compareBucketTitle(bucket)).arg(comparison.count(bucket));
    }
    // The names only: the buckets below carry their counts, and at scale 1.5 the whole sentence
    // took six lines of the panel. Paths, sizes and counts are in the tooltip.
    m_header->setText(tr("<b>A</b> %1 · <b>B</b> %2").arg(m_a->name.toHtmlEscaped(), b->name.toHtmlEscaped()));
    m_header->setToolTip(tr("A: %1 (%2)\nB: %3 (%4)\n%5")
                             .arg(m_a->path, caseCountText(int(m_a->cases.size())), b->path, caseCountText(int(b->cases.size())),
                                 counts.join(QStringLiteral(" · "))));
    loadLatestReruns();
    Q_EMIT comparisonReady(b);
}

// Both runs' newest saved reruns, read off the UI thread like the normal tree's Rerun column.
void ComparisonPanel::loadLatestReruns()
{
    const RunPtr a = m_a;
    const RunPtr b = m_b;
    using Both = QPair<LatestReruns, LatestReruns>;
    // Part of the comparison shown: dropped with it (another comparison, leave()).
    m_job->startBeside(
        WorkPools::jobs(),
        [a, b] {
            return Both(ResultStore::forRun(a->path, a->name).newestPerCase(filenames(*a)),
                ResultStore::forRun(b->path, b->name).newestPerCase(filenames(*b)));
        },
        [this](const Both& both) {
            m_model->setLatestReruns(withNotedReruns(both.first, m_notedA), both.second);
            showRerunColumns();
            Q_EMIT rerunsLoaded();
        });
}

void ComparisonPanel::noteRerunA(const QString& filename, const LatestRerun& rerun)
{
    if (!m_a || m_a->indexOf(filename) < 0)
        return;
    m_notedA.insert(filename, rerun);
    if (!m_b)
        return; // the comparison shows later, and reads the reruns then
    m_model->setLatestRerunA(filename, rerun);
    showRerunColumns();
}

void ComparisonPanel::showRerunColumns()
{
    const bool show = m_model->hasReruns();
    QHeaderView* header = m_tree->header();
    if (header->isSectionHidden(ComparisonTreeModel::RerunAColumn) != show)
        return; // as they should be
    for (const int column : {ComparisonTreeModel::RerunAColumn, ComparisonTreeModel::RerunBColumn}) {
        header->setSectionHidden(column, !show);
        if (show)
            m_tree->resizeColumnToContents(column);
    }
    fitColumns();
}

void ComparisonPanel::leave()
{
    m_job->cancel();
    m_notedA.clear();
    m_loadJob->cancel();
    m_cancel->hide();
    const bool wasActive = bool(m_b);
    m_b.reset();
    m_model->clear();
    m_header->clear();
    if (wasActive)
        Q_EMIT left();
}

void ComparisonPanel::fail(const QString& message)
{
    m_cancel->hide();
    m_header->setText(message);
    Q_EMIT failed(message);
}

// A's and B's columns stay in sight: the case names get what the other columns leave of the
// view, never less than a few characters (the tree scrolls then) and never more than they need.
void ComparisonPanel::fitColumns()
{
    if (!m_b || m_nameWidth <= 0)
        return;
    QHeaderView* header = m_tree->header();
    int others = 0;
    for (int column = 0; column < header->count(); ++column) {
        if (column != ComparisonTreeModel::NameColumn && !header->isSectionHidden(column))
            others += header->sectionSize(column);
    }
    // A case row sits one level below its bucket: its indentation and 16 characters of name.
    const int least = m_tree->indentation() * 2 + m_tree->fontMetrics().averageCharWidth() * 16;
    const int room = m_tree->viewport()->width() - others;
    header->resizeSection(ComparisonTreeModel::NameColumn, std::max(least, std::min(m_nameWidth, room)));
}

bool ComparisonPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_tree->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

} // namespace krw
