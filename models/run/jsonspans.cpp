// SPDX-License-Identifier: MIT
#include "models/run/jsonspans.h"

#include "models/run/containerscanner.h"

#include <cstring>

namespace krw::json_spans {

namespace {

bool isSpace(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Length of the string literal at pos (including quotes), or 0 if it is not closed. Big texts
// are most of a run, so the closing quote is found with memchr; a quote is escaped when an odd
// number of backslashes precede it.
std::size_t stringLength(std::string_view text, std::size_t pos)
{
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    const char* from = begin + pos + 1;
    while (from < end) {
        const auto* quote = static_cast<const char*>(std::memchr(from, '"', std::size_t(end - from)));
        if (!quote)
            return 0;
        std::size_t backslashes = 0;
        for (const char* b = quote - 1; b > begin + pos && *b == '\\'; --b)
            ++backslashes;
        if (backslashes % 2 == 0)
            return std::size_t(quote - begin) - pos + 1;
        from = quote + 1;
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
    ContainerScanner scanner(text, maxDepth);
    Member member;
    while (scanner.next(&member))
        result.members.push_back(std::move(member));
    result.error = scanner.error();
    result.errorOffset = scanner.errorOffset();
    result.errorKey = scanner.errorKey();
    return result;
}

} // namespace krw::json_spans
