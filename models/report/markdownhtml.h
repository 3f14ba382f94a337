// SPDX-License-Identifier: MIT
//
// Markdown from the dataset (reflections, notes, comments) as an HTML fragment that cannot run
// script: parsed by md4c with raw HTML off (MD_FLAG_NOHTML), rendered by our own whitelist
// renderer rather than md4c-html, so every element and attribute we emit is one we chose:
// text is always escaped, links keep only http/https/mailto or scheme-less destinations
// (isSafeLinkDestination; anything else becomes plain text), images become their alt text
// (a report loads nothing from the network), and headings are lowered below the report's own.
#pragma once

#include <QString>

namespace krw {

// Text with & < > " ' as entities: safe in element content and in quoted attribute values.
QString htmlEscaped(const QString& text);

// The fragment for markdown. Headings start at minHeadingLevel (clamped to 6).
QString markdownToSafeHtml(const QString& markdown, int minHeadingLevel = 4);

} // namespace krw
