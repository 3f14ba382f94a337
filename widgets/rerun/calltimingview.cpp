// SPDX-License-Identifier: MIT
#include "widgets/rerun/calltimingview.h"

#include "models/rerun/calltimingmodel.h"
#include "widgets/rerun/flaggedcelldelegate.h"
#include "widgets/rerun/speeduplabel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace krw {

CallTimingView::CallTimingView(QWidget* parent)
    : QWidget(parent)
    , m_model(new CallTimingModel(this))
    , m_table(new QTableView(this))
    , m_footer(new QLabel(this))
{
    setObjectName(QStringLiteral("rerunCalls"));
    m_table->setModel(m_model);
    m_table->setItemDelegate(new FlaggedCellDelegate(CallTimingModel::FlaggedRole, m_table));
    m_table->verticalHeader()->hide();
    // Every column as wide as its contents (flags included): a narrow dock scrolls sideways
    // rather than cutting the flags short.
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_footer->setWordWrap(true);
    m_footer->setTextFormat(Qt::PlainText);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_footer);
    showResult(RerunResult{});
}

void CallTimingView::showResult(const RerunResult& result)
{
    m_model->setTiming(result.timing.value_or(TimingStage{}));
    m_table->setVisible(m_model->rowCount() > 0);
    m_table->resizeColumnsToContents();
    if (!result.timing) {
        m_footer->setText(tr("No timing: the rerun did not reach it."));
        m_footer->setToolTip(QString());
        return;
    }
    const TimingStage& t = *result.timing;
    QStringList lines;
    if (t.deviceTimeSource.isEmpty())
        lines << tr("An older result: its times are stream events around each call, with no device time and no interval.");
    else
        lines << tr("Device time from %1. Hover a call for its percentiles, kernels and notes.").arg(t.deviceTimeSource);
    if (!t.error.isEmpty())
        lines << tr("Timing error: %1").arg(t.error);
    m_footer->setText(lines.join(QLatin1Char('\n')));
    m_footer->setToolTip(SpeedupLabel::details(t));
}

} // namespace krw
