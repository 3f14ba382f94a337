// SPDX-License-Identifier: MIT
#include "widgets/browse/warningsdock.h"

#include "models/browse/warningmodel.h"
#include "widgets/browse/warningsourcedialog.h"

#include <QHeaderView>
#include <QMainWindow>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QTableView>

#include <algorithm>

namespace krw {

WarningsDock::WarningsDock(QMainWindow* window)
    : QDockWidget(tr("Warnings"), window)
    , m_window(window)
    , m_model(new WarningModel(this))
    , m_view(new QTableView(this))
{
    auto* sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(m_model);
    sorted->setSortRole(WarningModel::SortRole);
    m_view->setObjectName(QStringLiteral("warningsView"));
    m_view->setModel(sorted);
    m_view->setSortingEnabled(true);
    // The runs in order (A, then B while comparing), each run's warnings in the order they were met
    // (the sort is stable); a header click sorts by another column.
    m_view->sortByColumn(WarningModel::RunColumn, Qt::AscendingOrder);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->setToolTip(tr("Double-click (or Enter) shows the warning's line in its file"));
    // Double-click or Enter: the file at the warning's line, read-only (WarningSourceDialog says why in-app).
    connect(m_view, &QAbstractItemView::activated, this, [this, sorted](const QModelIndex& index) {
        auto* dialog = new WarningSourceDialog(m_model->warningAt(sorted->mapToSource(index).row()), m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    setObjectName(QStringLiteral("warningsDock"));
    setWidget(m_view);
    window->addDockWidget(Qt::BottomDockWidgetArea, this);
    hide();
}

void WarningsDock::showRuns(const RunPtr& a, const RunPtr& b, bool reveal)
{
    if (!b) {
        m_model->setWarnings(a ? a->warnings : QVector<LoadWarning>(), a ? a->path : QString());
        setWindowTitle(tr("Warnings (%1)").arg(m_model->rowCount()));
    } else {
        m_model->setRuns({{tr("A · %1").arg(a->name), a->path, a->warnings}, {tr("B · %1").arg(b->name), b->path, b->warnings}});
        setWindowTitle(tr("Warnings (A %1, B %2)").arg(a->warnings.size()).arg(b->warnings.size()));
    }
    m_view->setColumnHidden(WarningModel::RunColumn, !b);
    m_view->resizeColumnsToContents();
    if (reveal && ((b && !b->warnings.isEmpty()) || (!b && m_model->rowCount() > 0))) {
        const bool wasHidden = isHidden();
        show();
        if (wasHidden)
            fitRows();
    }
}

// A dock that comes up for one warning takes the room of a few rows (seen in a real window); past
// MaxRows its rows scroll, and the user may drag it taller.
void WarningsDock::fitRows()
{
    constexpr int MaxRows = 6;
    const int rows = std::clamp(m_view->model()->rowCount(), 1, MaxRows);
    QStyle* dockStyle = style();
    const int title = fontMetrics().height() + 2 * dockStyle->pixelMetric(QStyle::PM_DockWidgetTitleMargin, nullptr, this)
        + 2 * dockStyle->pixelMetric(QStyle::PM_DockWidgetFrameWidth, nullptr, this);
    const int table = m_view->horizontalHeader()->sizeHint().height() + rows * m_view->verticalHeader()->defaultSectionSize()
        + m_view->horizontalScrollBar()->sizeHint().height() + 2 * m_view->frameWidth();
    m_window->resizeDocks({this}, {title + table}, Qt::Vertical);
}

} // namespace krw
