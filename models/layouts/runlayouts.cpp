// SPDX-License-Identifier: MIT
#include "models/layouts/runlayouts.h"

#include "models/layouts/agentkernelarenalayout.h"
#include "models/layouts/geakevallayout.h"
#include "models/layouts/geakv3layout.h"
#include "models/layouts/geakv4layout.h"
#include "models/layouts/kernelbenchlayout.h"
#include "models/layouts/runlayout.h"
#include "models/layouts/tritonbenchlayout.h"

#include <QDir>
#include <QStringList>

namespace krw {

RunLayout::~RunLayout() = default;

RunSource RunLayout::runAt(const QString& folder) const
{
    RunSource source;
    source.kind = RunSource::Kind::Layout;
    source.layout = id();
    source.folder = QDir(folder).absolutePath();
    source.name = QDir(folder).dirName();
    source.path = source.folder;
    return source;
}

RunSource RunLayout::runAt(const QString& folder, const QStringList& caseFolders) const
{
    RunSource source = runAt(folder);
    source.caseFolders = caseFolders;
    return source;
}

QString RunLayout::folderAbove(const QFileInfo& file, int levels, const std::function<bool(const QString&)>& isOurs)
{
    QDir dir = file.absoluteDir();
    for (int up = 0; up <= levels; ++up) {
        if (isOurs(dir.absolutePath()))
            return dir.absolutePath();
        if (!dir.cdUp())
            break;
    }
    return {};
}

ExtraField RunLayout::note(const QString& key, const QString& text)
{
    ExtraField field;
    field.key = key;
    field.shortValue = text;
    return field;
}

const QVector<const RunLayout*>& RunLayouts::all()
{
    static const KernelBenchLayout kernelBench;
    static const GeakV3Layout geakV3;
    static const AgentKernelArenaLayout agentKernelArena;
    static const GeakV4Layout geakV4;
    static const GeakEvalLayout geakEval;
    static const TritonBenchLayout tritonBench;
    static const QVector<const RunLayout*> layouts{&kernelBench, &agentKernelArena, &geakV3, &geakV4, &geakEval, &tritonBench};
    return layouts;
}

const RunLayout* RunLayouts::find(const QString& id)
{
    for (const RunLayout* layout : all()) {
        if (layout->id() == id)
            return layout;
    }
    return nullptr;
}

QString RunLayouts::lookedFor()
{
    QStringList what{QStringLiteral("<root>_<N>.jsonl files, a .jsonl file, per-case debug folders")};
    for (const RunLayout* layout : all())
        what << layout->lookedFor();
    what.last().prepend(QStringLiteral("or "));
    return what.join(QStringLiteral(", "));
}

} // namespace krw
