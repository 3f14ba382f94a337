// SPDX-License-Identifier: MIT
#include "models/batch/batchprogressmodel.h"

#include "models/rerun/rerunformat.h"
#include "models/rerun/rerunresult.h"

namespace krw {

BatchProgressModel::BatchProgressModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void BatchProgressModel::setCases(const QStringList& queued, const QStringList& doneEarlier)
{
    beginResetModel();
    m_rows.clear();
    for (const QString& name : queued)
        m_rows.append({name, tr("queued"), std::nullopt});
    for (const QString& name : doneEarlier)
        m_rows.append({name, tr("done earlier"), std::nullopt});
    endResetModel();
}

void BatchProgressModel::setPreview(const QStringList& names)
{
    beginResetModel();
    m_rows.clear();
    for (const QString& name : names)
        m_rows.append({name, tr("to run"), std::nullopt});
    endResetModel();
}

int BatchProgressModel::rowOf(const QString& caseName) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).caseName == caseName)
            return i;
    }
    return -1;
}

void BatchProgressModel::setStage(const QString& caseName, const QString& stage)
{
    const int row = rowOf(caseName);
    if (row < 0)
        return;
    m_rows[row].stage = stage;
    changed(row);
}

void BatchProgressModel::setFinished(const BatchEntry& entry)
{
    const int row = rowOf(entry.caseName);
    if (row < 0)
        return;
    m_rows[row].stage = entry.status == QLatin1String("skipped") ? tr("skipped") : tr("done");
    m_rows[row].entry = entry;
    changed(row);
}

void BatchProgressModel::setQueued(const QString& caseName)
{
    const int row = rowOf(caseName);
    if (row < 0)
        return;
    m_rows[row].stage = tr("queued");
    m_rows[row].entry.reset();
    changed(row);
}

void BatchProgressModel::setCancelledQueued()
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (!m_rows.at(row).entry && m_rows.at(row).stage != tr("done earlier")) {
            m_rows[row].stage = tr("cancelled");
            changed(row);
        }
    }
}

void BatchProgressModel::changed(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int BatchProgressModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int BatchProgressModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BatchProgressModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row& row = m_rows.at(index.row());
    if (role == CaseNameRole)
        return row.caseName;
    if (role == Qt::ToolTipRole && row.entry && !row.entry->failure.isEmpty())
        return row.entry->failure;
    if (role == Qt::TextAlignmentRole && (index.column() == SpeedupColumn || index.column() == TimeColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case CaseColumn:
        return row.caseName;
    case StageColumn:
        return row.stage;
    case VerdictColumn:
        // The verdict in words, with the reason where there is one ("Not rerun: no prediction").
        if (!row.entry)
            return QString();
        // A pass reads as its level ("Passed with notes", "Suspect").
        if (row.entry->failure.isEmpty())
            return verdictTitle(row.entry->level());
        return tr("%1: %2").arg(verdictTitle(row.entry->level()), row.entry->failure.section(QLatin1Char('\n'), 0, 0).left(160));
    case SpeedupColumn:
        // Only a pass has a speedup; a suspect one says it does not count, one within noise says so.
        return row.entry ? row.entry->speedupText() : QString();
    case FlagsColumn:
        return row.entry ? row.entry->flags.join(QStringLiteral(", ")) : QString();
    case WhereColumn:
        return row.entry ? row.entry->where : QString();
    case TimeColumn:
        return row.entry && row.entry->status != QLatin1String("skipped") ? tr("%1 s").arg(row.entry->seconds, 0, 'f', 1) : QString();
    default:
        return {};
    }
}

QVariant BatchProgressModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case CaseColumn:
        return tr("Case");
    case StageColumn:
        return tr("Stage");
    case VerdictColumn:
        return tr("Verdict");
    case SpeedupColumn:
        return tr("Speedup");
    case FlagsColumn:
        return tr("Flags");
    case WhereColumn:
        return tr("Where");
    case TimeColumn:
        return tr("Time");
    default:
        return {};
    }
}

} // namespace krw
