// SPDX-License-Identifier: MIT
#include "widgets/browse/verdictdelegate.h"

#include "widgets/theme/diffcolors.h"
#include "widgets/theme/themes.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace krw {

namespace {

QPainterPath verdictShape(Verdict verdict, const QRectF& r)
{
    QPainterPath path;
    const QPointF c = r.center();
    switch (verdict) {
    case Verdict::ModelError: // a filled circle: the plain "wrong" mark
        path.addEllipse(r);
        break;
    case Verdict::TestProblem: // a square
        path.addRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
        break;
    case Verdict::InstructionMismatch: // a diamond
        path.moveTo(c.x(), r.top());
        path.lineTo(r.right(), c.y());
        path.lineTo(c.x(), r.bottom());
        path.lineTo(r.left(), c.y());
        path.closeSubpath();
        break;
    case Verdict::FlakyEnvironment: // a triangle
        path.moveTo(c.x(), r.top());
        path.lineTo(r.right(), r.bottom());
        path.lineTo(r.left(), r.bottom());
        path.closeSubpath();
        break;
    case Verdict::CorrectAfterAll: // a check mark's box: rounded square
        path.addRoundedRect(r, r.width() / 3, r.height() / 3);
        break;
    case Verdict::NeedsSecondLook: // a hexagon-ish "stop and look": an octagon
    {
        const qreal k = r.width() * 0.3;
        path.moveTo(r.left() + k, r.top());
        path.lineTo(r.right() - k, r.top());
        path.lineTo(r.right(), r.top() + k);
        path.lineTo(r.right(), r.bottom() - k);
        path.lineTo(r.right() - k, r.bottom());
        path.lineTo(r.left() + k, r.bottom());
        path.lineTo(r.left(), r.bottom() - k);
        path.lineTo(r.left(), r.top() + k);
        path.closeSubpath();
        break;
    }
    case Verdict::None:
        path.addEllipse(r);
        break;
    }
    return path;
}

} // namespace

QIcon verdictIcon(Verdict verdict, const QPalette& palette, int size)
{
    const qreal ratio = 2; // crisp on high-DPI screens; Qt scales down where it is not
    QPixmap pixmap(int(size * ratio), int(size * ratio));
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QRectF box(1.5, 1.5, size - 3, size - 3);
    if (verdict == Verdict::None) {
        painter.setPen(QPen(blendColors(base, text, 0.35), 1.2));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(box.adjusted(1.5, 1.5, -1.5, -1.5));
    } else {
        // Dark bases get a lighter fill; the outline in the text colour keeps the shape readable.
        const QColor hue = verdictHue(verdict);
        painter.setBrush(isDarkPalette(palette) ? hue.lighter(125) : hue);
        painter.setPen(QPen(blendColors(hue, text, 0.35), 1));
        painter.drawPath(verdictShape(verdict, box));
    }
    painter.end();
    return QIcon(pixmap);
}

VerdictDelegate::VerdictDelegate(int role, int column, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_role(role)
    , m_column(column)
{
}

void VerdictDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QVariant verdict = index.data(m_role);
    if (index.column() != m_column || !verdict.isValid())
        return; // group rows have no verdict
    option->features |= QStyleOptionViewItem::HasDecoration;
    option->icon = iconFor(Verdict(verdict.toInt()), option->palette);
    const int size = option->fontMetrics.height() * 3 / 4;
    option->decorationSize = QSize(size, size);
}

QIcon VerdictDelegate::iconFor(Verdict verdict, const QPalette& palette) const
{
    // verdictIcon reads these two colours (and the base's lightness): a palette change draws anew.
    const QString key
        = QStringLiteral("%1 %2 %3").arg(int(verdict)).arg(palette.color(QPalette::Base).rgba()).arg(palette.color(QPalette::Text).rgba());
    auto cached = m_icons.constFind(key);
    if (cached == m_icons.cend())
        cached = m_icons.insert(key, verdictIcon(verdict, palette));
    return *cached;
}

} // namespace krw
