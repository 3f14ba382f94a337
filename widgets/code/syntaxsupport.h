// SPDX-License-Identifier: MIT
//
// Syntax highlighting for code views, the same API with or without KSyntaxHighlighting. The app
// creates one SyntaxSupport and injects it into every view (S4): KSyntaxHighlighting wants one
// Repository for the whole lifetime, and loading it per view would cost time and memory.
#pragma once

#include "models/run/caseversions.h"

#include <QString>

#include <memory>

class QPalette;
class QSyntaxHighlighter;
class QTextDocument;

namespace krw {

class SyntaxSupport
{
public:
    SyntaxSupport();
    ~SyntaxSupport();
    SyntaxSupport(const SyntaxSupport&) = delete;
    SyntaxSupport& operator=(const SyntaxSupport&) = delete;

    bool isAvailable() const;
    // One line for people when code shows plain; empty when highlighting is available.
    QString unavailableReason() const;

    // A highlighter on document for language, themed for palette, or nullptr (plain text, or no
    // highlighting in this build). The document owns it.
    QSyntaxHighlighter* attach(QTextDocument* document, CodeLanguage language, const QPalette& palette);

    // Re-picks the theme for palette and rehighlights, but only if the theme changed (a
    // rehighlight of a long file is not free). highlighter must come from attach(); nullptr is a no-op.
    void retheme(QSyntaxHighlighter* highlighter, const QPalette& palette);

    // palette with the editor colours of the theme picked for it (background, text, selection),
    // so plain text and highlighted tokens sit on the background the theme was designed for.
    // Unchanged without highlighting.
    QPalette themedPalette(const QPalette& palette) const;

private:
    struct Private;
    std::unique_ptr<Private> m_impl;
};

} // namespace krw
