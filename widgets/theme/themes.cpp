// SPDX-License-Identifier: MIT
#include "widgets/theme/themes.h"

#include "models/review/annotations.h"
#include "models/run/rundata.h"
#include "widgets/theme/diffcolors.h"

#include <QApplication>
#include <QPainter>
#include <QPixmap>
#include <QStyle>
#include <QStyleFactory>

namespace krw {

namespace {

QPalette& systemPalette()
{
    // The palette and style before we first changed them, to return to "System".
    static QPalette palette = QApplication::palette();
    return palette;
}

QString& systemStyleName()
{
    static QString name = QApplication::style()->objectName();
    return name;
}

} // namespace

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xdf, 0xe1, 0xe5), disabled(0x80, 0x84, 0x8a);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6a, 0xa8, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xf0));
    p.setColor(QPalette::Mid, QColor(0x45, 0x48, 0x4d));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Light, QColor(0x3c, 0x3f, 0x44));
    for (auto role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

QPalette lightPalette()
{
    QPalette p = QStyleFactory::create(QStringLiteral("Fusion"))->standardPalette();
    p.setColor(QPalette::Highlight, QColor(0x30, 0x78, 0xd6));
    return p;
}

bool systemThemeIsDark()
{
    return isDarkPalette(systemPalette());
}

void applyTheme(Theme theme)
{
    systemPalette();
    systemStyleName();
    switch (theme) {
    case Theme::System:
        QApplication::setStyle(QStyleFactory::create(systemStyleName()));
        QApplication::setPalette(systemPalette());
        break;
    case Theme::Light:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(lightPalette());
        break;
    case Theme::Dark:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
        break;
    }
}

QColor tinted(const QPalette& palette, const QColor& hue, qreal amount)
{
    // Dark bases need a stronger tint for the same visible difference.
    const qreal a = isDarkPalette(palette) ? amount * 1.4 : amount;
    return blendColors(palette.color(QPalette::Base), hue, a);
}

QColor outcomeHue(int outcome)
{
    switch (Outcome(outcome)) {
    case Outcome::Passed:
        return QColor(0x2e, 0xa0, 0x43);
    case Outcome::PerfFailed:
        return QColor(0xd0, 0x9a, 0x1b);
    case Outcome::ExeFailed:
        return QColor(0xe0, 0x6c, 0x1f);
    case Outcome::CallFailed:
        return QColor(0xd7, 0x3a, 0x49);
    case Outcome::NoPrediction:
        return QColor(0x8b, 0x5c, 0xd6);
    case Outcome::Unknown:
        break;
    }
    return QColor(0x80, 0x80, 0x80);
}

QColor verdictHue(Verdict verdict)
{
    switch (verdict) {
    case Verdict::ModelError:
        return QColor(0xd0, 0x3a, 0x2f);
    case Verdict::TestProblem:
        return QColor(0xe0, 0x8a, 0x1f);
    case Verdict::InstructionMismatch:
        return QColor(0x8e, 0x4e, 0xc6);
    case Verdict::FlakyEnvironment:
        return QColor(0xc9, 0xb0, 0x1c);
    case Verdict::CorrectAfterAll:
        return QColor(0x2e, 0xa0, 0x43);
    case Verdict::NeedsSecondLook:
        return QColor(0x2f, 0x7f, 0xd0);
    case Verdict::None:
        break;
    }
    return {};
}

QColor staleHue()
{
    return QColor(0xe0, 0x8a, 0x1f);
}

QColor problemTextColor(const QPalette& palette)
{
    return isDarkPalette(palette) ? QColor(0xff, 0x7b, 0x72) : QColor(0xc0, 0x1c, 0x16);
}

QPalette paperPalette()
{
    QPalette paper;
    paper.setColor(QPalette::Window, Qt::white);
    paper.setColor(QPalette::Base, Qt::white);
    paper.setColor(QPalette::WindowText, Qt::black);
    paper.setColor(QPalette::Text, Qt::black);
    return paper;
}

QIcon iconInTextColor(const QIcon& icon, const QPalette& palette)
{
    QIcon recoloured;
    for (const int side : {16, 22, 24, 32, 48}) {
        for (const QIcon::Mode mode : {QIcon::Normal, QIcon::Disabled}) {
            QPixmap pixmap = icon.pixmap(QSize(side, side));
            if (pixmap.isNull())
                continue;
            QPainter painter(&pixmap);
            painter.setCompositionMode(QPainter::CompositionMode_SourceIn); // keep the shape, change the colour
            painter.fillRect(
                pixmap.rect(), palette.color(mode == QIcon::Disabled ? QPalette::Disabled : QPalette::Active, QPalette::ButtonText));
            painter.end();
            recoloured.addPixmap(pixmap, mode);
        }
    }
    return recoloured;
}

} // namespace krw
