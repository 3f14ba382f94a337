// SPDX-License-Identifier: MIT
#include "models/report/summaryreport.h"

#include "models/failures/failuregroup.h"
#include "models/layouts/runlayouts.h"
#include "models/run/outcomes.h"

#include <QFileInfo>
#include <QTextStream>

#include <nlohmann/json.hpp>

namespace krw {

namespace {

// speedup_claimed, speedup_verified (null where the layout has none) and claim_warnings.
void appendSpeedClaims(nlohmann::json::object_t* item, const IterationRecord& record)
{
    const auto number = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
    item->emplace("speedup_claimed", number(record.speedup));
    item->emplace("speedup_verified", number(record.speedupVerified));
    nlohmann::json::array_t warnings;
    for (const QString& warning : record.claimWarnings)
        warnings.emplace_back(warning.toStdString());
    item->emplace("claim_warnings", std::move(warnings));
}

std::string utf8(const QString& s)
{
    return s.toStdString();
}

QString iterationList(const QVector<int>& iterations)
{
    QStringList parts;
    for (int n : iterations)
        parts << QString::number(n);
    return parts.join(QStringLiteral(", "));
}

} // namespace

QVector<int> outcomeCounts(const Run& run)
{
    QVector<int> counts(OutcomeCount, 0);
    for (const Case& c : run.cases)
        ++counts[int(c.latest)];
    return counts;
}

QByteArray summaryText(const Run& run)
{
    QString out;
    QTextStream s(&out);
    s << "Run: " << run.name << " (" << run.path << ")\n";
    s << "Iterations: " << (run.iterations.isEmpty() ? QStringLiteral("none") : iterationList(run.iterations)) << '\n';
    s << "Cases: " << run.cases.size() << '\n';
    const QVector<int> counts = outcomeCounts(run);
    QStringList parts;
    for (int i = 0; i < OutcomeCount; ++i)
        parts << QStringLiteral("%1 %2").arg(outcomeName(Outcome(i))).arg(counts[i]);
    s << "Latest outcomes: " << parts.join(QStringLiteral(", ")) << "\n\n";
    int width = 8;
    for (const Case& c : run.cases)
        width = std::max(width, int(c.filename.size()));
    s << QStringLiteral("%1  %2  %3\n")
             .arg(QStringLiteral("filename"), -width)
             .arg(QStringLiteral("latest"), -13)
             .arg(QStringLiteral("best"));
    for (const Case& c : run.cases)
        s << QStringLiteral("%1  %2  %3\n").arg(c.filename, -width).arg(outcomeName(c.latest), -13).arg(stageName(c.best));
    s << "\nWarnings: " << run.warnings.size() << '\n';
    for (const LoadWarning& w : run.warnings)
        s << "  " << loadWarningLine(w, run.path) << '\n';
    s.flush();
    return out.toUtf8();
}

QString loadWarningLine(const LoadWarning& warning, const QString& runPath)
{
    QString line = warningFileName(warning.file, runPath);
    if (warning.line > 0)
        line += QLatin1Char(':') + QString::number(warning.line);
    if (!warning.field.isEmpty())
        line += QStringLiteral(" [%1]").arg(warning.field);
    return line + QLatin1Char(' ') + warning.message;
}

QByteArray summaryJson(const Run& run, const QVector<FailureSignature>& signatures, const QVector<LintHints>& hints)
{
    using nlohmann::json;
    json root = json::object();
    root["run"] = utf8(run.name);
    root["path"] = utf8(run.path);
    root["layout"] = utf8(run.layout);
    root["iterations"] = json::array();
    for (int n : run.iterations)
        root["iterations"].push_back(n);
    root["cases"] = run.cases.size();
    const QVector<int> counts = outcomeCounts(run);
    root["outcomes"] = json::object();
    for (int i = 0; i < OutcomeCount; ++i)
        root["outcomes"][utf8(outcomeName(Outcome(i)))] = counts[i];
    json::array_t casesList;
    casesList.reserve(std::size_t(run.cases.size()));
    const bool withSignatures = signatures.size() == run.cases.size();
    const bool withHints = hints.size() == run.cases.size();
    for (int i = 0; i < run.cases.size(); ++i) {
        const Case& c = run.cases.at(i);
        // Built in place, as the hints below: an initializer list copies each value once more.
        json::object_t item;
        item.emplace("filename", utf8(c.filename));
        item.emplace("latest", utf8(outcomeName(c.latest)));
        item.emplace("best", utf8(stageName(c.best)));
        item.emplace("iterations", c.history.size());
        // What the run's files say of the speed, and why it cannot be taken as it is (docs/LAYOUTS.md).
        item.emplace("layout", utf8(run.layout));
        appendSpeedClaims(&item, c.newest());
        if (RunLayouts::find(run.layout)) {
            json::array_t rounds; // another writer's rounds, attempts or samples
            for (const IterationRecord& record : c.history) {
                json::object_t round;
                round.emplace("iteration", record.iteration);
                if (!record.attempt.isEmpty())
                    round.emplace("attempt", utf8(record.attempt));
                round.emplace("outcome", utf8(outcomeName(latestOutcome(record))));
                appendSpeedClaims(&round, record);
                if (!record.shapeTimings.isEmpty()) {
                    json::array_t shapes; // per shape as the run recorded it, not re-timed
                    for (const ShapeTiming& t : record.shapeTimings) {
                        shapes.push_back(json{{"name", utf8(t.name)}, {"baseline_ms", t.baselineMs ? json(*t.baselineMs) : json(nullptr)},
                            {"candidate_ms", t.candidateMs ? json(*t.candidateMs) : json(nullptr)}, {"method", utf8(t.method)},
                            {"note", utf8(t.note)}});
                    }
                    round.emplace("per_shape", std::move(shapes));
                }
                rounds.emplace_back(std::move(round));
            }
            item.emplace("rounds", std::move(rounds));
        }
        if (withSignatures)
            item.emplace("signature", signatures.at(i).isValid() ? json(utf8(signatures.at(i).text)) : json(nullptr));
        if (withHints) {
            json::array_t list; // a 10,000-case run has tens of thousands of hints
            list.reserve(std::size_t(hints.at(i).size()));
            for (const LintHint& h : hints.at(i)) {
                json::object_t hint;
                hint.emplace("check", utf8(h.check));
                hint.emplace("version", utf8(h.version));
                hint.emplace("line", h.line);
                hint.emplace("message", utf8(h.message));
                list.emplace_back(std::move(hint));
            }
            item.emplace("hints", std::move(list));
        }
        casesList.emplace_back(std::move(item));
    }
    root["cases_list"] = std::move(casesList);
    if (withSignatures) {
        root["failure_groups"] = json::array();
        for (const FailureGroup& group : FailureGroup::group(run, signatures)) {
            json cases = json::array();
            for (const QString& name : group.cases)
                cases.push_back(utf8(name));
            root["failure_groups"].push_back({{"signature", utf8(group.signature.text)}, {"kind", utf8(group.signature.kind)},
                {"count", group.count()}, {"cases", cases}});
        }
    }
    root["warnings"] = json::array();
    for (const LoadWarning& w : run.warnings) {
        json item = {{"file", utf8(w.file)}, {"line", w.line}, {"field", utf8(w.field)}, {"message", utf8(w.message)}};
        if (w.byteOffset >= 0)
            item["byte_offset"] = w.byteOffset;
        root["warnings"].push_back(item);
    }
    std::string text = root.dump(2, ' ', false, json::error_handler_t::replace);
    text += '\n'; // in place: the text is megabytes with hints
    return QByteArray::fromStdString(text);
}

} // namespace krw
