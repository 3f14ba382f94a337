// SPDX-License-Identifier: MIT
//
// Putting hostile dataset text into a Markdown document. Every export that writes or renders
// Markdown uses these, so the rules live in one place:
// - plain text (file names, tags, table cells) is escaped so it cannot form any Markdown or HTML;
// - code goes into a fence longer than any backtick run inside it, so it cannot close the fence;
// - Markdown from the dataset (reflections, notes, comments) keeps its formatting but carries no
//   raw HTML (`<`, `>`, `&` outside code become entities), no link whose scheme is not
//   http/https/mailto (the destination becomes `#`), and no unclosed or spoofable code fence
//   (fenced blocks are re-emitted with a fence of our own).
#pragma once

#include <QString>

namespace krw {

// Text that must show as itself: escapes Markdown punctuation and & < >; newlines become spaces.
QString markdownPlainText(const QString& text);

// A table cell: markdownPlainText, and `|` escaped.
QString markdownTableCell(const QString& text);

// An inline code span whose delimiter is longer than any backtick run in the text.
QString markdownCodeSpan(const QString& text);

// A fenced block (ends with a newline). info: the language ("diff", "cpp", ...), may be empty.
QString markdownCodeBlock(const QString& text, const QString& info = {});

// Dataset Markdown made safe to embed (see above). The result ends with a newline unless empty.
// Headings above minHeadingLevel are lowered to it, so embedded text cannot break the outline.
QString sanitizedMarkdown(const QString& markdown, int minHeadingLevel = 1);

// True for a link destination a report may keep: http, https, mailto, or no scheme at all
// (relative, #anchor). Decodes entities and backslash escapes and ignores whitespace and control
// characters first, as a browser and a Markdown renderer would; an unknown entity is unsafe.
bool isSafeLinkDestination(const QString& destination);

} // namespace krw
