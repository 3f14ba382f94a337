// SPDX-License-Identifier: MIT
#include "models/rerun/rerunformat.h"

#include "models/rerun/kernelresourceusage.h"
#include "models/rerun/rerunresult.h"

#include <QHash>

namespace krw {

QString formatShape(const QVector<qint64>& shape, bool hasValue)
{
    if (shape.isEmpty())
        return hasValue ? QStringLiteral("scalar") : QString();
    QStringList dims;
    dims.reserve(shape.size());
    for (qint64 d : shape)
        dims << QString::number(d);
    return dims.join(QStringLiteral("×"));
}

QString shapeText(const OutputComparison& output)
{
    // An output with a dtype has a value; without one (a missing key) an empty shape means "none".
    const QString own = formatShape(output.shape, !output.dtype.isEmpty());
    const QString base = formatShape(output.baselineShape, !output.baselineDtype.isEmpty());
    if (base.isEmpty() || own == base)
        return own.isEmpty() ? QStringLiteral("—") : own;
    return QStringLiteral("%1 (baseline %2)").arg(own.isEmpty() ? QStringLiteral("—") : own, base);
}

QString dtypeText(const OutputComparison& output)
{
    const QString own = output.dtype.isEmpty() ? QStringLiteral("—") : output.dtype;
    if (output.baselineDtype.isEmpty() || output.baselineDtype == output.dtype)
        return own;
    return QStringLiteral("%1 (baseline %2)").arg(own, output.baselineDtype);
}

QString mismatchText(const OutputComparison& output)
{
    if (output.total <= 0)
        return QStringLiteral("—");
    return QStringLiteral("%1 / %2").arg(output.mismatched).arg(output.total);
}

QString formatError(const std::optional<double>& value)
{
    if (!value)
        return QStringLiteral("—");
    if (*value == 0)
        return QStringLiteral("0");
    return QString::number(*value, 'g', 3);
}

QString formatMs(double ms)
{
    return QStringLiteral("%1 ms").arg(QString::number(ms, 'g', 3));
}

QString formatSpeedup(double speedup)
{
    return QString::number(speedup, 'f', 2) + QStringLiteral("×");
}

QString formatInterval(double low, double high)
{
    return QStringLiteral("[%1–%2]").arg(QString::number(low, 'f', 2), QString::number(high, 'f', 2));
}

QString byteSizeText(qint64 bytes)
{
    if (bytes < 1024)
        return QStringLiteral("%1 B").arg(bytes);
    // Whole KiB print without decimals; the rest with one, cut rather than rounded, so 65535 bytes
    // read "63.9 KiB" and never look like the 64 KiB limit.
    // Cache and buffer sizes: whole MiB (a 100 MiB flush buffer is not "102400 KiB").
    constexpr qint64 MiB = 1024 * 1024;
    if (bytes >= MiB && bytes % MiB == 0)
        return QStringLiteral("%1 MiB").arg(bytes / MiB);
    if (bytes % 1024 == 0)
        return QStringLiteral("%1 KiB").arg(bytes / 1024);
    // Split so that no size a log can state overflows (bytes * 10 did past 922 PB: tests/fuzz).
    const qint64 tenths = bytes / 1024 * 10 + bytes % 1024 * 10 / 1024;
    return QStringLiteral("%1.%2 KiB").arg(tenths / 10).arg(tenths % 10);
}

QString kernelRegistersText(const KernelResourceUsage& k)
{
    if (k.registers)
        return QString::number(*k.registers);
    QStringList parts;
    if (k.vgprs)
        parts << QStringLiteral("%1 VGPR").arg(*k.vgprs);
    if (k.sgprs)
        parts << QStringLiteral("%1 SGPR").arg(*k.sgprs);
    if (k.agprs && *k.agprs > 0) // 0 AGPRs is the common case and only adds noise
        parts << QStringLiteral("%1 AGPR").arg(*k.agprs);
    return parts.isEmpty() ? QStringLiteral("—") : parts.join(QStringLiteral(" · "));
}

QString kernelSharedText(const KernelResourceUsage& k)
{
    if (!k.sharedBytes)
        return QStringLiteral("—");
    if (k.hasFlag(KernelResourceUsage::FlagSharedOverLimit) && k.sharedLimitBytes)
        return QStringLiteral("%1 > %2").arg(byteSizeText(*k.sharedBytes), byteSizeText(*k.sharedLimitBytes));
    return byteSizeText(*k.sharedBytes);
}

QString kernelScratchText(const KernelResourceUsage& k)
{
    return k.scratchBytes ? byteSizeText(*k.scratchBytes) : QStringLiteral("—");
}

QString kernelSpillsText(const KernelResourceUsage& k)
{
    QStringList parts;
    if (k.vgprSpills && *k.vgprSpills > 0)
        parts << QStringLiteral("%1 VGPR").arg(*k.vgprSpills);
    if (k.sgprSpills && *k.sgprSpills > 0)
        parts << QStringLiteral("%1 SGPR").arg(*k.sgprSpills);
    if (k.spillStoreBytes && *k.spillStoreBytes > 0)
        parts << QStringLiteral("%1 stored").arg(byteSizeText(*k.spillStoreBytes));
    if (k.spillLoadBytes && *k.spillLoadBytes > 0)
        parts << QStringLiteral("%1 loaded").arg(byteSizeText(*k.spillLoadBytes));
    if (!parts.isEmpty())
        return parts.join(QStringLiteral(", "));
    const bool reported = k.vgprSpills || k.sgprSpills || k.spillStoreBytes || k.spillLoadBytes;
    return reported ? QStringLiteral("none") : QStringLiteral("—");
}

QString kernelOccupancyText(const KernelResourceUsage& k)
{
    return k.occupancy ? QStringLiteral("%1 waves/SIMD").arg(*k.occupancy) : QStringLiteral("—");
}

QString describeFlag(const QString& flag)
{
    static const QHash<QString, QString> texts{
        {QStringLiteral("nan"), QStringLiteral("NaN in the candidate where the baseline has none")},
        {QStringLiteral("inf"), QStringLiteral("Inf in the candidate where the baseline has none")},
        {QStringLiteral("all_zero"), QStringLiteral("every element is zero")},
        {QStringLiteral("constant"), QStringLiteral("every element has the same value")},
        {QStringLiteral("identical_to_input"), QStringLiteral("equals one of the tensors passed in: the kernel may not have written it")},
        {QStringLiteral("missing_key"), QStringLiteral("the baseline has this output, the candidate not")},
        {QStringLiteral("extra_key"), QStringLiteral("the candidate has this output, the baseline not")},
        {QStringLiteral("shape_mismatch"), QStringLiteral("shapes differ")},
        {QStringLiteral("dtype_mismatch"), QStringLiteral("dtypes differ")},
        {QStringLiteral("type_mismatch"), QStringLiteral("the values are of different kinds")},
        {QStringLiteral("no_tensors"), QStringLiteral("the test returned no tensors: nothing numeric was compared")},
        {QStringLiteral("spills"), QStringLiteral("the compiler spilled registers to scratch (local) memory")},
        {QStringLiteral("lds_over_limit"), QStringLiteral("more static shared memory (LDS) than the target allows per workgroup")},
        // The cheat battery and the timing flags (docs/RUNNER.md, "Checks").
        {QStringLiteral("input_mutated"), QStringLiteral("the candidate writes into an argument the baseline leaves alone")},
        {QStringLiteral("output_reused"), QStringLiteral("results come from a cache, or ignore the inputs")},
        {QStringLiteral("no_own_kernel"), QStringLiteral("no kernel of the candidate's own did the work")},
        {QStringLiteral("zeros_would_pass"), QStringLiteral("the tolerance cannot tell this output from all zeros")},
        {QStringLiteral("input_would_pass"), QStringLiteral("returning an input unchanged would pass")},
        {QStringLiteral("nondeterministic"), QStringLiteral("two runs on the same inputs disagree beyond the tolerance")},
        {QStringLiteral("seed_sensitive"), QStringLiteral("wrong on other inputs of the same shape")},
        {QStringLiteral("timed_output_mismatch"), QStringLiteral("a timed call's output differs from the baseline's on the same inputs")},
        {QStringLiteral("timer_disagrees"), QStringLiteral("the timers disagree: device work the caller's stream does not see")},
        {QStringLiteral("implausible_speedup"), QStringLiteral("the device-time speedup is above the profile's plausible threshold")},
        {QStringLiteral("launch_bound"), QStringLiteral("launch overhead fills the calls: their speedup is not the kernels'")},
        {QStringLiteral("beyond_peak"), QStringLiteral("faster than the memory can move the data: the measurement or the kernel is lying")},
    };
    const QString text = texts.value(flag);
    return text.isEmpty() ? flag : QStringLiteral("%1: %2").arg(flag, text);
}

QString flushText(const TimingStage& t)
{
    if (t.flushBytes <= 0)
        return {};
    const QString cache = t.cacheBytes ? QStringLiteral(" (twice the last-level cache of %1)").arg(byteSizeText(*t.cacheBytes)) : QString();
    if (t.flushMethod == QLatin1String("write_read"))
        return QStringLiteral("written %1, then read %1%2").arg(byteSizeText(t.flushBytes / 2), cache);
    // "write", or a result from before the method was recorded: one buffer written.
    return QStringLiteral("written %1%2, no read pass: dirty lines were left for the timed call to write back")
        .arg(byteSizeText(t.flushBytes), cache);
}

} // namespace krw
