// SPDX-License-Identifier: MIT
#include "lint/linter.h"

#include "lint/bindingcheck.h"
#include "lint/constantcheck.h"
#include "lint/dimensioncheck.h"
#include "lint/extensionincludecheck.h"
#include "lint/linttexts.h"
#include "lint/noncodecheck.h"
#include "run/textlimits.h"
#include "run/textreader.h"

#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>

namespace krw {

QStringList Linter::checkNames()
{
    return {BindingCheck::name(), ConstantCheck::name(), DimensionCheck::name(), ExtensionIncludeCheck::name(), NonCodeCheck::name()};
}

QString Linter::checkTitle(const QString& check)
{
    if (check == BindingCheck::name())
        return QStringLiteral("Test calls a name the module does not bind");
    if (check == ConstantCheck::name())
        return QStringLiteral("Constant disagrees");
    if (check == DimensionCheck::name())
        return QStringLiteral("Reads a dimension the test never creates");
    if (check == ExtensionIncludeCheck::name())
        return QStringLiteral("No torch/extension.h for tensor bindings");
    if (check == NonCodeCheck::name())
        return QStringLiteral("Empty or non-code prediction");
    return check;
}

LintHints Linter::lintCase(const LintTexts& texts)
{
    LintHints hints;
    hints += BindingCheck::run(texts);
    hints += ConstantCheck::run(texts);
    hints += DimensionCheck::run(texts);
    hints += ExtensionIncludeCheck::run(texts);
    hints += NonCodeCheck::run(texts);
    return hints;
}

LintHints Linter::lintRunCase(const RunPtr& run, int caseIndex)
{
    if (!run || caseIndex < 0 || caseIndex >= run->cases.size())
        return {};
    TextReader reader(run->sources);
    return lintCase(LintTexts::read(run->cases.at(caseIndex), reader, TextLimits::ShownBytes));
}

QVector<LintHints> Linter::lintRun(const RunPtr& run, const std::atomic_bool* cancel)
{
    QVector<LintHints> hints;
    if (!run)
        return hints;
    const int count = int(run->cases.size());
    hints.resize(count);
    // Chunks big enough that a reader's open files are reused, small enough to spread over the cores.
    constexpr int ChunkSize = 32;
    QVector<int> chunks;
    for (int start = 0; start < count; start += ChunkSize)
        chunks.append(start);
    LintHints* out = hints.data();
    QtConcurrent::blockingMap(chunks, [&run, out, count, cancel](int start) {
        TextReader reader(run->sources);
        for (int i = start; i < std::min(count, start + ChunkSize); ++i) {
            if (cancel && cancel->load(std::memory_order_relaxed))
                return;
            out[i] = lintCase(LintTexts::read(run->cases.at(i), reader, TextLimits::ShownBytes));
        }
    });
    return hints;
}

} // namespace krw
