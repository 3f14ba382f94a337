// SPDX-License-Identifier: MIT
#include "models/browse/warningmodel.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace krw {

WarningModel::WarningModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void WarningModel::setWarnings(const QVector<LoadWarning>& warnings, const QString& runPath)
{
    setRuns({RunWarnings{QString(), runPath, warnings}});
}

void WarningModel::setRuns(const QVector<RunWarnings>& runs)
{
    beginResetModel();
    m_runs = runs;
    m_starts.clear();
    m_rows = 0;
    for (const RunWarnings& run : runs) {
        m_starts.append(m_rows);
        m_rows += int(run.warnings.size());
    }
    endResetModel();
}

int WarningModel::runOf(int row) const
{
    const auto after = std::upper_bound(m_starts.cbegin(), m_starts.cend(), row);
    return int(after - m_starts.cbegin()) - 1;
}

const LoadWarning& WarningModel::warningAt(int row) const
{
    const int run = runOf(row);
    return m_runs.at(run).warnings.at(row - m_starts.at(run));
}

int WarningModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int WarningModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant WarningModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    const RunWarnings& run = m_runs.at(runOf(index.row()));
    const LoadWarning& w = warningAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RunColumn:
            return run.label;
        case FileColumn:
            return warningFileName(w.file, run.path);
        case LineColumn:
            return w.line > 0 ? QVariant(w.line) : QVariant(QStringLiteral("—"));
        case FieldColumn:
            return w.field;
        case MessageColumn:
            return w.message;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == RunColumn)
            return run.path;
        if (index.column() == MessageColumn || index.column() == FieldColumn)
            return index.column() == MessageColumn ? w.message : w.field; // cut off in a narrow window
        return w.byteOffset >= 0 ? QStringLiteral("%1, line %2, byte %3").arg(w.file).arg(w.line).arg(w.byteOffset) : w.file;
    case SortRole:
        switch (index.column()) {
        case RunColumn:
            return run.label;
        case LineColumn:
            return w.line;
        case FileColumn:
            return w.file;
        case FieldColumn:
            return w.field;
        case MessageColumn:
            return w.message;
        }
        return {};
    case FilePathRole:
        return w.file;
    case LineRole:
        return w.line;
    default:
        return {};
    }
}

QVariant WarningModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const char* const titles[] = {"Run", "File", "Line", "Field", "Message"};
    return section >= 0 && section < NUM_COLUMNS ? QString::fromLatin1(titles[section]) : QVariant();
}

} // namespace krw
