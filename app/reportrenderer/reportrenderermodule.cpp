// SPDX-License-Identifier: MIT
#include "app/reportrenderer/reportrenderermodule.h"

#include "models/report/reportrenderer.h"

#include <QDir>
#include <QFileInfo>

namespace krw {

QString ReportRendererModule::fileName()
{
    return QStringLiteral(KRW_REPORT_RENDERER_FILE);
}

QStringList ReportRendererModule::candidates()
{
    const QString set = qEnvironmentVariable("KRW_REPORT_RENDERER");
    if (!set.isEmpty())
        return {set};
    // No application object exists yet (which one to make is the module's), so the program's
    // folder comes from the kernel, not QCoreApplication::applicationDirPath().
    const QDir programDir = QFileInfo(QFileInfo(QStringLiteral("/proc/self/exe")).canonicalFilePath()).dir();
    return {
        programDir.filePath(fileName()), QDir::cleanPath(programDir.filePath(QStringLiteral(KRW_REPORT_RENDERER_RELDIR "/") + fileName()))};
}

bool ReportRendererModule::load(QString* error)
{
    QStringList failures;
    for (const QString& path : candidates()) {
        if (!QFileInfo::exists(path)) {
            failures << QStringLiteral("%1: no such file").arg(path);
            continue;
        }
        m_library.setFileName(path);
        if (!m_library.load()) {
            failures << m_library.errorString();
            continue;
        }
        m_application = reinterpret_cast<KrwReportApplicationFunction>(m_library.resolve("krw_report_application"));
        m_renderer = reinterpret_cast<KrwReportRendererFunction>(m_library.resolve("krw_report_renderer"));
        if (m_application && m_renderer)
            return true;
        failures << QStringLiteral("%1: not a report renderer module (an entry point is missing)").arg(path);
        m_application = nullptr;
        m_renderer = nullptr;
        m_library.unload();
    }
    if (error)
        *error = QStringLiteral("the report renderer, needed for html and pdf, could not be loaded:\n  %1")
                     .arg(failures.join(QStringLiteral("\n  ")));
    return false;
}

QCoreApplication* ReportRendererModule::createApplication(int* argc, char** argv) const
{
    return m_application(argc, argv);
}

std::shared_ptr<ReportRenderer> ReportRendererModule::createRenderer() const
{
    return std::shared_ptr<ReportRenderer>(m_renderer());
}

} // namespace krw
