// SPDX-License-Identifier: MIT
//
// The loader's real path (loadRun, as the app and the CLI call it) with the input as the run's
// JSONL file, beside a fixed memory file of two cases (a.py, c.py) so that joining, entries
// without a line and reuse on reload are reached (LoadRunCheck says what is checked).
#include "loadruncheck.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const QByteArray memory = QByteArrayLiteral("{\"a.py\": {\"pass_call\": true, \"pass_exe\": false, \"exe_err_msg\": \"boom\"},\n"
                                                       " \"c.py\": {\"pass_call\": false, \"call_err_msg\": \"x\"}}\n");
    krw::fuzz::LoadRunCheck::run(krw::fuzz::LoadRunCheck::Input::Jsonl, data, size, memory);
    return 0;
}
