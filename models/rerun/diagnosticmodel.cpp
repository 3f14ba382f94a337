// SPDX-License-Identifier: MIT
#include "models/rerun/diagnosticmodel.h"

#include <QFileInfo>

namespace krw {

namespace {

// Line and column 0 mean "not given" (e.g. a linker message); a dash reads better than a 0.
QVariant positionText(int value)
{
    return value > 0 ? QVariant(value) : QVariant(QStringLiteral("—"));
}

QString toolTipText(const Diagnostic& d)
{
    QString text = d.file.isEmpty() ? d.message : QStringLiteral("%1:%2:%3\n%4").arg(d.file).arg(d.line).arg(d.column).arg(d.message);
    if (!d.context.isEmpty())
        text += QLatin1Char('\n') + d.context.join(QLatin1Char('\n'));
    return text;
}

} // namespace

DiagnosticModel::DiagnosticModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void DiagnosticModel::setDiagnostics(const QVector<Diagnostic>& diagnostics)
{
    beginResetModel();
    m_diagnostics = diagnostics;
    endResetModel();
}

int DiagnosticModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_diagnostics.size());
}

int DiagnosticModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant DiagnosticModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Diagnostic& d = m_diagnostics.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayData(d, index.column());
    case Qt::ToolTipRole:
        return toolTipText(d);
    case Qt::TextAlignmentRole:
        if (index.column() == LineColumn || index.column() == ColumnColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter); // an int: what Qt 5 and Qt 6 delegates both read
        return {};
    case SortRole:
        return sortData(d, index.column());
    case SeverityRole:
        return int(d.severity);
    case LineRole:
        return d.line;
    case FileRole:
        return d.file;
    default:
        return {};
    }
}

QVariant DiagnosticModel::displayData(const Diagnostic& d, int column) const
{
    switch (column) {
    case SeverityColumn:
        return severityName(d.severity);
    case FileColumn:
        // The full path is long and mostly the job's work folder; it stays in the tooltip and FileRole.
        return QFileInfo(d.file).fileName();
    case LineColumn:
        return positionText(d.line);
    case ColumnColumn:
        return positionText(d.column);
    case MessageColumn:
        return d.message;
    }
    return {};
}

QVariant DiagnosticModel::sortData(const Diagnostic& d, int column) const
{
    switch (column) {
    case SeverityColumn:
        return int(d.severity); // Error is 0: ascending puts errors first
    case FileColumn:
        return d.file;
    case LineColumn:
        return d.line;
    case ColumnColumn:
        return d.column;
    case MessageColumn:
        return d.message;
    }
    return {};
}

QVariant DiagnosticModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= NUM_COLUMNS)
        return {};
    static const char* const titles[] = {"Severity", "File", "Line", "Column", "Message"};
    return QString::fromLatin1(titles[section]);
}

} // namespace krw
