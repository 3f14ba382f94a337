// SPDX-License-Identifier: MIT
#pragma once

#include <QMetaType>
#include <QString>

namespace krw {

// What an export did, in every format.
struct ExportResult
{
    bool ok = false; // everything asked for was written
    bool cancelled = false;
    int cases = 0; // cases in the report (workspace: case folders complete and listed in the index)
    QString path; // what was written (file, or the workspace folder)
    QString error; // why nothing (or not all) was written, naming the file
    QString indexPath; // workspace: its index.json
};

} // namespace krw

Q_DECLARE_METATYPE(krw::ExportResult)
