// SPDX-License-Identifier: MIT
#include "models/run/casetexts.h"

#include "models/run/caseversions.h"
#include "models/run/textreader.h"

namespace krw {

QString iterationKey(int iteration, const char* field)
{
    return QStringLiteral("it%1:%2").arg(iteration).arg(QLatin1String(field));
}

CaseTexts readCaseTexts(const RunPtr& run, int caseIndex, qint64 maxBytes)
{
    CaseTexts result;
    result.run = run;
    result.caseIndex = caseIndex;
    if (!run || caseIndex < 0 || caseIndex >= run->cases.size())
        return result;
    TextReader reader(run->sources);
    auto add = [&](const QString& key, const TextRef& ref) {
        if (ref.hasContent()) {
            result.texts.insert(key, reader.read(ref, maxBytes));
            result.refs.insert(key, ref);
        }
    };
    const Case& c = run->cases.at(caseIndex);
    for (const CodeVersion& v : codeVersions(c))
        add(v.id(), v.text);
    for (const IterationRecord& r : c.history) {
        add(iterationKey(r.iteration, "instruction"), r.instruction);
        if (!r.memory)
            continue;
        const MemoryEntry& m = *r.memory;
        add(iterationKey(r.iteration, "call_err"), m.callError);
        add(iterationKey(r.iteration, "exe_err"), m.exeError);
        add(iterationKey(r.iteration, "temp_strategy"), m.tempStrategy);
        add(iterationKey(r.iteration, "reflection"), m.reflection);
        add(iterationKey(r.iteration, "oneshot"), m.oneshot);
        for (int k = 0; k < m.perfCandidates.size(); ++k) {
            const QString base = QStringLiteral("it%1:perf:%2").arg(r.iteration).arg(k + 1);
            add(base + QStringLiteral(":analysis"), m.perfCandidates.at(k).analysis());
            add(base + QStringLiteral(":profiling"), m.perfCandidates.at(k).profiling());
        }
    }
    return result;
}

QString comparedKey(const QString& key)
{
    return QStringLiteral("b:") + key;
}

void addComparedTexts(CaseTexts* texts, const CaseTexts& other)
{
    for (auto it = other.texts.constBegin(); it != other.texts.constEnd(); ++it)
        texts->texts.insert(comparedKey(it.key()), it.value());
}

} // namespace krw
