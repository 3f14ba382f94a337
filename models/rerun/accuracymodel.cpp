// SPDX-License-Identifier: MIT
#include "models/rerun/accuracymodel.h"

#include "models/rerun/rerunformat.h"

namespace krw {

namespace {

// Absent errors sort as invalid variants, which the sort proxy puts after every number.
QVariant optionalNumber(const std::optional<double>& value)
{
    return value ? QVariant(*value) : QVariant();
}

qint64 elementCount(const QVector<qint64>& shape)
{
    qint64 count = 1;
    for (qint64 d : shape)
        count *= d;
    return count;
}

QVariant flagLines(const QStringList& flags)
{
    QStringList lines;
    for (const QString& flag : flags)
        lines << describeFlag(flag);
    return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
}

bool isNumericColumn(int column)
{
    return column == AccuracyModel::MaxAbsErrColumn || column == AccuracyModel::MaxRelErrColumn
        || column == AccuracyModel::MismatchedColumn;
}

} // namespace

AccuracyModel::AccuracyModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void AccuracyModel::setAccuracy(const AccuracyStage& accuracy)
{
    beginResetModel();
    m_accuracy = accuracy;
    endResetModel();
}

int AccuracyModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_accuracy.outputs.size());
}

int AccuracyModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant AccuracyModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const OutputComparison& output = m_accuracy.outputs.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayData(output, index.column());
    case Qt::ToolTipRole:
        return toolTipData(output, index.column());
    case Qt::TextAlignmentRole:
        if (isNumericColumn(index.column()))
            return int(Qt::AlignRight | Qt::AlignVCenter); // an int: what Qt 5 and Qt 6 delegates both read
        return {};
    case SortRole:
        return sortData(output, index.column());
    case OkRole:
        return output.ok;
    case FlagsRole:
        return output.flags;
    case WarningRole:
        return !output.flags.isEmpty();
    default:
        return {};
    }
}

QVariant AccuracyModel::displayData(const OutputComparison& output, int column) const
{
    switch (column) {
    case OutputColumn:
        return output.name;
    case OkColumn:
        return output.ok ? QStringLiteral("yes") : QStringLiteral("no");
    case ShapeColumn:
        return shapeText(output);
    case DtypeColumn:
        return dtypeText(output);
    case MaxAbsErrColumn:
        return formatError(output.maxAbsErr);
    case MaxRelErrColumn:
        return formatError(output.maxRelErr);
    case MismatchedColumn:
        return mismatchText(output);
    case FlagsColumn:
        return output.flags.join(QStringLiteral(", "));
    }
    return {};
}

QVariant AccuracyModel::sortData(const OutputComparison& output, int column) const
{
    switch (column) {
    case OutputColumn:
        return output.name;
    case OkColumn:
        return output.ok;
    case ShapeColumn:
        return elementCount(output.shape);
    case DtypeColumn:
        return output.dtype;
    case MaxAbsErrColumn:
        return optionalNumber(output.maxAbsErr);
    case MaxRelErrColumn:
        return optionalNumber(output.maxRelErr);
    case MismatchedColumn:
        return output.mismatched;
    case FlagsColumn:
        return output.flags.join(QStringLiteral(", "));
    }
    return {};
}

QVariant AccuracyModel::toolTipData(const OutputComparison& output, int column) const
{
    const QString tolerance = QStringLiteral("rtol %1, atol %2").arg(m_accuracy.rtol).arg(m_accuracy.atol);
    switch (column) {
    case FlagsColumn:
        return flagLines(output.flags);
    case MaxAbsErrColumn:
    case MaxRelErrColumn:
        return tolerance;
    case OkColumn:
        // Why it failed, in words: the flags first, else the elements outside the tolerance.
        if (output.ok)
            return {};
        if (!output.flags.isEmpty())
            return flagLines(output.flags);
        return QStringLiteral("%1 elements outside %2").arg(mismatchText(output), tolerance);
    }
    return {};
}

QVariant AccuracyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= NUM_COLUMNS)
        return {};
    static const char* const titles[] = {"Output", "OK", "Shape", "Dtype", "Max abs err", "Max rel err", "Mismatched", "Flags"};
    return QString::fromLatin1(titles[section]);
}

} // namespace krw
