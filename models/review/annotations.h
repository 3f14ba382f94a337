// SPDX-License-Identifier: MIT
//
// What a reviewer concluded about a case: a verdict from a fixed vocabulary, free tags, a
// Markdown note and comments anchored to one line of one version. Value types and their JSON
// form only; AnnotationStore (runner/) keeps them in the sidecar file next to the run.
#pragma once

#include <QDateTime>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace krw {

// The fixed vocabulary (docs/ANNOTATIONS.md). Names are stable: they are stored and exported.
enum class Verdict {
    None, // not reviewed
    ModelError, // "model_error": the model's code is wrong
    TestProblem, // "test_problem": the test or the harness is at fault
    InstructionMismatch, // "instruction_mismatch": the instruction disagrees with the label
    FlakyEnvironment, // "flaky_environment": flaky, or caused by the environment
    CorrectAfterAll, // "correct_after_all": the prediction is right despite the flags
    NeedsSecondLook, // "needs_second_look": undecided, someone should look again
};
constexpr int VerdictCount = 7;

struct VerdictInfo
{
    Verdict verdict;
    QString name; // stored and exported: "model_error"
    QString title; // for people: "Model error"
    QString description; // one sentence, for tooltips and the report legend
    int key; // the triage key, '1'..'6' (0 for None)
};

// Every verdict but None, in triage-key order.
const QVector<VerdictInfo>& verdictVocabulary();
const VerdictInfo& verdictInfo(Verdict verdict);
std::optional<Verdict> verdictFromName(const QString& name);

// Where a line comment points: a version of a case, identified by its id and the hash of its
// text at the time, and the line (0-based) with its text.
struct LineAnchor
{
    QString versionId; // CodeVersion::id() or a local version's id
    QString contentHash; // versionContentHash() of the whole text
    int line = 0;
    QString lineText;
};

struct LineComment
{
    QString id; // unique within the case (a UUID)
    LineAnchor anchor;
    QString text; // Markdown
    QString author;
    QDateTime created;
};

// A comment is Current when its version still has the same text; Stale when the text changed
// (the comment is shown where it was, never moved silently); Missing when the version is gone.
enum class AnchorState { Current, Stale, Missing };
AnchorState anchorState(const LineAnchor& anchor, const std::optional<QString>& versionText);
QString versionContentHash(const QString& text); // SHA-256 of the UTF-8 text, hex

struct CaseAnnotation
{
    Verdict verdict = Verdict::None;
    QStringList tags; // trimmed, unique, in the order given
    QString note; // Markdown
    QVector<LineComment> comments;
    QString author; // who changed it last
    QDateTime modified; // when (UTC)

    bool isReviewed() const { return verdict != Verdict::None; }
    bool isEmpty() const { return verdict == Verdict::None && tags.isEmpty() && note.isEmpty() && comments.isEmpty(); }
    bool operator==(const CaseAnnotation& o) const;
    bool operator!=(const CaseAnnotation& o) const { return !(*this == o); }
};

// Case filename → annotation. Empty annotations are not kept.
using AnnotationMap = QMap<QString, CaseAnnotation>;

// What the sidecar would hold after a round trip: tags trimmed, comments that cannot be stored
// dropped. Keeping annotations in this form makes "changed" mean a change that shows in the file.
CaseAnnotation normalizedAnnotation(const CaseAnnotation& annotation);

// Tags as typed ("perf, layout  ,perf") → {"perf", "layout"}.
QStringList normalizedTags(const QString& typed);

// The sidecar document: {"format": "kernel-review-annotations", "version": 1, "run": ...,
// "cases": {filename: {...}}}. Parsing never throws: problems are returned as messages naming
// the case and field, and every valid case is kept.
QByteArray annotationsToJson(const AnnotationMap& annotations, const QString& runName);
AnnotationMap annotationsFromJson(const QByteArray& json, QStringList* problems);

} // namespace krw
