// SPDX-License-Identifier: MIT
//
// "concurrency": a candidate that creates streams (torch.cuda.Stream, hipStreamCreate, a stream from
// the pool) or starts threads or processes (threading, concurrent.futures, multiprocessing,
// std::thread): work the caller's stream, and so the harness's timer, does not see. Confirmed at
// run time by the battery's `timer_disagrees`.
#pragma once

#include "models/lint/linthint.h"

namespace krw {

struct LintTexts;

class ConcurrencyCheck
{
public:
    static QString name() { return QStringLiteral("concurrency"); }
    static LintHints run(const LintTexts& texts);
};

} // namespace krw
