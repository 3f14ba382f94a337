// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QVector>

namespace krw {

class RunLayout;

// Every layout of another writer the workbench opens, the one list locateRuns and loadRun ask.
class RunLayouts
{
public:
    static const QVector<const RunLayout*>& all();
    static const RunLayout* find(const QString& id); // null when none has that id
    // Every layout's lookedFor(), GEAK's own first, for "no run found (expected …)".
    static QString lookedFor();
};

} // namespace krw
