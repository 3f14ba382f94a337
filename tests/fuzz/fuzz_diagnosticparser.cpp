// SPDX-License-Identifier: MIT
//
// The compiler-diagnostic parser (models/rerun/diagnosticparser) and the resource-usage parser
// that reads the same compile log (models/rerun/kernelresourceparser). The input is a compile log.
// Besides crashes, it checks that the log fed in pieces (as the runner streams it) gives the same
// diagnostics as the log parsed whole.
#include "fuzzfile.h"
#include "models/rerun/diagnosticparser.h"
#include "models/rerun/kernelresourceparser.h"
#include "models/rerun/rerunformat.h"

#include <QStringList>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace krw;
    if (size == 0)
        return 0;
    // The first byte picks the piece size and the GPU target; the rest is the log.
    const unsigned control = data[0];
    const QString log = QString::fromUtf8(reinterpret_cast<const char*>(data + 1), int(size - 1));

    const QVector<Diagnostic> whole = DiagnosticParser::parseAll(log);
    DiagnosticParser streamed;
    const int piece = 1 + int(control % 61);
    for (int i = 0; i < log.size(); i += piece)
        streamed.feed(log.mid(i, piece));
    streamed.finish();
    if (streamed.diagnostics().size() != whole.size())
        fuzz::fail("streamed and whole logs differ in count",
            QStringLiteral("%1 vs %2 (piece %3)").arg(streamed.diagnostics().size()).arg(whole.size()).arg(piece));
    for (int i = 0; i < whole.size(); ++i) {
        if (!(streamed.diagnostics().at(i) == whole.at(i)) || streamed.diagnostics().at(i).context != whole.at(i).context)
            fuzz::fail("streamed and whole logs differ", QStringLiteral("diagnostic %1 (piece %2)").arg(i).arg(piece));
    }
    KernelResourceParser::withoutResourceLines(whole);

    static const QStringList targets = {QString(), QStringLiteral("gfx90a"), QStringLiteral("gfx942"), QStringLiteral("gfx950"),
        QStringLiteral("sm_90"), QStringLiteral("gfx1100")};
    const QString target = targets.at(int((control >> 6) % unsigned(targets.size())));
    for (KernelResourceUsage kernel : KernelResourceParser::parse(log, target)) {
        KernelResourceParser::applyLimits(&kernel);
        // What the resource table shows of each kernel.
        kernelRegistersText(kernel);
        kernelSharedText(kernel);
        kernelScratchText(kernel);
        kernelSpillsText(kernel);
        kernelOccupancyText(kernel);
    }
    return 0;
}
