// SPDX-License-Identifier: MIT
#include "loadruncheck.h"

#include "fuzzfile.h"
#include "models/run/loadedfiles.h"
#include "models/run/runloader.h"
#include "recordcheck.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

namespace krw::fuzz {

void LoadRunCheck::run(Input input, const uint8_t* data, std::size_t size, const QByteArray& other)
{
    const QString jsonlName = QStringLiteral("run_0.jsonl");
    const QString memoryName = QStringLiteral("run_mem_0.json");
    FuzzFile::write(input == Input::Jsonl ? jsonlName : memoryName, data, size);
    const QString otherPath = FuzzFile::write(input == Input::Jsonl ? memoryName : jsonlName, other);
    const LocateResult located = locateRuns(FuzzFile::folder());
    if (!located || located.runs.size() != 1)
        fail("the two files are not located as one run", located.error);
    const RunSource& source = located.runs.front();

    LoadLimits limits;
    limits.mapFiles = false; // heap, so ASan sees a read past the end
    limits.maxDepth = 64; // deep nesting still reaches the limit's warning quickly
    const Run whole = loadRun(source, {}, limits);
    if (!whole.loadedFiles || whole.loadedFiles->files.size() != 2)
        fail("loadRun did not account for both files");
    RecordCheck::checkRun(whole);

    LoadLimits perFieldParts = limits;
    perFieldParts.checkWhole = false;
    perFieldParts.minBytesToShare = 0;
    perFieldParts.parts = 2;
    RecordCheck::checkSameRun(whole, loadRun(source, {}, perFieldParts), "every field checked on its own, the memory file in two parts");

    const Run again = loadRun(source, {}, limits, &whole);
    if (again.loadedFiles->read != 0) // (a file that could not be opened is tried again, but not read)
        fail("a reload with nothing changed read files again", QStringLiteral("%1 read").arg(again.loadedFiles->read));
    RecordCheck::checkSameRun(whole, again, "reloaded with nothing changed");

    // The other file's time moved: it is read again, the input's records are kept and joined anew.
    QFile touched(otherPath);
    if (!touched.open(QIODevice::ReadWrite)
        || !touched.setFileTime(QFileInfo(otherPath).lastModified().addSecs(2), QFileDevice::FileModificationTime))
        fail("cannot move the modification time", otherPath);
    touched.close();
    const Run reloaded = loadRun(source, {}, limits, &again);
    RecordCheck::checkRun(reloaded);
    RecordCheck::checkSameRun(whole, reloaded, "reloaded after the other file changed");
}

} // namespace krw::fuzz
