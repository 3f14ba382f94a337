// SPDX-License-Identifier: MIT
#include "models/lint/linttexts.h"

#include "models/run/casetexts.h"
#include "models/run/textreader.h"

namespace krw {

LintTexts::Spans LintTexts::spans(const Case& c)
{
    Spans spans;
    // The label, test and instruction the case view shows: the newest iteration that has each.
    for (auto it = c.history.crbegin(); it != c.history.crend(); ++it) {
        if (!spans.label.hasContent() && it->label.hasContent())
            spans.label = it->label;
        if (!spans.test.hasContent() && it->testCode.hasContent())
            spans.test = it->testCode;
        if (!spans.instruction.hasContent() && it->instruction.hasContent())
            spans.instruction = it->instruction;
    }
    for (const IterationRecord& r : c.history) {
        if (r.jsonlSource >= 0) // no JSONL line: what it predicted is not known
            spans.predictions.append({iterationKey(r.iteration, "predict"), r.predict});
    }
    return spans;
}

LintTexts LintTexts::read(const Case& c, TextReader& reader, qint64 maxBytes)
{
    LintTexts texts;
    auto text = [&](const TextRef& ref) { return ref.hasContent() ? reader.read(ref, maxBytes).text : QString(); };
    const Spans spans = LintTexts::spans(c);
    texts.label = text(spans.label);
    texts.test = text(spans.test);
    texts.instruction = text(spans.instruction);
    for (const auto& [version, ref] : spans.predictions) {
        LintPrediction p{version, text(ref)};
        if (!texts.predictions.isEmpty() && texts.predictions.constLast().text == p.text)
            texts.predictions.removeLast(); // the same code again: the newest iteration holding it
        texts.predictions.append(p);
    }
    return texts;
}

} // namespace krw
