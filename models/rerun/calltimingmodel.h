// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"

#include <QAbstractTableModel>

namespace krw {

// The timed calls of one rerun, one row each, with what each speedup rests on: device time of
// both sides, the speedup with its 95 % interval, the call-time speedup beside it, the
// candidate's bandwidth against the device's peak, and the call's flags. The tooltip has the
// rest (percentiles, stream events, bytes, kernels and whether they are the side's own, notes).
// Semantic roles only (L2): FlaggedRole marks the flags cell and the cells a flag is about.
class CallTimingModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { CallColumn, DeviceColumn, SpeedupColumn, CallTimeColumn, BandwidthColumn, PeakColumn, FlagsColumn, NUM_COLUMNS };
    enum Roles {
        SortRole = Qt::UserRole, // raw numbers for the numeric columns
        FlaggedRole, // bool: this cell shows something a flag is about
        FlagsRole, // QStringList: the call's flags, any column
    };

    explicit CallTimingModel(QObject* parent = nullptr);

    void setTiming(const TimingStage& timing);
    const TimingStage& timing() const { return m_timing; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Everything measured for one call, one fact a line: the row's tooltip.
    static QString evidenceText(const CallTiming& call, const QString& deviceTimeSource);

private:
    QVariant displayData(const CallTiming& call, int column) const;
    QVariant sortData(const CallTiming& call, int column) const;
    static bool isFlagged(const CallTiming& call, int column);

    TimingStage m_timing;
};

} // namespace krw
