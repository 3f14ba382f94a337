// SPDX-License-Identifier: MIT
#include "models/run/jsonstringdecoder.h"

#include <simdjson.h>

namespace krw {

bool JsonStringDecoder::decode(std::string_view json, QString* out)
{
    if (json.empty() || json.size() > MaxBytes)
        return false;
    // A cheap look before the parse: only a string literal is ours.
    const std::size_t first = json.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || json[first] != '"')
        return false;
    thread_local simdjson::dom::parser parser;
    // realloc_if_needed: the bytes are copied into the parser's padded buffer (the caller's have no
    // padding); the copy costs far less than the parse.
    const auto parsed = parser.parse(json.data(), json.size(), true);
    std::string_view text;
    if (parsed.get_string().get(text) != simdjson::SUCCESS)
        return false;
    *out = QString::fromUtf8(text.data(), int(text.size()));
    return true;
}

} // namespace krw
