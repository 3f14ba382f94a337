// SPDX-License-Identifier: MIT
#include "widgets/caseview/tabtitlefitter.h"

#include <QEvent>
#include <QProxyStyle>
#include <QTabBar>
#include <QTabWidget>

namespace krw {

namespace {

// The application's style, with less room beside each tab's title while the titles are brief.
class CompactTabStyle : public QProxyStyle
{
public:
    bool compact = false;

    int pixelMetric(PixelMetric metric, const QStyleOption* option, const QWidget* widget) const override
    {
        const int value = QProxyStyle::pixelMetric(metric, option, widget);
        return compact && metric == PM_TabBarTabHSpace ? value / CompactDivisor : value;
    }
    int spaceSaved(const QWidget* widget) const
    {
        const int full = QProxyStyle::pixelMetric(PM_TabBarTabHSpace, nullptr, widget);
        return compact ? full - full / CompactDivisor : 0;
    }

private:
    static constexpr int CompactDivisor = 3;
};

} // namespace

TabTitleFitter::TabTitleFitter(QTabWidget* tabs)
    : QObject(tabs)
    , m_tabs(tabs)
{
    m_tabs->setElideMode(Qt::ElideRight); // the last resort, before scroll arrows
    auto* style = new CompactTabStyle;
    style->setParent(this);
    m_style = style;
    m_tabs->tabBar()->setStyle(style);
    m_tabs->installEventFilter(this);
}

void TabTitleFitter::setTitles(int index, const QString& full, const QString& brief)
{
    Titles& titles = m_titles[index];
    if (titles.full == full && titles.brief == brief)
        return;
    titles.full = full;
    titles.brief = brief;
    show(index);
    fit();
}

void TabTitleFitter::setToolTip(int index, const QString& toolTip)
{
    m_titles[index].toolTip = toolTip;
    show(index);
}

bool TabTitleFitter::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_tabs
        && (event->type() == QEvent::Resize || event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange
            || event->type() == QEvent::Show))
        fit();
    return QObject::eventFilter(watched, event);
}

// The width the tab bar would ask for with every full title: what it asks for with the titles it
// shows now (its size hint is every tab's whole title, elided or not), corrected by the
// difference between those and the full ones.
int TabTitleFitter::fullWidth() const
{
    const QTabBar* bar = m_tabs->tabBar();
    const QFontMetrics metrics = bar->fontMetrics();
    int width = bar->sizeHint().width() + bar->count() * static_cast<const CompactTabStyle*>(m_style)->spaceSaved(bar);
    for (auto it = m_titles.constBegin(); it != m_titles.constEnd(); ++it)
        width += metrics.horizontalAdvance(it->full) - metrics.horizontalAdvance(bar->tabText(it.key()));
    return width;
}

void TabTitleFitter::fit()
{
    const bool brief = fullWidth() > m_tabs->width();
    if (brief == m_brief)
        return;
    m_brief = brief;
    static_cast<CompactTabStyle*>(m_style)->compact = brief;
    for (auto it = m_titles.constBegin(); it != m_titles.constEnd(); ++it)
        show(it.key());
}

void TabTitleFitter::show(int index)
{
    const Titles& titles = m_titles.value(index);
    const bool brief = m_brief && !titles.brief.isEmpty();
    m_tabs->setTabText(index, brief ? titles.brief : titles.full);
    m_tabs->setTabToolTip(index, !titles.toolTip.isEmpty() ? titles.toolTip : brief ? titles.full : QString());
}

} // namespace krw
