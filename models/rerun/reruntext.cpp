// SPDX-License-Identifier: MIT
#include "models/rerun/reruntext.h"

#include "models/rerun/rerunformat.h"
#include "models/rerun/verdictlevel.h"

#include <QTextStream>

#include <algorithm>

namespace krw {

QByteArray rerunText(const RerunResult& r)
{
    QString out;
    QTextStream s(&out);
    s << r.caseName << ": " << r.versionId << " vs " << r.baselineId << ", profile " << r.profile << '\n';
    s << "verdict: " << r.verdictLine() << " (" << statusName(r.status) << ", " << QString::number(r.seconds, 'f', 1) << " s, "
      << (r.sandboxed ? "sandboxed" : "not sandboxed") << ", " << r.where() << ")\n";
    s << "verdict_level: " << VerdictLevel::of(r) << '\n';
    if (!r.pythonPath.isEmpty())
        s << "python: " << r.pythonPath << (r.pythonAutomatic ? " (automatic)" : "") << '\n';
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
    for (const SeedCheck& seed : r.accuracy ? r.accuracy->seeds : QVector<SeedCheck>()) {
        if (seed.ok == false)
            s << "  FAIL seed " << seed.seed << " on " << seed.call << " #" << seed.index << ": "
              << (seed.note.isEmpty() ? seed.failedOutputs.join(QStringLiteral(", ")) : seed.note) << '\n';
    }
    if (r.timing) {
        const TimingStage& t = *r.timing;
        s << "timing: device time baseline " << t.baselineMs << " ms, candidate " << t.candidateMs << " ms, speedup "
          << t.speedup.value_or(0);
        if (t.ci95)
            s << " (95% CI " << t.ci95->first << "\u2013" << t.ci95->second << (t.withinNoise ? ", within noise" : "") << ')';
        const QString level = VerdictLevel::of(r);
        if (t.speedup && !VerdictLevel::counts(level))
            s << " [" << level << ": does not count]";
        s << '\n';
        if (t.callSpeedup)
            s << "  call time baseline " << t.baselineCallMs.value_or(0) << " ms, candidate " << t.candidateCallMs.value_or(0)
              << " ms, speedup " << *t.callSpeedup << '\n';
        if (!t.deviceTimeSource.isEmpty())
            s << "  device time from " << t.deviceTimeSource
              << "; caches flushed between repetitions: " << (t.flushBytes > 0 ? flushText(t) : QStringLiteral("no")) << '\n';
        for (const CallTiming& c : t.calls) {
            if (c.candidateEvidence.gbs)
                s << "  " << c.name << " #" << c.index << ": candidate " << *c.candidateEvidence.gbs << " GB/s"
                  << (c.candidateEvidence.peakFraction
                             ? QStringLiteral(" (%1% of peak)").arg(*c.candidateEvidence.peakFraction * 100, 0, 'f', 1)
                             : QString())
                  << '\n';
        }
        if (!t.error.isEmpty())
            s << "  timing error: " << t.error << '\n';
    }
    for (const CheckSummary& c : r.checks) {
        if (c.flagged)
            s << "flag " << c.name << ": " << (c.notes.isEmpty() ? c.where.join(QStringLiteral(", ")) : c.notes.join(QStringLiteral("; ")))
              << '\n';
        for (const QString& e : c.errors)
            s << "check " << c.name << " could not run: " << e << '\n';
    }
    for (const QString& flag : r.flags) {
        if (std::none_of(r.checks.cbegin(), r.checks.cend(), [&](const CheckSummary& c) { return c.name == flag; }))
            s << "flag " << flag << '\n';
    }
    s.flush();
    return out.toUtf8();
}

} // namespace krw
