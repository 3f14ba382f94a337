// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace krw {

// The harness's spec contract on the C++ side: runner/harness/spec.schema.json, compiled in, is the
// one statement of the spec's names, types and defaults for both krw_harness.py and the runner.
// The C++ side takes its defaults (tolerances, check settings) from here and writes only names the
// schema has; a test holds RerunPipeline's spec to it (tst_harnesscontract).
class HarnessContract
{
public:
    static const QJsonObject& schema();
    // The default of a property, by path: "rtol", "timing/warmup_ms", "checks/seeds". Undefined
    // when the schema gives none (a mistake in the caller: asserted in debug builds).
    static QJsonValue defaultOf(const QString& path);
    // The keys of spec the schema does not name, as paths ("timing/warmup", "candidate/source"),
    // and the required ones it lacks ("missing: test_file"); empty when spec keeps the contract.
    static QStringList violations(const QJsonObject& spec);
};

} // namespace krw
