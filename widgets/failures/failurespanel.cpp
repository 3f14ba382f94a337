// SPDX-License-Identifier: MIT
#include "widgets/failures/failurespanel.h"

#include "models/failures/failuregroupmodel.h"
#include "models/failures/failurereader.h"
#include "models/run/runsummary.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

namespace krw {

namespace {

struct ReadGroups
{
    QVector<FailureGroup> groups;
    int failing = 0;
    int unreadable = 0;
};

} // namespace

FailuresPanel::FailuresPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new FailureGroupModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_bulk(new QPushButton(tr("Verdict / Tags…"), this))
    , m_job(new JobTracker(this))
{
    setObjectName(QStringLiteral("failuresPanel"));
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(FailureGroupModel::SortRole);
    m_view->setObjectName(QStringLiteral("failureGroupsView"));
    m_view->setModel(m_sorted);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(FailureGroupModel::CountColumn, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->setWordWrap(false);
    m_view->horizontalHeader()->setSectionResizeMode(FailureGroupModel::SignatureColumn, QHeaderView::Stretch);
    m_view->setToolTip(tr("Click a group to show only its cases in the tree"));
    m_status->setObjectName(QStringLiteral("failuresStatus"));
    m_status->setWordWrap(true);
    m_bulk->setObjectName(QStringLiteral("failuresBulkEdit"));
    m_bulk->setToolTip(tr("Set a verdict or tags on every case of the selected group, as one undoable step"));
    m_bulk->setEnabled(false);

    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_bulk);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_view, 1);
    layout->addLayout(bottom);
    clear();

    connect(m_view, &QAbstractItemView::clicked, this, [this](const QModelIndex& index) {
        if (const FailureGroup* group = groupAtViewRow(index.row()))
            Q_EMIT groupActivated(*group);
    });
    connect(m_view, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        if (const FailureGroup* group = groupAtViewRow(index.row()))
            Q_EMIT groupActivated(*group);
    });
    connect(
        m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { m_bulk->setEnabled(currentGroup() != nullptr); });
    connect(m_bulk, &QPushButton::clicked, this, [this] {
        if (const FailureGroup* group = currentGroup())
            Q_EMIT bulkEditRequested(*group);
    });
}

const FailureGroup* FailuresPanel::groupAtViewRow(int row) const
{
    const QModelIndex index = m_sorted->index(row, 0);
    return index.isValid() ? m_model->groupAt(m_sorted->mapToSource(index).row()) : nullptr;
}

const FailureGroup* FailuresPanel::currentGroup() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? groupAtViewRow(current.row()) : nullptr;
}

QString FailuresPanel::summaryText(int groups, int grouped, int failing)
{
    if (failing == 0)
        return tr("No failing case.");
    return tr("%n groups · %1 of %2 failing cases (the others left no message)", nullptr, groups).arg(grouped).arg(failing);
}

bool FailuresPanel::isReading() const
{
    return m_job->isRunning();
}

void FailuresPanel::clear()
{
    m_job->cancel();
    m_model->setGroups({});
    m_bulk->setEnabled(false);
    m_status->setText(tr("No run open."));
}

void FailuresPanel::setRun(const RunPtr& run, const LatestReruns& reruns)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_bulk->setEnabled(false);
    if (!run) {
        clear();
        return;
    }
    m_status->setText(tr("Reading the errors of %1…").arg(caseCountText(int(run->cases.size()))));
    const auto read = [run, reruns] {
        ReadGroups read;
        const QVector<FailureSignature> signatures = FailureReader::read(*run, reruns, &read.unreadable);
        read.groups = FailureGroup::group(*run, signatures);
        for (const Case& c : run->cases)
            read.failing += c.isFailing() ? 1 : 0;
        return read;
    };
    m_job->start(WorkPools::jobs(), read, [this](const ReadGroups& read) { // not when another run is shown by then
        m_model->setGroups(read.groups);
        m_view->resizeColumnToContents(FailureGroupModel::CountColumn);
        m_view->resizeColumnToContents(FailureGroupModel::KindColumn);
        m_view->resizeColumnToContents(FailureGroupModel::ExampleColumn);
        QString text = summaryText(int(read.groups.size()), m_model->groupedCases(), read.failing);
        if (read.unreadable > 0)
            text += QLatin1Char(' ')
                + tr("%n error messages could not be read: a file of the run changed since it was loaded (reload it).", nullptr,
                    read.unreadable);
        m_status->setText(text);
        Q_EMIT groupsReady();
    });
}

} // namespace krw
