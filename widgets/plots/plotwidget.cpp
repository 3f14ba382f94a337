// SPDX-License-Identifier: MIT
#include "widgets/plots/plotwidget.h"

#include "widgets/plots/qcustomplotwrapper.h"
#include "widgets/theme/plottheme.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QHelpEvent>
#include <QResizeEvent>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace krw {

namespace {

// Used when the plot has not been laid out yet (a page never shown, a test): a size that makes
// a readable picture rather than QWidget's default of a hundred pixels.
const QSize DefaultExportSize(900, 480);
const QSize MinimumExportSize(320, 200);

constexpr int RightMargin = 12;

enum LayoutRows { TitleRow, LegendRow, AxisRectRow };

// How many legend entries fit side by side: the most columns whose widest entries, with the
// spacing between them, fit into available.
int legendColumns(const QVector<int>& widths, int spacing, int available)
{
    for (int columns = int(widths.size()); columns > 1; --columns) {
        int total = spacing * (columns - 1);
        for (int c = 0; c < columns; ++c) {
            int widest = 0;
            for (int i = c; i < widths.size(); i += columns)
                widest = std::max(widest, widths.at(i));
            total += widest;
        }
        if (total <= available)
            return columns;
    }
    return 1;
}

void setError(QString* error, const QString& text)
{
    if (error)
        *error = text;
}

} // namespace

PlotWidget::PlotWidget(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_title(nullptr)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    // QCustomPlot's minimum size hint is its layout's, as wide as the full title and legend; it
    // would keep a whole page from shrinking. We fit title and legend to the width instead.
    m_plot->setMinimumSize(minimumSizeHint());
    setupLayout();
    m_plot->installEventFilter(this);
}

PlotWidget::~PlotWidget() = default;

void PlotWidget::setupLayout()
{
    // Title and legend get rows of their own above the axis rect, so neither can cover data.
    QCPLayoutGrid* grid = m_plot->plotLayout();
    grid->insertRow(TitleRow);
    m_title = new QCPTextElement(m_plot);
    grid->addElement(TitleRow, 0, m_title);
    grid->insertRow(LegendRow);
    // A grid cell stretches what it holds, which spreads legend entries over the whole width;
    // between two empty elements, with its width capped to what it needs, the legend stays
    // compact and centred (see fitLegend()).
    auto* legendRow = new QCPLayoutGrid;
    grid->addElement(LegendRow, 0, legendRow);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    legendRow->addElement(0, 0, new QCPLayoutElement(m_plot));
    legendRow->addElement(0, 1, m_plot->legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(m_plot));
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setSizeConstraintRect(QCPLayoutElement::scrOuterRect);
    grid->setRowStretchFactor(TitleRow, 0.001);
    grid->setRowStretchFactor(LegendRow, 0.001);
    grid->setRowSpacing(0);
}

QString PlotWidget::title() const
{
    return m_fullTitle;
}

void PlotWidget::rebuild()
{
    m_built = true;
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_categories = {};
    m_emptyMessage.clear();
    m_fullTitle.clear();
    resetAxes();
    applyFonts();
    const PlotTheme theme = PlotTheme::fromPalette(palette());
    applyPlotTheme(m_plot, theme);
    build(theme);
    fitToWidth(width()); // the plot fills this widget, whose size is set even while hidden
    m_plot->replot(QCustomPlot::rpQueuedRefresh);
}

void PlotWidget::applyFonts()
{
    // QCustomPlot copies fonts when its elements are made; ours follow the widget's font.
    QFont titleFont = font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_plot->legend->setFont(font());
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setTickLabelFont(font());
        axis->setLabelFont(font());
    }
}

void PlotWidget::fitToWidth(int plotWidth)
{
    fitTitle(plotWidth);
    fitTickLabels(plotWidth);
    fitLegend(plotWidth);
}

void PlotWidget::fitTickLabels(int plotWidth)
{
    // Room along the axis in average characters; the y axis and its label take about 80 px.
    const int chars = std::max(0, plotWidth - 80) / std::max(1, fontMetrics().averageCharWidth());
    const TickLayout layout = tickLayout(m_categories.labels, chars);
    const QStringList texts = tickTexts(m_categories.labels, layout);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < texts.size(); ++i)
        ticker->addTick(i, texts.at(i));
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setTickLabelRotation(layout.rotation);
    reserveFirstLabelRoom(texts.value(0), layout.rotation, plotWidth);
}

void PlotWidget::reserveFirstLabelRoom(const QString& firstText, double rotation, int plotWidth)
{
    // The first category sits 0.6 slots right of the axis rect's edge (setCategories' range).
    const int count = std::max(1, int(m_categories.labels.size()));
    const double slot = std::max(1, plotWidth - 80) / (count + 0.2);
    const QFontMetrics metrics(m_plot->xAxis->tickLabelFont());
    const double overhang = turnedLabelOverhang(metrics.horizontalAdvance(firstText), metrics.height(), rotation, 0.6 * slot);
    const int left = std::min(int(std::ceil(overhang)) + 4, plotWidth / 2);
    // A little room on the right too: reference-line labels end there and must not touch the edge.
    m_plot->axisRect()->setMinimumMargins(QMargins(overhang > 0 ? left : 0, 0, RightMargin, 0));
}

void PlotWidget::fitTitle(int plotWidth)
{
    // A title wider than the plot would widen the whole layout (and an export): break it after
    // its head ("Speedup 1.08× — …") and elide what still does not fit.
    const QFontMetrics metrics(m_title->font());
    const int room = std::max(40, plotWidth - 16);
    QStringList lines{m_fullTitle};
    if (metrics.horizontalAdvance(m_fullTitle) > room) {
        const int cut = int(m_fullTitle.indexOf(QStringLiteral(" — ")));
        if (cut > 0)
            lines = QStringList{m_fullTitle.left(cut), m_fullTitle.mid(cut + 3)};
    }
    for (QString& line : lines)
        line = metrics.elidedText(line, Qt::ElideRight, room);
    m_title->setText(lines.join(QLatin1Char('\n')));
}

void PlotWidget::fitLegend(int plotWidth)
{
    QCPLegend* legend = m_plot->legend;
    legend->setVisible(!isEmptyState() && legend->itemCount() > 0);
    // As many entries per row as fit; a legend wider than the plot would widen the export.
    QVector<int> widths;
    for (int i = 0; i < legend->itemCount(); ++i)
        widths << legend->item(i)->minimumOuterSizeHint().width();
    const int perRow = legendColumns(widths, legend->columnSpacing(), plotWidth - legend->margins().left() - legend->margins().right());
    legend->setWrap(perRow);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    legend->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX); // measure unconstrained
    legend->setMaximumSize(legend->minimumOuterSizeHint().width(), QWIDGETSIZE_MAX);
}

void PlotWidget::resetAxes()
{
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setVisible(true);
        axis->grid()->setVisible(true);
        axis->setScaleType(QCPAxis::stLinear);
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        axis->setNumberFormat(QStringLiteral("gbd"));
        axis->setNumberPrecision(6);
        axis->setTickLabelRotation(0);
        axis->setLabel(QString());
        axis->setRange(0, 1);
    }
}

void PlotWidget::setCategories(const CategoryAxis& axis)
{
    m_categories = axis; // the ticker is made by fitTickLabels(), which knows the width
    QCPAxis* x = m_plot->xAxis;
    x->setSubTicks(false);
    x->grid()->setVisible(false); // categories: the ticks are enough, lines between them are noise
    x->setRange(-0.6, axis.labels.size() - 0.4);
}

void PlotWidget::setTitle(const QString& title)
{
    m_fullTitle = title;
}

void PlotWidget::showEmptyState(const QString& message, const PlotTheme& theme)
{
    m_emptyMessage = message;
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setVisible(false);
        axis->grid()->setVisible(false);
    }
    auto* text = new QCPItemText(m_plot);
    text->position->setType(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(0.5, 0.5);
    text->setPositionAlignment(Qt::AlignCenter);
    text->setText(message);
    text->setColor(theme.placeholder);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    text->setFont(big);
}

void PlotWidget::addReferenceLine(double y, const QString& label, const PlotTheme& theme)
{
    // On the grid layer, under the data: a point on the line or its label must stay visible.
    const QString layer = QStringLiteral("grid");
    auto* line = new QCPItemStraightLine(m_plot);
    line->setLayer(layer);
    line->point1->setCoords(0, y);
    line->point2->setCoords(1, y);
    line->setPen(QPen(theme.reference, 1.5, Qt::DashLine));
    // The label sits at the right end, just above the line, where categories rarely reach.
    auto* text = new QCPItemText(m_plot);
    text->setLayer(layer);
    text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    text->position->setTypeY(QCPItemPosition::ptPlotCoords);
    text->position->setCoords(1, y);
    text->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    text->setPadding(QMargins(4, 0, 4, 2));
    text->setText(label);
    text->setColor(theme.reference);
    text->setFont(font());
}

QString PlotWidget::toolTipAt(const QPoint& pos) const
{
    if (isEmptyState() || !m_plot->axisRect()->rect().contains(pos))
        return {};
    const int category = categoryAt(m_plot->xAxis->pixelToCoord(pos.x()), int(m_categories.toolTips.size()));
    return category < 0 ? QString() : m_categories.toolTips.at(category);
}

bool PlotWidget::exportTo(const QString& path, QString* error)
{
    const QFileInfo info(path);
    const QString suffix = info.suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("pdf")) {
        setError(error, tr("Cannot export to %1: the name must end in .png or .pdf").arg(path));
        return false;
    }
    if (!info.absoluteDir().exists()) {
        setError(error, tr("Cannot export to %1: the folder %2 does not exist").arg(path, info.absolutePath()));
        return false;
    }
    const QSize onScreen = size();
    const bool laidOut = onScreen.width() >= MinimumExportSize.width() && onScreen.height() >= MinimumExportSize.height();
    const QSize size = laidOut ? onScreen : DefaultExportSize;
    fitToWidth(size.width());
    const bool ok = suffix == QLatin1String("png") ? m_plot->savePng(path, size.width(), size.height())
                                                   : m_plot->savePdf(path, size.width(), size.height());
    fitToWidth(onScreen.width());
    if (!ok)
        setError(error, tr("Could not write %1").arg(path));
    return ok;
}

QByteArray PlotWidget::toPng(const QSize& size)
{
    resize(size);
    fitToWidth(size.width());
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    m_plot->toPixmap(size.width(), size.height()).save(&buffer, "PNG");
    return png;
}

QSize PlotWidget::sizeHint() const
{
    return {640, 360};
}

QSize PlotWidget::minimumSizeHint() const
{
    return {240, 160};
}

void PlotWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // The plot fills this widget; it is resized (and replots) after this, with the new labels.
    fitToWidth(event->size().width());
}

void PlotWidget::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    const bool looks = event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange;
    if (looks && m_built)
        rebuild();
}

bool PlotWidget::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_plot && event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, m_plot);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace krw
