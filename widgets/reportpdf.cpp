// SPDX-License-Identifier: MIT
#include "reportpdf.h"

#include "reporthtml.h"

#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>

namespace krw {

bool writeReportPdf(const QByteArray& html, const QHash<int, QByteArray>& plots, const QString& path, const QString& title,
                    QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    {
        QPdfWriter writer(&file);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("Kernel Review Workbench"));
        writer.setResolution(150);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter));

        QTextDocument document;
        for (auto it = plots.cbegin(); it != plots.cend(); ++it) {
            QImage image;
            if (image.loadFromData(it.value(), "PNG"))
                document.addResource(QTextDocument::ImageResource, QUrl(plotResourceName(it.key())), image);
        }
        document.setHtml(QString::fromUtf8(html));
        // No page size of our own: print() then lays the document out for the writer's
        // resolution with its standard 2 cm margins.
        document.print(&writer);
    }
    if (!file.commit()) {
        if (error)
            *error = QStringLiteral("could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace krw
