// SPDX-License-Identifier: MIT
#include "run/jsonspans.h"

namespace krw::json_spans {

namespace {

bool isSpace(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Length of the string literal at pos (including quotes), or 0 if it is not closed.
std::size_t stringLength(std::string_view text, std::size_t pos)
{
    for (std::size_t i = pos + 1; i < text.size(); ++i) {
        if (text[i] == '\\')
            ++i;
        else if (text[i] == '"')
            return i - pos + 1;
    }
    return 0;
}

// Length of a scalar (number, true/false/null, and Python's NaN/Infinity literals).
std::size_t scalarLength(std::string_view text, std::size_t pos)
{
    std::size_t i = pos;
    while (i < text.size()) {
        const char c = text[i];
        if (c == ',' || c == '}' || c == ']' || c == ':' || c == '"' || c == '{' || c == '[' || isSpace(static_cast<unsigned char>(c)))
            break;
        ++i;
    }
    return i - pos;
}

} // namespace

std::size_t skipSpace(std::string_view text, std::size_t pos)
{
    while (pos < text.size()) {
        if (isSpace(static_cast<unsigned char>(text[pos]))) {
            ++pos;
        } else if (text.compare(pos, 3, "\xEF\xBB\xBF") == 0) {
            pos += 3;
        } else {
            break;
        }
    }
    return pos;
}

std::size_t valueLength(std::string_view text, std::size_t pos, int maxDepth, int* depth, std::string* error)
{
    *depth = 0;
    if (pos >= text.size()) {
        *error = "value missing (text ends)";
        return 0;
    }
    const char first = text[pos];
    if (first == '"') {
        const auto n = stringLength(text, pos);
        if (n == 0)
            *error = "string is not closed (text ends)";
        return n;
    }
    if (first != '{' && first != '[') {
        const auto n = scalarLength(text, pos);
        if (n == 0)
            *error = std::string("unexpected character '") + first + "'";
        return n;
    }
    // A container: track brackets (skipping strings) until it closes.
    std::vector<char> open;
    for (std::size_t i = pos; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            const auto n = stringLength(text, i);
            if (n == 0) {
                *error = "string is not closed (text ends)";
                return 0;
            }
            i += n - 1;
        } else if (c == '{' || c == '[') {
            open.push_back(c);
            if (static_cast<int>(open.size()) > *depth)
                *depth = static_cast<int>(open.size());
            if (*depth > maxDepth) {
                *error = "nesting deeper than " + std::to_string(maxDepth) + " levels";
                return 0;
            }
        } else if (c == '}' || c == ']') {
            const char expected = c == '}' ? '{' : '[';
            if (open.empty() || open.back() != expected) {
                *error = std::string("unbalanced '") + c + "'";
                return 0;
            }
            open.pop_back();
            if (open.empty())
                return i - pos + 1;
        }
    }
    *error = "object or array is not closed (text ends)";
    return 0;
}

ScanResult scanContainer(std::string_view text, int maxDepth)
{
    ScanResult result;
    std::size_t pos = skipSpace(text, 0);
    auto fail = [&](std::size_t at, std::string message) {
        result.error = std::move(message);
        result.errorOffset = at;
        return result;
    };
    if (pos >= text.size())
        return fail(pos, "empty input");
    const char open = text[pos];
    if (open != '{' && open != '[')
        return fail(pos, "expected '{' or '['");
    const bool isObject = open == '{';
    const char close = isObject ? '}' : ']';
    pos = skipSpace(text, pos + 1);
    if (pos < text.size() && text[pos] == close)
        return result;
    while (true) {
        Member member;
        if (isObject) {
            if (pos >= text.size() || text[pos] != '"')
                return fail(pos, "expected a quoted key");
            const auto keyLength = stringLength(text, pos);
            if (keyLength == 0)
                return fail(pos, "key is not closed (text ends)");
            member.keySpan = {pos, keyLength};
            member.key = std::string(text.substr(pos + 1, keyLength - 2));
            pos = skipSpace(text, pos + keyLength);
            if (pos >= text.size() || text[pos] != ':')
                return fail(pos, "expected ':' after key \"" + member.key + "\"");
            pos = skipSpace(text, pos + 1);
        }
        std::string error;
        const auto length = valueLength(text, pos, maxDepth - 1, &member.depth, &error);
        if (length == 0) {
            result.errorKey = member.key;
            return fail(pos, error);
        }
        member.value = {pos, length};
        result.members.push_back(std::move(member));
        pos = skipSpace(text, pos + length);
        if (pos >= text.size())
            return fail(pos, std::string("expected ',' or '") + close + "' (text ends)");
        if (text[pos] == close)
            return result;
        if (text[pos] != ',')
            return fail(pos, std::string("expected ',' or '") + close + "'");
        pos = skipSpace(text, pos + 1);
    }
}

} // namespace krw::json_spans
