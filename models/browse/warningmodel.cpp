// SPDX-License-Identifier: MIT
#include "browse/warningmodel.h"

#include <QFileInfo>

namespace krw {

WarningModel::WarningModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void WarningModel::setWarnings(const QVector<LoadWarning>& warnings)
{
    beginResetModel();
    m_warnings = warnings;
    endResetModel();
}

int WarningModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_warnings.size());
}

int WarningModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant WarningModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    const LoadWarning& w = m_warnings.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case FileColumn:
            return QFileInfo(w.file).fileName();
        case LineColumn:
            return w.line > 0 ? QVariant(w.line) : QVariant(QStringLiteral("—"));
        case FieldColumn:
            return w.field;
        case MessageColumn:
            return w.message;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == MessageColumn || index.column() == FieldColumn)
            return index.column() == MessageColumn ? w.message : w.field; // cut off in a narrow window
        return w.byteOffset >= 0 ? QStringLiteral("%1, line %2, byte %3").arg(w.file).arg(w.line).arg(w.byteOffset) : w.file;
    case SortRole:
        switch (index.column()) {
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
    static const char* const titles[] = {"File", "Line", "Field", "Message"};
    return section >= 0 && section < NUM_COLUMNS ? QString::fromLatin1(titles[section]) : QVariant();
}

} // namespace krw
