// SPDX-License-Identifier: MIT
#include "widgets/compare/rungriddialog.h"

#include "models/compare/rungridmodel.h"
#include "models/compare/rungridsortproxy.h"
#include "models/run/runloader.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace krw {

RunGridDialog::RunGridDialog(const QStringList& paths, QWidget* parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_add(new QPushButton(tr("Add Run…"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_show(new QPushButton(tr("Show Grid"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_status(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new RunGridModel(this))
    , m_sorted(new RunGridSortProxy(this))
    , m_loads(new JobTracker(this))
    , m_poll(new QTimer(this))
{
    m_poll->setInterval(200);
    connect(m_poll, &QTimer::timeout, this,
        [this] { m_status->setText(tr("Loading runs… %1 of %2 loaded").arg(m_loaded ? m_loaded->load() : 0).arg(m_loading)); });
    setObjectName(QStringLiteral("runGridDialog"));
    setWindowTitle(tr("Compare Several Runs"));
    m_list->setObjectName(QStringLiteral("runGridRuns"));
    m_list->setMaximumHeight(110);
    m_list->setToolTip(tr("The runs to compare, in the grid's column order"));
    m_status->setObjectName(QStringLiteral("runGridStatus"));
    m_status->setWordWrap(true);
    m_cancel->hide();
    m_sorted->setSourceModel(m_model);
    m_table->setObjectName(QStringLiteral("runGridTable"));
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    for (const QString& path : paths)
        addPath(path);
    connect(m_table, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        const auto [filename, runPath] = caseAndRunAt(index);
        if (!filename.isEmpty())
            Q_EMIT caseActivated(filename, runPath);
    });

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_show);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_list);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    layout->addWidget(close);
    resize(900, 600);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_add, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getExistingDirectory(this, tr("Add Run Folder"));
        if (!path.isEmpty())
            addPath(path);
    });
    connect(m_remove, &QPushButton::clicked, this, [this] { qDeleteAll(m_list->selectedItems()); });
    connect(m_show, &QPushButton::clicked, this, &RunGridDialog::showGrid);
    connect(m_cancel, &QPushButton::clicked, this, &RunGridDialog::cancel);
}

RunGridDialog::~RunGridDialog()
{
    cancel();
}

void RunGridDialog::addPath(const QString& path)
{
    m_list->addItem(path);
}

QStringList RunGridDialog::paths() const
{
    QStringList list;
    for (int i = 0; i < m_list->count(); ++i)
        list << m_list->item(i)->text();
    return list;
}

void RunGridDialog::cancel()
{
    if (m_cancelled)
        m_cancelled->store(true);
}

RunGridDialog::Loaded RunGridDialog::loadAll(
    const QStringList& paths, const std::shared_ptr<std::atomic<int>>& progress, const std::shared_ptr<std::atomic<bool>>& cancelled)
{
    Loaded loaded;
    QVector<RunPtr> runs;
    for (const QString& path : paths) {
        if (cancelled->load()) {
            loaded.cancelled = true;
            return loaded;
        }
        QString error;
        auto run = std::make_shared<const Run>(loadRunAtPath(path, {}, &error));
        if (error.isEmpty() && run->cases.isEmpty())
            error = QCoreApplication::translate("krw::RunGridDialog", "no case could be loaded from %1").arg(path);
        if (!error.isEmpty()) {
            loaded.error = error;
            return loaded;
        }
        runs.append(run);
        ++*progress;
    }
    loaded.grid = RunGrid::build(runs);
    return loaded;
}

QPair<QString, QString> RunGridDialog::caseAndRunAt(const QModelIndex& index) const
{
    const QModelIndex source = m_sorted->mapToSource(index);
    if (!source.isValid() || source.data(RunGridModel::IsSummaryRole).toBool())
        return {};
    const int row = source.row() - 1; // the summary row is first
    const int run = std::max(0, source.column() - int(RunGridModel::FirstRunColumn));
    if (row < 0 || row >= m_model->grid().rows().size() || run >= m_gridPaths.size())
        return {};
    return {m_model->grid().rows().at(row).filename, m_gridPaths.at(run)};
}

void RunGridDialog::showGrid()
{
    const QStringList list = paths();
    if (list.size() < 2) {
        m_status->setText(tr("Add at least two runs to compare."));
        Q_EMIT gridShown(false);
        return;
    }
    cancel(); // a load still running is dropped (its answer too: m_loads)
    m_cancelled = std::make_shared<std::atomic<bool>>(false);
    m_loaded = std::make_shared<std::atomic<int>>(0);
    m_loading = int(list.size());
    m_status->setText(tr("Loading %1 runs…").arg(list.size()));
    m_show->setEnabled(false);
    m_cancel->show();
    m_poll->start();
    m_loads->start(
        WorkPools::jobs(), [list, progress = m_loaded, cancelled = m_cancelled] { return loadAll(list, progress, cancelled); },
        [this, list](const Loaded& loaded) {
            m_poll->stop();
            m_show->setEnabled(true);
            m_cancel->hide();
            if (loaded.cancelled) {
                m_status->setText(tr("Loading cancelled."));
                Q_EMIT gridShown(false);
                return;
            }
            if (!loaded.error.isEmpty()) {
                m_status->setText(tr("Cannot show the grid: %1").arg(loaded.error));
                Q_EMIT gridShown(false);
                return;
            }
            m_model->setGrid(loaded.grid);
            m_gridPaths = list;
            m_table->resizeColumnsToContents();
            m_status->setText(tr("%1 cases in %2 runs. Click a column's header to sort by it; the summary stays on top. "
                                 "Double-click a cell to open that case of that run.")
                                  .arg(loaded.grid.rows().size())
                                  .arg(loaded.grid.runCount()));
            Q_EMIT gridShown(true);
        });
}

} // namespace krw
