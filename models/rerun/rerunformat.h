// SPDX-License-Identifier: MIT
//
// How rerun numbers read in tables, plot titles and tooltips, in one place so the accuracy
// table and the plots never word the same value two ways.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace krw {

struct KernelResourceUsage;
struct OutputComparison;
struct TimingStage;

// "4×4", "16" for one dimension, "scalar" for a 0-d value, "" when there is no shape at all.
QString formatShape(const QVector<qint64>& shape, bool hasValue);
// The shape cell: "4×4", or "4×4 (baseline 4×5)" when the baseline differs.
QString shapeText(const OutputComparison& output);
// The dtype cell: "float16", or "float16 (baseline float32)" when the baseline differs.
QString dtypeText(const OutputComparison& output);
// "3 / 16"; "—" when nothing was counted.
QString mismatchText(const OutputComparison& output);

// An absolute or relative error: three significant digits, "0" for exact, "—" when absent.
QString formatError(const std::optional<double>& value);
QString formatMs(double ms); // "0.0123 ms"
QString formatSpeedup(double speedup); // "1.21×"
QString formatInterval(double low, double high); // a speedup's 95 % interval: "[1.23–1.28]"

// A kernel's resource usage, as the kernel table and the CLI word it; "—" where nothing was reported.
QString kernelRegistersText(const KernelResourceUsage& kernel); // "19 VGPR · 12 SGPR", "32"
QString kernelSharedText(const KernelResourceUsage& kernel); // "1 KiB", "72 KiB > 64 KiB"
QString kernelScratchText(const KernelResourceUsage& kernel); // "604 B"
QString kernelSpillsText(const KernelResourceUsage& kernel); // "894 VGPR", "8 B stored, 8 B loaded", "none"
QString kernelOccupancyText(const KernelResourceUsage& kernel); // "8 waves/SIMD"
// "0 B", "604 B", "1 KiB", "72 KiB", "1.5 KiB", "100 MiB" (whole MiB only)
QString byteSizeText(qint64 bytes);

// How the caches were flushed between repetitions, for the panel, reports and the CLI: "written
// 100 MiB, then read 100 MiB (twice the last-level cache of 50 MiB)"; "" when they were not.
QString flushText(const TimingStage& timing);

// One sentence per harness or kernel flag (docs/RUNNER.md), for tooltips; the flag itself when unknown.
QString describeFlag(const QString& flag);

} // namespace krw
