// SPDX-License-Identifier: MIT
//
// Private to the run loader (models/run/*reader.cpp): small JSON values read on their own, out
// of the spans json_spans found. Not part of the models API.
#pragma once

#include <QString>

#include <optional>
#include <string>
#include <string_view>

namespace krw::json_scalars {

// True when bytes are well-formed UTF-8.
bool isValidUtf8(std::string_view bytes);

// What a JSON value is, for messages: "a string", "an object", "a list", "a boolean", "null",
// "a number", or "nothing" for an empty span. Judged by its first byte only.
QString typeName(std::string_view value);

// A number, including Python's NaN/Infinity literals that json.dump writes by default.
std::optional<double> parseNumber(std::string_view value);

// A string literal, decoded; nullopt when value is not a valid JSON string.
std::optional<std::string> parseString(std::string_view value);

} // namespace krw::json_scalars
