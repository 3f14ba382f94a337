// SPDX-License-Identifier: MIT
//
// Finds where the members of a JSON object (or the elements of an array) start and end, without
// building values. The loader parses each member on its own with nlohmann/json, so one bad field
// costs only that field, and big strings are never decoded until someone reads them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace krw::json_spans {

struct Span
{
    std::size_t offset = 0; // relative to the scanned text
    std::size_t length = 0;
};

struct Member
{
    std::string key; // raw key text between the quotes (escapes undecoded; keys here are plain)
    Span keySpan;
    Span value;
    int depth = 0; // nesting depth inside the value (0 for scalars)
};

struct ScanResult
{
    std::vector<Member> members; // for arrays: key is empty
    std::string error; // empty when the container was well formed
    std::size_t errorOffset = 0;
    std::string errorKey; // the member whose value was malformed, when known
    bool ok() const { return error.empty(); }
};

// Offset of the first non-space byte at or after pos (a UTF-8 BOM counts as space).
std::size_t skipSpace(std::string_view text, std::size_t pos);

// Scans the object or array starting at the first non-space byte of text. On malformed input
// the members found before the problem are returned with the error.
ScanResult scanContainer(std::string_view text, int maxDepth);

// Length of the JSON value starting at pos (string, number, literal, object or array), or 0
// with error set. Reports the deepest nesting seen.
std::size_t valueLength(std::string_view text, std::size_t pos, int maxDepth, int* depth, std::string* error);

} // namespace krw::json_spans
