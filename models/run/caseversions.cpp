// SPDX-License-Identifier: MIT
#include "models/run/caseversions.h"

#include <QRegularExpression>

namespace krw {

QString CodeVersion::id() const
{
    if (compared) {
        CodeVersion own = *this;
        own.compared = false;
        return QStringLiteral("b:") + own.id();
    }
    switch (kind) {
    case Kind::Label:
        return QStringLiteral("label");
    case Kind::TestCode:
        return QStringLiteral("test");
    case Kind::Oneshot:
        return QStringLiteral("it%1:oneshot").arg(iteration);
    case Kind::Predict:
        return QStringLiteral("it%1:predict").arg(iteration);
    case Kind::CallFix:
        return QStringLiteral("it%1:call").arg(iteration);
    case Kind::ExeFix:
        return QStringLiteral("it%1:exe").arg(iteration);
    case Kind::Perf:
        return QStringLiteral("it%1:perf:%2").arg(iteration).arg(perfIndex + 1);
    }
    return {};
}

QString CodeVersion::title() const
{
    if (compared) {
        CodeVersion own = *this;
        own.compared = false;
        return QStringLiteral("B · ") + own.title();
    }
    switch (kind) {
    case Kind::Label:
        return QStringLiteral("Label (ground truth)");
    case Kind::TestCode:
        return QStringLiteral("Test code");
    case Kind::Oneshot:
        return attemptTitle(iteration, attempt) + QStringLiteral(" · One-shot example");
    case Kind::Predict:
        return attemptTitle(iteration, attempt) + QStringLiteral(" · Prediction");
    case Kind::CallFix:
        return attemptTitle(iteration, attempt) + QStringLiteral(" · Call fix");
    case Kind::ExeFix:
        return attemptTitle(iteration, attempt) + QStringLiteral(" · Exe fix");
    case Kind::Perf:
        return attemptTitle(iteration, attempt) + QStringLiteral(" · Perf candidate %1").arg(perfIndex + 1);
    }
    return {};
}

namespace {

QVector<CodeVersion> versionsOf(const IterationRecord& r)
{
    QVector<CodeVersion> result;
    auto add = [&](CodeVersion::Kind kind, const TextRef& text, int perfIndex = -1) {
        if (text.hasContent()) {
            result.append({kind, r.iteration, perfIndex, text});
            result.last().attempt = r.attempt;
        }
    };
    add(CodeVersion::Kind::Predict, r.predict);
    if (r.memory) {
        add(CodeVersion::Kind::CallFix, r.memory->callCandidate);
        add(CodeVersion::Kind::ExeFix, r.memory->exeCandidate);
        for (int i = 0; i < r.memory->perfCandidates.size(); ++i)
            add(CodeVersion::Kind::Perf, r.memory->perfCandidates.at(i).code, i);
    }
    return result;
}

} // namespace

QVector<CodeVersion> codeVersions(const Case& c)
{
    QVector<CodeVersion> result;
    for (auto it = c.history.crbegin(); it != c.history.crend(); ++it) {
        if (it->label.hasContent()) {
            result.append({CodeVersion::Kind::Label, it->iteration, -1, it->label});
            break;
        }
    }
    for (auto it = c.history.crbegin(); it != c.history.crend(); ++it)
        result += versionsOf(*it);
    for (auto it = c.history.crbegin(); it != c.history.crend(); ++it) {
        if (it->testCode.hasContent()) {
            result.append({CodeVersion::Kind::TestCode, it->iteration, -1, it->testCode});
            break;
        }
    }
    return result;
}

QVector<CodeVersion> comparedVersions(const Case& other)
{
    QVector<CodeVersion> result = codeVersions(other);
    for (CodeVersion& v : result)
        v.compared = true;
    return result;
}

std::optional<CodeVersion> previousVersion(const Case& c, const CodeVersion& v)
{
    std::optional<CodeVersion> found;
    for (const IterationRecord& r : c.history) {
        if (r.iteration >= v.iteration)
            break;
        for (const CodeVersion& candidate : versionsOf(r)) {
            if (candidate.kind == v.kind && candidate.perfIndex == v.perfIndex)
                found = candidate;
        }
    }
    return found;
}

CodeLanguage detectLanguage(const QString& text)
{
    // Score a few unmistakable markers of each language; the higher score wins.
    static const QRegularExpression cppMarkers(
        QStringLiteral(
            R"((^\s*#\s*(include|define|pragma|if|endif)\b)|__global__|__device__|\bhipLaunchKernelGGL\b|PYBIND11_MODULE|\btorch::Tensor\b|\bstd::|;\s*$|\{\s*$)"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression pythonMarkers(
        QStringLiteral(
            R"((^\s*(def|class)\s+\w+.*:\s*$)|(^\s*(import|from)\s+[\w.]+)|@triton\.jit|\btl\.\w+|^\s*#(?!\s*(include|define|pragma|if|endif)\b)|\bself\b|:\s*$)"),
        QRegularExpression::MultilineOption);
    const QStringView sample = QStringView(text).left(20000);
    int cpp = 0;
    int python = 0;
    for (auto it = cppMarkers.globalMatch(sample.toString()); it.hasNext() && cpp < 200; it.next())
        ++cpp;
    for (auto it = pythonMarkers.globalMatch(sample.toString()); it.hasNext() && python < 200; it.next())
        ++python;
    if (cpp == 0 && python == 0)
        return CodeLanguage::Plain;
    return cpp > python ? CodeLanguage::Cpp : CodeLanguage::Python;
}

QString languageName(CodeLanguage language)
{
    switch (language) {
    case CodeLanguage::Python:
        return QStringLiteral("Python");
    case CodeLanguage::Cpp:
        return QStringLiteral("C++");
    case CodeLanguage::Plain:
        break;
    }
    return QStringLiteral("Plain text");
}

} // namespace krw
