// SPDX-License-Identifier: MIT
//
// The graphical half of `kernel-review-cli export --format html|pdf`, as a module the program
// loads only for those two formats (ReportRendererModule): the application object those formats
// need and the widgets' WidgetReportRenderer. So kernel-review-cli itself links models and runner
// only, and every other command starts without loading QtGui or QtWidgets.
#include "app/reportrenderer/reportrendererplugin.h"

#include "widgets/report/widgetreportrenderer.h"

#include <QApplication>

extern "C" Q_DECL_EXPORT QCoreApplication* krw_report_application(int* argc, char** argv)
{
    // No display is needed to draw plots and lay out pages.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return new QApplication(*argc, argv);
}

extern "C" Q_DECL_EXPORT krw::ReportRenderer* krw_report_renderer()
{
    return new krw::WidgetReportRenderer;
}
