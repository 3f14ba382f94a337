// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QObject>
#include <QString>

class QProxyStyle;
class QTabWidget;

namespace krw {

// Keeps every tab of a QTabWidget in sight without scroll arrows: each tab has a full title and
// a brief one ("Prediction", "Pred."). Where the full titles don't fit the widget's width, all
// tabs show their brief titles, with the full one as tooltip (unless the tab has a tooltip of
// its own) and less room beside them; where even those don't fit, the tab bar elides them.
class TabTitleFitter : public QObject
{
    Q_OBJECT
public:
    explicit TabTitleFitter(QTabWidget* tabs);

    void setTitles(int index, const QString& full, const QString& brief);
    // A tab's own tooltip (e.g. why it is disabled); empty gives the full title back when brief.
    void setToolTip(int index, const QString& toolTip);
    bool isBrief() const { return m_brief; }
    QString fullTitle(int index) const { return m_titles.value(index).full; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Titles
    {
        QString full;
        QString brief;
        QString toolTip;
    };
    void fit();
    void show(int index);
    int fullWidth() const;

    QTabWidget* m_tabs;
    QProxyStyle* m_style; // the tab bar's: less room beside brief titles
    QHash<int, Titles> m_titles;
    bool m_brief = false;
};

} // namespace krw
