// SPDX-License-Identifier: MIT
//
// kernel-review: the desktop workbench. Sets up the application and opens the window. What needs
// no window (--help, --version, a wrong option) is answered before any display is needed.
#include "krw-config.h"
#include "widgets/caseview/caseview.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/settings/settings.h"
#include "widgets/shell/mainwindow.h"
#include "widgets/theme/themes.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>
#include <QUrl>

#include <memory>
#include <optional>

namespace {

struct Options
{
    QCommandLineOption sample{QStringLiteral("sample"), QCoreApplication::translate("kernel-review", "Open the bundled sample run.")};
    QCommandLineOption run{
        QStringLiteral("run"), QCoreApplication::translate("kernel-review", "Which run, when PATH holds several."), QStringLiteral("NAME")};
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
        QCoreApplication::translate(
            "kernel-review", "Open the run, show the first failing case side by side, save the window to FILE.png and exit."),
        QStringLiteral("FILE.png")};
    QCommandLineOption caseOption{QStringLiteral("case"),
        QCoreApplication::translate("kernel-review", "With --screenshot: the case to show."), QStringLiteral("FILENAME")};
    QCommandLineOption tab{QStringLiteral("tab"),
        QCoreApplication::translate("kernel-review",
            "With --screenshot: the case tab to show (%1 = overview … %2 = compare, %3 = history, %4 = rerun; "
            "default: compare).")
            .arg(krw::CaseView::OverviewTab)
            .arg(krw::CaseView::CompareTab)
            .arg(krw::CaseView::HistoryTab)
            .arg(krw::CaseView::RerunTab),
        QStringLiteral("INDEX")};
    QCommandLineOption compare{QStringLiteral("compare"),
        QCoreApplication::translate("kernel-review", "Compare the run with the run at PATH (File > Compare With…)."),
        QStringLiteral("PATH")};
    QCommandLineOption theme{QStringLiteral("theme"),
        QCoreApplication::translate("kernel-review", "light, dark or system (for this session)."), QStringLiteral("THEME")};

    void addTo(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(QCoreApplication::translate("kernel-review", "Review LLM GPU-kernel translation runs."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(QStringLiteral("path"),
            QCoreApplication::translate("kernel-review",
                "A run folder, any file of a run, a JSONL file, or a folder of debug folders (or its file:// URL). "
                "A second PATH is compared with the first, as with --compare."),
            QStringLiteral("[PATH [PATH]]"));
        parser.addOptions({sample, run, screenshot, caseOption, tab, compare, theme});
    }
};

// --theme's value; nullopt when it is none of light, dark, system.
std::optional<krw::Theme> themeFromOption(const QString& value)
{
    const QString lower = value.toLower();
    if (lower == QLatin1String("dark"))
        return krw::Theme::Dark;
    if (lower == QLatin1String("light"))
        return krw::Theme::Light;
    if (lower == QLatin1String("system"))
        return krw::Theme::System;
    return std::nullopt;
}

// Whether the command line only asks for text (help, version) or is wrong: then it is answered
// on a QCoreApplication, which needs no display (a QApplication aborts without one).
bool answersWithoutWindow(int argc, char* argv[], const Options& options)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser parser;
    options.addTo(parser);
    if (!parser.parse(arguments))
        return true;
    for (const QString& name : parser.optionNames()) {
        if (name == QLatin1String("h") || name == QLatin1String("help") || name == QLatin1String("?") || name == QLatin1String("help-all")
            || name == QLatin1String("v") || name == QLatin1String("version"))
            return true;
    }
    return parser.isSet(options.theme) && !themeFromOption(parser.value(options.theme));
}

// A path from the command line; a file:// URL (what a launcher may pass) as its local path.
QString localPath(const QString& argument)
{
    const QUrl url(argument);
    return url.isLocalFile() ? url.toLocalFile() : argument;
}

void setApplicationNames()
{
    QCoreApplication::setOrganizationName(QStringLiteral("kernel-review"));
    QCoreApplication::setApplicationName(QStringLiteral("kernel-review"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KRW_VERSION_STRING));
}

} // namespace

int main(int argc, char* argv[])
{
    setApplicationNames();
    const Options options;
    if (answersWithoutWindow(argc, argv, options)) {
        QCoreApplication app(argc, argv);
        QCommandLineParser parser;
        options.addTo(parser);
        parser.process(app); // help, version and errors print and exit here
        QTextStream(stderr) << "kernel-review: " << QCoreApplication::translate("kernel-review", "--theme takes light, dark or system")
                            << '\n';
        return 1;
    }

    QApplication app(argc, argv);
    setApplicationNames();
    QApplication::setApplicationDisplayName(QStringLiteral("Kernel Review Workbench"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.kernel_review.workbench"));

    QCommandLineParser parser;
    options.addTo(parser);
    parser.process(app);
    const QCommandLineOption& sample = options.sample;
    const QCommandLineOption& run = options.run;
    const QCommandLineOption& screenshot = options.screenshot;
    const QCommandLineOption& caseOption = options.caseOption;
    const QCommandLineOption& tab = options.tab;

    krw::Theme chosenTheme = krw::Settings::instance()->theme();
    if (parser.isSet(options.theme)) {
        chosenTheme = *themeFromOption(parser.value(options.theme)); // checked above
        krw::Settings::instance()->setSessionTheme(chosenTheme);
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

    // What a file manager's "Open With" passes (the desktop entry's %F): a run, or two runs chosen
    // together, compared like --compare. A third and later are named, not silently dropped.
    const QStringList args = parser.positionalArguments();
    QString path = localPath(args.value(0));
    const QString comparePath = parser.isSet(options.compare) ? parser.value(options.compare) : localPath(args.value(1));
    if (args.size() > (parser.isSet(options.compare) ? 1 : 2))
        QTextStream(stderr) << "kernel-review: "
                            << QCoreApplication::translate("kernel-review", "opens one run and compares it with one more; ignored: %1")
                                   .arg(args.mid(parser.isSet(options.compare) ? 1 : 2).join(QStringLiteral(", ")))
                            << '\n';
    if (parser.isSet(sample) || (path.isEmpty() && krw::Settings::instance()->lastRunPath().isEmpty()))
        path = krw::MainWindow::samplePath();
    else if (path.isEmpty())
        path = krw::Settings::instance()->lastRunPath();
    const bool reopening = path == krw::Settings::instance()->lastRunPath();
    const QString runName = parser.isSet(run) ? parser.value(run) : reopening ? krw::Settings::instance()->lastRunName() : QString();
    if (!comparePath.isEmpty()) {
        // Once the run is shown: the run to compare it with (loaded off the UI thread like the first).
        auto compared = std::make_shared<bool>(false);
        QObject::connect(&window, &krw::MainWindow::loadFinished, &window, [&window, compared, comparePath, screenshotMode](bool ok) {
            if (!ok || *compared)
                return;
            *compared = true;
            window.compareWith(comparePath, {}, !screenshotMode);
        });
    }
    window.openPath(path, runName, !screenshotMode);
    return app.exec();
}
