// SPDX-License-Identifier: MIT
#include "models/run/rundata.h"

#include <QDir>
#include <QFileInfo>

namespace krw {

namespace {

std::optional<double> firstNumber(const QVector<PerfItem>& items, int index)
{
    if (index >= items.size())
        return std::nullopt;
    const auto& item = items.at(index);
    if ((item.kind == PerfItem::Kind::Number || item.kind == PerfItem::Kind::Numbers) && !item.numbers.isEmpty()) {
        // Lists hold one number per timed input; their sum is what the agent compared.
        double sum = 0;
        for (double v : item.numbers)
            sum += v;
        return item.kind == PerfItem::Kind::Number ? item.numbers.constFirst() : sum;
    }
    return std::nullopt;
}

TextRef textAt(const QVector<PerfItem>& items, int index)
{
    if (index < items.size() && items.at(index).kind == PerfItem::Kind::Text)
        return items.at(index).text;
    return {};
}

} // namespace

// items[] excludes the code, so the layouts' positions shift by one.
std::optional<double> PerfCandidate::speedup() const
{
    return layout == Layout::SpeedupReflectionProfile ? firstNumber(items, 0) : std::nullopt;
}

std::optional<double> PerfCandidate::meanMs() const
{
    return layout == Layout::MeanMsEfficiency ? firstNumber(items, 0) : std::nullopt;
}

std::optional<double> PerfCandidate::efficiencyPercent() const
{
    return layout == Layout::MeanMsEfficiency ? firstNumber(items, 1) : std::nullopt;
}

TextRef PerfCandidate::analysis() const
{
    switch (layout) {
    case Layout::SpeedupReflectionProfile:
    case Layout::MeanMsEfficiency:
        return textAt(items, 2);
    case Layout::PairAnalysis:
        return textAt(items, 1);
    case Layout::Unknown:
        break;
    }
    return {};
}

TextRef PerfCandidate::profiling() const
{
    return layout == Layout::SpeedupReflectionProfile ? textAt(items, 3) : TextRef{};
}

int Run::indexOf(const QString& filename) const
{
    for (int i = 0; i < cases.size(); ++i) {
        if (cases.at(i).filename == filename)
            return i;
    }
    return -1;
}

QString warningFileName(const QString& file, const QString& runPath)
{
    if (!runPath.isEmpty()) {
        const QFileInfo run(runPath);
        const QString folder = run.isDir() ? run.absoluteFilePath() : run.absolutePath();
        if (file.startsWith(folder + QLatin1Char('/')))
            return QDir(folder).relativeFilePath(file);
    }
    return QFileInfo(file).fileName();
}

QString attemptTitle(int iteration, const QString& attempt)
{
    return attempt.isEmpty() ? QStringLiteral("Iteration %1").arg(iteration) : attempt;
}

QString outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::NoPrediction:
        return QStringLiteral("no_prediction");
    case Outcome::CallFailed:
        return QStringLiteral("call_failed");
    case Outcome::ExeFailed:
        return QStringLiteral("exe_failed");
    case Outcome::PerfFailed:
        return QStringLiteral("perf_failed");
    case Outcome::Passed:
        return QStringLiteral("passed");
    case Outcome::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString outcomeTitle(Outcome outcome)
{
    switch (outcome) {
    case Outcome::NoPrediction:
        return QStringLiteral("No prediction");
    case Outcome::CallFailed:
        return QStringLiteral("Call failed");
    case Outcome::ExeFailed:
        return QStringLiteral("Exe failed");
    case Outcome::PerfFailed:
        return QStringLiteral("Perf failed");
    case Outcome::Passed:
        return QStringLiteral("Passed");
    case Outcome::Unknown:
        break;
    }
    return QStringLiteral("Unknown");
}

QString stageName(Stage stage)
{
    switch (stage) {
    case Stage::Call:
        return QStringLiteral("call");
    case Stage::Exe:
        return QStringLiteral("exe");
    case Stage::Perf:
        return QStringLiteral("perf");
    case Stage::None:
        break;
    }
    return QStringLiteral("none");
}

std::optional<Outcome> outcomeFromName(const QString& name)
{
    for (int i = 0; i < OutcomeCount; ++i) {
        const auto outcome = static_cast<Outcome>(i);
        if (outcomeName(outcome) == name)
            return outcome;
    }
    return std::nullopt;
}

} // namespace krw
