// SPDX-License-Identifier: MIT
//
// kernel-review-cli: the workbench without a window (the commands live in cli/, one file each).
// It links models and runner only and runs on a QCoreApplication. `export --format html|pdf`
// draws plots and lays out pages with the widgets: for those two formats the report renderer
// module (reportrenderer/) is loaded, which makes the application (a QApplication, offscreen
// unless QT_QPA_PLATFORM is set) and the renderer handed to the commands.
#include "app/cli/cli.h"
#include "app/reportrenderer/reportrenderermodule.h"
#include "krw-config.h"

#include <QCoreApplication>
#include <QFile>

#include <cstdio>
#include <memory>

int main(int argc, char* argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    krw::ReportRendererModule module; // outlives the application, which may be its code
    std::unique_ptr<QCoreApplication> app;
    if (krw::cli::needsGui(arguments)) {
        QString error;
        if (!module.load(&error)) {
            std::fprintf(stderr, "kernel-review-cli: %s\n", qPrintable(error));
            return krw::cli::CouldNotRun;
        }
        app.reset(module.createApplication(&argc, argv));
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
    krw::cli::RendererFactory renderer;
    if (module.isLoaded())
        renderer = [&module] { return module.createRenderer(); };
    return krw::cli::run(QCoreApplication::arguments(), &out, &err, renderer);
}
