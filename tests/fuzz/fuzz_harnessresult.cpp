// SPDX-License-Identifier: MIT
//
// The harness-result reader (models/rerun/rerunresult): the input is a JSON file as the harness
// writes it (applyHarnessResult), as the result store keeps it (rerunFromJson) or a kernel list
// (kernelsFromJson). A result read back must survive its own round trip, and every text the
// views make of it is made.
#include "fuzzfile.h"
#include "models/rerun/rerunformat.h"
#include "models/rerun/rerunresult.h"

namespace {

void show(const krw::RerunResult& r)
{
    using namespace krw;
    r.verdict();
    r.verdictLine();
    r.where();
    if (r.timing && r.timing->speedup)
        formatSpeedup(*r.timing->speedup);
    if (r.timing && r.timing->ci95)
        formatInterval(r.timing->ci95->first, r.timing->ci95->second);
    if (r.accuracy) {
        for (const OutputComparison& out : r.accuracy->outputs) {
            shapeText(out);
            dtypeText(out);
            mismatchText(out);
            formatError(out.maxAbsErr);
        }
    }
    for (const QString& flag : r.flags)
        describeFlag(flag);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace krw;
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), int(size));
    QString error;
    RerunResult harness;
    if (applyHarnessResult(bytes, &harness, &error))
        show(harness);
    if (const auto stored = rerunFromJson(bytes, &error)) {
        show(*stored);
        const QByteArray again = rerunToJson(*stored);
        const auto reread = rerunFromJson(again, &error);
        if (!reread)
            fuzz::fail("a result read back cannot be read again", error);
        if (rerunToJson(*reread) != again)
            fuzz::fail("a result's JSON is not stable over a round trip");
    }
    if (const auto kernels = kernelsFromJson(bytes, &error)) {
        const auto reread = kernelsFromJson(kernelsToJson(*kernels), &error);
        if (!reread || reread->size() != kernels->size())
            fuzz::fail("a kernel list read back cannot be read again", error);
    }
    return 0;
}
