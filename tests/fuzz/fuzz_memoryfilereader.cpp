// SPDX-License-Identifier: MIT
//
// The loader's real path (loadRun, as the app and the CLI call it) with the input as the run's
// memory file, beside a fixed JSONL file of two cases (a.py, b.py) so that joining, duplicates,
// "memory alone", parts and reuse on reload are reached (LoadRunCheck says what is checked).
#include "loadruncheck.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const QByteArray jsonl
        = QByteArrayLiteral("{\"filename\": \"a.py\", \"predict\": \"x\"}\n{\"filename\": \"b.py\", \"label\": \"y\"}\n");
    krw::fuzz::LoadRunCheck::run(krw::fuzz::LoadRunCheck::Input::Memory, data, size, jsonl);
    return 0;
}
