// SPDX-License-Identifier: MIT
//
// The entry points of the report renderer module (reportrendererplugin.cpp), as
// ReportRendererModule resolves them by name.
#pragma once

class QCoreApplication;

namespace krw {
class ReportRenderer;
}

extern "C" {
// The application export --format html|pdf runs on (a QApplication, offscreen unless
// QT_QPA_PLATFORM says otherwise); argc must outlive it, as for any Qt application.
using KrwReportApplicationFunction = QCoreApplication* (*)(int* argc, char** argv);
// A renderer (the caller owns it); only once the application above exists.
using KrwReportRendererFunction = krw::ReportRenderer* (*)();
}
