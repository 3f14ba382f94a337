// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): joins the records of all iterations by filename into
// Cases, each with its history in ascending iteration and its latest and best outcomes
// (run/outcomes.h).
#pragma once

#include "models/run/iterationrecords.h"

namespace krw {

class CaseJoiner
{
public:
    // iterations in ascending order. Cases follow the newest iteration's dataset order; cases
    // seen only in earlier iterations come after, newest first.
    static QVector<Case> join(const QVector<IterationRecords>& iterations);
};

} // namespace krw
