// SPDX-License-Identifier: MIT
#include "widgets/code/codeview.h"

#include "models/diff/linediff.h"
#include "models/run/textlimits.h"
#include "widgets/code/bigtextbar.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/settings/settings.h"
#include "widgets/theme/diffcolors.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <QScopedValueRollback>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTextLayout>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <memory>

namespace krw {

namespace {

constexpr int GutterPadding = 6; // pixels left and right of the numbers
constexpr int FlashMs = 1200; // long enough to catch the eye after a jump, short enough not to linger
constexpr int TabWidthChars = 4;
constexpr int MarkerSize = 8; // the comment dot in the gutter

int digitCount(int number)
{
    int digits = 1;
    for (; number >= 10; number /= 10)
        ++digits;
    return digits;
}

} // namespace

// The gutter is a child widget in the viewport margin; all of its logic lives in CodeView.
class CodeView::Gutter : public QWidget
{
public:
    explicit Gutter(CodeView* view)
        : QWidget(view)
        , m_view(view)
    {
    }

    QSize sizeHint() const override { return {m_view->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_view->paintGutter(event); }
    bool event(QEvent* event) override
    {
        if (event->type() == QEvent::ToolTip) {
            const QPoint pos = static_cast<QHelpEvent*>(event)->pos();
            if (m_view->showCommentToolTip(event, QPoint(0, pos.y())))
                return true;
        }
        return QWidget::event(event);
    }

private:
    CodeView* m_view;
};

CodeView::CodeView(SyntaxSupport* syntax, QWidget* parent)
    : QPlainTextEdit(parent)
    , m_syntax(syntax)
    , m_gutter(new Gutter(this))
    , m_plainNote(new QLabel(this))
    , m_bigText(new BigTextBar(this))
{
    setReadOnly(true);
    // Keyboard-selectable so the cursor shows and the arrow keys move it through the code.
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    Settings::instance()->followCodeFont(this, [this](const QFont& font) { setCodeFont(font); });

    m_plainNote->setObjectName(QStringLiteral("plainNote"));
    // A remark about the view, not code: the UI font, a little smaller, on the window colour.
    QFont noteFont = QFontDatabase::systemFont(QFontDatabase::GeneralFont);
    if (noteFont.pointSizeF() > 0) // -1 when the platform gives the size in pixels
        noteFont.setPointSizeF(noteFont.pointSizeF() * 0.9);
    m_plainNote->setFont(noteFont);
    m_plainNote->setAutoFillBackground(true);
    m_plainNote->setBackgroundRole(QPalette::Window);
    m_plainNote->setForegroundRole(QPalette::PlaceholderText);
    m_plainNote->setContentsMargins(GutterPadding, 1, GutterPadding, 1);
    m_plainNote->hide();

    m_flashTimer.setSingleShot(true);
    m_flashTimer.setInterval(FlashMs);
    connect(&m_flashTimer, &QTimer::timeout, this, [this] {
        m_flashBlock = -1;
        updateExtraSelections();
    });
    connect(m_bigText, &BigTextBar::wholeTextReady, this, [this](const DisplayText& whole) {
        showText(whole.text, CodeLanguage::Plain);
        setLineNumbers(whole.lineNumbers);
        Q_EMIT wholeTextShown();
    });
    connect(this, &QPlainTextEdit::blockCountChanged, this, &CodeView::updateMargins);
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeView::scrollGutter);
    connect(this, &QPlainTextEdit::cursorPositionChanged, m_gutter, qOverload<>(&QWidget::update));

    applyPalette();
    updateMargins();
}

CodeView::~CodeView() = default;

void CodeView::setCode(const QString& text, CodeLanguage language)
{
    m_bigText->clear();
    showText(text, text.size() > TextLimits::RichBytes ? CodeLanguage::Plain : language);
}

void CodeView::setDisplayText(const DisplayText& text, const WholeTextSource& whole)
{
    m_bigText->setShown(text, whole);
    showText(text.text, text.rich ? text.language : CodeLanguage::Plain);
    setLineNumbers(text.lineNumbers);
}

void CodeView::showText(const QString& text, CodeLanguage language)
{
    m_lineNumbers.clear();
    m_largestLineNumber = 0;
    m_flashBlock = -1;
    m_background.clear();
    m_versionId.clear();
    m_versionTitle.clear();
    m_versionHash.clear();
    m_versionLines.clear();
    m_commentTips.clear();
    // A highlighter is bound to one definition; swap it before the text arrives so the text is
    // highlighted once, not twice.
    if (language != m_language || !m_highlighter)
        attachHighlighter(language);
    m_language = language;
    setPlainText(text);
    updateExtraSelections(); // drops selections whose cursors pointed into the old text
    updatePlainNote();
    updateMargins();
}

void CodeView::attachHighlighter(CodeLanguage language)
{
    delete m_highlighter;
    m_highlighter = m_syntax ? m_syntax->attach(document(), language, themeSourcePalette()) : nullptr;
}

void CodeView::setLineNumbers(const QVector<int>& numbers)
{
    m_lineNumbers = numbers;
    m_largestLineNumber = numbers.isEmpty() ? 0 : *std::max_element(numbers.cbegin(), numbers.cend());
    updateMargins();
    m_gutter->update();
}

int CodeView::lineNumberOfBlock(int blockNumber) const
{
    if (blockNumber < 0 || blockNumber >= blockCount())
        return 0;
    if (m_lineNumbers.isEmpty())
        return blockNumber + 1;
    return blockNumber < m_lineNumbers.size() ? std::max(0, m_lineNumbers.at(blockNumber)) : 0;
}

int CodeView::blockOfLine(int oneBasedLine) const
{
    if (oneBasedLine < 1)
        return -1;
    if (m_lineNumbers.isEmpty())
        return oneBasedLine <= blockCount() ? oneBasedLine - 1 : -1;
    const int index = m_lineNumbers.indexOf(oneBasedLine);
    return index < blockCount() ? index : -1;
}

void CodeView::setCodeFont(const QFont& font)
{
    // FontChange does this too, but only when the font differs from the current one.
    setFont(font);
    updateTabStops();
    updateMargins();
}

void CodeView::updateTabStops()
{
    setTabStopDistance(QFontMetricsF(font()).horizontalAdvance(QLatin1Char(' ')) * TabWidthChars);
}

void CodeView::showLine(int oneBasedLine)
{
    const int block = blockOfLine(oneBasedLine);
    // A line past the end (the file got shorter) still lands somewhere sensible: the last one.
    showBlock(block >= 0 ? block : (oneBasedLine < 1 ? 0 : blockCount() - 1));
}

void CodeView::showBlock(int blockNumber)
{
    const QTextBlock block = document()->findBlockByNumber(std::clamp(blockNumber, 0, blockCount() - 1));
    setTextCursor(QTextCursor(block));
    centerCursor();
    flashBlock(block.blockNumber());
}

void CodeView::flashBlock(int blockNumber)
{
    m_flashBlock = blockNumber;
    m_flashTimer.start();
    updateExtraSelections();
}

void CodeView::setBackgroundSelections(const QList<QTextEdit::ExtraSelection>& selections)
{
    m_background = selections;
    updateExtraSelections();
}

void CodeView::setBlockPainter(BlockPainter painter)
{
    m_blockPainter = std::move(painter);
    viewport()->update();
}

QVector<QRectF> CodeView::textRangeRects(const QTextBlock& block, int start, int end) const
{
    QVector<QRectF> rects;
    const QTextLayout* layout = block.layout();
    if (!layout || start >= end)
        return rects;
    const QPointF origin = blockBoundingGeometry(block).translated(contentOffset()).topLeft() + layout->position();
    for (int i = 0; i < layout->lineCount(); ++i) {
        const QTextLine line = layout->lineAt(i);
        const int from = std::max(start, line.textStart());
        const int to = std::min(end, line.textStart() + line.textLength());
        if (from >= to)
            continue;
        const qreal left = line.cursorToX(from);
        const qreal right = line.cursorToX(to);
        rects.append(QRectF(origin.x() + std::min(left, right), origin.y() + line.y(), std::abs(right - left), line.height()));
    }
    return rects;
}

void CodeView::paintEvent(QPaintEvent* event)
{
    if (m_blockPainter) {
        // Under the text: QPlainTextEdit::paintEvent draws on the Base-filled viewport and
        // fills nothing itself (no block formats with a background here).
        QPainter painter(viewport());
        const QRect area = event->rect();
        painter.setClipRect(area);
        const QPointF offset = contentOffset();
        painter.setBrushOrigin(offset); // patterns move with the text, as Qt's own fills do
        const qreal width = viewport()->width();
        QTextBlock block = firstVisibleBlock();
        qreal top = blockBoundingGeometry(block).translated(offset).top();
        while (block.isValid() && top <= area.bottom()) {
            const qreal height = blockBoundingRect(block).height();
            if (block.isVisible() && top + height >= area.top())
                m_blockPainter(painter, block, QRectF(0, top, width, height));
            top += height;
            block = block.next();
        }
    }
    QPlainTextEdit::paintEvent(event);
}

void CodeView::updateExtraSelections()
{
    QList<QTextEdit::ExtraSelection> all = m_background;
    const QTextBlock block = document()->findBlockByNumber(m_flashBlock);
    if (m_flashBlock >= 0 && block.isValid()) {
        QTextEdit::ExtraSelection flash;
        flash.cursor = QTextCursor(block);
        flash.format.setBackground(blendColors(palette().color(QPalette::Base), palette().color(QPalette::Highlight), 0.55));
        flash.format.setProperty(QTextFormat::FullWidthSelection, true);
        all.append(flash);
    }
    setExtraSelections(all);
}

void CodeView::setPlainNoteEnabled(bool enabled)
{
    m_plainNoteEnabled = enabled;
    updatePlainNote();
    updateMargins();
}

QString CodeView::plainNote() const
{
    return m_plainNote->isHidden() ? QString() : m_plainNote->text();
}

void CodeView::updatePlainNote()
{
    const bool show = m_plainNoteEnabled && m_syntax && !m_syntax->isAvailable() && m_language != CodeLanguage::Plain;
    m_plainNote->setText(show ? m_syntax->unavailableReason() : QString());
    m_plainNote->setToolTip(m_plainNote->text());
    m_plainNote->setVisible(show);
}

int CodeView::gutterWidth() const
{
    const int largest = m_lineNumbers.isEmpty() ? blockCount() : m_largestLineNumber;
    // At least two digits, so short files do not get a cramped gutter that widens at line 10.
    const int digits = std::max(2, digitCount(largest));
    return 2 * GutterPadding + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits + markerWidth();
}

void CodeView::updateMargins()
{
    const int noteHeight = m_plainNote->isHidden() ? 0 : m_plainNote->sizeHint().height();
    const int barHeight = m_bigText->isHidden() ? 0 : m_bigText->sizeHint().height();
    setViewportMargins(gutterWidth(), barHeight, 0, noteHeight);
    layoutChildren();
}

void CodeView::layoutChildren()
{
    const QRect area = viewport()->geometry();
    m_gutter->setGeometry(contentsRect().left(), area.top(), gutterWidth(), area.height());
    if (!m_bigText->isHidden())
        m_bigText->setGeometry(
            contentsRect().left(), contentsRect().top(), area.right() + 1 - contentsRect().left(), m_bigText->sizeHint().height());
    if (!m_plainNote->isHidden()) {
        m_plainNote->setGeometry(
            contentsRect().left(), area.bottom() + 1, area.right() + 1 - contentsRect().left(), m_plainNote->sizeHint().height());
    }
}

void CodeView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    layoutChildren();
}

void CodeView::scrollGutter(const QRect& rect, int dy)
{
    if (dy != 0)
        m_gutter->scroll(0, dy);
    else
        m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
}

void CodeView::paintGutter(QPaintEvent* event)
{
    QPainter painter(m_gutter);
    const QColor base = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    painter.fillRect(event->rect(), blendColors(base, text, 0.04));
    painter.setPen(blendColors(base, text, 0.15));
    painter.drawLine(m_gutter->width() - 1, event->rect().top(), m_gutter->width() - 1, event->rect().bottom());

    const int currentBlock = textCursor().blockNumber();
    const int numberWidth = m_gutter->width() - 2 * GutterPadding - markerWidth();
    const QColor marker = palette().color(QPalette::Highlight);
    QTextBlock block = firstVisibleBlock();
    qreal top = blockBoundingGeometry(block).translated(contentOffset()).top();
    while (block.isValid() && top <= event->rect().bottom()) {
        const qreal height = blockBoundingRect(block).height();
        const int number = lineNumberOfBlock(block.blockNumber());
        if (block.isVisible() && number > 0 && top + height >= event->rect().top()) {
            // The cursor's line stands out, the rest recede so the code stays the focus.
            painter.setPen(block.blockNumber() == currentBlock ? text : blendColors(base, text, 0.5));
            painter.drawText(
                QRectF(GutterPadding + markerWidth(), top, numberWidth, fontMetrics().height()), Qt::AlignRight, QString::number(number));
            if (m_commentTips.contains(block.blockNumber())) {
                painter.save();
                painter.setRenderHint(QPainter::Antialiasing);
                painter.setPen(Qt::NoPen);
                painter.setBrush(marker);
                const qreal y = top + (fontMetrics().height() - MarkerSize) / 2.0;
                painter.drawRoundedRect(QRectF(GutterPadding / 2.0, y, MarkerSize, MarkerSize), 2, 2);
                painter.restore();
            }
        }
        block = block.next();
        top += height;
    }
}

void CodeView::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    switch (event->type()) {
    case QEvent::PaletteChange:
        // Our own setPalette() in applyPalette() lands here too; it must not start another round.
        if (!m_applyingPalette)
            applyPalette();
        break;
    case QEvent::FontChange:
        updateTabStops();
        updateMargins();
        break;
    default:
        break;
    }
}

QPalette CodeView::themeSourcePalette() const
{
    // Roles applyPalette() set stay pinned on this widget when the application or parent palette
    // changes later. Where a role still holds our own choice, judge by the inherited colour, or
    // a dark application palette would keep the light theme forever. Roles that were never ours
    // equal the inherited ones anyway; a role someone set on this view differs and is kept.
    QPalette source = palette();
    if (!m_themed)
        return source;
    const QPalette inherited = parentWidget() ? parentWidget()->palette() : QApplication::palette(this);
    for (int i = 0; i < QPalette::NColorRoles; ++i) {
        const auto role = static_cast<QPalette::ColorRole>(i);
        if (source.color(role) == m_themedPalette.color(role))
            source.setColor(role, inherited.color(role));
    }
    return source;
}

void CodeView::applyPalette()
{
    const QScopedValueRollback<bool> guard(m_applyingPalette, true);
    const QPalette source = themeSourcePalette();
    m_themedPalette = m_syntax ? m_syntax->themedPalette(source) : source;
    m_themed = true;
    if (m_syntax)
        m_syntax->retheme(m_highlighter, source);
    if (m_themedPalette != palette())
        setPalette(m_themedPalette);
    m_gutter->update();
    updateExtraSelections();
    Q_EMIT colorsChanged();
}

} // namespace krw

namespace krw {

QKeySequence CodeView::commentShortcut()
{
    return QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_M);
}

int CodeView::markerWidth() const
{
    // Room for the dot only while there is one, so views without comments keep their width.
    return m_commentTips.isEmpty() ? 0 : MarkerSize + GutterPadding / 2;
}

void CodeView::setVersion(const QString& versionId, const QString& title, const QString& text)
{
    m_versionId = versionId;
    m_versionTitle = title;
    m_versionHash = versionId.isEmpty() ? QString() : versionContentHash(text);
    m_versionLines = versionId.isEmpty() ? QStringList() : splitLines(text);
    updateCommentMarkers();
}

std::optional<LineAnchor> CodeView::anchorForBlock(int blockNumber) const
{
    const int line = lineNumberOfBlock(blockNumber) - 1;
    if (m_versionId.isEmpty() || line < 0 || line >= m_versionLines.size())
        return std::nullopt;
    return LineAnchor{m_versionId, m_versionHash, line, m_versionLines.at(line)};
}

bool CodeView::requestLineComment(int blockNumber)
{
    const std::optional<LineAnchor> anchor = anchorForBlock(blockNumber);
    if (!anchor)
        return false;
    Q_EMIT lineCommentRequested(*anchor, tr("%1 · line %2").arg(m_versionTitle).arg(anchor->line + 1));
    return true;
}

void CodeView::setLineComments(const QVector<LineComment>& comments)
{
    m_comments = comments;
    updateCommentMarkers();
}

void CodeView::updateCommentMarkers()
{
    m_commentTips.clear();
    if (!m_versionId.isEmpty()) {
        for (const LineComment& c : qAsConst(m_comments)) {
            if (c.anchor.versionId != m_versionId || c.anchor.contentHash != m_versionHash)
                continue; // another version, or stale: listed in the review panel instead
            const int block = blockOfLine(c.anchor.line + 1);
            if (block < 0)
                continue;
            QString& tip = m_commentTips[block];
            if (!tip.isEmpty())
                tip += QStringLiteral("\n\n");
            tip += QStringLiteral("%1 (%2):\n%3").arg(c.author, QLocale().toString(c.created.toLocalTime(), QLocale::ShortFormat), c.text);
        }
    }
    updateMargins();
    m_gutter->update();
}

QVector<int> CodeView::commentedBlocks() const
{
    return QVector<int>(m_commentTips.keyBegin(), m_commentTips.keyEnd());
}

QString CodeView::commentToolTip(int blockNumber) const
{
    return m_commentTips.value(blockNumber);
}

bool CodeView::showCommentToolTip(QEvent* event, const QPoint& viewportPos)
{
    const int block = cursorForPosition(viewportPos).blockNumber();
    const QString tip = commentToolTip(block);
    if (tip.isEmpty())
        return false;
    QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), tip, this);
    return true;
}

bool CodeView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && showCommentToolTip(event, static_cast<QHelpEvent*>(event)->pos()))
        return true;
    return QPlainTextEdit::viewportEvent(event);
}

void CodeView::contextMenuEvent(QContextMenuEvent* event)
{
    std::unique_ptr<QMenu> menu(createStandardContextMenu(event->pos()));
    const int block = cursorForPosition(event->pos()).blockNumber();
    if (const std::optional<LineAnchor> anchor = anchorForBlock(block)) {
        menu->addSeparator();
        QAction* comment = menu->addAction(tr("Comment on line %1…").arg(anchor->line + 1));
        comment->setShortcut(commentShortcut());
        connect(comment, &QAction::triggered, this, [this, block] { requestLineComment(block); });
    }
    menu->exec(event->globalPos());
}

} // namespace krw
