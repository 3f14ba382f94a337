// SPDX-License-Identifier: MIT
#include "widgets/report/reportpdf.h"

#include "models/report/reporthtml.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>

namespace krw {

namespace {

constexpr int Resolution = 150; // dpi: sharp text, plot images at their natural size

void setError(QString* error, const QString& message)
{
    if (error)
        *error = message;
}

// Only the images this part names: adding every plot to every part's document cost more than
// laying the part out.
void addPlotResources(QTextDocument* document, const QByteArray& part, const QHash<int, QImage>& images)
{
    const QByteArray prefix(PlotResourcePrefix);
    for (int at = int(part.indexOf(prefix)); at >= 0; at = int(part.indexOf(prefix, at + 1))) {
        const int start = at + int(prefix.size());
        int end = start;
        while (end < part.size() && part.at(end) >= '0' && part.at(end) <= '9')
            ++end;
        bool ok = false;
        const int caseIndex = part.mid(start, end - start).toInt(&ok);
        if (ok && images.contains(caseIndex))
            document->addResource(QTextDocument::ImageResource, QUrl(plotResourceName(caseIndex)), images.value(caseIndex));
    }
}

} // namespace

bool writeReportPdf(const QVector<QByteArray>& parts, const QHash<int, QByteArray>& plots, const QString& path, const QString& title,
    QString* error, const std::atomic<bool>* cancelled)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        setError(error, QCoreApplication::translate("krw::ReportPdf", "could not write %1: %2").arg(path, file.errorString()));
        return false;
    }
    QHash<int, QImage> images;
    for (auto it = plots.cbegin(); it != plots.cend(); ++it) {
        QImage image;
        if (image.loadFromData(it.value(), "PNG"))
            images.insert(it.key(), image);
    }
    {
        QPdfWriter writer(&file);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("Kernel Review Workbench"));
        writer.setResolution(Resolution);
        writer.setPageLayout(
            QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 12), QPageLayout::Millimeter));
        const QRect paper = writer.pageLayout().paintRectPixels(Resolution);
        const int footer = Resolution / 4; // the page number's line
        const QSizeF pageSize(paper.width(), paper.height() - footer);
        QPainter painter(&writer);
        int pageNumber = 0;
        for (const QByteArray& part : parts) {
            if (cancelled && cancelled->load()) {
                painter.end();
                file.cancelWriting();
                setError(error, QCoreApplication::translate("krw::ReportPdf", "Cancelled; nothing was written"));
                return false;
            }
            // Page size and paint device before the text: setHtml then lays the part out once, at
            // the writer's resolution; set afterwards, each would lay it out again (40% of the time).
            QTextDocument document;
            document.setPageSize(pageSize);
            document.documentLayout()->setPaintDevice(&writer);
            addPlotResources(&document, part, images);
            document.setHtml(QString::fromUtf8(part));
            for (int page = 0; page < document.pageCount(); ++page) {
                if (pageNumber++ > 0)
                    writer.newPage();
                painter.save();
                painter.translate(0, -page * pageSize.height());
                document.drawContents(&painter, QRectF(QPointF(0, page * pageSize.height()), pageSize));
                painter.restore();
                painter.drawText(
                    QRectF(0, pageSize.height(), pageSize.width(), footer), Qt::AlignRight | Qt::AlignBottom, QString::number(pageNumber));
            }
        }
        if (!painter.end()) {
            setError(error, QCoreApplication::translate("krw::ReportPdf", "could not write %1: the PDF could not be finished").arg(path));
            return false;
        }
    }
    if (!file.commit()) {
        setError(error, QCoreApplication::translate("krw::ReportPdf", "could not write %1: %2").arg(path, file.errorString()));
        return false;
    }
    return true;
}

} // namespace krw
