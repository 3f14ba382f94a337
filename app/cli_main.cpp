// SPDX-License-Identifier: MIT
//
// kernel-review-cli: the workbench without a window (the commands live in cli/, one file each). Only
// `export --format html|pdf` draws plots and lays out pages with QtGui: for those two formats
// a QApplication on the offscreen platform (unless QT_QPA_PLATFORM is set) and the widgets'
// WidgetReportRenderer, handed to the commands, which link models and runner only; everything
// else runs on a QCoreApplication.
#include "app/cli/cli.h"
#include "krw-config.h"
#include "widgets/report/widgetreportrenderer.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFile>

#include <memory>

int main(int argc, char* argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    std::unique_ptr<QCoreApplication> app;
    if (krw::cli::needsGui(arguments)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    // Same names as the GUI, so both read the same toolchain profiles and caches.
    QCoreApplication::setOrganizationName(QStringLiteral("kernel-review"));
    QCoreApplication::setApplicationName(QStringLiteral("kernel-review"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KRW_VERSION_STRING));

    QFile out, err;
    if (!out.open(stdout, QIODevice::WriteOnly | QIODevice::Unbuffered) || !err.open(stderr, QIODevice::WriteOnly | QIODevice::Unbuffered))
        return krw::cli::CouldNotRun;
    return krw::cli::run(QCoreApplication::arguments(), &out, &err, [] { return std::make_shared<krw::WidgetReportRenderer>(); });
}
