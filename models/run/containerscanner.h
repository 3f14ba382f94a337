// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): walks the members of one JSON object (or the elements
// of an array) one at a time, so that a reader can handle each member and let go of the bytes
// behind it before the next is found. scanContainer (jsonspans.h) is this scanner run to the end.
#pragma once

#include "models/run/jsonspans.h"

namespace krw::json_spans {

class ContainerScanner
{
public:
    // Scans the object or array starting at the first non-space byte of text, which must
    // outlive the scanner.
    ContainerScanner(std::string_view text, int maxDepth);

    // The next member; false at the end of the container or at the first problem (ok() tells
    // which). Members found before a problem stay valid.
    bool next(Member* member);

    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    std::size_t errorOffset() const { return m_errorOffset; }
    const std::string& errorKey() const { return m_errorKey; } // the member whose value was malformed
    // Offset of the container's first byte ('{' or '['), when there is one.
    std::size_t start() const { return m_start; }

private:
    bool fail(std::size_t at, std::string message);

    std::string_view m_text;
    int m_maxDepth;
    std::size_t m_pos = 0;
    std::size_t m_start = 0;
    bool m_isObject = true;
    bool m_done = false;
    bool m_first = true;
    std::string m_error;
    std::size_t m_errorOffset = 0;
    std::string m_errorKey;
};

} // namespace krw::json_spans
