// SPDX-License-Identifier: MIT
#include "caseview/elidinglabel.h"

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
    updateGeometry();
    showFitting();
}

QSize ElidingLabel::sizeHint() const
{
    const QMargins margins = contentsMargins();
    return {fontMetrics().horizontalAdvance(m_full) + margins.left() + margins.right() + 2 * margin(), QLabel::sizeHint().height()};
}

QSize ElidingLabel::minimumSizeHint() const
{
    const QMargins margins = contentsMargins();
    const int few = fontMetrics().horizontalAdvance(QLatin1Char('x')) * MinimumCharacters;
    return {std::min(few, fontMetrics().horizontalAdvance(m_full)) + margins.left() + margins.right() + 2 * margin(),
        QLabel::minimumSizeHint().height()};
}

void ElidingLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    showFitting();
}

void ElidingLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        showFitting();
}

void ElidingLabel::showFitting()
{
    const QString shown = fontMetrics().elidedText(m_full, m_mode, contentsRect().width() - 2 * margin());
    if (shown != text())
        setText(shown);
    setToolTip(shown == m_full ? QString() : m_full);
}

} // namespace krw
