// SPDX-License-Identifier: MIT
//
// The perf-candidate decoder (FieldReader::perfCandidates, models/run/fieldreader): the input is
// the value of one memory entry's "perf_candidates", put into a memory file and read by the real
// reader, so every offset it records is checked against the file. Where nlohmann/json accepts
// the input too, each candidate's code must read back as the string nlohmann finds there.
#include "fuzzfile.h"
#include "models/run/loadsession.h"
#include "models/run/memoryfilereader.h"
#include "models/run/textstore.h"
#include "recordcheck.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace {

// The code string of each candidate nlohmann finds (nullopt where the code is not a string or
// the entry is skipped); empty when nlohmann rejects the input.
std::optional<std::vector<std::optional<std::string>>> expectedCodes(const uint8_t* data, size_t size)
{
    const auto list = nlohmann::json::parse(data, data + size, nullptr, false);
    if (list.is_discarded() || !list.is_array())
        return std::nullopt;
    std::vector<std::optional<std::string>> codes;
    for (const auto& entry : list) {
        if (entry.is_string())
            codes.emplace_back(entry.get<std::string>());
        else if (entry.is_array() && !entry.empty())
            codes.push_back(entry[0].is_string() ? std::optional<std::string>(entry[0].get<std::string>()) : std::nullopt);
    }
    return codes;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace krw;
    if (size == 0)
        return 0;
    const QByteArray file = QByteArrayLiteral("{\"k.py\": {\"pass_call\": true, \"perf_candidates\": ")
        + QByteArray(reinterpret_cast<const char*>(data), int(size)) + QByteArrayLiteral("}}\n");
    const QString path = fuzz::FuzzFile::write(QStringLiteral("run_mem_0.json"), file);
    const LoadControl control;
    LoadLimits limits;
    limits.mapFiles = false;
    limits.maxDepth = 64;
    LoadSession session(control, limits);
    IterationRecords records;
    MemoryFileReader(&session).read(path, QStringLiteral("run_0.jsonl"), &records);
    fuzz::RecordCheck::check(records, session.sources());

    const auto expected = expectedCodes(data, size);
    if (!expected || records.records.size() != 1 || !records.records.first().record.memory)
        return 0;
    const auto& candidates = records.records.first().record.memory->perfCandidates;
    if (candidates.size() != int(expected->size()))
        fuzz::fail("candidate count differs from nlohmann's", QStringLiteral("%1 vs %2").arg(candidates.size()).arg(expected->size()));
    for (int i = 0; i < candidates.size(); ++i) {
        const auto& code = expected->at(std::size_t(i));
        if (!code)
            continue;
        const ResolvedText text = TextStore::resolve(session.sources(), candidates.at(i).code);
        if (!text || text.text != QString::fromStdString(*code))
            fuzz::fail("candidate code differs from nlohmann's string", QStringLiteral("candidate %1: %2").arg(i).arg(text.error));
    }
    return 0;
}
