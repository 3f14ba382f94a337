// SPDX-License-Identifier: MIT
//
// The loader's real path for the fuzz targets: a one-iteration run (run_0.jsonl + run_mem_0.json)
// written into FuzzFile's folder, located with locateRuns and read with loadRun as the app and the
// CLI read it (per-file warnings, files read at the same time on the reader pool, the join), then
// read again other ways that must give the same run:
//   - every field checked on its own, the memory file read in two parts;
//   - a reload with nothing changed (an earlier load given as `previous`): no file read again;
//   - a reload after the other file (not the input) changed: only it read, the input's records kept.
// Any difference or broken TextRef aborts (a finding).
#pragma once

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

namespace krw::fuzz {

class LoadRunCheck
{
public:
    enum class Input { Jsonl, Memory };
    // Writes data as the run's JSONL or memory file and `other` as the other one, then loads and checks.
    static void run(Input input, const uint8_t* data, std::size_t size, const QByteArray& other);
};

} // namespace krw::fuzz
