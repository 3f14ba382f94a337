// SPDX-License-Identifier: MIT
//
// Markdown from the dataset (reflections, notes, comments) as an HTML fragment that cannot run
// script: parsed by md4c with raw HTML off (MD_FLAG_NOHTML), rendered by our own whitelist
// renderer rather than md4c-html, so every element and attribute we emit is one we chose:
// text is always escaped, links keep only http/https/mailto or scheme-less destinations
// (isSafeLinkDestination; anything else becomes plain text), images become their alt text
// (a report loads nothing from the network), and headings are lowered below the report's own.
//
// Dataset Markdown is written by models, not by people who know CommonMark, so two of its rules
// are off (the one rule for reports and views alike): a fence labelled with a word for prose
// ("reflection", "analysis", "markdown", …; isProseFenceLabel) holds Markdown, not code, and an
// indented paragraph is a paragraph, not a code block. Fences with a language, or none, stay code.
#pragma once

#include <QString>

namespace krw {

// Text with & < > " ' as entities: safe in element content and in quoted attribute values.
QString htmlEscaped(const QString& text);

// The fragment for markdown. Headings start at minHeadingLevel (clamped to 6).
QString markdownToSafeHtml(const QString& markdown, int minHeadingLevel = 4);

// Whether a fence's info string names prose rather than a language ("reflection", "Analysis").
bool isProseFenceLabel(const QString& info);
// markdown with the fence lines of prose fences removed (their text kept); other fences untouched.
QString unfencedProse(const QString& markdown);

} // namespace krw
