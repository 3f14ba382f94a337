// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): what the readers find in one iteration (a JSONL file
// and its memory file, or a tree of debug folders), before CaseJoiner joins the iterations into
// Cases.
#pragma once

#include "models/run/rundata.h"

#include <QHash>
#include <QString>
#include <QVector>

namespace krw {

struct IterationRecords
{
    struct Named
    {
        QString name; // the case's filename; a repeated JSONL filename gets " (duplicate, line N)"
        IterationRecord record;
    };

    int iteration = 0;
    QVector<Named> records; // in file order
    QHash<QString, int> byName; // name → index in records (JSONL and memory files only)
    QVector<qint64> skippedLines; // JSONL lines that are not a case: not JSON, no filename (blank lines are not counted)
};

} // namespace krw
