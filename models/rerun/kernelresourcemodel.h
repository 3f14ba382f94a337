// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/kernelresourceusage.h"

#include <QAbstractTableModel>

namespace krw {

// The kernels of one compile stage and what each uses, one row per kernel in the compiler's
// order. Semantic roles only (L2): FlaggedRole says which cells a delegate should mark (shared
// memory over the target's limit, spills), not how.
class KernelResourceModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { KernelColumn, TargetColumn, RegistersColumn, SharedColumn, ScratchColumn, SpillsColumn, OccupancyColumn, NUM_COLUMNS };
    enum Roles {
        SortRole = Qt::UserRole, // raw numbers for the numeric columns
        FlaggedRole, // bool: this cell shows a flagged value
        FlagsRole, // QStringList: the kernel's flags, any column
    };

    explicit KernelResourceModel(QObject* parent = nullptr);

    void setKernels(const QVector<KernelResourceUsage>& kernels);
    const QVector<KernelResourceUsage>& kernels() const { return m_kernels; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant displayData(const KernelResourceUsage& kernel, int column) const;
    QVariant sortData(const KernelResourceUsage& kernel, int column) const;
    QVariant toolTipData(const KernelResourceUsage& kernel, int column) const;
    static bool isFlagged(const KernelResourceUsage& kernel, int column);

    QVector<KernelResourceUsage> m_kernels;
};

} // namespace krw
