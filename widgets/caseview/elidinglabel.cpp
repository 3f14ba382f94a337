// SPDX-License-Identifier: MIT
#include "widgets/caseview/elidinglabel.h"

#include <QEvent>

namespace krw {

namespace {
constexpr int MinimumCharacters = 8;
} // namespace

ElidingLabel::ElidingLabel(Qt::TextElideMode mode, QWidget* parent)
    : QLabel(parent)
    , m_mode(mode)
{
    setTextFormat(Qt::PlainText);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ElidingLabel::setFullText(const QString& text)
{
    m_full = text;
    m_fullWidth = -1;
    updateGeometry();
    showFitting();
    // Once the layout has given the label its room for the new text (it may not resize it at all).
    QMetaObject::invokeMethod(this, &ElidingLabel::showFitting, Qt::QueuedConnection);
}

QSize ElidingLabel::sizeHint() const
{
    ensurePolished(); // the style's font
    const QMargins margins = contentsMargins();
    return {fullWidth() + margins.left() + margins.right() + 2 * margin(), QLabel::sizeHint().height()};
}

QSize ElidingLabel::minimumSizeHint() const
{
    ensurePolished();
    const QMargins margins = contentsMargins();
    const int few = fontMetrics().horizontalAdvance(QLatin1Char('x')) * MinimumCharacters;
    return {std::min(few, fullWidth()) + margins.left() + margins.right() + 2 * margin(), QLabel::minimumSizeHint().height()};
}

// The width at which elidedText() shows the whole text: it measures the shaped text, which can be
// a few pixels wider than horizontalAdvance() says (hinting, bold), so the room is found by trying.
int ElidingLabel::fullWidth() const
{
    if (m_fullWidth >= 0)
        return m_fullWidth;
    const QFontMetrics metrics = fontMetrics();
    const int advance = metrics.horizontalAdvance(m_full);
    int width = advance;
    while (width < advance + 4 * metrics.averageCharWidth() && metrics.elidedText(m_full, m_mode, width) != m_full)
        ++width;
    m_fullWidth = width;
    return width;
}

void ElidingLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    showFitting();
}

void ElidingLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        m_fullWidth = -1;
        updateGeometry();
        showFitting();
    }
}

void ElidingLabel::showFitting()
{
    const QString shown = fontMetrics().elidedText(m_full, m_mode, contentsRect().width() - 2 * margin());
    if (shown != text())
        setText(shown);
    setToolTip(shown == m_full ? QString() : m_full);
}

} // namespace krw
