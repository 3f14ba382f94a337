// SPDX-License-Identifier: MIT
#include "code/diffview.h"

#include "code/codeview.h"
#include "code/syntaxsupport.h"
#include "theme/diffcolors.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
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

QTextEdit::ExtraSelection lineSelection(const QTextBlock& block, const QBrush& brush)
{
    QTextEdit::ExtraSelection selection;
    selection.cursor = QTextCursor(block);
    selection.format.setBackground(brush);
    selection.format.setProperty(QTextFormat::FullWidthSelection, true);
    return selection;
}

QTextEdit::ExtraSelection spanSelection(const QTextBlock& block, const CharSpan& span, const QColor& color)
{
    // Clamped: spans come from another component and must not select into the next row.
    const int start = std::clamp(span.start, 0, block.length() - 1);
    const int end = std::clamp(span.start + span.length, start, block.length() - 1);
    QTextEdit::ExtraSelection selection;
    selection.cursor = QTextCursor(block);
    selection.cursor.setPosition(block.position() + start);
    selection.cursor.setPosition(block.position() + end, QTextCursor::KeepAnchor);
    selection.format.setBackground(color);
    return selection;
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

QList<QTextEdit::ExtraSelection> diffSelections(
    const QTextDocument* document, const QVector<DiffRow>& rows, bool left, const DiffColors& colors)
{
    QList<QTextEdit::ExtraSelection> selections;
    QTextBlock block = document->begin();
    for (const DiffRow& row : rows) {
        if (!block.isValid())
            break;
        if ((left ? row.leftLine : row.rightLine) < 0) {
            selections.append(lineSelection(block, colors.filler));
            selections.append(lineSelection(block, QBrush(colors.fillerHatch, Qt::BDiagPattern)));
        } else if (row.kind != DiffRow::Kind::Equal) {
            selections.append(lineSelection(block, lineColor(row.kind, colors)));
            for (const CharSpan& span : left ? row.leftSpans : row.rightSpans)
                selections.append(spanSelection(block, span, colors.changedSpan));
        }
        block = block.next();
    }
    return selections;
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
    connect(m_left, &CodeView::colorsChanged, this, [this] { updateSelections(Side::Left); });
    connect(m_right, &CodeView::colorsChanged, this, [this] { updateSelections(Side::Right); });
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
    updateSelections(Side::Left);
    updateSelections(Side::Right);

    if (!diff.error.isEmpty())
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

void DiffView::updateSelections(Side side)
{
    CodeView* view = side == Side::Left ? m_left : m_right;
    const auto colors = DiffColors::fromPalette(view->palette());
    const QVector<DiffRow> rows = m_diff.error.isEmpty() ? m_diff.rows : QVector<DiffRow>();
    view->setBackgroundSelections(diffSelections(view->document(), rows, side == Side::Left, colors));
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
