// SPDX-License-Identifier: MIT
//
// The YAML of another writer's layout (YamlFile through AgentKernelArenaLayout, models/layouts):
// the input is written as a task's task_result.yaml, config.yaml and optimized_perf.yaml at once,
// so one input drives all three readers; the task's run is then located and loaded as the window
// and the CLI load it. The task must stay one case with a name, and every text it points to
// (YAML scalars decoded from their own source text) must resolve.
#include "fuzzfile.h"
#include "models/run/runloader.h"
#include "recordcheck.h"

#include <QDir>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace krw;
    const QString task = QStringLiteral("run_20260101_000000/task_20260101_000001");
    static const bool made = QDir(fuzz::FuzzFile::folder()).mkpath(task + QStringLiteral("/source"));
    Q_UNUSED(made);
    fuzz::FuzzFile::write(task + QStringLiteral("/source/kernel.py"), QByteArrayLiteral("x = 1\n"));
    for (const QString& name : {QStringLiteral("task_result.yaml"), QStringLiteral("config.yaml"), QStringLiteral("optimized_perf.yaml")})
        fuzz::FuzzFile::write(task + QLatin1Char('/') + name, data, size);
    const Run run = loadRunAtPath(QDir(fuzz::FuzzFile::folder()).filePath(QStringLiteral("run_20260101_000000")));
    if (run.layout != QLatin1String("agentkernelarena"))
        fuzz::fail("the run was not read as AgentKernelArena's", run.layout);
    if (run.cases.size() != 1)
        fuzz::fail("the task was lost or split", QString::number(run.cases.size()));
    if (run.cases.first().filename.isEmpty())
        fuzz::fail("a case without a name");
    fuzz::RecordCheck::checkRun(run);
    return 0;
}
