// SPDX-License-Identifier: MIT
#include "models/run/runsummary.h"

#include "models/layouts/runlayout.h"
#include "models/layouts/runlayouts.h"

#include <QCoreApplication>

namespace krw {

namespace {

QString warningCountText(int warnings)
{
    return warnings == 1 ? QCoreApplication::translate("krw::RunSummary", "1 warning")
                         : QCoreApplication::translate("krw::RunSummary", "%1 warnings").arg(warnings);
}

} // namespace

OutcomeCounts countOutcomes(const Run& run)
{
    OutcomeCounts counts;
    counts.cases = int(run.cases.size());
    for (const Case& c : run.cases) {
        if (isFailingOutcome(c.latest))
            ++counts.failing;
        else if (c.latest == Outcome::Unknown)
            ++counts.unknown;
        else
            ++counts.passed;
    }
    return counts;
}

QString caseCountText(int cases)
{
    return cases == 1 ? QCoreApplication::translate("krw::RunSummary", "1 case")
                      : QCoreApplication::translate("krw::RunSummary", "%1 cases").arg(cases);
}

QString iterationsText(const Run& run)
{
    if (run.iterations.isEmpty())
        return QCoreApplication::translate("krw::RunSummary", "no iteration");
    if (!run.isSeries)
        return QCoreApplication::translate("krw::RunSummary", "1 iteration"); // a lone file's iteration has no number of its own
    if (run.iterations.size() == 1)
        return QCoreApplication::translate("krw::RunSummary", "iteration %1").arg(run.iterations.constFirst());
    const int first = run.iterations.constFirst();
    const int last = run.iterations.constLast();
    if (last - first + 1 == run.iterations.size())
        return QCoreApplication::translate("krw::RunSummary", "iterations %1–%2").arg(first).arg(last);
    return QCoreApplication::translate("krw::RunSummary", "%1 iterations, %2–%3")
        .arg(run.iterations.size())
        .arg(first)
        .arg(last); // some missing
}

QString runSummaryText(const Run& run)
{
    const OutcomeCounts counts = countOutcomes(run);
    // Another writer's run says whose: "demo_run (KernelBench)".
    const RunLayout* layout = RunLayouts::find(run.layout);
    const QString name = layout ? QStringLiteral("%1 (%2)").arg(run.name, layout->title()) : run.name;
    QStringList parts{name, iterationsText(run), caseCountText(counts.cases),
        QCoreApplication::translate("krw::RunSummary", "%1 failing").arg(counts.failing)};
    if (counts.unknown > 0)
        parts << QCoreApplication::translate("krw::RunSummary", "%1 unknown").arg(counts.unknown);
    parts << warningCountText(int(run.warnings.size()));
    return parts.join(QStringLiteral(" · "));
}

} // namespace krw
