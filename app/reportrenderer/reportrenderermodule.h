// SPDX-License-Identifier: MIT
#pragma once

#include "app/reportrenderer/reportrendererplugin.h"

#include <QLibrary>
#include <QString>
#include <QStringList>

#include <memory>

namespace krw {

// kernel-review-cli's way to the report renderer module (reportrendererplugin.cpp), loaded only
// for export --format html|pdf. Looked for in KRW_REPORT_RENDERER when set, else beside the
// program (a build tree), else in the installed private library folder. Stays loaded for the
// life of the process: the application and renderers it made run its code.
class ReportRendererModule
{
public:
    static QString fileName(); // the module's file name
    static QStringList candidates(); // where load() looks, in order

    // False, with the places looked at and why each failed, when no candidate loads or lacks an
    // entry point.
    bool load(QString* error);
    bool isLoaded() const { return m_renderer != nullptr; }

    QCoreApplication* createApplication(int* argc, char** argv) const; // after load()
    std::shared_ptr<ReportRenderer> createRenderer() const; // after createApplication()

private:
    QLibrary m_library;
    KrwReportApplicationFunction m_application = nullptr;
    KrwReportRendererFunction m_renderer = nullptr;
};

} // namespace krw
