// SPDX-License-Identifier: MIT
#include "models/lint/constantcheck.h"

#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/run/caseversions.h"

#include <QMap>
#include <QRegularExpression>
#include <QSet>

namespace krw {

namespace {

struct Value
{
    qint64 value = 0;
    int line = 0;
};
using Constants = QMap<QString, QVector<Value>>; // name → every value it is given, in text order

// Names worth comparing: ALL_CAPS, three characters or more (BLOCK_SIZE, NUM_WARPS; not N or M,
// which are sizes, not settings).
const QString namePattern = QStringLiteral(R"([A-Z][A-Z0-9_]{2,})");

void add(Constants& constants, const QString& name, const QString& number, int line)
{
    bool ok = false;
    const qint64 v = number.toLongLong(&ok);
    if (ok)
        constants[name].append({v, line});
}

// `NAME = 256` or `NAME=256` in prose (the instruction), code spans included.
Constants instructionConstants(const QString& text)
{
    Constants constants;
    static const QRegularExpression re(QStringLiteral(R"((?<![\w.])(%1)\s*=\s*(\d+)(?![\w(]|\.\d))").arg(namePattern));
    for (auto it = LintSource::globalMatch(re, text); it.hasNext();) {
        const auto m = it.next();
        add(constants, m.captured(1), m.captured(2), LintSource::lineAt(text, int(m.capturedStart())));
    }
    return constants;
}

// Assignments, keyword arguments and defaults in code; C++ #define and constexpr/const too.
Constants codeConstants(const QString& text)
{
    Constants constants;
    const CodeLanguage language = LintSource::language(text);
    if (language == CodeLanguage::Plain)
        return constants;
    const bool cpp = language == CodeLanguage::Cpp;
    const QString masked = LintSource::mask(text, cpp ? LintSource::Language::Cpp : LintSource::Language::Python, true);
    // NAME = 256, NAME=256, NAME: tl.constexpr = 256, const int NAME = 256
    static const QRegularExpression assign(
        QStringLiteral(R"((?<![\w.])(%1)\s*(?::[^=\n,()]*)?=(?!=)\s*(\d+)(?![\w(]|\.\d))").arg(namePattern));
    static const QRegularExpression define(
        QStringLiteral(R"(^[ \t]*#[ \t]*define[ \t]+(%1)[ \t]+\(?(\d+)\)?[ \t]*$)").arg(namePattern), QRegularExpression::MultilineOption);
    // BLOCK_T, BLOCK_D = 16, 128
    static const QRegularExpression tuple(
        QStringLiteral(R"(^[ \t]*(%1(?:[ \t]*,[ \t]*%1)+)[ \t]*=[ \t]*(\d+(?:[ \t]*,[ \t]*\d+)+)[ \t]*$)").arg(namePattern),
        QRegularExpression::MultilineOption);
    QSet<int> tupleLines; // `A, B = 16, 128` is no `B = 16`
    for (auto it = LintSource::globalMatch(tuple, masked); !cpp && it.hasNext();)
        tupleLines.insert(LintSource::lineAt(masked, int(it.next().capturedStart(1))));
    for (auto it = LintSource::globalMatch(assign, masked); it.hasNext();) {
        const auto m = it.next();
        const int line = LintSource::lineAt(masked, int(m.capturedStart()));
        if (!tupleLines.contains(line))
            add(constants, m.captured(1), m.captured(2), line);
    }
    if (cpp) {
        for (auto it = LintSource::globalMatch(define, masked); it.hasNext();) {
            const auto m = it.next();
            add(constants, m.captured(1), m.captured(2), LintSource::lineAt(masked, int(m.capturedStart())));
        }
    } else {
        for (auto it = LintSource::globalMatch(tuple, masked); it.hasNext();) {
            const auto m = it.next();
            const QStringList names = m.captured(1).split(QLatin1Char(','));
            const QStringList values = m.captured(2).split(QLatin1Char(','));
            if (names.size() != values.size())
                continue;
            for (int k = 0; k < names.size(); ++k)
                add(constants, names.at(k).trimmed(), values.at(k).trimmed(), LintSource::lineAt(masked, int(m.capturedStart())));
        }
    }
    return constants;
}

bool overlaps(const QVector<Value>& a, const QVector<Value>& b)
{
    for (const Value& x : a) {
        for (const Value& y : b) {
            if (x.value == y.value)
                return true;
        }
    }
    return false;
}

QString values(const QVector<Value>& list)
{
    QStringList out;
    for (const Value& v : list) {
        const QString s = QString::number(v.value);
        if (!out.contains(s))
            out << s;
    }
    return out.join(QStringLiteral(" or "));
}

} // namespace

LintHints ConstantCheck::run(const LintTexts& texts)
{
    LintHints hints;
    if (texts.label.trimmed().isEmpty())
        return hints;
    const Constants label = codeConstants(texts.label);
    if (label.isEmpty())
        return hints;
    const Constants instruction = instructionConstants(texts.instruction);
    for (auto it = instruction.cbegin(); it != instruction.cend(); ++it) {
        const auto found = label.constFind(it.key());
        if (found == label.cend() || overlaps(*it, *found))
            continue;
        hints.append({name(), QStringLiteral("label"), found->constFirst().line,
            QStringLiteral("the instruction says `%1 = %2`, but the label uses %3 (instruction line %4)")
                .arg(it.key(), values(*it), values(*found))
                .arg(it->constFirst().line)});
    }
    const CodeLanguage labelLanguage = LintSource::language(texts.label);
    for (const LintPrediction& p : texts.predictions) {
        if (p.text.trimmed().isEmpty())
            continue;
        const Constants predicted = codeConstants(p.text);
        // In a translation (Triton label, HIP prediction) a constant of the same name should keep
        // its value. In the same language, choosing another block size is tuning, the agent's
        // job: only a constant the instruction fixes counts there.
        const bool translation = LintSource::language(p.text) != labelLanguage;
        for (auto it = predicted.cbegin(); it != predicted.cend(); ++it) {
            const auto found = label.constFind(it.key());
            if (found == label.cend() || overlaps(*it, *found))
                continue;
            if (!translation && !instruction.contains(it.key()))
                continue;
            QString message = QStringLiteral("`%1` is %2 here, but %3 in the label (label line %4)")
                                  .arg(it.key(), values(*it), values(*found))
                                  .arg(found->constFirst().line);
            const auto said = instruction.constFind(it.key());
            if (said != instruction.cend() && overlaps(*it, *said))
                message += QStringLiteral("; the instruction says %1").arg(values(*said));
            hints.append({name(), p.version, it->constFirst().line, message});
        }
    }
    return hints;
}

} // namespace krw
