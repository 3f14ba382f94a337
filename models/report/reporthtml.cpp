// SPDX-License-Identifier: MIT
#include "models/report/reporthtml.h"

#include "models/batch/speedupbins.h"
#include "models/diff/linediff.h"
#include "models/report/markdownhtml.h"
#include "models/report/reportrerun.h"
#include "models/rerun/rerunformat.h"
#include "models/rerun/verdictlevel.h"

#include <QMultiMap>
#include <QRegularExpression>

#include <algorithm>
#include <set>

namespace krw {

namespace {

constexpr int EmbeddedHeadingLevel = 4; // dataset headings sit below the case's h3 sections

// Light, print-friendly; no external fonts or images. Class names are ours, never the dataset's.
const char* const Css = R"css(
body{font-family:sans-serif;font-size:10pt;color:#1a1a1a;background:#fff;margin:1.5em;line-height:1.35}
h1{font-size:18pt}h2{font-size:14pt;border-bottom:1px solid #999;margin-top:2em}h3{font-size:11pt;margin-bottom:.3em}
h4,h5,h6{font-size:10pt}
table{border-collapse:collapse;margin:.4em 0}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#f0f0f0}
pre,code,.code{font-family:monospace;font-size:9pt}
pre{white-space:pre-wrap;background:#f7f7f7;border:1px solid #ddd;padding:4px}
table.diff{width:100%;table-layout:fixed}
table.diff td{border:none;padding:0 4px;white-space:pre-wrap;word-break:break-all;font-family:monospace;font-size:8.5pt}
table.diff td.ln{width:3em;color:#888;text-align:right;background:#f4f4f4}
table.diff th{font-weight:normal;font-size:9pt}
tr.chg td.l,tr.del td.l{background:#fde8e8}tr.chg td.r,tr.add td.r{background:#e6f6e6}
span.ich-l{background:#f5b5b5}span.ich-r{background:#9fdf9f}
tr.fold td{color:#777;font-style:italic;background:#fafafa;text-align:center}
tr.cmt td,div.cmt{background:#fff8d6;border:1px solid #e0c860;font-family:sans-serif;white-space:normal;word-break:normal;font-size:9pt}
.stale{color:#a35200;font-weight:bold}.missing{color:#b00020;font-weight:bold}
.ok{color:#17702a}.bad{color:#b00020}.warn{color:#a35200;font-weight:bold}
.meta{color:#555}
.blocked-link{text-decoration:underline dotted}
.verdict{font-weight:bold}
span.tag{border:1px solid #bbb;border-radius:3px;padding:0 3px;margin-right:3px}
img.plot{max-width:100%;border:1px solid #ddd}
div.case{page-break-before:always}
@media print{body{margin:0}a{color:inherit}}
)css";

// For paged output (QTextDocument): the rules it supports and no more. It parses and matches
// the style sheet for every element, so the browser sheet cost a third of the PDF's time.
const char* const PagedCss = R"css(
body{font-family:sans-serif;font-size:9pt}
h1{font-size:16pt}h2{font-size:13pt}h3{font-size:10.5pt}h4,h5,h6{font-size:9pt}
th,td{padding-left:5px;padding-right:5px;padding-top:1px;padding-bottom:1px}
th{background-color:#f0f0f0}
pre,code{font-family:monospace;font-size:8pt}
pre{white-space:pre-wrap;background-color:#f7f7f7}
td.l,td.r,td.ln{font-family:monospace;font-size:7.5pt;padding-top:0;padding-bottom:0}
td.l,td.r{white-space:pre-wrap}
td.ln{color:#888888}
tr.chg td.l,tr.del td.l{background-color:#fde8e8}tr.chg td.r,tr.add td.r{background-color:#e6f6e6}
span.ich-l{background-color:#f5b5b5}span.ich-r{background-color:#9fdf9f}
tr.fold td{color:#777777;font-style:italic}
tr.cmt td,div.cmt{background-color:#fff8d6;font-family:sans-serif;white-space:normal}
.stale{color:#a35200;font-weight:bold}.missing{color:#b00020;font-weight:bold}
.ok{color:#17702a}.bad{color:#b00020}.warn{color:#a35200;font-weight:bold}.meta{color:#555555}.verdict{font-weight:bold}
)css";

QString esc(const QString& text)
{
    return htmlEscaped(text);
}

QString isoTime(const QDateTime& time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODate) : QStringLiteral("unknown time");
}

QString number(double value)
{
    return QString::number(value, 'g', 4);
}

QString optionalNumber(const std::optional<double>& value)
{
    return value ? number(*value) : QStringLiteral("–");
}

QString verdictTitle(Verdict verdict)
{
    return verdict == Verdict::None ? QStringLiteral("Not reviewed") : verdictInfo(verdict).title;
}

QString okClass(bool ok)
{
    return ok ? QStringLiteral("ok") : QStringLiteral("bad");
}

// A clean pass or one with notes reads "ok"; a suspect pass "warn", never the same as a clean one; the rest "bad".
QString verdictClass(const RerunResult& r)
{
    const QString level = VerdictLevel::of(r);
    if (VerdictLevel::counts(level))
        return QStringLiteral("ok");
    return level == VerdictLevel::suspect() ? QStringLiteral("warn") : QStringLiteral("bad");
}

QString row(const QStringList& cells, const QString& tag = QStringLiteral("td"))
{
    QString out = QStringLiteral("<tr>");
    for (const QString& cell : cells)
        out += QLatin1Char('<') + tag + QLatin1Char('>') + cell + QStringLiteral("</") + tag + QLatin1Char('>');
    return out + QStringLiteral("</tr>\n");
}

// One code line: syntax colours and intraline changes as nested spans, every character escaped.
QString codeLineHtml(const QString& line, const QVector<StyledSpan>& styles, const QVector<CharSpan>& changes, const QString& changeClass)
{
    if (line.isEmpty())
        return QStringLiteral("&#8203;"); // keeps the row's height
    std::set<int> cuts{0, int(line.size())};
    auto clampCut = [&](int pos) { cuts.insert(std::clamp(pos, 0, int(line.size()))); };
    for (const StyledSpan& s : styles) {
        clampCut(s.start);
        clampCut(s.start + s.length);
    }
    for (const CharSpan& c : changes) {
        clampCut(c.start);
        clampCut(c.start + c.length);
    }
    static const QRegularExpression colorPattern(QStringLiteral("^#[0-9a-fA-F]{6}$"));
    QString out;
    for (auto it = cuts.begin(); std::next(it) != cuts.end(); ++it) {
        const int from = *it, to = *std::next(it);
        const QString piece = esc(line.mid(from, to - from));
        const auto covers = [from](int start, int length) { return from >= start && from < start + length; };
        const bool changed = std::any_of(changes.begin(), changes.end(), [&](const CharSpan& c) { return covers(c.start, c.length); });
        // Presentational tags rather than style attributes: QTextDocument (the PDF) parses each
        // style attribute as CSS, which made the highlighted code most of the PDF's layout time.
        QString html = piece;
        for (const StyledSpan& s : styles) {
            if (!covers(s.start, s.length))
                continue;
            if (s.italic)
                html = QStringLiteral("<i>") + html + QStringLiteral("</i>");
            if (s.bold)
                html = QStringLiteral("<b>") + html + QStringLiteral("</b>");
            if (colorPattern.match(s.color).hasMatch())
                html = QStringLiteral("<font color=\"%1\">%2</font>").arg(s.color, html);
            break;
        }
        if (changed)
            html = QStringLiteral("<span class=\"%1\">%2</span>").arg(changeClass, html);
        out += html;
    }
    return out;
}

QString stateBadge(AnchorState state)
{
    switch (state) {
    case AnchorState::Current:
        return {};
    case AnchorState::Stale:
        return QStringLiteral(" <span class=\"stale\">STALE: the version's text changed since this comment was written; "
                              "shown at its original line</span>");
    case AnchorState::Missing:
        return QStringLiteral(" <span class=\"missing\">MISSING: the version this comment was written on is gone</span>");
    }
    return {};
}

QString commentBody(const PlacedComment& pc)
{
    const LineComment& c = pc.comment;
    return QStringLiteral("<div class=\"meta\">Comment on %1 line %2 by %3, %4%5</div>%6")
        .arg(esc(pc.versionTitle.isEmpty() ? c.anchor.versionId : pc.versionTitle))
        .arg(c.anchor.line + 1)
        .arg(esc(c.author.isEmpty() ? QStringLiteral("unknown") : c.author), esc(isoTime(c.created)), stateBadge(pc.state),
            markdownToSafeHtml(c.text, EmbeddedHeadingLevel + 1));
}

class CaseWriter
{
public:
    CaseWriter(const ReportCase& rc, int number, const HtmlReportOptions& options)
        : m_rc(rc)
        , m_number(number)
        , m_options(options)
    {
    }

    QString html()
    {
        QString out = QStringLiteral("<div class=\"case\" id=\"%1\"><h2><a name=\"%1\"></a>%2. %3</h2>\n")
                          .arg(caseAnchor(m_number))
                          .arg(m_number)
                          .arg(esc(m_rc.filename));
        out += outcomes();
        if (!m_rc.instruction.isEmpty())
            // Dataset Markdown, as the window shows it (md4c through the same safe renderer).
            out += QStringLiteral("<h3>Instruction</h3>\n<div class=\"markdown\">")
                + markdownToSafeHtml(m_rc.instruction, EmbeddedHeadingLevel) + QStringLiteral("</div>\n");
        out += code();
        out += texts(QStringLiteral("Errors"), m_rc.errors, true);
        out += texts(QStringLiteral("Reflections"), m_rc.reflections, false);
        if (m_rc.rerun)
            out += rerun(*m_rc.rerun);
        out += annotation();
        out += otherComments();
        return out + QStringLiteral("<p><a href=\"#summary\">↑ back to the summary</a></p></div>\n");
    }

private:
    QString outcomes() const
    {
        QString flags;
        for (auto it = m_rc.passFlags.cbegin(); it != m_rc.passFlags.cend(); ++it)
            flags += QStringLiteral("<span class=\"%1\">%2 = %3</span> ")
                         .arg(okClass(it.value()), esc(it.key()), it.value() ? QStringLiteral("true") : QStringLiteral("false"));
        QString out = QStringLiteral("<table class=\"outcomes\">\n");
        out += row({QStringLiteral("Latest outcome"),
            QStringLiteral("<span class=\"%1\">%2</span>").arg(okClass(m_rc.latest == Outcome::Passed), esc(outcomeTitle(m_rc.latest)))});
        out += row({QStringLiteral("Furthest stage reached"), esc(stageName(m_rc.best))});
        out += row({QStringLiteral("Iterations"), QString::number(m_rc.iterations)});
        out += row({QStringLiteral("Newest pass flags"), flags.isEmpty() ? QStringLiteral("none") : flags});
        if (const QString claims = reportSpeedClaims(m_rc); !claims.isEmpty())
            out += row({QStringLiteral("Speedup in the run's files"),
                QStringLiteral("<span class=\"%1\">%2</span>")
                    .arg(m_rc.claimWarnings.isEmpty() ? QStringLiteral("meta") : QStringLiteral("bad"), esc(claims))});
        for (const QString& warning : m_rc.claimWarnings)
            out += row({QStringLiteral("Claim warning"), QStringLiteral("<span class=\"bad\">%1</span>").arg(esc(warning))});
        out += row({QStringLiteral("Verdict"),
            QStringLiteral("<span class=\"verdict\">%1</span>").arg(esc(verdictTitle(m_rc.annotation.verdict)))});
        out += QStringLiteral("</table>\n");
        for (const QString& problem : m_rc.readProblems)
            out += QStringLiteral("<p class=\"bad\">Could not read: %1</p>\n").arg(esc(problem));
        return out;
    }

    HighlightedLines highlight(const QString& text) const
    {
        return m_options.decorations ? m_options.decorations->highlight(text, m_rc.language) : HighlightedLines{};
    }

    // Comments on one side's version, by line.
    QMultiMap<int, const PlacedComment*> commentsOn(const QString& versionId) const
    {
        QMultiMap<int, const PlacedComment*> byLine;
        if (versionId.isEmpty())
            return byLine;
        for (const PlacedComment& pc : m_rc.comments) {
            if (pc.comment.anchor.versionId == versionId)
                byLine.insert(pc.comment.anchor.line, &pc);
        }
        return byLine;
    }

    QString commentRows(const QMultiMap<int, const PlacedComment*>& byLine, int line, const QString& side) const
    {
        QString out;
        const auto range = byLine.equal_range(line);
        for (auto it = range.first; it != range.second; ++it)
            out += QStringLiteral("<tr class=\"cmt\"><td colspan=\"4\">%1 %2</td></tr>\n").arg(side, commentBody(**it));
        return out;
    }

    QString code()
    {
        if (m_rc.predictId.isEmpty())
            return QStringLiteral("<h3>Prediction</h3>\n<p>No prediction in any iteration.</p>\n");
        const bool withCandidate = !m_rc.bestId.isEmpty() && m_rc.bestText != m_rc.predictText;
        QString out = withCandidate ? QStringLiteral("<h3>Prediction vs best candidate</h3>\n<p>%1 (left) against %2 (right).</p>\n")
                                          .arg(esc(m_rc.predictTitle), esc(m_rc.bestTitle))
                                    : QStringLiteral("<h3>Prediction (%1)</h3>\n<p>%2</p>\n")
                                          .arg(esc(m_rc.predictTitle),
                                              m_rc.bestId.isEmpty() ? QStringLiteral("No candidate passed a stage; the prediction alone.")
                                                                    : QStringLiteral("The best candidate is the prediction itself."));
        const QStringList left = splitLines(m_rc.predictText);
        const QStringList right = withCandidate ? splitLines(m_rc.bestText) : left;
        DiffResult diff;
        if (withCandidate) {
            diff = diffLines(left, right);
            if (!diff.error.isEmpty())
                return out + QStringLiteral("<p class=\"bad\">No diff: %1</p>\n").arg(esc(diff.error));
        } else {
            for (int i = 0; i < left.size(); ++i)
                diff.rows.append({DiffRow::Kind::Equal, i, i, {}, {}});
        }
        return out + diffTable(diff, left, right, withCandidate);
    }

    QString diffTable(const DiffResult& diff, const QStringList& left, const QStringList& right, bool twoSides)
    {
        const HighlightedLines leftStyles = highlight(m_rc.predictText);
        const HighlightedLines rightStyles = twoSides ? highlight(m_rc.bestText) : leftStyles;
        const auto leftComments = commentsOn(m_rc.predictId);
        const auto rightComments = twoSides ? commentsOn(m_rc.bestId) : QMultiMap<int, const PlacedComment*>{};
        // Rows to show: changes and commented lines with context around them; the rest folds.
        // A listing of a single version folds nothing.
        QVector<bool> keep(diff.rows.size(), !twoSides);
        for (int i = 0; i < diff.rows.size(); ++i) {
            const DiffRow& r = diff.rows.at(i);
            if (r.kind != DiffRow::Kind::Equal || leftComments.contains(r.leftLine) || rightComments.contains(r.rightLine)) {
                for (int j = std::max(0, i - m_options.contextLines); j <= std::min(int(diff.rows.size()) - 1, i + m_options.contextLines);
                     ++j)
                    keep[j] = true;
            }
        }
        QString out = QStringLiteral("<table class=\"diff\">\n");
        if (twoSides)
            out += QStringLiteral("<tr><th colspan=\"2\">%1</th><th colspan=\"2\">%2</th></tr>\n")
                       .arg(esc(m_rc.predictTitle), esc(m_rc.bestTitle));
        int folded = 0;
        const auto flushFold = [&] {
            if (folded > 0)
                out += QStringLiteral("<tr class=\"fold\"><td colspan=\"4\">… %1 unchanged lines …</td></tr>\n").arg(folded);
            folded = 0;
        };
        std::set<int> placedLeft, placedRight;
        for (int i = 0; i < diff.rows.size(); ++i) {
            if (!keep.at(i)) {
                ++folded;
                continue;
            }
            flushFold();
            const DiffRow& r = diff.rows.at(i);
            out += diffRow(r, left, right, leftStyles, rightStyles, twoSides);
            if (r.leftLine >= 0) {
                out += commentRows(leftComments, r.leftLine, twoSides ? QStringLiteral("◀") : QString());
                placedLeft.insert(r.leftLine);
            }
            if (twoSides && r.rightLine >= 0) {
                out += commentRows(rightComments, r.rightLine, QStringLiteral("▶"));
                placedRight.insert(r.rightLine);
            }
        }
        flushFold();
        // Comments whose line is past the end (the text got shorter): shown after the listing.
        for (auto it = leftComments.cbegin(); it != leftComments.cend(); ++it)
            if (!placedLeft.count(it.key()))
                out += QStringLiteral("<tr class=\"cmt\"><td colspan=\"4\">%1</td></tr>\n").arg(commentBody(**it));
        for (auto it = rightComments.cbegin(); it != rightComments.cend(); ++it)
            if (!placedRight.count(it.key()))
                out += QStringLiteral("<tr class=\"cmt\"><td colspan=\"4\">%1</td></tr>\n").arg(commentBody(**it));
        return out + QStringLiteral("</table>\n");
    }

    static QString rowClass(DiffRow::Kind kind)
    {
        switch (kind) {
        case DiffRow::Kind::Equal:
            return QStringLiteral("eq");
        case DiffRow::Kind::Changed:
            return QStringLiteral("chg");
        case DiffRow::Kind::Removed:
            return QStringLiteral("del");
        case DiffRow::Kind::Added:
            return QStringLiteral("add");
        }
        return {};
    }

    static QString sideCells(
        int line, const QStringList& lines, const HighlightedLines& styles, const QVector<CharSpan>& changes, const QString& side)
    {
        if (line < 0)
            return QStringLiteral("<td class=\"ln\"></td><td class=\"%1\"></td>").arg(side);
        return QStringLiteral("<td class=\"ln\">%1</td><td class=\"%2\">%3</td>")
            .arg(line + 1)
            .arg(side, codeLineHtml(lines.value(line), styles.value(line), changes, QStringLiteral("ich-") + side));
    }

    static QString diffRow(const DiffRow& r, const QStringList& left, const QStringList& right, const HighlightedLines& leftStyles,
        const HighlightedLines& rightStyles, bool twoSides)
    {
        if (!twoSides) // one version: its code takes the whole width
            return QStringLiteral("<tr class=\"eq\"><td class=\"ln\">%1</td><td class=\"l\" colspan=\"3\">%2</td></tr>\n")
                .arg(r.leftLine + 1)
                .arg(codeLineHtml(left.value(r.leftLine), leftStyles.value(r.leftLine), {}, QString()));
        return QStringLiteral("<tr class=\"%1\">%2%3</tr>\n")
            .arg(rowClass(r.kind), sideCells(r.leftLine, left, leftStyles, r.leftSpans, QStringLiteral("l")),
                sideCells(r.rightLine, right, rightStyles, r.rightSpans, QStringLiteral("r")));
    }

    static QString texts(const QString& title, const QVector<ReportText>& texts, bool code)
    {
        if (texts.isEmpty())
            return {};
        QString out = QStringLiteral("<h3>%1</h3>\n").arg(title);
        for (const ReportText& t : texts) {
            out += QStringLiteral("<h4>%1</h4>\n").arg(esc(t.title));
            out += code ? QStringLiteral("<pre class=\"error\">") + esc(t.text) + QStringLiteral("</pre>\n")
                        : QStringLiteral("<div class=\"markdown\">") + markdownToSafeHtml(t.text, EmbeddedHeadingLevel + 1)
                    + QStringLiteral("</div>\n");
        }
        return out;
    }

    QString rerun(const RerunResult& r) const
    {
        QString out = QStringLiteral("<h3>Rerun</h3>\n<table>\n");
        const QString id = QStringLiteral("<code>%1</code>").arg(esc(r.versionId));
        out += row({QStringLiteral("Version"),
            (r.versionTitle.isEmpty() ? id : QStringLiteral("%1 (%2)").arg(esc(r.versionTitle), id)) + QStringLiteral(", ")
                + esc(reportRerunRelation(r, m_rc.predictId, m_rc.predictTitle))});
        out += row({QStringLiteral("Baseline"),
            r.baselineId.isEmpty() ? esc(reportRerunBaseline(r)) : QStringLiteral("<code>%1</code>").arg(esc(r.baselineId))});
        out += row({QStringLiteral("Profile"), esc(reportRerunProfile(r))});
        out += row({QStringLiteral("Verdict"), QStringLiteral("<span class=\"%1\">%2</span>").arg(verdictClass(r), esc(r.verdictLine()))});
        out += row({QStringLiteral("Started"), esc(isoTime(r.started))});
        if (!r.failure.isEmpty())
            out += row({QStringLiteral("Failure"), QStringLiteral("<pre>%1</pre>").arg(esc(r.failure))});
        out += QStringLiteral("</table>\n");
        if (r.accuracy) {
            out += QStringLiteral("<p>Accuracy (rtol %1, atol %2): <span class=\"%3\">%4</span></p>\n<table class=\"accuracy\">\n")
                       .arg(number(r.accuracy->rtol), number(r.accuracy->atol), okClass(r.accuracy->ok),
                           r.accuracy->ok ? QStringLiteral("all outputs match") : QStringLiteral("mismatch"));
            out += row({QStringLiteral("Output"), QStringLiteral("OK"), QStringLiteral("Max abs err"), QStringLiteral("Max rel err"),
                           QStringLiteral("Mismatched"), QStringLiteral("Flags")},
                QStringLiteral("th"));
            for (const OutputComparison& o : r.accuracy->outputs) {
                out += row({esc(o.name),
                    QStringLiteral("<span class=\"%1\">%2</span>").arg(okClass(o.ok), o.ok ? QStringLiteral("yes") : QStringLiteral("no")),
                    optionalNumber(o.maxAbsErr), optionalNumber(o.maxRelErr), QStringLiteral("%1 / %2").arg(o.mismatched).arg(o.total),
                    esc(o.flags.join(QStringLiteral(", ")))});
            }
            out += QStringLiteral("</table>\n");
        }
        if (r.timing) {
            out += QStringLiteral("<p class=\"timing\">%1</p>\n").arg(esc(reportTimingText(r)));
            const QString caveat = reportSpeedupCaveat(r);
            if (!caveat.isEmpty())
                out += QStringLiteral("<p class=\"%1\">%2</p>\n").arg(verdictClass(r), esc(caveat));
            out += plotImage();
        }
        const QString absent = reportChecksAbsentText(r);
        if (!absent.isEmpty()) {
            out += QStringLiteral("<p class=\"checks meta\">%1</p>\n").arg(esc(absent));
        } else {
            out += QStringLiteral("<p>Checks:</p>\n<ul class=\"checks\">\n");
            for (const ReportCheckLine& line : reportCheckLines(r)) {
                out += line.name.isEmpty()
                    ? QStringLiteral("<li>%1</li>\n").arg(esc(line.text))
                    : QStringLiteral("<li><span class=\"%1\">%2</span> %3</li>\n")
                          .arg(line.problem ? QStringLiteral("warn") : QStringLiteral("ok"), esc(line.name), esc(line.text));
            }
            out += QStringLiteral("</ul>\n");
        }
        return out;
    }

    QString plotImage() const
    {
        const QByteArray png = m_options.timingPlots.value(m_rc.caseIndex);
        if (png.isEmpty())
            return {};
        const QString src = m_options.images == HtmlReportOptions::Images::DataUri
            ? QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64())
            : plotResourceName(m_rc.caseIndex);
        return QStringLiteral("<p><img class=\"plot\" width=\"640\" alt=\"Timing plot of the rerun\" src=\"%1\"></p>\n").arg(src);
    }

    QString annotation() const
    {
        const CaseAnnotation& a = m_rc.annotation;
        if (a.isEmpty())
            return QStringLiteral("<h3>Annotation</h3>\n<p>Not reviewed.</p>\n");
        QString out
            = QStringLiteral("<h3>Annotation</h3>\n<p>Verdict: <span class=\"verdict\">%1</span>").arg(esc(verdictTitle(a.verdict)));
        if (!a.tags.isEmpty()) {
            out += QStringLiteral(" · Tags: ");
            for (const QString& tag : a.tags)
                out += QStringLiteral("<span class=\"tag\">%1</span>").arg(esc(tag));
        }
        out += QStringLiteral("<br><span class=\"meta\">By %1 at %2</span></p>\n")
                   .arg(esc(a.author.isEmpty() ? QStringLiteral("unknown") : a.author), esc(isoTime(a.modified)));
        if (!a.note.isEmpty())
            out += QStringLiteral("<div class=\"markdown note\">") + markdownToSafeHtml(a.note, EmbeddedHeadingLevel)
                + QStringLiteral("</div>\n");
        return out;
    }

    // Comments on versions the diff does not show: an excerpt of that version around the line.
    QString otherComments() const
    {
        QString out;
        for (const PlacedComment& pc : m_rc.comments) {
            const QString& id = pc.comment.anchor.versionId;
            if (!id.isEmpty() && (id == m_rc.predictId || id == m_rc.bestId))
                continue;
            out += QStringLiteral("<div class=\"cmt\">%1").arg(commentBody(pc));
            out += excerpt(pc);
            out += QStringLiteral("</div>\n");
        }
        return out.isEmpty() ? out : QStringLiteral("<h3>Comments on other versions</h3>\n") + out;
    }

    QString excerpt(const PlacedComment& pc) const
    {
        const int line = pc.comment.anchor.line;
        if (pc.state == AnchorState::Missing || pc.versionText.isEmpty())
            return QStringLiteral("<pre>%1 | %2</pre>").arg(line + 1).arg(esc(pc.comment.anchor.lineText));
        const QStringList lines = splitLines(pc.versionText);
        const HighlightedLines styles = highlight(pc.versionText);
        QString out = QStringLiteral("<table class=\"diff\">");
        for (int i = std::max(0, line - m_options.contextLines); i <= std::min(int(lines.size()) - 1, line + m_options.contextLines); ++i) {
            out += QStringLiteral("<tr class=\"%1\"><td class=\"ln\">%2</td><td class=\"l\">%3</td></tr>")
                       .arg(i == line ? QStringLiteral("chg") : QStringLiteral("eq"))
                       .arg(i + 1)
                       .arg(codeLineHtml(lines.at(i), styles.value(i), {}, QString()));
        }
        return out + QStringLiteral("</table>");
    }

    const ReportCase& m_rc;
    int m_number;
    const HtmlReportOptions& m_options;
};

QString summarySection(const ReportSummary& summary, const QVector<ReportCase>& cases)
{
    QString out = QStringLiteral("<div id=\"summary\"><a name=\"summary\"></a><h1>Review report: %1</h1>\n").arg(esc(summary.runName));
    out += QStringLiteral("<p class=\"meta\">Run: <code class=\"run-path\">%1</code><br>Generated: <span class=\"generated\">%2</span><br>"
                          "Scope: %3 (%4 of %5 cases)</p>\n")
               .arg(esc(summary.runPath), esc(isoTime(summary.generated)), esc(exportScopeName(summary.scope)))
               .arg(cases.size())
               .arg(summary.totalCases);
    out += QStringLiteral("<table class=\"counts\">\n") + row({QStringLiteral("Outcome"), QStringLiteral("Cases")}, QStringLiteral("th"));
    for (auto it = summary.byOutcome.cbegin(); it != summary.byOutcome.cend(); ++it)
        out += row({esc(outcomeTitle(it.key())), QString::number(it.value())});
    out += QStringLiteral("</table>\n<table class=\"counts\">\n")
        + row({QStringLiteral("Verdict"), QStringLiteral("Cases")}, QStringLiteral("th"));
    for (auto it = summary.byVerdict.cbegin(); it != summary.byVerdict.cend(); ++it)
        out += row({esc(verdictTitle(it.key())), QString::number(it.value())});
    out += QStringLiteral("</table>\n<h2>Cases</h2>\n<table class=\"cases\">\n");
    out += row({QStringLiteral("#"), QStringLiteral("Case"), QStringLiteral("Outcome"), QStringLiteral("Best stage"),
                   QStringLiteral("Verdict"), QStringLiteral("Tags"), QStringLiteral("Rerun")},
        QStringLiteral("th"));
    for (int i = 0; i < cases.size(); ++i) {
        const ReportCase& rc = cases.at(i);
        out += row({QString::number(i + 1), QStringLiteral("<a href=\"#%1\">%2</a>").arg(caseAnchor(i + 1), esc(rc.filename)),
            esc(outcomeTitle(rc.latest)), esc(stageName(rc.best)),
            esc(rc.annotation.isReviewed() ? verdictTitle(rc.annotation.verdict) : QString()),
            esc(rc.annotation.tags.join(QStringLiteral(", "))), esc(rc.rerun ? reportRerunSummary(*rc.rerun) : QString())});
    }
    return out + QStringLiteral("</table>\n</div>\n");
}

// The newest batch rerun, as the Markdown report has it.
QString batchSection(const BatchRecord& batch)
{
    const BatchSummary& s = batch.summary;
    QString out = QStringLiteral("<div id=\"batch\"><h2>Newest batch rerun</h2>\n");
    out += QStringLiteral("<p class=\"meta\">Batch <code>%1</code>, ended %2%3<br>Profile %4, version %5, %6 cases</p>\n")
               .arg(esc(batch.id), esc(isoTime(batch.ended)), batch.cancelled ? QStringLiteral(" (cancelled)") : QString(),
                   esc(batch.profile), esc(batch.version))
               .arg(s.entries().size());
    out += QStringLiteral("<table class=\"counts\">\n")
        + row({QStringLiteral("Verdict level"), QStringLiteral("Cases")}, QStringLiteral("th"));
    const auto counts = s.countsByLevel();
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        out += row({esc(it.key()), QString::number(it.value())});
    out += QStringLiteral("</table>\n");
    const SpeedupBins bins = speedupBins(s.countedSpeedups());
    if (bins.emptyMessage.isEmpty()) {
        out += QStringLiteral("<p>Device-time speedups that count (clean passes and passes with notes; suspect ones never "
                              "count):</p>\n<table class=\"counts\">\n")
            + row({QStringLiteral("Speedup"), QStringLiteral("Cases")}, QStringLiteral("th"));
        for (int i = 0; i < bins.counts.size(); ++i)
            out += row({esc(bins.axis.labels.at(i)), QString::number(int(bins.counts.at(i)))});
        out += QStringLiteral("</table>\n");
    } else {
        out += QStringLiteral("<p>%1.</p>\n").arg(esc(bins.emptyMessage));
    }
    const auto list = [](const QString& title, const QVector<BatchEntry>& entries) -> QString {
        if (entries.isEmpty())
            return QString();
        QString table = QStringLiteral("<p>%1:</p>\n<table class=\"cases\">\n").arg(esc(title))
            + row({QStringLiteral("Case"), QStringLiteral("Verdict"), QStringLiteral("Flags"), QStringLiteral("Speedup"),
                      QStringLiteral("Seconds")},
                QStringLiteral("th"));
        for (const BatchEntry& e : entries)
            table += row({esc(e.caseName), esc(e.level()), esc(e.flags.join(QStringLiteral(", "))), esc(e.speedupText()),
                QString::number(e.seconds, 'f', 1)});
        return table + QStringLiteral("</table>\n");
    };
    out += list(QStringLiteral("Most suspicious (suspect flags; suspect passes first)"), s.mostSuspicious(10));
    out += list(QStringLiteral("Slowest"), s.slowest(5));
    return out + QStringLiteral("</div>\n");
}

// Comparing runs, as the Markdown report has it.
QString comparisonSection(const RunComparison& comparison, const ReportSummary& summary)
{
    QString out = QStringLiteral("<div id=\"comparison\"><h2>Compared with another run</h2>\n");
    out += QStringLiteral("<p class=\"meta\">A: %1 (<code>%2</code>)<br>B: %3 (<code>%4</code>)</p>\n")
               .arg(esc(comparison.nameA()), esc(summary.runPath), esc(comparison.nameB()), esc(summary.comparedPath));
    out += QStringLiteral("<table class=\"counts\">\n") + row({QStringLiteral("Bucket"), QStringLiteral("Cases")}, QStringLiteral("th"));
    for (int i = 0; i < CompareBucketCount; ++i)
        out += row({esc(compareBucketTitle(CompareBucket(i))), QString::number(comparison.count(CompareBucket(i)))});
    out += QStringLiteral("</table>\n");
    const QString none = QStringLiteral("—");
    for (int i = 0; i < CompareBucketCount; ++i) {
        const auto bucket = CompareBucket(i);
        if (comparison.count(bucket) == 0)
            continue;
        out += QStringLiteral("<h3>%1 (%2)</h3>\n<table class=\"cases\">\n")
                   .arg(esc(compareBucketTitle(bucket)))
                   .arg(comparison.count(bucket))
            + row({QStringLiteral("Case"), QStringLiteral("A latest"), QStringLiteral("A best"), QStringLiteral("B latest"),
                      QStringLiteral("B best")},
                QStringLiteral("th"));
        for (int index : comparison.casesIn(bucket)) {
            const ComparedCase& c = comparison.cases().at(index);
            out += row({esc(c.filename), c.inA() ? esc(outcomeTitle(c.latestA)) : none, c.inA() ? esc(stageName(c.bestA)) : none,
                c.inB() ? esc(outcomeTitle(c.latestB)) : none, c.inB() ? esc(stageName(c.bestB)) : none});
        }
        out += QStringLiteral("</table>\n");
    }
    return out + QStringLiteral("</div>\n");
}

} // namespace

QString plotResourceName(int caseIndex)
{
    return QLatin1String(PlotResourcePrefix) + QString::number(caseIndex) + QStringLiteral(".png");
}

QString caseAnchor(int number)
{
    return QStringLiteral("case-%1").arg(number);
}

namespace {

QString documentHead(const ReportSummary& summary, bool pagedParts = false, const QString& codeFontFamily = {})
{
    // Paged parts: no page break before a case either; each part starts on a page of its own.
    QString css = QLatin1String(pagedParts ? PagedCss : Css);
    if (pagedParts && !codeFontFamily.isEmpty()) {
        QString family = codeFontFamily;
        family.remove(QLatin1Char('\'')).remove(QLatin1Char('"')).remove(QLatin1Char(';')).remove(QLatin1Char('}'));
        css.replace(QLatin1String("font-family:monospace"), QStringLiteral("font-family:'%1'").arg(family));
    }
    QString out = QStringLiteral(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">\n"
        "<meta name=\"generator\" content=\"Kernel Review Workbench\">\n");
    out += QStringLiteral("<title>Review report: %1</title>\n<style>").arg(esc(summary.runName)) + css
        + QStringLiteral("</style>\n</head>\n<body>\n");
    return out;
}

const QString DocumentTail = QStringLiteral("</body>\n</html>\n");

} // namespace

QByteArray reportHtml(const ReportSummary& summary, const QVector<ReportCase>& cases, const HtmlReportOptions& options)
{
    QString out = documentHead(summary) + summarySection(summary, cases)
        + (summary.comparison ? comparisonSection(*summary.comparison, summary) : QString())
        + (summary.batch ? batchSection(*summary.batch) : QString());
    for (int i = 0; i < cases.size(); ++i)
        out += CaseWriter(cases.at(i), i + 1, options).html();
    out += DocumentTail;
    return out.toUtf8();
}

QVector<QByteArray> reportHtmlParts(const ReportSummary& summary, const QVector<ReportCase>& cases, const HtmlReportOptions& options)
{
    const QString head = documentHead(summary, true, options.codeFontFamily);
    QVector<QByteArray> parts;
    parts.reserve(cases.size() + 1);
    parts.append(
        QString(head + summarySection(summary, cases) + (summary.comparison ? comparisonSection(*summary.comparison, summary) : QString())
            + (summary.batch ? batchSection(*summary.batch) : QString()) + DocumentTail)
            .toUtf8());
    for (int i = 0; i < cases.size(); ++i)
        parts.append(QString(head + CaseWriter(cases.at(i), i + 1, options).html() + DocumentTail).toUtf8());
    return parts;
}

} // namespace krw
