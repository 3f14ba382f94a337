// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace krw {

enum class SearchScope {
    Everything,
    Errors, // call_err_msg, exe_err_msg
    Instruction,
    Code, // predict and every candidate
    Label,
    TestCode,
    Reflection, // temp_strategy, reflection, perf analyses
    Metadata, // unknown fields; "key=value" matches one key
};

struct SearchQuery
{
    QString text;
    SearchScope scope = SearchScope::Everything;
    bool regex = false;
    bool caseSensitive = false;

    bool operator==(const SearchQuery& other) const
    {
        return text == other.text && scope == other.scope && regex == other.regex && caseSensitive == other.caseSensitive;
    }
    bool operator!=(const SearchQuery& other) const { return !(*this == other); }
};

QString scopeTitle(SearchScope scope);

} // namespace krw
