// SPDX-License-Identifier: MIT
#include "models/report/reportmarkdown.h"

#include "models/batch/speedupbins.h"
#include "models/diff/linediff.h"
#include "models/report/markdownsafe.h"
#include "models/report/reportrerun.h"
#include "models/rerun/rerunformat.h"

namespace krw {

namespace {

// Dataset headings sit below the case's "#### title" level.
constexpr int EmbeddedHeadingLevel = 5;

struct DiffOp
{
    QChar tag; // ' ', '-', '+'
    QString text;
    int oldPos = 0; // lines of each side before this one
    int newPos = 0;
};

// Diff rows → unified-diff lines: in each run of changes, removals first, then additions.
QVector<DiffOp> diffOps(const DiffResult& diff, const QStringList& from, const QStringList& to)
{
    QVector<DiffOp> ops;
    QVector<DiffOp> removed, added;
    int oldPos = 0, newPos = 0;
    auto flush = [&] {
        ops += removed;
        ops += added;
        removed.clear();
        added.clear();
    };
    for (const DiffRow& row : diff.rows) {
        if (row.kind == DiffRow::Kind::Equal) {
            flush();
            ops.append({QLatin1Char(' '), from.value(row.leftLine), oldPos++, newPos++});
            continue;
        }
        if (row.leftLine >= 0)
            removed.append({QLatin1Char('-'), from.value(row.leftLine), oldPos++, newPos});
        if (row.rightLine >= 0)
            added.append({QLatin1Char('+'), to.value(row.rightLine), oldPos, newPos++});
    }
    flush();
    return ops;
}

QString hunkRange(int start, int count)
{
    return QStringLiteral("%1,%2").arg(count == 0 ? start : start + 1).arg(count);
}

QString number(double value)
{
    return QString::number(value, 'g', 4);
}

QString optionalNumber(const std::optional<double>& value)
{
    return value ? number(*value) : QStringLiteral("–");
}

QString isoTime(const QDateTime& time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODate) : QStringLiteral("unknown time");
}

QString languageInfo(CodeLanguage language)
{
    switch (language) {
    case CodeLanguage::Python:
        return QStringLiteral("python");
    case CodeLanguage::Cpp:
        return QStringLiteral("cpp");
    case CodeLanguage::Plain:
        break;
    }
    return QStringLiteral("text");
}

QString tableRow(const QStringList& cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
}

QString tableHeader(const QStringList& titles)
{
    QStringList rule;
    for (int i = 0; i < titles.size(); ++i)
        rule << QStringLiteral("---");
    return tableRow(titles) + tableRow(rule);
}

QString verdictTitle(Verdict verdict)
{
    return verdictInfo(verdict).title;
}

QString summarySection(const ReportSummary& summary, const QVector<ReportCase>& cases)
{
    QString md = QStringLiteral("# Review report: %1\n\n").arg(markdownPlainText(summary.runName));
    md += QStringLiteral("- Run: %1\n").arg(markdownCodeSpan(summary.runPath));
    md += QStringLiteral("- Generated: %1\n").arg(isoTime(summary.generated));
    md += QStringLiteral("- Scope: %1 (%2 of %3 cases)\n\n").arg(exportScopeName(summary.scope)).arg(cases.size()).arg(summary.totalCases);
    md += QStringLiteral("## Summary\n\n") + tableHeader({QStringLiteral("Outcome"), QStringLiteral("Cases")});
    for (auto it = summary.byOutcome.cbegin(); it != summary.byOutcome.cend(); ++it)
        md += tableRow({outcomeTitle(it.key()), QString::number(it.value())});
    md += QLatin1Char('\n') + tableHeader({QStringLiteral("Verdict"), QStringLiteral("Cases")});
    for (auto it = summary.byVerdict.cbegin(); it != summary.byVerdict.cend(); ++it)
        md += tableRow({verdictTitle(it.key()), QString::number(it.value())});
    md += QStringLiteral("\n### Cases\n\n")
        + tableHeader({QStringLiteral("#"), QStringLiteral("Case"), QStringLiteral("Outcome"), QStringLiteral("Best stage"),
            QStringLiteral("Verdict"), QStringLiteral("Tags"), QStringLiteral("Rerun")});
    for (int i = 0; i < cases.size(); ++i) {
        const ReportCase& rc = cases.at(i);
        md += tableRow({QString::number(i + 1), markdownTableCell(rc.filename), outcomeTitle(rc.latest), stageName(rc.best),
            rc.annotation.isReviewed() ? verdictTitle(rc.annotation.verdict) : QString(),
            markdownTableCell(rc.annotation.tags.join(QStringLiteral(", "))),
            rc.rerun ? markdownTableCell(reportRerunSummary(*rc.rerun)) : QString()});
    }
    return md + QLatin1Char('\n');
}

// The newest batch rerun: what ran, counts by verdict level, the speedups that count by bin, and
// the cases a reader should look at first.
QString batchSection(const BatchRecord& batch)
{
    const BatchSummary& s = batch.summary;
    QString md = QStringLiteral("## Newest batch rerun\n\n");
    md += QStringLiteral("- Batch: %1, ended %2%3\n- Profile: %4, version: %5, %6 cases\n\n")
              .arg(markdownCodeSpan(batch.id), isoTime(batch.ended), batch.cancelled ? QStringLiteral(" (cancelled)") : QString(),
                  markdownPlainText(batch.profile), markdownPlainText(batch.version))
              .arg(s.entries().size());
    md += tableHeader({QStringLiteral("Verdict level"), QStringLiteral("Cases")});
    const auto counts = s.countsByLevel();
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        md += tableRow({markdownTableCell(it.key()), QString::number(it.value())});
    const SpeedupBins bins = speedupBins(s.countedSpeedups());
    if (bins.emptyMessage.isEmpty()) {
        md += QStringLiteral("\nDevice-time speedups that count (clean passes and passes with notes; suspect ones never count):\n\n")
            + tableHeader({QStringLiteral("Speedup"), QStringLiteral("Cases")});
        for (int i = 0; i < bins.counts.size(); ++i)
            md += tableRow({markdownTableCell(bins.axis.labels.at(i)), QString::number(int(bins.counts.at(i)))});
    } else {
        md += QStringLiteral("\n%1.\n").arg(markdownPlainText(bins.emptyMessage));
    }
    const auto list = [](const QString& title, const QVector<BatchEntry>& entries) -> QString {
        QString out;
        if (entries.isEmpty())
            return out;
        out += QStringLiteral("\n%1:\n\n").arg(title)
            + tableHeader({QStringLiteral("Case"), QStringLiteral("Verdict"), QStringLiteral("Flags"), QStringLiteral("Speedup"),
                QStringLiteral("Seconds")});
        for (const BatchEntry& e : entries)
            out += tableRow(
                {markdownTableCell(e.caseName), markdownTableCell(e.level()), markdownTableCell(e.flags.join(QStringLiteral(", "))),
                    markdownTableCell(e.speedupText()), QString::number(e.seconds, 'f', 1)});
        return out;
    };
    md += list(QStringLiteral("Most suspicious (suspect flags; suspect passes first)"), s.mostSuspicious(10));
    md += list(QStringLiteral("Slowest"), s.slowest(5));
    return md + QLatin1Char('\n');
}

QString outcomesSection(const ReportCase& rc)
{
    QStringList flags;
    for (auto it = rc.passFlags.cbegin(); it != rc.passFlags.cend(); ++it)
        flags << QStringLiteral("%1 = %2").arg(it.key(), it.value() ? QStringLiteral("true") : QStringLiteral("false"));
    QString md = QStringLiteral("- Latest outcome: %1\n- Furthest stage reached: %2\n- Iterations: %3\n")
                     .arg(outcomeTitle(rc.latest), stageName(rc.best))
                     .arg(rc.iterations);
    md += QStringLiteral("- Newest pass flags: %1\n").arg(flags.isEmpty() ? QStringLiteral("none") : flags.join(QStringLiteral(", ")));
    if (const QString claims = reportSpeedClaims(rc); !claims.isEmpty())
        md += QStringLiteral("- Speedup in the run's files: %1\n").arg(claims);
    for (const QString& warning : rc.claimWarnings)
        md += QStringLiteral("- Claim warning: %1\n").arg(markdownPlainText(warning));
    for (const QString& problem : rc.readProblems)
        md += QStringLiteral("- Could not read: %1\n").arg(markdownPlainText(problem));
    return md + QLatin1Char('\n');
}

QString codeSection(const ReportCase& rc)
{
    if (rc.predictId.isEmpty())
        return QStringLiteral("### Prediction\n\nNo prediction in any iteration.\n\n");
    if (rc.bestId.isEmpty()) {
        return QStringLiteral("### Prediction (%1)\n\nNo candidate passed a stage; the prediction alone:\n\n")
                   .arg(markdownPlainText(rc.predictTitle))
            + markdownCodeBlock(rc.predictText, languageInfo(rc.language)) + QLatin1Char('\n');
    }
    QString md = QStringLiteral("### Prediction vs best candidate\n\n%1 against %2.\n\n")
                     .arg(markdownPlainText(rc.predictTitle), markdownPlainText(rc.bestTitle));
    const QString diff = unifiedDiff(rc.predictText, rc.bestText, rc.predictId, rc.bestId);
    if (diff.isEmpty())
        return md + QStringLiteral("The best candidate is the prediction itself:\n\n")
            + markdownCodeBlock(rc.predictText, languageInfo(rc.language)) + QLatin1Char('\n');
    return md + markdownCodeBlock(diff, QStringLiteral("diff")) + QLatin1Char('\n');
}

QString textsSection(const QString& title, const QVector<ReportText>& texts, bool code)
{
    if (texts.isEmpty())
        return {};
    QString md = QStringLiteral("### %1\n\n").arg(title);
    for (const ReportText& t : texts) {
        md += QStringLiteral("#### %1\n\n").arg(markdownPlainText(t.title));
        md += (code ? markdownCodeBlock(t.text, QStringLiteral("text")) : sanitizedMarkdown(t.text, EmbeddedHeadingLevel))
            + QLatin1Char('\n');
    }
    return md;
}

QString rerunSection(const ReportCase& rc)
{
    const RerunResult& r = *rc.rerun;
    const QString version = r.versionTitle.isEmpty()
        ? markdownCodeSpan(r.versionId)
        : QStringLiteral("%1 (%2)").arg(markdownPlainText(r.versionTitle), markdownCodeSpan(r.versionId));
    QString md = QStringLiteral("### Rerun\n\n- Version: %1, %2\n- Baseline: %3\n- Profile: %4\n")
                     .arg(version, markdownPlainText(reportRerunRelation(r, rc.predictId, rc.predictTitle)),
                         r.baselineId.isEmpty() ? reportRerunBaseline(r) : markdownCodeSpan(r.baselineId),
                         markdownPlainText(reportRerunProfile(r)));
    md += QStringLiteral("- Verdict: %1\n- Started: %2\n").arg(markdownPlainText(r.verdictLine()), isoTime(r.started));
    if (!r.failure.isEmpty())
        md += QStringLiteral("- Failure: %1\n").arg(markdownPlainText(r.failure));
    if (r.accuracy) {
        md += QStringLiteral("\nAccuracy (rtol %1, atol %2): %3\n\n")
                  .arg(number(r.accuracy->rtol), number(r.accuracy->atol),
                      r.accuracy->ok ? QStringLiteral("all outputs match") : QStringLiteral("mismatch"));
        md += tableHeader({QStringLiteral("Output"), QStringLiteral("OK"), QStringLiteral("Max abs err"), QStringLiteral("Max rel err"),
            QStringLiteral("Mismatched"), QStringLiteral("Flags")});
        for (const OutputComparison& o : r.accuracy->outputs) {
            md += tableRow({markdownTableCell(o.name), o.ok ? QStringLiteral("yes") : QStringLiteral("no"), optionalNumber(o.maxAbsErr),
                optionalNumber(o.maxRelErr), QStringLiteral("%1 / %2").arg(o.mismatched).arg(o.total),
                markdownTableCell(o.flags.join(QStringLiteral(", ")))});
        }
    }
    if (r.timing) {
        md += QLatin1Char('\n') + markdownPlainText(reportTimingText(r)) + QLatin1Char('\n');
        const QString caveat = reportSpeedupCaveat(r);
        if (!caveat.isEmpty())
            md += QStringLiteral("\n**%1**\n").arg(markdownPlainText(caveat));
    }
    const QString absent = reportChecksAbsentText(r);
    if (!absent.isEmpty()) {
        md += QLatin1Char('\n') + markdownPlainText(absent) + QLatin1Char('\n');
    } else {
        md += QStringLiteral("\nChecks:\n\n");
        for (const ReportCheckLine& line : reportCheckLines(r)) {
            md += line.name.isEmpty() ? QStringLiteral("- %1\n").arg(markdownPlainText(line.text))
                                      : QStringLiteral("- **%1** %2\n").arg(markdownPlainText(line.name), markdownPlainText(line.text));
        }
    }
    return md + QLatin1Char('\n');
}

QString anchorStateName(AnchorState state)
{
    switch (state) {
    case AnchorState::Current:
        return {};
    case AnchorState::Stale:
        return QStringLiteral(" **STALE** (the version's text changed since)");
    case AnchorState::Missing:
        return QStringLiteral(" **MISSING** (the version is gone)");
    }
    return {};
}

QString annotationSection(const ReportCase& rc)
{
    const CaseAnnotation& a = rc.annotation;
    if (a.isEmpty())
        return QStringLiteral("### Annotation\n\nNot reviewed.\n\n");
    QString md = QStringLiteral("### Annotation\n\n- Verdict: %1\n").arg(verdictTitle(a.verdict));
    if (!a.tags.isEmpty()) {
        QStringList tags;
        for (const QString& tag : a.tags)
            tags << markdownCodeSpan(tag);
        md += QStringLiteral("- Tags: %1\n").arg(tags.join(QStringLiteral(", ")));
    }
    md += QStringLiteral("- By %1 at %2\n\n")
              .arg(a.author.isEmpty() ? QStringLiteral("unknown") : markdownPlainText(a.author), isoTime(a.modified));
    if (!a.note.isEmpty())
        md += sanitizedMarkdown(a.note, EmbeddedHeadingLevel) + QLatin1Char('\n');
    if (rc.comments.isEmpty())
        return md;
    md += QStringLiteral("#### Line comments\n\n");
    for (const PlacedComment& pc : rc.comments) {
        const LineAnchor& anchor = pc.comment.anchor;
        md += QStringLiteral("- %1 line %2: %3%4 — %5, %6\n\n")
                  .arg(markdownCodeSpan(anchor.versionId))
                  .arg(anchor.line + 1)
                  .arg(markdownCodeSpan(anchor.lineText), anchorStateName(pc.state),
                      pc.comment.author.isEmpty() ? QStringLiteral("unknown") : markdownPlainText(pc.comment.author),
                      isoTime(pc.comment.created));
        // Indented under the item, so the comment's own Markdown stays inside it.
        const QStringList lines = sanitizedMarkdown(pc.comment.text, EmbeddedHeadingLevel).split(QLatin1Char('\n'));
        for (const QString& line : lines)
            md += line.isEmpty() ? QStringLiteral("\n") : QStringLiteral("  ") + line + QLatin1Char('\n');
    }
    return md;
}

QString caseSection(int number, const ReportCase& rc)
{
    QString md = QStringLiteral("## %1. %2\n\n").arg(number).arg(markdownPlainText(rc.filename));
    md += outcomesSection(rc);
    if (!rc.instruction.isEmpty())
        md += QStringLiteral("### Instruction\n\n") + markdownCodeBlock(rc.instruction, QStringLiteral("text")) + QLatin1Char('\n');
    md += codeSection(rc);
    md += textsSection(QStringLiteral("Errors"), rc.errors, true);
    md += textsSection(QStringLiteral("Reflections"), rc.reflections, false);
    if (rc.rerun)
        md += rerunSection(rc);
    md += annotationSection(rc);
    return md;
}

} // namespace

QString unifiedDiff(const QString& from, const QString& to, const QString& fromTitle, const QString& toTitle)
{
    const QStringList left = splitLines(from);
    const QStringList right = splitLines(to);
    DiffOptions options;
    options.intraline = false;
    const DiffResult diff = diffLines(left, right, options);
    if (!diff.error.isEmpty())
        return QStringLiteral("--- %1\n+++ %2\n(no diff: %3)\n").arg(fromTitle, toTitle, diff.error);
    if (diff.identical())
        return {};
    const QVector<DiffOp> ops = diffOps(diff, left, right);
    constexpr int context = 3;
    QString out = QStringLiteral("--- %1\n+++ %2\n").arg(fromTitle, toTitle);
    int i = 0;
    while (i < ops.size()) {
        while (i < ops.size() && ops.at(i).tag == QLatin1Char(' '))
            ++i;
        if (i == ops.size())
            break;
        // Extend the hunk while the next change is within 2 × context lines.
        const int start = std::max(0, i - context);
        int end = i;
        for (int j = i; j < ops.size(); ++j) {
            if (ops.at(j).tag != QLatin1Char(' ')) {
                if (j - end > 2 * context)
                    break;
                end = j;
            }
        }
        const int stop = std::min(int(ops.size()) - 1, end + context);
        int oldCount = 0, newCount = 0;
        QString body;
        for (int j = start; j <= stop; ++j) {
            oldCount += ops.at(j).tag != QLatin1Char('+') ? 1 : 0;
            newCount += ops.at(j).tag != QLatin1Char('-') ? 1 : 0;
            body += ops.at(j).tag + ops.at(j).text + QLatin1Char('\n');
        }
        out += QStringLiteral("@@ -%1 +%2 @@\n").arg(hunkRange(ops.at(start).oldPos, oldCount), hunkRange(ops.at(start).newPos, newCount));
        out += body;
        i = stop + 1;
    }
    return out;
}

namespace {

// Comparing runs: A and B, the buckets with their counts, then each bucket's cases with both
// runs' newest outcomes.
QString comparisonSection(const RunComparison& comparison, const ReportSummary& summary)
{
    QString md = QStringLiteral("## Compared with another run\n\n");
    md += QStringLiteral("- A: %1 (%2)\n- B: %3 (%4)\n\n")
              .arg(markdownPlainText(comparison.nameA()), markdownCodeSpan(summary.runPath), markdownPlainText(comparison.nameB()),
                  markdownCodeSpan(summary.comparedPath));
    md += tableHeader({QStringLiteral("Bucket"), QStringLiteral("Cases")});
    for (int i = 0; i < CompareBucketCount; ++i)
        md += tableRow({compareBucketTitle(CompareBucket(i)), QString::number(comparison.count(CompareBucket(i)))});
    const QString none = QStringLiteral("—");
    for (int i = 0; i < CompareBucketCount; ++i) {
        const auto bucket = CompareBucket(i);
        if (comparison.count(bucket) == 0)
            continue;
        md += QStringLiteral("\n### %1 (%2)\n\n").arg(compareBucketTitle(bucket)).arg(comparison.count(bucket))
            + tableHeader({QStringLiteral("Case"), QStringLiteral("A latest"), QStringLiteral("A best"), QStringLiteral("B latest"),
                QStringLiteral("B best")});
        for (int index : comparison.casesIn(bucket)) {
            const ComparedCase& c = comparison.cases().at(index);
            md += tableRow({markdownTableCell(c.filename), c.inA() ? outcomeTitle(c.latestA) : none, c.inA() ? stageName(c.bestA) : none,
                c.inB() ? outcomeTitle(c.latestB) : none, c.inB() ? stageName(c.bestB) : none});
        }
    }
    return md + QLatin1Char('\n');
}

} // namespace

QByteArray reportMarkdown(const ReportSummary& summary, const QVector<ReportCase>& cases)
{
    QString md = summarySection(summary, cases);
    if (summary.comparison)
        md += comparisonSection(*summary.comparison, summary);
    if (summary.batch)
        md += batchSection(*summary.batch);
    for (int i = 0; i < cases.size(); ++i)
        md += caseSection(i + 1, cases.at(i));
    return md.toUtf8();
}

} // namespace krw
