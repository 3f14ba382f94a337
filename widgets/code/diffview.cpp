// SPDX-License-Identifier: MIT
#include "widgets/code/diffview.h"

#include "widgets/code/codeview.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/theme/diffcolors.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace krw {

namespace {

enum Page { CodePage, ErrorPage };

struct AlignedSide
{
    QString text;
    QVector<int> numbers; // gutter number per row, 0 for filler
};

// One block per diff row; a filler row is an empty block without a number.
AlignedSide alignSide(const QStringList& lines, const QVector<DiffRow>& rows, bool left)
{
    AlignedSide side;
    QStringList texts;
    texts.reserve(rows.size());
    side.numbers.reserve(rows.size());
    for (const DiffRow& row : rows) {
        const int line = left ? row.leftLine : row.rightLine;
        const bool valid = line >= 0 && line < lines.size();
        texts.append(valid ? lines.at(line) : QString());
        side.numbers.append(valid ? line + 1 : 0);
    }
    side.text = texts.join(QLatin1Char('\n'));
    return side;
}

QColor lineColor(DiffRow::Kind kind, const DiffColors& colors)
{
    switch (kind) {
    case DiffRow::Kind::Removed:
        return colors.removedLine;
    case DiffRow::Kind::Added:
        return colors.addedLine;
    case DiffRow::Kind::Changed:
        return colors.changedLine;
    case DiffRow::Kind::Equal:
        break;
    }
    return {};
}

QLabel* createTitleLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    label->setTextFormat(Qt::PlainText);
    // Ignored width: a long title must not stop the splitter from narrowing its pane.
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    label->setContentsMargins(4, 2, 4, 2);
    return label;
}

} // namespace

DiffView::DiffView(SyntaxSupport* syntax, QWidget* parent)
    : QWidget(parent)
    , m_left(new CodeView(syntax, this))
    , m_right(new CodeView(syntax, this))
    , m_leftTitle(createTitleLabel(this))
    , m_rightTitle(createTitleLabel(this))
    , m_counts(new QLabel(this))
    , m_position(new QLabel(this))
    , m_previous(new QToolButton(this))
    , m_next(new QToolButton(this))
    , m_banner(new QLabel(this))
    , m_errorText(new QLabel(this))
    , m_plainNote(new QLabel(this))
    , m_stack(new QStackedWidget(this))
{
    m_left->setObjectName(QStringLiteral("leftCode"));
    m_right->setObjectName(QStringLiteral("rightCode"));
    for (CodeView* view : {m_left, m_right}) {
        view->setPlainNoteEnabled(false); // shown once below both sides
        // Always on, so both viewports keep the same height and rows stay aligned to the last one.
        view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    }

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(createPane(m_left, m_leftTitle));
    splitter->addWidget(createPane(m_right, m_rightTitle));

    m_errorText->setObjectName(QStringLiteral("diffError"));
    m_errorText->setAlignment(Qt::AlignCenter);
    m_errorText->setWordWrap(true);
    m_errorText->setTextFormat(Qt::PlainText);
    m_stack->insertWidget(CodePage, splitter);
    m_stack->insertWidget(ErrorPage, m_errorText);

    m_banner->setObjectName(QStringLiteral("diffBanner"));
    m_banner->setContentsMargins(6, 3, 6, 3);
    m_banner->setAutoFillBackground(true);
    m_banner->setBackgroundRole(QPalette::AlternateBase);
    m_banner->hide();

    m_plainNote->setObjectName(QStringLiteral("plainNote"));
    m_plainNote->setForegroundRole(QPalette::PlaceholderText);
    m_plainNote->setContentsMargins(6, 1, 6, 1);
    m_plainNote->setText(syntax && !syntax->isAvailable() ? syntax->unavailableReason() : QString());
    m_plainNote->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(createToolBar());
    layout->addWidget(m_banner);
    layout->addWidget(m_stack, 1);
    layout->addWidget(m_plainNote);

    syncScrollBars(true);
    syncScrollBars(false);
    for (const Side side : {Side::Left, Side::Right}) {
        CodeView* view = codeView(side);
        view->setBlockPainter(
            [this, side](QPainter& painter, const QTextBlock& block, const QRectF& rect) { paintRow(side, painter, block, rect); });
        connect(view, &CodeView::colorsChanged, this, [this, side] { updateColors(side); });
        updateColors(side);
    }
    updateNavigation();
}

DiffView::~DiffView() = default;

QWidget* DiffView::createPane(CodeView* view, QLabel* title)
{
    auto* pane = new QWidget(this);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(title);
    layout->addWidget(view, 1);
    return pane;
}

QWidget* DiffView::createToolBar()
{
    m_counts->setObjectName(QStringLiteral("diffCounts"));
    m_position->setObjectName(QStringLiteral("diffPosition"));
    m_previous->setArrowType(Qt::UpArrow);
    m_previous->setToolTip(tr("Previous change"));
    m_previous->setAutoRaise(true);
    m_next->setArrowType(Qt::DownArrow);
    m_next->setToolTip(tr("Next change"));
    m_next->setAutoRaise(true);
    connect(m_previous, &QToolButton::clicked, this, &DiffView::previousChange);
    connect(m_next, &QToolButton::clicked, this, &DiffView::nextChange);

    auto* bar = new QWidget(this);
    auto* layout = new QHBoxLayout(bar);
    layout->setContentsMargins(6, 2, 4, 2);
    layout->addWidget(m_counts);
    layout->addStretch(1);
    layout->addWidget(m_position);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    return bar;
}

void DiffView::syncScrollBars(bool vertical)
{
    auto bar = [vertical](CodeView* view) { return vertical ? view->verticalScrollBar() : view->horizontalScrollBar(); };
    connect(bar(m_left), &QScrollBar::valueChanged, this, [this, vertical](int value) { copyScroll(value, vertical, m_right); });
    connect(bar(m_right), &QScrollBar::valueChanged, this, [this, vertical](int value) { copyScroll(value, vertical, m_left); });
}

void DiffView::copyScroll(int value, bool vertical, CodeView* to)
{
    // The copy makes the other bar emit valueChanged in turn; without the guard a side whose
    // range cannot reach value would clamp it and pull the first side back.
    if (m_syncing)
        return;
    const QScopedValueRollback<bool> guard(m_syncing, true);
    (vertical ? to->verticalScrollBar() : to->horizontalScrollBar())->setValue(value);
}

void DiffView::setDiff(const QString& leftTitle, const QString& left, const QString& rightTitle, const QString& right,
    const DiffResult& diff, CodeLanguage language)
{
    m_diff = diff;
    m_currentHunk = -1;
    m_leftTitle->setText(leftTitle);
    m_leftTitle->setToolTip(leftTitle);
    m_rightTitle->setText(rightTitle);
    m_rightTitle->setToolTip(rightTitle);
    m_counts->setText(QStringLiteral("+%1 \u2212%2 ~%3").arg(diff.added).arg(diff.removed).arg(diff.changed));
    m_counts->setToolTip(tr("%1 lines added, %2 removed, %3 changed").arg(diff.added).arg(diff.removed).arg(diff.changed));
    m_plainNote->setVisible(!m_plainNote->text().isEmpty() && language != CodeLanguage::Plain);

    const QVector<DiffRow> rows = diff.error.isEmpty() ? diff.rows : QVector<DiffRow>();
    const AlignedSide leftSide = alignSide(splitLines(left), rows, true);
    const AlignedSide rightSide = alignSide(splitLines(right), rows, false);
    m_left->setCode(leftSide.text, language);
    m_left->setLineNumbers(leftSide.numbers);
    m_right->setCode(rightSide.text, language);
    m_right->setLineNumbers(rightSide.numbers);
    if (diff.error.isEmpty()) {
        m_left->setVersion(m_leftId, leftTitle, left);
        m_right->setVersion(m_rightId, rightTitle, right);
    }
    m_left->viewport()->update();
    m_right->viewport()->update();

    if (!diff.error.isEmpty() && (m_leftId.isEmpty() || m_rightId.isEmpty()))
        showMessage(diff.error, true); // no versions to speak of: the reason alone
    else if (!diff.error.isEmpty())
        showMessage(tr("Cannot compare these versions: %1").arg(diff.error), true);
    else if (diff.identical())
        showMessage(tr("No differences: both versions are the same."), false);
    else
        showMessage({}, false);
    updateNavigation();
    Q_EMIT currentHunkChanged(m_currentHunk, hunkCount());
}

void DiffView::setVersionIds(const QString& leftId, const QString& rightId)
{
    m_leftId = leftId;
    m_rightId = rightId;
}

void DiffView::setLineComments(const QVector<LineComment>& comments)
{
    m_left->setLineComments(comments);
    m_right->setLineComments(comments);
}

void DiffView::showMessage(const QString& text, bool hideCode)
{
    m_errorText->setText(hideCode ? text : QString());
    m_banner->setText(hideCode ? QString() : text);
    m_banner->setVisible(!hideCode && !text.isEmpty());
    m_stack->setCurrentIndex(hideCode ? ErrorPage : CodePage);
}

QString DiffView::message() const
{
    return m_stack->currentIndex() == ErrorPage ? m_errorText->text() : m_banner->text();
}

void DiffView::updateColors(Side side)
{
    (side == Side::Left ? m_leftColors : m_rightColors) = DiffColors::fromPalette(codeView(side)->palette());
    codeView(side)->viewport()->update();
}

// One row of one side, painted under its text when it is in view (D2): the tint of its kind
// across the row, the changed characters over it, filler rows shaded and hatched.
void DiffView::paintRow(Side side, QPainter& painter, const QTextBlock& block, const QRectF& rect) const
{
    const int index = block.blockNumber();
    if (!m_diff.error.isEmpty() || index < 0 || index >= m_diff.rows.size())
        return;
    const DiffRow& row = m_diff.rows.at(index);
    const bool left = side == Side::Left;
    const DiffColors& colors = left ? m_leftColors : m_rightColors;
    if ((left ? row.leftLine : row.rightLine) < 0) {
        painter.fillRect(rect, colors.filler);
        painter.fillRect(rect, QBrush(colors.fillerHatch, Qt::BDiagPattern));
        return;
    }
    if (row.kind == DiffRow::Kind::Equal)
        return;
    painter.fillRect(rect, lineColor(row.kind, colors));
    const int length = block.length() - 1; // without the block separator
    for (const CharSpan& span : left ? row.leftSpans : row.rightSpans) {
        // Clamped: spans come from another component and must not reach past the row.
        const int start = std::clamp(span.start, 0, length);
        const int end = std::clamp(span.start + span.length, start, length);
        for (const QRectF& area : codeView(side)->textRangeRects(block, start, end))
            painter.fillRect(area, colors.changedSpan);
    }
}

CodeView* DiffView::codeView(Side side) const
{
    return side == Side::Left ? m_left : m_right;
}

void DiffView::nextChange()
{
    if (hunkCount() > 0)
        goToHunk((m_currentHunk + 1) % hunkCount());
}

void DiffView::previousChange()
{
    if (hunkCount() > 0)
        goToHunk(m_currentHunk <= 0 ? hunkCount() - 1 : m_currentHunk - 1);
}

void DiffView::goToHunk(int index)
{
    m_currentHunk = index;
    const int row = m_diff.hunks.at(index).firstRow;
    m_left->showBlock(row);
    m_right->showBlock(row);
    updateNavigation();
    Q_EMIT currentHunkChanged(m_currentHunk, hunkCount());
}

void DiffView::updateNavigation()
{
    const int count = hunkCount();
    if (count == 0)
        m_position->setText(tr("No changes"));
    else if (m_currentHunk < 0)
        m_position->setText(count == 1 ? tr("1 change") : tr("%1 changes").arg(count));
    else
        m_position->setText(tr("Change %1 of %2").arg(m_currentHunk + 1).arg(count));
    m_previous->setEnabled(count > 0);
    m_next->setEnabled(count > 0);
}

} // namespace krw
