// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): checks that a whole JSONL line or memory entry is valid
// JSON in one pass with simdjson, several times faster than checking each field with nlohmann.
// When it says yes, the readers skip their per-field checks; when it says no (or cannot tell),
// they check field by field as before, so every warning stays as precise as it was.
#pragma once

#include <memory>
#include <string_view>

namespace krw {

class JsonValidator
{
public:
    // Bigger values are not checked whole: isValid says no and the caller checks each field. The
    // parser keeps its buffers for the biggest value it saw until it is destroyed, about 12 × a
    // structure-dense value (a 7.9 MB list of numbers kept 98 MB), and up to three live at once.
    // Entries average 20 KB; the few bigger ones cost the per-field check.
    static constexpr std::size_t MaxBytes = 1024 * 1024;

    JsonValidator();
    ~JsonValidator();
    JsonValidator(const JsonValidator&) = delete;
    JsonValidator& operator=(const JsonValidator&) = delete;

    // True when json is one valid JSON value (strict RFC 8259: no NaN, valid UTF-8, no control
    // characters in strings, valid escapes and surrogate pairs). Not thread-safe: one per thread.
    bool isValid(std::string_view json);

private:
    struct Parser;
    std::unique_ptr<Parser> m_parser;
};

} // namespace krw
