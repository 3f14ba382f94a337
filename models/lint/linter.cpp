// SPDX-License-Identifier: MIT
#include "models/lint/linter.h"

#include "models/lint/bindingcheck.h"
#include "models/lint/concurrencycheck.h"
#include "models/lint/constantcheck.h"
#include "models/lint/dimensioncheck.h"
#include "models/lint/extensionincludecheck.h"
#include "models/lint/fallbackcheck.h"
#include "models/lint/harnessreadcheck.h"
#include "models/lint/lazytensorcheck.h"
#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/lint/monkeypatchcheck.h"
#include "models/lint/noncodecheck.h"
#include "models/lint/torchworkcheck.h"
#include "models/run/textlimits.h"
#include "models/run/textreader.h"
#include "models/work/workpools.h"

#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace krw {

QStringList Linter::checkNames()
{
    return {BindingCheck::name(), ConstantCheck::name(), DimensionCheck::name(), ExtensionIncludeCheck::name(), NonCodeCheck::name(),
        FallbackCheck::name(), TorchWorkCheck::name(), ConcurrencyCheck::name(), MonkeyPatchCheck::name(), LazyTensorCheck::name(),
        HarnessReadCheck::name()};
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
    if (check == FallbackCheck::name())
        return QStringLiteral("Falls back to torch when the kernel fails");
    if (check == TorchWorkCheck::name())
        return QStringLiteral("Torch does the work, no kernel of its own");
    if (check == ConcurrencyCheck::name())
        return QStringLiteral("Creates streams or threads");
    if (check == MonkeyPatchCheck::name())
        return QStringLiteral("Replaces a timing or comparison function");
    if (check == LazyTensorCheck::name())
        return QStringLiteral("Tensor subclass or lazy result");
    if (check == HarnessReadCheck::name())
        return QStringLiteral("Reads the test, the harness or its caller");
    return check;
}

QStringList Linter::confirmingFlags(const QString& check)
{
    if (check == FallbackCheck::name() || check == TorchWorkCheck::name())
        return {QStringLiteral("no_own_kernel")};
    if (check == ConcurrencyCheck::name())
        return {QStringLiteral("timer_disagrees")};
    if (check == LazyTensorCheck::name())
        return {QStringLiteral("output_reused"), QStringLiteral("timer_disagrees")};
    return {};
}

LintHints Linter::lintCase(const LintTexts& texts)
{
    const LintSource::CacheScope cache; // the checks ask about the same texts many times
    LintHints hints;
    hints += BindingCheck::run(texts);
    hints += ConstantCheck::run(texts);
    hints += DimensionCheck::run(texts);
    hints += ExtensionIncludeCheck::run(texts);
    hints += NonCodeCheck::run(texts);
    hints += FallbackCheck::run(texts);
    hints += TorchWorkCheck::run(texts);
    hints += ConcurrencyCheck::run(texts);
    hints += MonkeyPatchCheck::run(texts);
    hints += LazyTensorCheck::run(texts);
    hints += HarnessReadCheck::run(texts);
    return hints;
}

LintHints Linter::lintRunCase(const RunPtr& run, int caseIndex)
{
    if (!run || caseIndex < 0 || caseIndex >= run->cases.size())
        return {};
    TextReader reader(run->sources);
    return lintCase(LintTexts::read(run->cases.at(caseIndex), reader, TextLimits::ShownBytes));
}

QVector<LintHints> Linter::lintRun(const RunPtr& run, const std::atomic_bool* cancel, QThreadPool* pool)
{
    QVector<LintHints> hints;
    if (!run)
        return hints;
    const int count = int(run->cases.size());
    hints.resize(count);
    if (!pool)
        pool = WorkPools::parts();
    // Chunks big enough that a reader's open files are reused, small enough to spread over the
    // cores. Workers and the caller take the next chunk until none is left: the caller alone
    // finishes the work when the pool is busy with other things.
    constexpr int ChunkSize = 32;
    std::atomic_int next{0};
    LintHints* out = hints.data();
    auto work = [&run, out, count, cancel, &next] {
        TextReader reader(run->sources);
        for (int start = next.fetch_add(ChunkSize); start < count; start = next.fetch_add(ChunkSize)) {
            for (int i = start; i < std::min(count, start + ChunkSize); ++i) {
                if (cancel && cancel->load(std::memory_order_relaxed))
                    return;
                out[i] = lintCase(LintTexts::read(run->cases.at(i), reader, TextLimits::ShownBytes));
            }
        }
    };
    QVector<QFuture<void>> workers;
    const int helpers = std::min(pool->maxThreadCount(), (count + ChunkSize - 1) / ChunkSize) - 1;
    for (int k = 0; k < helpers; ++k)
        workers.append(QtConcurrent::run(pool, work));
    work();
    for (QFuture<void>& f : workers)
        f.waitForFinished();
    return hints;
}

} // namespace krw
