// SPDX-License-Identifier: MIT
//
// kernel-review: the desktop workbench. Sets up the application and opens the window.
#include "code/syntaxsupport.h"
#include "krw-config.h"
#include "settings/settings.h"
#include "shell/mainwindow.h"
#include "theme/themes.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("kernel-review"));
    QApplication::setApplicationName(QStringLiteral("kernel-review"));
    QApplication::setApplicationDisplayName(QStringLiteral("Kernel Review Workbench"));
    QApplication::setApplicationVersion(QStringLiteral(KRW_VERSION_STRING));
    QApplication::setDesktopFileName(QStringLiteral("io.github.kernel_review.workbench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("kernel-review", "Review LLM GPU-kernel translation runs."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("path"),
        QCoreApplication::translate("kernel-review", "A run folder, any file of a run, a JSONL file, or a folder of debug folders."),
        QStringLiteral("[PATH]"));
    const QCommandLineOption sample(QStringLiteral("sample"), QCoreApplication::translate("kernel-review", "Open the bundled sample run."));
    const QCommandLineOption run(
        QStringLiteral("run"), QCoreApplication::translate("kernel-review", "Which run, when PATH holds several."), QStringLiteral("NAME"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QCoreApplication::translate(
            "kernel-review", "Open the run, show the first failing case side by side, save the window to FILE.png and exit."),
        QStringLiteral("FILE.png"));
    const QCommandLineOption caseOption(QStringLiteral("case"),
        QCoreApplication::translate("kernel-review", "With --screenshot: the case to show."), QStringLiteral("FILENAME"));
    const QCommandLineOption theme(QStringLiteral("theme"),
        QCoreApplication::translate("kernel-review", "light, dark or system (for this session)."), QStringLiteral("THEME"));
    const QCommandLineOption tab(QStringLiteral("tab"),
        QCoreApplication::translate(
            "kernel-review", "With --screenshot: the case tab to show (0 = overview … 11 = history; default: compare)."),
        QStringLiteral("INDEX"));
    parser.addOptions({sample, run, screenshot, caseOption, tab, theme});
    parser.process(app);

    krw::Theme chosenTheme = krw::Settings::instance()->theme();
    if (parser.isSet(theme)) {
        const QString value = parser.value(theme).toLower();
        if (value != QLatin1String("light") && value != QLatin1String("dark") && value != QLatin1String("system")) {
            QTextStream(stderr) << "kernel-review: " << QCoreApplication::translate("kernel-review", "--theme takes light, dark or system")
                                << '\n';
            return 1;
        }
        chosenTheme = value == QLatin1String("dark") ? krw::Theme::Dark
            : value == QLatin1String("light")        ? krw::Theme::Light
                                                     : krw::Theme::System;
    }
    krw::applyTheme(chosenTheme);

    krw::SyntaxSupport syntax; // one repository of definitions for the whole application
    krw::MainWindow window(&syntax);
    const bool screenshotMode = parser.isSet(screenshot);
    if (screenshotMode) {
        window.resize(1600, 1000);
        window.takeScreenshotWhenReady(
            parser.value(screenshot), parser.value(caseOption), parser.isSet(tab) ? parser.value(tab).toInt() : -1);
        QObject::connect(&window, &krw::MainWindow::screenshotSaved, &app, [](bool ok, const QString& message) {
            if (ok)
                QTextStream(stdout) << QCoreApplication::translate("kernel-review", "saved %1").arg(message) << '\n';
            else
                QTextStream(stderr) << "kernel-review: "
                                    << QCoreApplication::translate("kernel-review", "screenshot failed: %1").arg(message) << '\n';
            QCoreApplication::exit(ok ? 0 : 2);
        });
        QObject::connect(&window, &krw::MainWindow::loadFinished, &app, [](bool ok) {
            if (!ok) {
                QTextStream(stderr) << "kernel-review: " << QCoreApplication::translate("kernel-review", "nothing could be loaded") << '\n';
                QCoreApplication::exit(2);
            }
        });
    }
    window.show();

    const QStringList args = parser.positionalArguments();
    QString path = args.value(0);
    if (parser.isSet(sample) || (path.isEmpty() && krw::Settings::instance()->lastRunPath().isEmpty()))
        path = krw::MainWindow::samplePath();
    else if (path.isEmpty())
        path = krw::Settings::instance()->lastRunPath();
    const bool reopening = path == krw::Settings::instance()->lastRunPath();
    const QString runName = parser.isSet(run) ? parser.value(run) : reopening ? krw::Settings::instance()->lastRunName() : QString();
    window.openPath(path, runName, !screenshotMode);
    return app.exec();
}
