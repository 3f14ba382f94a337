// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/plotdata.h"

#include <QWidget>

class QCustomPlot;
class QCPTextElement;

namespace krw {

struct PlotTheme;

// What TimingPlot, ErrorPlot and HistoryPlot share: a QCustomPlot with a title row, a legend
// row and the axis rect below; categories on x with a tooltip each; an empty state; export;
// and palette following (M6): on QEvent::PaletteChange (and FontChange) the plot is rebuilt
// from the stored data in the new colours and replotted with rpQueuedRefresh.
class PlotWidget : public QWidget
{
    Q_OBJECT
public:
    ~PlotWidget() override;

    // The plot itself, for tests and for callers that add interactions.
    QCustomPlot* plot() const { return m_plot; }

    // Saves the plot as PNG or PDF, chosen by the extension of path. The size is the plot's
    // on screen, or a default when it has not been laid out (a hidden page).
    bool exportTo(const QString& path, QString* error = nullptr);
    // The plot drawn at size as PNG bytes, for embedding in a report (GUI thread only).
    QByteArray toPng(const QSize& size);

    bool isEmptyState() const { return !m_emptyMessage.isEmpty(); }
    QString emptyMessage() const { return m_emptyMessage; }
    QString title() const; // in full, however it is broken on screen
    // The tooltip for a position in plot() coordinates: the category under it, or empty.
    QString toolTipAt(const QPoint& pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    explicit PlotWidget(QWidget* parent = nullptr);

    // Clears the plot and lets build() draw the subclass's data in the current palette.
    void rebuild();
    // Adds the plottables for the current data; called by rebuild() on an emptied plot.
    virtual void build(const PlotTheme& theme) = 0;

    // Helpers for build().
    void setCategories(const CategoryAxis& axis);
    void setTitle(const QString& title);
    void showEmptyState(const QString& message, const PlotTheme& theme);
    void addReferenceLine(double y, const QString& label, const PlotTheme& theme);

    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void setupLayout();
    void resetAxes();
    void applyFonts();
    void fitToWidth(int plotWidth);
    void fitTickLabels(int plotWidth);
    void fitLegend(int plotWidth);
    void fitTitle(int plotWidth);
    void reserveFirstLabelRoom(const QString& firstText, double rotation, int plotWidth);

    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QString m_fullTitle; // m_title shows it broken and elided to the width
    CategoryAxis m_categories;
    QString m_emptyMessage;
    bool m_built = false; // build() is only safe once the subclass is constructed
};

} // namespace krw
