// SPDX-License-Identifier: MIT
//
// Decodes a JSON string literal (the bytes of one text field) with simdjson: an order of magnitude
// faster than building an nlohmann value character by character, which is what made reading every
// case's texts (the lint pass, the search index) cost more than loading the run. It only answers
// for what it can be sure of: a valid string literal no bigger than MaxBytes. Anything else (a
// number, a list, invalid UTF-8, a bad escape, a big text) gets false, and the caller decodes it the
// careful way (TextStore::decodeJsonText), so what a reader sees never depends on which path ran.
#pragma once

#include <QString>

#include <string_view>

namespace krw {

class JsonStringDecoder
{
public:
    // Each thread keeps one simdjson parser, whose buffers grow to about twice the biggest literal
    // it decoded; the cap keeps that small. Texts average 1-5 KB; bigger ones are rare.
    static constexpr std::size_t MaxBytes = 1024 * 1024;

    // True when json is exactly one valid JSON string literal (surrounding whitespace allowed):
    // *out gets its text. False otherwise, *out untouched. Thread-safe.
    static bool decode(std::string_view json, QString* out);
};

} // namespace krw
