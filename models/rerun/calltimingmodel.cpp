// SPDX-License-Identifier: MIT
#include "models/rerun/calltimingmodel.h"

#include "models/rerun/rerunformat.h"
#include "models/rerun/verdictlevel.h"

namespace krw {

namespace {

QString number(double value)
{
    return QString::number(value, 'g', 3);
}

QString statsText(const TimingStats& s)
{
    return QStringLiteral("p50 %1 (p10 %2 – p90 %3, %4 reps)").arg(formatMs(s.p50), number(s.p10), number(s.p90)).arg(s.reps);
}

QString percentText(double fraction)
{
    return QStringLiteral("%1 %").arg(QString::number(fraction * 100, 'f', fraction < 0.1 ? 1 : 0));
}

QString gbsText(double gbs)
{
    return QStringLiteral("%1 GB/s").arg(QString::number(gbs, 'g', 3));
}

void addSide(QStringList* lines, const QString& side, const std::optional<TimingStats>& device, const SideEvidence& e)
{
    if (device)
        lines->append(QStringLiteral("%1 device time: %2").arg(side, statsText(*device)));
    else
        lines->append(QStringLiteral("%1: not timed").arg(side));
    QStringList more;
    if (e.call)
        more << QStringLiteral("call time p50 %1").arg(formatMs(e.call->p50));
    if (e.events)
        more << QStringLiteral("stream events p50 %1").arg(formatMs(e.events->p50));
    if (e.bytes)
        more << byteSizeText(*e.bytes);
    if (e.gbs)
        more << gbsText(*e.gbs) + (e.peakFraction ? QStringLiteral(" (%1 of peak)").arg(percentText(*e.peakFraction)) : QString());
    if (e.launchBound)
        more << QStringLiteral("launch bound");
    if (!more.isEmpty())
        lines->append(QStringLiteral("  ") + more.join(QStringLiteral(", ")));
    for (const KernelTime& k : e.kernels) {
        const QString own = !k.own ? QString() : *k.own ? QStringLiteral(" (own)") : QStringLiteral(" (not the side's own)");
        lines->append(QStringLiteral("  kernel %1: %2%3").arg(k.name, formatMs(k.ms), own));
    }
}

} // namespace

CallTimingModel::CallTimingModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CallTimingModel::setTiming(const TimingStage& timing)
{
    beginResetModel();
    m_timing = timing;
    endResetModel();
}

int CallTimingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_timing.calls.size());
}

int CallTimingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant CallTimingModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CallTiming& call = m_timing.calls.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayData(call, index.column());
    case Qt::ToolTipRole:
        return evidenceText(call, m_timing.deviceTimeSource);
    case Qt::TextAlignmentRole:
        if (index.column() != CallColumn && index.column() != FlagsColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter); // an int: what Qt 5 and Qt 6 delegates both read
        return {};
    case SortRole:
        return sortData(call, index.column());
    case FlaggedRole:
        return isFlagged(call, index.column());
    case FlagsRole:
        return call.flags;
    default:
        return {};
    }
}

bool CallTimingModel::isFlagged(const CallTiming& call, int column)
{
    switch (column) {
    // Marked where a suspect flag was seen (VerdictLevel); a note (launch_bound) is said in the
    // Flags column and the tooltip, not in the problem colour.
    case FlagsColumn:
        return !VerdictLevel::suspectFlags(call.flags).isEmpty();
    case DeviceColumn:
        return call.flags.contains(QStringLiteral("timer_disagrees"));
    case BandwidthColumn:
    case PeakColumn:
        return call.flags.contains(QStringLiteral("beyond_peak"));
    default:
        return false;
    }
}

QVariant CallTimingModel::displayData(const CallTiming& call, int column) const
{
    const QString none = QStringLiteral("—");
    switch (column) {
    case CallColumn:
        return QStringLiteral("%1 #%2").arg(call.name).arg(call.index);
    case DeviceColumn:
        if (!call.baseline && !call.candidate)
            return none;
        return QStringLiteral("%1 → %2").arg(
            call.baseline ? number(call.baseline->p50) : none, call.candidate ? formatMs(call.candidate->p50) : none);
    case SpeedupColumn: {
        if (!call.speedup)
            return none;
        QString text = formatSpeedup(*call.speedup);
        if (call.ci95)
            text += QLatin1Char(' ') + formatInterval(call.ci95->first, call.ci95->second);
        if (call.withinNoise)
            text += QStringLiteral(" noise");
        return text;
    }
    case CallTimeColumn:
        return call.callSpeedup ? formatSpeedup(*call.callSpeedup) : none;
    case BandwidthColumn:
        return call.candidateEvidence.gbs ? gbsText(*call.candidateEvidence.gbs) : none;
    case PeakColumn:
        return call.candidateEvidence.peakFraction ? percentText(*call.candidateEvidence.peakFraction) : none;
    case FlagsColumn:
        return call.flags.join(QStringLiteral(", "));
    }
    return {};
}

QVariant CallTimingModel::sortData(const CallTiming& call, int column) const
{
    auto value = [](const std::optional<double>& v) { return v ? QVariant(*v) : QVariant(); };
    switch (column) {
    case CallColumn:
        return call.index;
    case DeviceColumn:
        return call.candidate ? QVariant(call.candidate->p50) : QVariant();
    case SpeedupColumn:
        return value(call.speedup);
    case CallTimeColumn:
        return value(call.callSpeedup);
    case BandwidthColumn:
        return value(call.candidateEvidence.gbs);
    case PeakColumn:
        return value(call.candidateEvidence.peakFraction);
    case FlagsColumn:
        return call.flags.join(QStringLiteral(", "));
    }
    return {};
}

QString CallTimingModel::evidenceText(const CallTiming& call, const QString& deviceTimeSource)
{
    QStringList lines{QStringLiteral("%1 #%2").arg(call.name).arg(call.index)};
    if (call.speedup) {
        QString speedup = QStringLiteral("speedup %1").arg(formatSpeedup(*call.speedup));
        if (call.ci95)
            speedup += QStringLiteral(", 95 % interval %1").arg(formatInterval(call.ci95->first, call.ci95->second));
        if (call.withinNoise)
            speedup += QStringLiteral(": within noise");
        lines << speedup + (deviceTimeSource.isEmpty() ? QString() : QStringLiteral(" (device time)"));
    }
    if (call.callSpeedup)
        lines << QStringLiteral("call-time speedup %1 (launch overhead and host work included)").arg(formatSpeedup(*call.callSpeedup));
    addSide(&lines, QStringLiteral("baseline"), call.baseline, call.baselineEvidence);
    addSide(&lines, QStringLiteral("candidate"), call.candidate, call.candidateEvidence);
    for (const QString& flag : call.flags) {
        const QString note = call.flagNotes.value(flag);
        lines << (note.isEmpty() ? describeFlag(flag) : QStringLiteral("%1: %2").arg(flag, note));
    }
    if (!call.note.isEmpty())
        lines << call.note;
    return lines.join(QLatin1Char('\n'));
}

QVariant CallTimingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= NUM_COLUMNS)
        return {};
    if (role == Qt::DisplayRole) {
        static const char* const titles[] = {"Call", "Device time", "Speedup [95 %]", "Call time", "GB/s", "% of peak", "Flags"};
        return QString::fromLatin1(titles[section]);
    }
    if (role == Qt::ToolTipRole) {
        static const char* const tips[] = {"the recorded call, as the test made it",
            "median device time of baseline → candidate: the kernels' own time, summed over every device activity of the call",
            "baseline over candidate device time, with the bootstrap 95 % interval; 'noise' when the interval contains 1",
            "speedup of the host's wall time around the call (launch overhead, wrappers and synchronisation included)",
            "the candidate's bytes read and written over its device time (an estimate from the tensors passed and returned)",
            "that bandwidth against the device's peak memory bandwidth", "the battery's and timing's flags raised on this call"};
        return QString::fromUtf8(tips[section]);
    }
    return {};
}

} // namespace krw
