// SPDX-License-Identifier: MIT
#include "models/rerun/kernelresourcemodel.h"

#include "models/rerun/rerunformat.h"

namespace krw {

namespace {

template<typename T>
QVariant optionalValue(const std::optional<T>& value)
{
    return value ? QVariant::fromValue(*value) : QVariant();
}

bool isNumericColumn(int column)
{
    return column == KernelResourceModel::SharedColumn || column == KernelResourceModel::ScratchColumn
        || column == KernelResourceModel::OccupancyColumn || column == KernelResourceModel::RegistersColumn;
}

QString flagLines(const QStringList& flags)
{
    QStringList lines;
    for (const QString& flag : flags)
        lines << describeFlag(flag);
    return lines.join(QLatin1Char('\n'));
}

} // namespace

KernelResourceModel::KernelResourceModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void KernelResourceModel::setKernels(const QVector<KernelResourceUsage>& kernels)
{
    beginResetModel();
    m_kernels = kernels;
    endResetModel();
}

int KernelResourceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_kernels.size());
}

int KernelResourceModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant KernelResourceModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const KernelResourceUsage& kernel = m_kernels.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayData(kernel, index.column());
    case Qt::ToolTipRole:
        return toolTipData(kernel, index.column());
    case Qt::TextAlignmentRole:
        if (isNumericColumn(index.column()))
            return int(Qt::AlignRight | Qt::AlignVCenter); // an int: what Qt 5 and Qt 6 delegates both read
        return {};
    case SortRole:
        return sortData(kernel, index.column());
    case FlaggedRole:
        return isFlagged(kernel, index.column());
    case FlagsRole:
        return kernel.flags;
    default:
        return {};
    }
}

bool KernelResourceModel::isFlagged(const KernelResourceUsage& kernel, int column)
{
    switch (column) {
    case SharedColumn:
        return kernel.hasFlag(KernelResourceUsage::FlagSharedOverLimit);
    case SpillsColumn:
        return kernel.hasFlag(KernelResourceUsage::FlagSpills);
    default:
        return false;
    }
}

QVariant KernelResourceModel::displayData(const KernelResourceUsage& kernel, int column) const
{
    switch (column) {
    case KernelColumn:
        return kernel.displayName();
    case TargetColumn:
        return kernel.target.isEmpty() ? QStringLiteral("—") : kernel.target;
    case RegistersColumn:
        return kernelRegistersText(kernel);
    case SharedColumn:
        return kernelSharedText(kernel);
    case ScratchColumn:
        return kernelScratchText(kernel);
    case SpillsColumn:
        return kernelSpillsText(kernel);
    case OccupancyColumn:
        return kernelOccupancyText(kernel);
    }
    return {};
}

QVariant KernelResourceModel::sortData(const KernelResourceUsage& kernel, int column) const
{
    switch (column) {
    case KernelColumn:
        return kernel.displayName();
    case TargetColumn:
        return kernel.target;
    case RegistersColumn:
        // Per-lane vector registers on AMD and per-thread registers on NVIDIA: the pressure measure.
        return kernel.registers ? QVariant(*kernel.registers) : optionalValue(kernel.vgprs);
    case SharedColumn:
        return optionalValue(kernel.sharedBytes);
    case ScratchColumn:
        return optionalValue(kernel.scratchBytes);
    case SpillsColumn:
        if (kernel.source == KernelResourceUsage::Source::Ptxas)
            return kernel.spillStoreBytes || kernel.spillLoadBytes
                ? QVariant(kernel.spillStoreBytes.value_or(0) + kernel.spillLoadBytes.value_or(0))
                : QVariant();
        return kernel.vgprSpills || kernel.sgprSpills ? QVariant(kernel.vgprSpills.value_or(0) + kernel.sgprSpills.value_or(0))
                                                      : QVariant();
    case OccupancyColumn:
        return optionalValue(kernel.occupancy);
    }
    return {};
}

QVariant KernelResourceModel::toolTipData(const KernelResourceUsage& kernel, int column) const
{
    const bool ptxas = kernel.source == KernelResourceUsage::Source::Ptxas;
    switch (column) {
    case KernelColumn: {
        QStringList lines{kernel.name};
        if (!kernel.demangledName.isEmpty())
            lines.prepend(kernel.demangledName);
        if (!kernel.flags.isEmpty())
            lines << flagLines(kernel.flags);
        return lines.join(QLatin1Char('\n'));
    }
    case RegistersColumn:
        return ptxas ? QStringLiteral("registers per thread")
                     : QStringLiteral("vector (VGPR) and scalar (SGPR) registers; accumulation registers (AGPR) when used");
    case SharedColumn: {
        QString text = ptxas ? QStringLiteral("static shared memory per block") : QStringLiteral("static LDS per workgroup");
        text += kernel.sharedLimitBytes
            ? QStringLiteral("; the limit for %1 is %2").arg(kernel.target, byteSizeText(*kernel.sharedLimitBytes))
            : QStringLiteral("; no known limit for target \"%1\"").arg(kernel.target);
        if (kernel.hasFlag(KernelResourceUsage::FlagSharedOverLimit))
            text += QLatin1Char('\n') + describeFlag(QLatin1String(KernelResourceUsage::FlagSharedOverLimit));
        return QString(text + QStringLiteral("\ndynamic shared memory (set at launch) is not included"));
    }
    case ScratchColumn:
        return ptxas ? QStringLiteral("stack frame per thread") : QStringLiteral("scratch (private) memory per lane");
    case SpillsColumn:
        return ptxas ? QStringLiteral("bytes of spill stores and loads to local memory")
                     : QStringLiteral("registers spilled to scratch memory");
    case OccupancyColumn:
        return ptxas ? QStringLiteral("ptxas does not report occupancy") : QStringLiteral("waves per SIMD, as the compiler estimates it");
    }
    return {};
}

QVariant KernelResourceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= NUM_COLUMNS)
        return {};
    static const char* const titles[] = {"Kernel", "Target", "Registers", "LDS / shared", "Scratch", "Spills", "Occupancy"};
    return QString::fromLatin1(titles[section]);
}

} // namespace krw
