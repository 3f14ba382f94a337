// SPDX-License-Identifier: MIT
#include "widgets/rerun/checksview.h"

#include "models/rerun/checkmodel.h"
#include "widgets/rerun/flaggedcelldelegate.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace krw {

ChecksView::ChecksView(QWidget* parent)
    : QWidget(parent)
    , m_model(new CheckModel(this))
    , m_table(new QTableView(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("rerunChecks"));
    m_table->setModel(m_model);
    m_table->setItemDelegate(new FlaggedCellDelegate(CheckModel::FlaggedRole, m_table));
    m_table->verticalHeader()->hide();
    // Wrapped rows as high as their text at the column's current width (a dozen rows: cheap).
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true); // what was seen takes the room left
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(true); // notes are sentences: wrapped, rows as high as they need
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    showResult(RerunResult{});
}

bool ChecksView::hasProblems() const
{
    const auto& rows = m_model->rows();
    return std::any_of(rows.cbegin(), rows.cend(),
        [](const CheckRow& r) { return r.state == CheckRow::State::Flagged || r.state == CheckRow::State::CouldNotRun; });
}

void ChecksView::showResult(const RerunResult& result)
{
    m_model->setResult(result);
    const bool empty = result.caseName.isEmpty();
    switch (empty ? ChecksAbsence::NotReached : checksAbsence(result)) {
    case ChecksAbsence::Present: {
        int counts[5] = {0, 0, 0, 0, 0};
        for (const CheckRow& row : m_model->rows())
            ++counts[int(row.state)];
        QStringList parts;
        parts << tr("%n flagged", nullptr, counts[int(CheckRow::State::Flagged)]);
        if (const int notes = counts[int(CheckRow::State::Noted)]; notes > 0)
            parts << (notes == 1 ? tr("1 note") : tr("%1 notes").arg(notes));
        if (counts[int(CheckRow::State::CouldNotRun)] > 0)
            parts << tr("%n could not run", nullptr, counts[int(CheckRow::State::CouldNotRun)]);
        parts << tr("%n clean", nullptr, counts[int(CheckRow::State::Clean)]);
        if (counts[int(CheckRow::State::Off)] > 0)
            parts << tr("%n off", nullptr, counts[int(CheckRow::State::Off)]);
        m_summary->setText(tr("Checks: %1. Hover a row for what the check looks for.").arg(parts.join(QStringLiteral(", "))));
        break;
    }
    case ChecksAbsence::OlderResult:
        m_summary->setText(tr("The checks did not run: this result was saved before the checks existed. Rerun it to check it."));
        break;
    case ChecksAbsence::NotReached:
        m_summary->setText(empty ? tr("Not rerun yet.") : tr("The checks did not run: the rerun stopped before them."));
        break;
    }
    m_table->setVisible(m_model->rowCount() > 0);
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
}

} // namespace krw
