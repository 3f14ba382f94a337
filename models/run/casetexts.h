// SPDX-License-Identifier: MIT
//
// All texts of one case, read in one go (on a worker thread) so the case view can fill its
// panes without touching files on the UI thread.
#pragma once

#include "models/run/rundata.h"
#include "models/run/textstore.h"

#include <QHash>

namespace krw {

// Keys: "label", "test", and per iteration N: "itN:instruction", "itN:predict", "itN:call",
// "itN:exe", "itN:perf:K" (K 1-based), "itN:perf:K:analysis", "itN:perf:K:profiling",
// "itN:call_err", "itN:exe_err", "itN:temp_strategy", "itN:reflection", "itN:oneshot".
// Code keys match CodeVersion::id().
struct CaseTexts
{
    RunPtr run;
    int caseIndex = -1;
    QHash<QString, ResolvedText> texts;
    QHash<QString, TextRef> refs; // where each text is, to read it again (whole) later

    QString text(const QString& key) const { return texts.value(key).text; }
    bool has(const QString& key) const { return texts.contains(key); }
};

QString iterationKey(int iteration, const char* field);
// The key of a text of the same case in the run compared with: "b:" + key (CodeVersion::compared).
QString comparedKey(const QString& key);
// Adds other's texts (the same case, read from the run compared with) under comparedKey(). Their
// refs stay out: they point into the other run's files, which texts->run does not name.
void addComparedTexts(CaseTexts* texts, const CaseTexts& other);
// Texts longer than maxBytes are cut (ResolvedText::truncated).
CaseTexts readCaseTexts(const RunPtr& run, int caseIndex, qint64 maxBytes = TextStore::DefaultMaxBytes);

} // namespace krw
