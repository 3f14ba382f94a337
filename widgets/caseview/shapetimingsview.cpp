// SPDX-License-Identifier: MIT
#include "widgets/caseview/shapetimingsview.h"

#include "models/browse/shapetimingmodel.h"
#include "widgets/plots/shapetimingplot.h"
#include "widgets/rerun/flaggedcelldelegate.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace krw {

ShapeTimingsView::ShapeTimingsView(QWidget* parent)
    : QWidget(parent)
    , m_model(new ShapeTimingModel(this))
    , m_table(new QTableView(this))
    , m_plot(new ShapeTimingPlot(this))
{
    setObjectName(QStringLiteral("shapeTimings"));
    auto* sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(m_model);
    sorted->setSortRole(ShapeTimingModel::SortRole);
    m_table->setObjectName(QStringLiteral("shapeTimingTable"));
    m_table->setModel(sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ShapeTimingModel::ShapeColumn, Qt::AscendingOrder);
    m_table->setItemDelegate(new FlaggedCellDelegate(ShapeTimingModel::ProblemRole, m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("shapeTimingSplitter"));
    split->addWidget(m_table);
    split->addWidget(m_plot);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
}

void ShapeTimingsView::setTimings(const QVector<ShapeTiming>& timings, bool warned)
{
    m_model->setTimings(timings);
    m_table->resizeColumnsToContents();
    m_plot->setTimings(timings, warned);
}

} // namespace krw
