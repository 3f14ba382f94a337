// SPDX-License-Identifier: MIT
#include "models/report/reportcontent.h"

#include "models/report/reportrerun.h"

#include <cmath>

namespace krw {

namespace {

const QString LocalPrefix = QStringLiteral("local:");

// The best candidate to compare the prediction with (reportcontent.h): the perf candidate with
// the highest speedup over all iterations (one without a speedup ranks below any with one; on a
// tie the newer iteration wins), else the exe fix, else the call fix of the newest iteration that
// has one.
std::optional<CodeVersion> bestCandidate(const Case& c)
{
    std::optional<CodeVersion> best;
    std::optional<double> bestSpeedup;
    for (auto it = c.history.crbegin(); it != c.history.crend(); ++it) {
        if (!it->memory)
            continue;
        const QVector<PerfCandidate>& perf = it->memory->perfCandidates;
        for (int i = 0; i < perf.size(); ++i) {
            if (!perf.at(i).code.hasContent())
                continue;
            const std::optional<double> speedup = perf.at(i).speedup();
            const bool better = !best || (speedup && (!bestSpeedup || *speedup > *bestSpeedup));
            if (better) {
                best = CodeVersion{CodeVersion::Kind::Perf, it->iteration, i, perf.at(i).code};
                bestSpeedup = speedup;
            }
        }
    }
    if (best)
        return best;
    for (const auto kind : {CodeVersion::Kind::ExeFix, CodeVersion::Kind::CallFix}) {
        for (auto it = c.history.crbegin(); it != c.history.crend(); ++it) {
            if (!it->memory)
                continue;
            const TextRef& text = kind == CodeVersion::Kind::ExeFix ? it->memory->exeCandidate : it->memory->callCandidate;
            if (text.hasContent())
                return CodeVersion{kind, it->iteration, -1, text};
        }
    }
    return std::nullopt;
}

std::optional<CodeVersion> newestPrediction(const Case& c)
{
    for (auto it = c.history.crbegin(); it != c.history.crend(); ++it) {
        if (it->predict.hasContent())
            return CodeVersion{CodeVersion::Kind::Predict, it->iteration, -1, it->predict};
    }
    return std::nullopt;
}

QString iterationTitle(const IterationRecord& record, const char* what)
{
    return QStringLiteral("%1 · %2").arg(attemptTitle(record.iteration, record.attempt), QLatin1String(what));
}

// Appends texts[key] as a titled entry when present.
void appendText(QVector<ReportText>* out, const CaseTexts& texts, const QString& key, const QString& title)
{
    if (texts.has(key))
        out->append({title, texts.text(key)});
}

void collectIterationTexts(const Case& c, const CaseTexts& texts, ReportCase* rc)
{
    for (auto it = c.history.crbegin(); it != c.history.crend(); ++it) {
        const int n = it->iteration;
        appendText(&rc->errors, texts, iterationKey(n, "call_err"), iterationTitle(*it, "Call error"));
        appendText(&rc->errors, texts, iterationKey(n, "exe_err"), iterationTitle(*it, "Exe error"));
        appendText(&rc->reflections, texts, iterationKey(n, "temp_strategy"), iterationTitle(*it, "Strategy"));
        appendText(&rc->reflections, texts, iterationKey(n, "reflection"), iterationTitle(*it, "Reflection"));
    }
    for (auto it = texts.texts.cbegin(); it != texts.texts.cend(); ++it) {
        if (!it->error.isEmpty())
            rc->readProblems.append(QStringLiteral("%1: %2").arg(it.key(), it->error));
    }
    rc->readProblems.sort(); // QHash order is not stable; the report must be
}

QMap<QString, bool> passFlagsOf(const IterationRecord& newest)
{
    QMap<QString, bool> flags;
    if (!newest.memory)
        return flags;
    if (newest.memory->passCall)
        flags.insert(QStringLiteral("pass_call"), *newest.memory->passCall);
    if (newest.memory->passExe)
        flags.insert(QStringLiteral("pass_exe"), *newest.memory->passExe);
    if (newest.memory->passPerf)
        flags.insert(QStringLiteral("pass_perf"), *newest.memory->passPerf);
    return flags;
}

PlacedComment placeComment(const LineComment& comment, const Case& c, const CaseTexts& texts, const QMap<QString, QString>& localVersions)
{
    PlacedComment placed;
    placed.comment = comment;
    placed.versionTitle = comment.anchor.versionId;
    std::optional<QString> text;
    const QString& id = comment.anchor.versionId;
    if (id.startsWith(LocalPrefix)) {
        const QString name = id.mid(LocalPrefix.size());
        if (localVersions.contains(name))
            text = localVersions.value(name);
        else if (localVersions.contains(id))
            text = localVersions.value(id);
        if (text)
            placed.versionTitle = QStringLiteral("Local version %1").arg(name);
    } else if (texts.has(id)) {
        text = texts.text(id);
        for (const CodeVersion& v : codeVersions(c)) {
            if (v.id() == id)
                placed.versionTitle = v.title();
        }
    }
    placed.state = anchorState(comment.anchor, text);
    if (text)
        placed.versionText = *text;
    return placed;
}

} // namespace

QString exportScopeName(ExportScope scope)
{
    switch (scope) {
    case ExportScope::All:
        return QStringLiteral("all");
    case ExportScope::Failing:
        return QStringLiteral("failing");
    case ExportScope::Annotated:
        return QStringLiteral("annotated");
    case ExportScope::Selection:
        return QStringLiteral("selection");
    }
    return {};
}

std::optional<ExportScope> exportScopeFromName(const QString& name)
{
    for (const auto scope : {ExportScope::All, ExportScope::Failing, ExportScope::Annotated, ExportScope::Selection}) {
        if (exportScopeName(scope) == name)
            return scope;
    }
    return std::nullopt;
}

QVector<int> casesInScope(const Run& run, const AnnotationMap& annotations, ExportScope scope, const QVector<int>& selection)
{
    QVector<int> result;
    if (scope == ExportScope::Selection) {
        QVector<bool> chosen(run.cases.size(), false);
        for (const int index : selection) {
            if (index >= 0 && index < run.cases.size())
                chosen[index] = true;
        }
        for (int i = 0; i < chosen.size(); ++i) {
            if (chosen.at(i))
                result.append(i);
        }
        return result;
    }
    for (int i = 0; i < run.cases.size(); ++i) {
        const Case& c = run.cases.at(i);
        const bool in = scope == ExportScope::All || (scope == ExportScope::Failing && c.isFailing())
            || (scope == ExportScope::Annotated && !annotations.value(c.filename).isEmpty());
        if (in)
            result.append(i);
    }
    return result;
}

QString reportSpeedClaims(const ReportCase& rc)
{
    QStringList parts;
    if (rc.speedupClaimed && std::isfinite(*rc.speedupClaimed))
        parts << QStringLiteral("claimed %1×").arg(QString::number(*rc.speedupClaimed));
    if (rc.speedupVerified && std::isfinite(*rc.speedupVerified))
        parts << QStringLiteral("verified %1×").arg(QString::number(*rc.speedupVerified));
    if (parts.isEmpty())
        return {};
    QString text = parts.join(QStringLiteral(", "));
    if (!rc.claimWarnings.isEmpty())
        text += QStringLiteral(", not to be trusted: see the claim warnings");
    return text;
}

ReportCase buildReportCase(const Run& run, const CaseTexts& texts, const CaseAnnotation& annotation, const QVector<RerunResult>& reruns,
    const QMap<QString, QString>& localVersions)
{
    ReportCase rc;
    if (texts.caseIndex < 0 || texts.caseIndex >= run.cases.size())
        return rc;
    const Case& c = run.cases.at(texts.caseIndex);
    rc.caseIndex = texts.caseIndex;
    rc.filename = c.filename;
    rc.latest = c.latest;
    rc.best = c.best;
    rc.iterations = int(c.history.size());
    if (c.history.isEmpty())
        return rc;
    rc.passFlags = passFlagsOf(c.newest());
    rc.speedupClaimed = c.newest().speedup;
    rc.speedupVerified = c.newest().speedupVerified;
    rc.claimWarnings = c.newest().claimWarnings;
    for (auto it = c.history.crbegin(); it != c.history.crend() && rc.instruction.isEmpty(); ++it)
        rc.instruction = texts.text(iterationKey(it->iteration, "instruction"));
    if (const auto predict = newestPrediction(c)) {
        rc.predictId = predict->id();
        rc.predictTitle = predict->title();
        rc.predictText = texts.text(rc.predictId);
        rc.language = detectLanguage(rc.predictText);
    }
    if (const auto best = bestCandidate(c)) {
        rc.bestId = best->id();
        rc.bestTitle = best->title();
        rc.bestText = texts.text(rc.bestId);
    }
    collectIterationTexts(c, texts, &rc);
    rc.rerun = reportRerunOf(reruns, rc.predictId);
    rc.annotation = annotation;
    for (const LineComment& comment : annotation.comments)
        rc.comments.append(placeComment(comment, c, texts, localVersions));
    return rc;
}

ReportSummary summarize(const Run& run, const QVector<ReportCase>& cases, ExportScope scope, const QDateTime& generated)
{
    ReportSummary summary;
    summary.runName = run.name;
    summary.runPath = run.path;
    summary.generated = generated;
    summary.totalCases = int(run.cases.size());
    summary.scope = scope;
    for (const ReportCase& rc : cases) {
        ++summary.byOutcome[rc.latest];
        ++summary.byVerdict[rc.annotation.verdict];
    }
    return summary;
}

} // namespace krw
