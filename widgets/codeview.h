// SPDX-License-Identifier: MIT
//
// Read-only code with a line-number gutter, a fixed-pitch font and syntax highlighting when the
// build has it. Also the building block of DiffView: there a block may be a filler row, so the
// gutter numbers come from an optional per-block mapping.
#pragma once

#include "caseversions.h"

#include <QList>
#include <QPalette>
#include <QPlainTextEdit>
#include <QTimer>
#include <QVector>

class QLabel;
class QSyntaxHighlighter;

namespace krw {

class SyntaxSupport;

class CodeView : public QPlainTextEdit
{
    Q_OBJECT
public:
    // syntax may be nullptr (code shows plain, without a note); it must outlive the view.
    explicit CodeView(SyntaxSupport* syntax, QWidget* parent = nullptr);
    ~CodeView() override;

    void setCode(const QString& text, CodeLanguage language);
    CodeLanguage language() const { return m_language; }

    // Gutter number per block, 1-based; 0 leaves the block unnumbered. Empty (the default, and
    // after setCode) numbers block n as n + 1.
    void setLineNumbers(const QVector<int>& numbers);
    int lineNumberOfBlock(int blockNumber) const; // 0 when the block shows no number
    int blockOfLine(int oneBasedLine) const; // -1 when no block shows that number

    void setCodeFont(const QFont& font);

    // Scrolls to the block showing that line number, puts the cursor there and flashes the line.
    void showLine(int oneBasedLine);
    void showBlock(int blockNumber);

    // Extra selections owned by the caller (diff backgrounds); the flash is drawn over them.
    void setBackgroundSelections(const QList<QTextEdit::ExtraSelection>& selections);

    // A DiffView shows the plain-code note once for both sides, so it turns the views' own off.
    void setPlainNoteEnabled(bool enabled);
    QString plainNote() const; // the note's text while it is shown, else empty

    int gutterWidth() const;

Q_SIGNALS:
    // The palette or theme changed: colours derived from palette() must be computed again.
    void colorsChanged();

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    class Gutter;

    void paintGutter(QPaintEvent* event);
    void scrollGutter(const QRect& rect, int dy);
    void updateMargins();
    void layoutChildren();
    void updateTabStops();
    void applyPalette();
    QPalette themeSourcePalette() const;
    void attachHighlighter(CodeLanguage language);
    void updatePlainNote();
    void flashBlock(int blockNumber);
    void updateExtraSelections();

    SyntaxSupport* m_syntax;
    QSyntaxHighlighter* m_highlighter = nullptr; // owned by document()
    CodeLanguage m_language = CodeLanguage::Plain;
    QVector<int> m_lineNumbers;
    int m_largestLineNumber = 0; // sizes the gutter without a scan of m_lineNumbers per layout
    Gutter* m_gutter;
    QLabel* m_plainNote;
    bool m_plainNoteEnabled = true;
    QList<QTextEdit::ExtraSelection> m_background;
    int m_flashBlock = -1;
    QTimer m_flashTimer;
    // What applyPalette() last set, to tell our own pinned roles from new ones.
    QPalette m_themedPalette;
    bool m_themed = false;
    bool m_applyingPalette = false;
};

} // namespace krw
