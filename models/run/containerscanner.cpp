// SPDX-License-Identifier: MIT
#include "models/run/containerscanner.h"

#include <utility>

namespace krw::json_spans {

ContainerScanner::ContainerScanner(std::string_view text, int maxDepth)
    : m_text(text)
    , m_maxDepth(maxDepth)
{
    m_pos = skipSpace(text, 0);
    m_start = m_pos;
    if (m_pos >= text.size()) {
        fail(m_pos, "empty input");
        return;
    }
    const char open = text[m_pos];
    if (open != '{' && open != '[') {
        fail(m_pos, "expected '{' or '['");
        return;
    }
    m_isObject = open == '{';
    m_pos = skipSpace(text, m_pos + 1);
    if (m_pos < text.size() && text[m_pos] == (m_isObject ? '}' : ']'))
        m_done = true;
}

bool ContainerScanner::fail(std::size_t at, std::string message)
{
    m_error = std::move(message);
    m_errorOffset = at;
    m_done = true;
    return false;
}

bool ContainerScanner::next(Member* member)
{
    if (m_done)
        return false;
    const std::string_view text = m_text;
    const char close = m_isObject ? '}' : ']';
    if (!m_first) {
        // After a member: a comma and the next one, or the end.
        if (m_pos >= text.size())
            return fail(m_pos, std::string("expected ',' or '") + close + "' (text ends)");
        if (text[m_pos] == close) {
            m_done = true;
            return false;
        }
        if (text[m_pos] != ',')
            return fail(m_pos, std::string("expected ',' or '") + close + "'");
        m_pos = skipSpace(text, m_pos + 1);
    }
    m_first = false;
    *member = Member();
    if (m_isObject) {
        if (m_pos >= text.size() || text[m_pos] != '"')
            return fail(m_pos, "expected a quoted key");
        int unused = 0;
        std::string keyError;
        const auto keyLength = valueLength(text, m_pos, 1, &unused, &keyError);
        if (keyLength == 0)
            return fail(m_pos, "key is not closed (text ends)");
        member->keySpan = {m_pos, keyLength};
        member->key = std::string(text.substr(m_pos + 1, keyLength - 2));
        m_pos = skipSpace(text, m_pos + keyLength);
        if (m_pos >= text.size() || text[m_pos] != ':')
            return fail(m_pos, "expected ':' after key \"" + member->key + "\"");
        m_pos = skipSpace(text, m_pos + 1);
    }
    std::string error;
    const auto length = valueLength(text, m_pos, m_maxDepth - 1, &member->depth, &error);
    if (length == 0) {
        m_errorKey = member->key;
        return fail(m_pos, error);
    }
    member->value = {m_pos, length};
    m_pos = skipSpace(text, m_pos + length);
    return true;
}

} // namespace krw::json_spans
