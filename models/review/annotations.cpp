// SPDX-License-Identifier: MIT
#include "models/review/annotations.h"

#include <QCryptographicHash>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace krw {

namespace {

using nlohmann::json;

constexpr const char* FormatName = "kernel-review-annotations";
constexpr int FormatVersion = 1;

std::string utf8(const QString& s)
{
    return s.toStdString();
}

QString qstr(const json& value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

std::string isoTime(const QDateTime& time)
{
    return time.isValid() ? utf8(time.toUTC().toString(Qt::ISODateWithMs)) : std::string();
}

QDateTime timeFrom(const json& value)
{
    QDateTime time = QDateTime::fromString(qstr(value), Qt::ISODateWithMs);
    if (!time.isValid())
        time = QDateTime::fromString(qstr(value), Qt::ISODate);
    return time;
}

json commentToJson(const LineComment& c)
{
    return json{
        {"id", utf8(c.id)},
        {"version", utf8(c.anchor.versionId)},
        {"content_sha256", utf8(c.anchor.contentHash)},
        {"line", c.anchor.line + 1}, // 1-based in the file, as editors count
        {"line_text", utf8(c.anchor.lineText)},
        {"text", utf8(c.text)},
        {"author", utf8(c.author)},
        {"created", isoTime(c.created)},
    };
}

json caseToJson(const CaseAnnotation& a)
{
    json tags = json::array();
    for (const QString& tag : a.tags)
        tags.push_back(utf8(tag));
    json comments = json::array();
    for (const LineComment& c : a.comments)
        comments.push_back(commentToJson(c));
    return json{
        {"verdict", a.verdict == Verdict::None ? json(nullptr) : json(utf8(verdictInfo(a.verdict).name))},
        {"tags", tags},
        {"note", utf8(a.note)},
        {"comments", comments},
        {"author", utf8(a.author)},
        {"modified", isoTime(a.modified)},
    };
}

// Reads one comment; a comment without its anchor is useless, so it is dropped with a message.
std::optional<LineComment> commentFromJson(const json& value, const QString& where, QStringList* problems)
{
    if (!value.is_object()) {
        problems->append(QStringLiteral("%1: not an object").arg(where));
        return std::nullopt;
    }
    LineComment c;
    c.id = qstr(value.value("id", json()));
    c.anchor.versionId = qstr(value.value("version", json()));
    c.anchor.contentHash = qstr(value.value("content_sha256", json()));
    const json line = value.value("line", json());
    if (c.id.isEmpty() || c.anchor.versionId.isEmpty() || !line.is_number_integer() || line.get<long long>() < 1) {
        problems->append(QStringLiteral("%1: needs \"id\", \"version\" and a \"line\" of 1 or more").arg(where));
        return std::nullopt;
    }
    c.anchor.line = int(std::min<long long>(line.get<long long>(), 1 << 30)) - 1;
    c.anchor.lineText = qstr(value.value("line_text", json()));
    c.text = qstr(value.value("text", json()));
    c.author = qstr(value.value("author", json()));
    c.created = timeFrom(value.value("created", json()));
    return c;
}

std::optional<CaseAnnotation> caseFromJson(const json& value, const QString& name, QStringList* problems)
{
    const QString where = QStringLiteral("case \"%1\"").arg(name);
    if (!value.is_object()) {
        problems->append(QStringLiteral("%1: not an object").arg(where));
        return std::nullopt;
    }
    CaseAnnotation a;
    const json verdict = value.value("verdict", json());
    if (verdict.is_string()) {
        if (const auto v = verdictFromName(qstr(verdict)))
            a.verdict = *v;
        else
            problems->append(QStringLiteral("%1, field \"verdict\": unknown verdict \"%2\"").arg(where, qstr(verdict)));
    } else if (!verdict.is_null()) {
        problems->append(QStringLiteral("%1, field \"verdict\": not a string").arg(where));
    }
    const json tags = value.value("tags", json::array());
    if (tags.is_array()) {
        for (const json& tag : tags) {
            if (tag.is_string() && !qstr(tag).trimmed().isEmpty() && !a.tags.contains(qstr(tag).trimmed()))
                a.tags.append(qstr(tag).trimmed());
        }
    } else {
        problems->append(QStringLiteral("%1, field \"tags\": not a list").arg(where));
    }
    a.note = qstr(value.value("note", json()));
    const json comments = value.value("comments", json::array());
    if (comments.is_array()) {
        for (size_t i = 0; i < comments.size(); ++i) {
            const QString at = QStringLiteral("%1, field \"comments[%2]\"").arg(where).arg(i);
            if (auto c = commentFromJson(comments[i], at, problems))
                a.comments.append(*c);
        }
    } else {
        problems->append(QStringLiteral("%1, field \"comments\": not a list").arg(where));
    }
    a.author = qstr(value.value("author", json()));
    a.modified = timeFrom(value.value("modified", json()));
    return a;
}

} // namespace

const QVector<VerdictInfo>& verdictVocabulary()
{
    static const QVector<VerdictInfo> vocabulary = {
        {Verdict::ModelError, QStringLiteral("model_error"), QStringLiteral("Model error"),
            QStringLiteral("The model's code is wrong: the failure is the model's."), '1'},
        {Verdict::TestProblem, QStringLiteral("test_problem"), QStringLiteral("Test or harness problem"),
            QStringLiteral("The test code or the harness is at fault, not the prediction."), '2'},
        {Verdict::InstructionMismatch, QStringLiteral("instruction_mismatch"), QStringLiteral("Instruction disagrees with label"),
            QStringLiteral("The instruction asks for something other than the ground-truth label does."), '3'},
        {Verdict::FlakyEnvironment, QStringLiteral("flaky_environment"), QStringLiteral("Flaky or environment"),
            QStringLiteral("The result depends on the machine, the toolchain or chance."), '4'},
        {Verdict::CorrectAfterAll, QStringLiteral("correct_after_all"), QStringLiteral("Correct after all"),
            QStringLiteral("The prediction is right although a stage flagged it."), '5'},
        {Verdict::NeedsSecondLook, QStringLiteral("needs_second_look"), QStringLiteral("Needs a second look"),
            QStringLiteral("Undecided: someone should look at it again."), '6'},
    };
    return vocabulary;
}

const VerdictInfo& verdictInfo(Verdict verdict)
{
    static const VerdictInfo none{
        Verdict::None, QStringLiteral("none"), QStringLiteral("Not reviewed"), QStringLiteral("No verdict yet."), 0};
    for (const VerdictInfo& info : verdictVocabulary()) {
        if (info.verdict == verdict)
            return info;
    }
    return none;
}

std::optional<Verdict> verdictFromName(const QString& name)
{
    for (const VerdictInfo& info : verdictVocabulary()) {
        if (info.name == name)
            return info.verdict;
    }
    return std::nullopt;
}

QString versionContentHash(const QString& text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

AnchorState anchorState(const LineAnchor& anchor, const std::optional<QString>& versionText)
{
    if (!versionText)
        return AnchorState::Missing;
    return versionContentHash(*versionText) == anchor.contentHash ? AnchorState::Current : AnchorState::Stale;
}

bool CaseAnnotation::operator==(const CaseAnnotation& o) const
{
    auto sameComments = [&] {
        if (comments.size() != o.comments.size())
            return false;
        for (int i = 0; i < comments.size(); ++i) {
            const LineComment &a = comments[i], &b = o.comments[i];
            if (a.id != b.id || a.text != b.text || a.anchor.versionId != b.anchor.versionId || a.anchor.contentHash != b.anchor.contentHash
                || a.anchor.line != b.anchor.line || a.anchor.lineText != b.anchor.lineText || a.author != b.author
                || a.created != b.created)
                return false;
        }
        return true;
    };
    return verdict == o.verdict && tags == o.tags && note == o.note && author == o.author && modified == o.modified && sameComments();
}

CaseAnnotation normalizedAnnotation(const CaseAnnotation& annotation)
{
    const QString key = QStringLiteral("case");
    AnnotationMap one;
    one.insert(key, annotation);
    QStringList ignored;
    return annotationsFromJson(annotationsToJson(one, QString()), &ignored).value(key);
}

QStringList normalizedTags(const QString& typed)
{
    QStringList tags;
    for (const QString& part : typed.split(QLatin1Char(','))) {
        const QString tag = part.simplified();
        if (!tag.isEmpty() && !tags.contains(tag))
            tags.append(tag);
    }
    return tags;
}

QByteArray annotationsToJson(const AnnotationMap& annotations, const QString& runName)
{
    json cases = json::object();
    for (auto it = annotations.cbegin(); it != annotations.cend(); ++it) {
        if (!it->isEmpty())
            cases[utf8(it.key())] = caseToJson(*it);
    }
    const json doc{
        {"format", FormatName},
        {"version", FormatVersion},
        {"run", utf8(runName)},
        {"cases", cases},
    };
    return QByteArray::fromStdString(doc.dump(1, '\t', false, json::error_handler_t::replace)) + '\n';
}

AnnotationMap annotationsFromJson(const QByteArray& bytes, QStringList* problems)
{
    AnnotationMap annotations;
    const json doc = json::parse(bytes.constBegin(), bytes.constEnd(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        problems->append(QStringLiteral("not a JSON object"));
        return annotations;
    }
    if (doc.value("format", json()) != FormatName) {
        problems->append(QStringLiteral("field \"format\": not \"%1\"").arg(QLatin1String(FormatName)));
        return annotations;
    }
    const json version = doc.value("version", json());
    if (!version.is_number_integer() || version.get<int>() > FormatVersion) {
        problems->append(QStringLiteral("field \"version\": this build reads version %1").arg(FormatVersion));
        return annotations;
    }
    const json cases = doc.value("cases", json::object());
    if (!cases.is_object()) {
        problems->append(QStringLiteral("field \"cases\": not an object"));
        return annotations;
    }
    for (auto it = cases.begin(); it != cases.end(); ++it) {
        const QString name = QString::fromStdString(it.key());
        if (auto a = caseFromJson(it.value(), name, problems); a && !a->isEmpty())
            annotations.insert(name, *a);
    }
    return annotations;
}

} // namespace krw
