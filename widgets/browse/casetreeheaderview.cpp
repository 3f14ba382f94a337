// SPDX-License-Identifier: MIT
#include "widgets/browse/casetreeheaderview.h"

#include "models/browse/casetreemodel.h"

#include <QFontMetricsF>
#include <QHash>
#include <QMouseEvent>
#include <QSet>
#include <QStyle>
#include <QTreeView>

#include <algorithm>
#include <array>
#include <cmath>

namespace krw {

namespace {
// Estimated widths can miss kerning and shaping by a pixel or two a string: the widest this many by
// estimate are measured exactly.
constexpr int ExactlyMeasured = 16;
// A column fitted to its texts is at most this many average characters wide: a 300-character
// filename is elided (its tooltip has it whole) and the other columns stay in sight.
constexpr int MaxFittedChars = 48;
} // namespace

CaseTreeHeaderView::CaseTreeHeaderView(const CaseTreeModel* cases, QWidget* parent)
    : QHeaderView(Qt::Horizontal, parent)
    , m_cases(cases)
    , m_widestText(CaseTreeModel::NUM_COLUMNS, 0)
{
    // What QTreeView's own header has.
    setSectionsMovable(true);
    setStretchLastSection(true);
    setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    setSectionResizeMode(QHeaderView::Interactive);
    connect(this, &QHeaderView::sectionResized, this, [this](int logical) {
        if (logical == m_userResizing)
            m_userSized.insert(logical);
    });
    // The source model's signals, not the proxy's: a filter hides rows, the widths stay.
    connect(m_cases, &QAbstractItemModel::modelReset, this, [this] {
        m_userSized.clear();
        std::fill(m_widestText.begin(), m_widestText.end(), 0);
        fitColumns();
    });
    connect(m_cases, &QAbstractItemModel::dataChanged, this, &CaseTreeHeaderView::onCasesChanged);
}

QTreeView* CaseTreeHeaderView::tree() const
{
    return qobject_cast<QTreeView*>(parentWidget());
}

qreal CaseTreeHeaderView::widestText(const QFontMetricsF& fm, const QStringList& texts)
{
    // The sum of the characters' advances, from a table filled as characters come (Latin-1 in an
    // array, the rest hashed): one lookup a character instead of a text layout a string.
    std::array<qreal, 256> latin1;
    latin1.fill(-1);
    QHash<QChar, qreal> others;
    auto advance = [&](QChar c) {
        if (c.unicode() < latin1.size()) {
            qreal& known = latin1[c.unicode()];
            if (known < 0)
                known = fm.horizontalAdvance(c);
            return known;
        }
        auto found = others.constFind(c);
        if (found == others.cend())
            found = others.insert(c, fm.horizontalAdvance(c));
        return *found;
    };
    QVector<std::pair<qreal, int>> estimates;
    estimates.reserve(texts.size());
    for (int i = 0; i < texts.size(); ++i) {
        qreal width = 0;
        for (QChar c : texts.at(i))
            width += advance(c);
        estimates.append({width, i});
    }
    const int exact = std::min(int(estimates.size()), ExactlyMeasured);
    std::partial_sort(estimates.begin(), estimates.begin() + exact, estimates.end(),
        [](const std::pair<qreal, int>& a, const std::pair<qreal, int>& b) { return a.first > b.first; });
    qreal widest = exact > 0 ? estimates.first().first : 0;
    for (int i = 0; i < exact; ++i)
        widest = std::max(widest, fm.horizontalAdvance(texts.at(estimates.at(i).second)));
    return widest;
}

QStringList CaseTreeHeaderView::texts(int column) const
{
    QStringList texts;
    const RunPtr& run = m_cases->run();
    if (!run)
        return texts;
    switch (column) {
    case CaseTreeModel::NameColumn:
        texts.reserve(run->cases.size());
        for (const Case& c : run->cases)
            texts << c.filename;
        break;
    case CaseTreeModel::LatestColumn:
    case CaseTreeModel::BestColumn: {
        QVector<int> values; // a handful of outcomes and stages
        for (const Case& c : run->cases) {
            const int value = column == CaseTreeModel::LatestColumn ? int(c.latest) : int(c.best);
            if (!values.contains(value))
                values.append(value);
        }
        for (int value : qAsConst(values))
            texts << (column == CaseTreeModel::LatestColumn ? outcomeTitle(Outcome(value)) : stageName(Stage(value)));
        break;
    }
    case CaseTreeModel::HintsColumn:
        texts << QStringLiteral("99"); // a count; the header's title is wider anyway
        break;
    case CaseTreeModel::RerunColumn: {
        QSet<QString> cells; // a few verdicts and flag counts
        for (const LatestRerun& rerun : m_cases->latestReruns())
            cells.insert(rerun.cellText());
        texts = cells.values();
        break;
    }
    default:
        break;
    }
    return texts;
}

// What the delegate puts around a cell's text (margins, the verdict icon of the name column) and the
// tree's indentation, read off the first case row shown; the Rerun column's cells are laid out like
// the outcome column's (its first row may have no text).
int CaseTreeHeaderView::padding(int column) const
{
    QTreeView* view = tree();
    const QAbstractItemModel* shown = model();
    const int measured = column == CaseTreeModel::NameColumn ? CaseTreeModel::NameColumn : CaseTreeModel::LatestColumn;
    const QFontMetricsF fm(view ? view->font() : font());
    QModelIndex row;
    for (int g = 0; view && shown && g < shown->rowCount() && !row.isValid(); ++g) {
        const QModelIndex group = shown->index(g, 0);
        if (shown->rowCount(group) > 0)
            row = shown->index(0, measured, group);
    }
    int pad = 0;
    if (row.isValid()) {
        pad = view->sizeHintForIndex(row).width() - int(std::ceil(fm.horizontalAdvance(row.data().toString())));
    } else {
        // Nothing shown (a filter hides every case): the style's text margins and, for names, an icon.
        pad = 2 * (style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
        if (column == CaseTreeModel::NameColumn)
            pad += int(fm.height()) + style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) * 2;
    }
    if (column == CaseTreeModel::NameColumn && view) // case rows sit one level below their group
        pad += view->indentation() * (view->rootIsDecorated() ? 2 : 1);
    return std::max(pad, 0);
}

int CaseTreeHeaderView::contentsWidth(int column) const
{
    const int text = int(std::ceil(m_widestText.value(column)));
    const QTreeView* view = tree();
    const int most = int(std::ceil(QFontMetricsF(view ? view->font() : font()).averageCharWidth() * MaxFittedChars));
    return std::max(text > 0 ? std::min(text, most) + padding(column) : 0, sectionSizeHint(column));
}

void CaseTreeHeaderView::fit(int column)
{
    if (isSectionHidden(column) || m_userSized.contains(column))
        return;
    const int width = contentsWidth(column);
    if (width != sectionSize(column))
        resizeSection(column, width);
}

void CaseTreeHeaderView::fitColumns()
{
    const QTreeView* view = tree();
    const QFontMetricsF fm(view ? view->font() : font());
    for (int column = 0; column < CaseTreeModel::NUM_COLUMNS; ++column) {
        if (column < count() && !isSectionHidden(column)) {
            m_widestText[column] = widestText(fm, texts(column));
            fit(column);
        }
    }
}

// A rerun finished (one row) or the saved reruns arrived (whole groups): the Rerun column is the only
// one whose texts change after a run opened (a verdict changes the name's icon, not its width).
void CaseTreeHeaderView::onCasesChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight)
{
    if (CaseTreeModel::RerunColumn < topLeft.column() || CaseTreeModel::RerunColumn > bottomRight.column() || count() == 0)
        return;
    const QTreeView* view = tree();
    const QFontMetricsF fm(view ? view->font() : font());
    if (topLeft.row() == bottomRight.row()) { // one case: its text only, and the column only grows
        const QString text = topLeft.siblingAtColumn(CaseTreeModel::RerunColumn).data().toString();
        const qreal width = fm.horizontalAdvance(text);
        if (width <= m_widestText.at(CaseTreeModel::RerunColumn))
            return;
        m_widestText[CaseTreeModel::RerunColumn] = width;
    } else {
        m_widestText[CaseTreeModel::RerunColumn] = widestText(fm, texts(CaseTreeModel::RerunColumn));
    }
    fit(CaseTreeModel::RerunColumn);
}

// Another font or style draws the same texts wider or narrower.
void CaseTreeHeaderView::changeEvent(QEvent* event)
{
    QHeaderView::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        fitColumns();
}

int CaseTreeHeaderView::handleAt(const QPoint& pos) const
{
    // QHeaderViewPrivate::sectionHandleAt: within the grip margin of a section's start, the handle
    // is the previous shown section's; of its end, its own.
    const int position = orientation() == Qt::Horizontal ? pos.x() : pos.y();
    int visual = visualIndexAt(position);
    if (visual < 0)
        return -1;
    const int logical = logicalIndex(visual);
    const int start = sectionViewportPosition(logical);
    const int grip = style()->pixelMetric(QStyle::PM_HeaderGripMargin, nullptr, this);
    bool atStart = position < start + grip;
    bool atEnd = position > start + sectionSize(logical) - grip;
    if (orientation() == Qt::Horizontal && isRightToLeft())
        std::swap(atStart, atEnd);
    if (atEnd)
        return logical;
    if (!atStart)
        return -1;
    while (--visual >= 0) {
        if (!isSectionHidden(logicalIndex(visual)))
            return logicalIndex(visual);
    }
    return -1;
}

void CaseTreeHeaderView::mousePressEvent(QMouseEvent* event)
{
    m_userResizing = handleAt(event->pos());
    QHeaderView::mousePressEvent(event);
}

void CaseTreeHeaderView::mouseReleaseEvent(QMouseEvent* event)
{
    QHeaderView::mouseReleaseEvent(event);
    m_userResizing = -1;
}

// A double-click on a section's edge sizes it to the rows shown (QTreeView): the user's width too.
void CaseTreeHeaderView::mouseDoubleClickEvent(QMouseEvent* event)
{
    m_userResizing = handleAt(event->pos());
    QHeaderView::mouseDoubleClickEvent(event);
    m_userResizing = -1;
}

} // namespace krw
