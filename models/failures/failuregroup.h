// SPDX-License-Identifier: MIT
//
// Cases that failed for the same cause: one signature, the cases that have it (in run order;
// the first is the group's example), largest group first.
#pragma once

#include "models/failures/failuresignature.h"

#include <QMetaType>
#include <QStringList>
#include <QVector>

namespace krw {

struct Run;

struct FailureGroup
{
    FailureSignature signature;
    QStringList cases; // filenames, in the run's order

    int count() const { return cases.size(); }
    QString example() const { return cases.value(0); }

    // Groups of run's cases by signatures (FailureReader::read, one per case, in order); cases
    // without a signature are in no group. Largest first; equal sizes by signature text.
    static QVector<FailureGroup> group(const Run& run, const QVector<FailureSignature>& signatures);
};

} // namespace krw

Q_DECLARE_METATYPE(krw::FailureGroup)
