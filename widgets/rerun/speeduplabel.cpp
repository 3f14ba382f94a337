// SPDX-License-Identifier: MIT
#include "widgets/rerun/speeduplabel.h"

#include "models/rerun/rerunformat.h"
#include "models/rerun/verdictlevel.h"

namespace krw {

SpeedupLabel::SpeedupLabel(QWidget* parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("rerunSpeedup"));
    setTextFormat(Qt::PlainText);
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    hide();
}

QString SpeedupLabel::headline(const RerunResult& r)
{
    if (!r.timing)
        return {};
    const TimingStage& t = *r.timing;
    if (!t.speedup)
        return t.error.isEmpty() ? tr("No speedup measured.") : tr("No speedup measured: %1").arg(t.error.section(QLatin1Char('\n'), 0, 0));
    QStringList parts;
    if (t.deviceTimeSource.isEmpty()) {
        parts << tr("Speedup %1 (stream events; an older result: no device time, no interval)").arg(formatSpeedup(*t.speedup));
    } else {
        QString device = tr("Speedup %1 device time").arg(formatSpeedup(*t.speedup));
        if (t.ci95)
            device = tr("Speedup %1 %2 device time").arg(formatSpeedup(*t.speedup), formatInterval(t.ci95->first, t.ci95->second));
        if (t.withinNoise)
            device += tr(", within noise");
        parts << device;
        if (t.callSpeedup)
            parts << tr("call time %1").arg(formatSpeedup(*t.callSpeedup));
        parts << t.deviceTimeSource;
    }
    if (r.accuracy && !r.accuracy->ok)
        parts << tr("output wrong: does not count");
    else if (VerdictLevel::of(r) == VerdictLevel::suspect())
        parts << tr("suspect: does not count");
    return parts.join(QStringLiteral(" · "));
}

QString SpeedupLabel::details(const TimingStage& t)
{
    QStringList lines;
    lines << tr("Device time, summed over the calls: baseline %1, candidate %2").arg(formatMs(t.baselineMs), formatMs(t.candidateMs));
    if (t.baselineCallMs || t.candidateCallMs)
        lines << tr("Call time (launch overhead and host work included): baseline %1, candidate %2")
                     .arg(t.baselineCallMs ? formatMs(*t.baselineCallMs) : QStringLiteral("—"),
                         t.candidateCallMs ? formatMs(*t.candidateCallMs) : QStringLiteral("—"));
    if (t.ci95)
        lines << tr("95 % bootstrap interval of the device-time speedup: %1").arg(formatInterval(t.ci95->first, t.ci95->second));
    if (t.flushBytes > 0)
        lines << tr("Caches flushed between repetitions: %1").arg(flushText(t));
    if (t.peakGbs)
        lines << tr("Peak bandwidth %1 GB/s (%2)").arg(QString::number(*t.peakGbs, 'g', 4), t.peakSource);
    if (!t.error.isEmpty())
        lines << tr("Timing error: %1").arg(t.error);
    return lines.join(QLatin1Char('\n'));
}

void SpeedupLabel::showResult(const RerunResult& result)
{
    const QString text = headline(result);
    setText(text);
    setToolTip(result.timing ? details(*result.timing) : QString());
    setVisible(!text.isEmpty());
}

} // namespace krw
