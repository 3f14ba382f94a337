// SPDX-License-Identifier: MIT
//
// Read-only code with a line-number gutter, a fixed-pitch font and syntax highlighting when the
// build has it. Also the building block of DiffView: there a block may be a filler row, so the
// gutter numbers come from an optional per-block mapping.
#pragma once

#include "models/review/annotations.h"
#include "models/run/caseversions.h"
#include "models/run/displaytext.h"

#include <QList>
#include <QPalette>
#include <QPlainTextEdit>
#include <QTimer>
#include <QVector>

#include <functional>

class QLabel;
class QPainter;
class QSyntaxHighlighter;

namespace krw {

class BigTextBar;
class SyntaxSupport;

class CodeView : public QPlainTextEdit
{
    Q_OBJECT
public:
    // syntax may be nullptr (code shows plain, without a note); it must outlive the view.
    explicit CodeView(SyntaxSupport* syntax, QWidget* parent = nullptr);
    ~CodeView() override;

    // A text over TextLimits::RichBytes is shown plain.
    void setCode(const QString& text, CodeLanguage language);
    // A text prepared on a worker (prepareDisplayText), with the bar over it that says how much
    // of its field it is, and whole: where to read the rest for "Show all" and "Save as…".
    void setDisplayText(const DisplayText& text, const WholeTextSource& whole = {});
    BigTextBar* bigTextBar() const { return m_bigText; }
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

    // Extra selections owned by the caller (a few marks); the flash is drawn over them. For
    // thousands of rows use a BlockPainter instead.
    void setBackgroundSelections(const QList<QTextEdit::ExtraSelection>& selections);
    // Paints under the text of each block in view (diff backgrounds), from paintEvent: rect is
    // the block's row across the whole viewport, in viewport coordinates. The text, the
    // selection and the flash are drawn over it. Only visible blocks cost anything, so a long
    // diff costs no more than a short one (extra selections cost a layout each, D2).
    using BlockPainter = std::function<void(QPainter& painter, const QTextBlock& block, const QRectF& rect)>;
    void setBlockPainter(BlockPainter painter);
    // Where characters [start, end) of a laid-out block in view lie, in viewport coordinates:
    // one rectangle per line they cover, each the line's height. For a BlockPainter.
    QVector<QRectF> textRangeRects(const QTextBlock& block, int start, int end) const;

    // A DiffView shows the plain-code note once for both sides, so it turns the views' own off.
    void setPlainNoteEnabled(bool enabled);
    QString plainNote() const; // the note's text while it is shown, else empty

    int gutterWidth() const;

    // Line comments. The version this view shows (id, title for people, its whole text: a diff
    // side shows it with filler rows). setCode() forgets it: messages are no version.
    void setVersion(const QString& versionId, const QString& title, const QString& text);
    QString versionId() const { return m_versionId; }
    QString versionHash() const { return m_versionHash; }
    // The anchor for a block's line of the version; nullopt for fillers, messages, no version.
    std::optional<LineAnchor> anchorForBlock(int blockNumber) const;
    // What "Comment on line N…" does: emits lineCommentRequested for that block's line.
    bool requestLineComment(int blockNumber);
    // Comments of the case; those anchored to this version with its current text are marked
    // in the gutter with the comment as tooltip. Stale ones are not drawn (they would point at
    // a line that may now say something else).
    void setLineComments(const QVector<LineComment>& comments);
    QVector<int> commentedBlocks() const; // blocks with a marker, ascending
    QString commentToolTip(int blockNumber) const; // empty when no marker

    static QKeySequence commentShortcut(); // Ctrl+Alt+M

Q_SIGNALS:
    void lineCommentRequested(const krw::LineAnchor& anchor, const QString& where);

    // The palette or theme changed: colours derived from palette() must be computed again.
    void colorsChanged();
    // "Show all" read the whole field and the view shows it now.
    void wholeTextShown();

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    class Gutter;

    void showText(const QString& text, CodeLanguage language);
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
    void updateCommentMarkers();
    bool showCommentToolTip(QEvent* event, const QPoint& viewportPos);
    int markerWidth() const;

    SyntaxSupport* m_syntax;
    QSyntaxHighlighter* m_highlighter = nullptr; // owned by document()
    CodeLanguage m_language = CodeLanguage::Plain;
    QVector<int> m_lineNumbers;
    int m_largestLineNumber = 0; // sizes the gutter without a scan of m_lineNumbers per layout
    Gutter* m_gutter;
    QLabel* m_plainNote;
    BigTextBar* m_bigText;
    bool m_plainNoteEnabled = true;
    QList<QTextEdit::ExtraSelection> m_background;
    BlockPainter m_blockPainter;
    int m_flashBlock = -1;
    QTimer m_flashTimer;
    // What applyPalette() last set, to tell our own pinned roles from new ones.
    QPalette m_themedPalette;
    bool m_themed = false;
    bool m_applyingPalette = false;
    QString m_versionId;
    QString m_versionTitle;
    QString m_versionHash;
    QStringList m_versionLines;
    QVector<LineComment> m_comments;
    QMap<int, QString> m_commentTips; // block → tooltip of the current comments on its line
};

} // namespace krw
