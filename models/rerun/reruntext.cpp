// SPDX-License-Identifier: MIT
#include "rerun/reruntext.h"

#include "rerun/rerunformat.h"

#include <QTextStream>

namespace krw {

QByteArray rerunText(const RerunResult& r)
{
    QString out;
    QTextStream s(&out);
    s << r.caseName << ": " << r.versionId << " vs " << r.baselineId << ", profile " << r.profile << '\n';
    s << "verdict: " << r.verdict() << " (" << statusName(r.status) << ", " << QString::number(r.seconds, 'f', 1) << " s, "
      << (r.sandboxed ? "sandboxed" : "not sandboxed") << ")\n";
    if (!r.failure.isEmpty())
        s << "failure: " << r.failure << '\n';
    if (r.compile) {
        s << "compile: " << (r.compile->ok ? "ok" : "failed") << (r.compile->cached ? " (cached)" : "") << ", "
          << QString::number(r.compile->seconds, 'f', 1) << " s\n";
        for (const Diagnostic& d : r.compile->diagnostics)
            s << "  " << d.file << ':' << d.line << ':' << d.column << ": " << severityName(d.severity) << ": " << d.message << '\n';
        for (const KernelResourceUsage& k : r.compile->kernels) {
            s << "  kernel " << k.displayName() << (k.target.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(k.target))
              << ": registers " << kernelRegistersText(k) << (k.source == KernelResourceUsage::Source::Ptxas ? ", shared " : ", LDS ")
              << kernelSharedText(k) << ", scratch " << kernelScratchText(k) << ", spills " << kernelSpillsText(k) << ", occupancy "
              << kernelOccupancyText(k);
            if (!k.flags.isEmpty())
                s << " [" << k.flags.join(QStringLiteral(", ")) << ']';
            s << '\n';
        }
    }
    if (r.candidateRun && !r.candidateRun->ok)
        s << "candidate failed:\n" << r.candidateRun->error << '\n';
    if (r.baselineRun && !r.baselineRun->ok)
        s << "baseline failed:\n" << r.baselineRun->error << '\n';
    if (r.accuracy) {
        s << "accuracy: " << (r.accuracy->ok ? "ok" : "MISMATCH") << " (rtol " << r.accuracy->rtol << ", atol " << r.accuracy->atol << ")";
        if (!r.accuracy->flags.isEmpty())
            s << " [" << r.accuracy->flags.join(QStringLiteral(", ")) << ']';
        s << '\n';
        for (const OutputComparison& o : r.accuracy->outputs)
            s << "  " << (o.ok ? "ok   " : "FAIL ") << o.name << ": max abs " << o.maxAbsErr.value_or(0) << ", mismatched " << o.mismatched
              << '/' << o.total << (o.flags.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(o.flags.join(QStringLiteral(", "))))
              << '\n';
    }
    if (r.timing)
        s << "timing: baseline " << r.timing->baselineMs << " ms, candidate " << r.timing->candidateMs << " ms, speedup "
          << r.timing->speedup.value_or(0) << (r.timing->withinNoise ? " (within noise)" : "") << '\n';
    s.flush();
    return out.toUtf8();
}

} // namespace krw
