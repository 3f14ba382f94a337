// SPDX-License-Identifier: MIT
//
// The debug-folder index reader (DebugFolder::readIndex through DebugFolderReader, models/run):
// the input is the index.json a workspace export writes next to its case folders; two case
// folders with a few files stand next to it.
#include "fuzzfile.h"
#include "models/run/debugfolder.h"
#include "models/run/debugfolderreader.h"
#include "models/run/loadsession.h"
#include "recordcheck.h"

#include <QDir>

namespace {

QStringList makeCaseFolders()
{
    using namespace krw;
    const QDir root(fuzz::FuzzFile::folder());
    QStringList folders;
    for (const QString& name : {QStringLiteral("a_py"), QStringLiteral("b")}) {
        root.mkpath(name);
        fuzz::FuzzFile::write(name + QLatin1Char('/') + DebugFolder::Instruction, QByteArrayLiteral("Write a kernel."));
        fuzz::FuzzFile::write(name + QLatin1Char('/') + DebugFolder::PredictStem + QStringLiteral(".py"), QByteArrayLiteral("x = 1\n"));
        fuzz::FuzzFile::write(name + QLatin1Char('/') + DebugFolder::perfFixStem(1) + QStringLiteral(".py"), QByteArray());
        folders << root.filePath(name);
    }
    return folders;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace krw;
    static const QStringList folders = makeCaseFolders();
    fuzz::FuzzFile::write(DebugFolder::IndexFile, data, size);
    const LoadControl control;
    const LoadLimits limits;
    LoadSession session(control, limits);
    const IterationRecords records = DebugFolderReader(&session).read(folders);
    if (records.records.size() != folders.size())
        fuzz::fail("a case folder was lost");
    if (records.records.at(0).name.isEmpty() || records.records.at(0).name == records.records.at(1).name)
        fuzz::fail("case names must be unique and not empty", records.records.at(0).name);
    fuzz::RecordCheck::check(records, session.sources());
    return 0;
}
