// SPDX-License-Identifier: MIT
#include "models/browse/errorlinks.h"

#include "models/diff/linediff.h"
#include "models/run/debugfolder.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

#include <cstdlib>

namespace krw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("krw::ErrorLinks", text);
}

QString lineCount(int n)
{
    return n == 1 ? tr("1 line") : tr("%1 lines").arg(n);
}

const QStringList& cppExtensions()
{
    static const QStringList extensions{QStringLiteral("hip"), QStringLiteral("cpp"), QStringLiteral("cu"), QStringLiteral("cc"),
        QStringLiteral("cxx"), QStringLiteral("c"), QStringLiteral("h"), QStringLiteral("hpp"), QStringLiteral("cuh")};
    return extensions;
}

// "candidate_call_fix.hip.cpp" → "candidate_call_fix": every code extension comes off.
QString codeStem(const QString& fileName)
{
    QString stem = fileName;
    for (int dot = int(stem.lastIndexOf(QLatin1Char('.'))); dot > 0; dot = int(stem.lastIndexOf(QLatin1Char('.')))) {
        const QString extension = stem.mid(dot + 1).toLower();
        if (!cppExtensions().contains(extension) && extension != QLatin1String("py"))
            break;
        stem.truncate(dot);
    }
    return stem;
}

bool isCppFile(const QString& fileName)
{
    return cppExtensions().contains(QFileInfo(fileName).suffix().toLower());
}

// What a file stands for: one version, or a program made of versions one after the other.
struct Part
{
    const CodeVersion* version = nullptr;
    QStringList lines;
};

struct Target
{
    QVector<Part> parts;
    bool harness = false; // a program around the parts whose line numbers are not theirs
    bool isValid() const { return !parts.isEmpty(); }
};

class Resolver
{
public:
    Resolver(const QString& caseFilename, int iteration, const QVector<CodeVersion>& versions, const CaseTexts& texts)
        : m_caseFilename(caseFilename)
        , m_caseStem(codeStem(caseFilename))
        , m_iteration(iteration)
        , m_versions(versions)
        , m_texts(texts)
    {
    }

    ErrorLink resolve(const QString& message, const SourceRef& ref) const
    {
        ErrorLink link;
        link.ref = ref;
        link.quoted = quotedSourceLine(message, ref);
        if (isLibraryPath(ref.file)) {
            link.kind = ErrorLink::Kind::Library;
            return link;
        }
        const Target target = targetOf(ref.file);
        if (!target.isValid()) {
            link.kind = ErrorLink::Kind::NotThisCase;
            link.toolTip = tr("Not linked: %1 is not a file of this case").arg(ref.file);
            return link;
        }
        link.versionId = target.parts.first().version->id();
        link.versionTitle = titleOf(target);
        if (!link.quoted.isEmpty())
            return resolveQuoted(target, link);
        if (target.harness) {
            link.kind = ErrorLink::Kind::NotThisCase;
            link.toolTip = tr("Not linked: %1 is the harness program around %2, and the message quotes no line to find there")
                               .arg(ref.file, link.versionTitle);
            return link;
        }
        int line = ref.line;
        for (const Part& part : target.parts) {
            if (line <= part.lines.size())
                return linked(link, *part.version, line, ref.line);
            line -= int(part.lines.size());
        }
        int total = 0;
        for (const Part& part : target.parts)
            total += int(part.lines.size());
        link.kind = ErrorLink::Kind::PastEnd;
        link.toolTip = tr("Not linked: line %1 is past the end of %2 (%3)").arg(ref.line).arg(link.versionTitle, lineCount(total));
        return link;
    }

private:
    ErrorLink resolveQuoted(const Target& target, ErrorLink link) const
    {
        const QString wanted = link.quoted.simplified();
        const Part* bestPart = nullptr;
        int bestLine = 0;
        int bestDistance = 0;
        int offset = 0; // lines of the program before this part
        for (const Part& part : target.parts) {
            for (int i = 0; i < part.lines.size(); ++i) {
                if (part.lines.at(i).simplified() != wanted)
                    continue;
                const int distance = std::abs(offset + i + 1 - link.ref.line);
                if (!bestPart || distance < bestDistance) {
                    bestPart = &part;
                    bestLine = i + 1;
                    bestDistance = distance;
                }
            }
            offset += int(part.lines.size());
        }
        if (!bestPart) {
            link.kind = ErrorLink::Kind::NotInVersion;
            link.toolTip = tr("Not linked: quoted line not in this version (%1): “%2”").arg(link.versionTitle, link.quoted);
            return link;
        }
        // The line the message names, counted in the program, against where the text is.
        return linked(link, *bestPart->version, bestLine, target.harness || bestDistance != 0 ? link.ref.line : 0);
    }

    static ErrorLink linked(ErrorLink link, const CodeVersion& version, int line, int namedLine)
    {
        link.kind = ErrorLink::Kind::Link;
        link.versionId = version.id();
        link.versionTitle = version.title();
        link.line = line;
        if (namedLine == 0 || namedLine == line)
            link.toolTip = tr("Opens %1 at line %2").arg(version.title()).arg(line);
        else
            link.toolTip = tr("Opens %1 at line %2, where the quoted line is (the message says line %3)")
                               .arg(version.title())
                               .arg(line)
                               .arg(namedLine);
        return link;
    }

    static QString titleOf(const Target& target)
    {
        QStringList titles;
        for (const Part& part : target.parts)
            titles << part.version->title();
        return titles.join(QStringLiteral(" + "));
    }

    const CodeVersion* find(CodeVersion::Kind kind, int perfIndex = -1) const
    {
        const bool perIteration = kind != CodeVersion::Kind::Label && kind != CodeVersion::Kind::TestCode;
        for (const CodeVersion& v : m_versions) {
            if (v.kind == kind && (!perIteration || v.iteration == m_iteration) && (perfIndex < 0 || v.perfIndex == perfIndex))
                return &v;
        }
        return nullptr;
    }

    void add(Target* target, const CodeVersion* version) const
    {
        if (version)
            target->parts.append(Part{version, splitLines(m_texts.text(version->id()))});
    }

    const CodeVersion* cppVersionNamed(const QString& stem) const
    {
        if (stem == m_caseStem || stem == DebugFolder::PredictStem)
            return find(CodeVersion::Kind::Predict);
        if (stem == DebugFolder::CallFixStem)
            return find(CodeVersion::Kind::CallFix);
        if (stem == DebugFolder::ExeFixStem)
            return find(CodeVersion::Kind::ExeFix);
        for (const CodeVersion& v : m_versions) {
            if (v.kind == CodeVersion::Kind::Perf && v.iteration == m_iteration && stem == DebugFolder::perfFixStem(v.perfIndex + 1))
                return &v;
        }
        return nullptr;
    }

    Target targetOf(const QString& path) const
    {
        Target target;
        const QFileInfo info(path);
        const QString name = info.fileName();
        const QString stem = codeStem(name);
        if (isCppFile(name)) {
            add(&target, cppVersionNamed(stem));
            return target;
        }
        if (!name.endsWith(QLatin1String(".py")))
            return target;
        if (name == DebugFolder::Label) {
            add(&target, find(CodeVersion::Kind::Label));
        } else if (name == DebugFolder::TestCode || stem.startsWith(QLatin1String("test_")) || stem.endsWith(QLatin1String("_test"))) {
            add(&target, find(CodeVersion::Kind::TestCode));
        } else if (name == m_caseFilename) {
            // The program the harness ran: the code under test, then the test code after it.
            const CodeVersion* predict = find(CodeVersion::Kind::Predict);
            const bool pythonPredict = predict && detectLanguage(m_texts.text(predict->id())) == CodeLanguage::Python;
            add(&target, pythonPredict ? predict : find(CodeVersion::Kind::Label));
            add(&target, find(CodeVersion::Kind::TestCode));
        } else if (!m_caseStem.isEmpty() && QFileInfo(info.path()).fileName() == m_caseStem) {
            add(&target, find(CodeVersion::Kind::TestCode));
            target.harness = true;
        }
        return target;
    }

    QString m_caseFilename;
    QString m_caseStem;
    int m_iteration;
    const QVector<CodeVersion>& m_versions;
    const CaseTexts& m_texts;
};

QString lineAt(const QString& text, int start)
{
    const int end = int(text.indexOf(QLatin1Char('\n'), start));
    return text.mid(start, end < 0 ? -1 : end - start);
}

} // namespace

bool isLibraryPath(const QString& path)
{
    static const QRegularExpression library(
        QStringLiteral("(^|/)(site-packages|dist-packages|torch)/|/lib/python\\d|^/usr/|^/opt/(rocm|conda|cuda)"
                       "|^<"));
    return library.match(path).hasMatch();
}

QString quotedSourceLine(const QString& message, const SourceRef& ref)
{
    const int end = int(message.indexOf(QLatin1Char('\n'), ref.start + ref.length));
    if (end < 0)
        return {};
    const QString next = lineAt(message, end + 1);
    if (message.mid(ref.start, 6) == QLatin1String("File \"")) {
        // Python prints the frame's line indented under it; the next frame or the error is not one.
        const QString trimmed = next.trimmed();
        if (!next.startsWith(QLatin1Char(' ')) || trimmed.startsWith(QLatin1String("File \"")))
            return {};
        return trimmed;
    }
    // Newer clang: "   14 |     code", numbered with the line the diagnostic names.
    static const QRegularExpression numbered(QStringLiteral("^\\s*(\\d+)\\s*\\|(.*)$"));
    const QRegularExpressionMatch m = numbered.match(next);
    if (m.hasMatch())
        return m.captured(1).toInt() == ref.line ? m.captured(2).trimmed() : QString();
    // Older clang, gcc and nvcc: the line as it is, then a caret line under it.
    static const QRegularExpression caret(QStringLiteral("^\\s*[~^][~^\\s]*$"));
    const int afterNext = int(message.indexOf(QLatin1Char('\n'), end + 1));
    if (afterNext < 0 || !caret.match(lineAt(message, afterNext + 1)).hasMatch())
        return {};
    return next.trimmed();
}

QVector<ErrorLink> resolveErrorLinks(
    const QString& message, const QString& caseFilename, int iteration, const QVector<CodeVersion>& versions, const CaseTexts& texts)
{
    const Resolver resolver(caseFilename, iteration, versions, texts);
    QVector<ErrorLink> links;
    for (const SourceRef& ref : findSourceRefs(message))
        links.append(resolver.resolve(message, ref));
    return links;
}

} // namespace krw
