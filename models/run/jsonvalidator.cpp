// SPDX-License-Identifier: MIT
#include "models/run/jsonvalidator.h"

#include <simdjson.h>

namespace krw {

struct JsonValidator::Parser
{
    simdjson::dom::parser parser;
};

JsonValidator::JsonValidator()
    : m_parser(std::make_unique<Parser>())
{
}

JsonValidator::~JsonValidator() = default;

bool JsonValidator::isValid(std::string_view json)
{
    if (json.empty() || json.size() > MaxBytes)
        return false;
    // The DOM parser checks every string (UTF-8, escapes, control characters) while building its
    // tape; the copy it makes into its padded buffer costs far less than the parse.
    return m_parser->parser.parse(json.data(), json.size(), true).error() == simdjson::SUCCESS;
}

} // namespace krw
