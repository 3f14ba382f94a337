// SPDX-License-Identifier: MIT
#include "lint/linttexts.h"

#include "run/casetexts.h"
#include "run/textreader.h"

namespace krw {

LintTexts LintTexts::read(const Case& c, TextReader& reader, qint64 maxBytes)
{
    LintTexts texts;
    auto text = [&](const TextRef& ref) { return ref.hasContent() ? reader.read(ref, maxBytes).text : QString(); };
    // The label, test and instruction the case view shows: the newest iteration that has each.
    for (auto it = c.history.crbegin(); it != c.history.crend(); ++it) {
        if (texts.label.isEmpty() && it->label.hasContent())
            texts.label = text(it->label);
        if (texts.test.isEmpty() && it->testCode.hasContent())
            texts.test = text(it->testCode);
        if (texts.instruction.isEmpty() && it->instruction.hasContent())
            texts.instruction = text(it->instruction);
    }
    for (const IterationRecord& r : c.history) {
        if (r.jsonlSource < 0)
            continue; // no JSONL line: what it predicted is not known
        LintPrediction p;
        p.version = iterationKey(r.iteration, "predict");
        p.text = text(r.predict);
        if (!texts.predictions.isEmpty() && texts.predictions.constLast().text == p.text)
            texts.predictions.removeLast(); // the same code again: the newest iteration holding it
        texts.predictions.append(p);
    }
    return texts;
}

} // namespace krw
