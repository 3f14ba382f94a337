// SPDX-License-Identifier: MIT
#include "models/report/reportsize.h"

#include <algorithm>

namespace krw {

namespace {

qint64 length(const TextRef& ref)
{
    return ref.hasContent() ? ref.length : 0;
}

// The candidate a report compares the prediction with (ReportCase: best perf candidate, else the
// exe fix, else the call fix); the longest perf candidate stands in for the best one.
qint64 candidateBytes(const Case& c)
{
    for (auto it = c.history.crbegin(); it != c.history.crend(); ++it) {
        if (!it->memory)
            continue;
        qint64 perf = 0;
        for (const PerfCandidate& candidate : it->memory->perfCandidates)
            perf = std::max(perf, length(candidate.code));
        if (perf > 0)
            return perf;
        if (length(it->memory->exeCandidate) > 0)
            return length(it->memory->exeCandidate);
        if (length(it->memory->callCandidate) > 0)
            return length(it->memory->callCandidate);
    }
    return 0;
}

struct Weights
{
    double code; // per byte of the prediction and its candidate
    double prose; // per byte of instruction, errors, reflections
    qint64 perCase; // headings, flags, annotation, rerun
    qint64 fixed; // style sheet, summary, legend
};

// Measured on the bundled sample (tst_exportdialog checks every format stays within a factor of
// two; its predictions and candidates are alike, so its diffs are short) and on a 19,957-case run
// (HTML 370 MB written, 319 MB estimated; Markdown 145 MB written, 138 MB estimated). In HTML each
// line of the prediction and its candidate becomes a row of the side-by-side diff table.
Weights weightsFor(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Html:
        return {2.5, 1.1, 1500, 5000};
    case ExportFormat::Pdf:
#if QT_VERSION >= QT_VERSION_CHECK(6, 0, 0)
        return {1.0, 1.0, 3000, 50000};
#else
        // Qt 5's PDF writer writes the same report about 8.6 times as large (the sample's nine
        // cases: 1,266,481 bytes against Qt 6's 147,161).
        return {8.6, 8.6, 25800, 430000};
#endif
    case ExportFormat::Markdown:
        return {1.0, 0.9, 300, 1000};
    case ExportFormat::Csv:
        return {0.0, 0.0, 60, 200};
    case ExportFormat::Workspace:
        return {0.5, 0.5, 500, 1000};
    }
    return {1.0, 1.0, 0, 0};
}

} // namespace

qint64 estimateReportBytes(const Run& run, const QVector<int>& cases, ExportFormat format)
{
    const Weights weights = weightsFor(format);
    double total = double(weights.fixed);
    for (int index : cases) {
        if (index < 0 || index >= run.cases.size())
            continue;
        const Case& c = run.cases.at(index);
        qint64 code = length(c.newest().predict) + candidateBytes(c);
        qint64 prose = length(c.newest().instruction);
        for (const IterationRecord& record : c.history) {
            if (!record.memory)
                continue;
            prose += length(record.memory->callError) + length(record.memory->exeError);
            prose += length(record.memory->tempStrategy) + length(record.memory->reflection);
        }
        if (format == ExportFormat::Workspace) {
            // Every text of every iteration goes to the case's folder as it is.
            code = 0;
            prose = 0;
            for (const IterationRecord& record : c.history) {
                prose += length(record.instruction) + length(record.label) + length(record.predict) + length(record.testCode);
                if (record.memory) {
                    const MemoryEntry& m = *record.memory;
                    for (const TextRef& ref :
                        {m.callError, m.exeError, m.callCandidate, m.exeCandidate, m.tempStrategy, m.reflection, m.perfStrategy, m.oneshot})
                        prose += length(ref);
                    for (const PerfCandidate& candidate : m.perfCandidates)
                        prose += length(candidate.code) + length(candidate.analysis()) + length(candidate.profiling());
                }
            }
        }
        total += weights.code * double(code) + weights.prose * double(prose) + double(weights.perCase);
    }
    return qint64(total);
}

} // namespace krw
