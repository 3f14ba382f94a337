// SPDX-License-Identifier: MIT
//
// TritonBench's LLM outputs: the real DeepSeek-R1 run of Bench-G (thunlp/TritonBench @603e28a5,
// ../shared/data/tritonbench-llm) and two small outputs written here (tests/data/layouts/
// tritonbench) with a blank line, a row cut short and a row that names its instruction "prompt".
#include "models/layouts/tritonbenchlayout.h"
#include "models/run/outcomes.h"
#include "models/run/runloader.h"
#include "models/run/textstore.h"
#include "tooltests.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

const QString Outputs = QStringLiteral(KRW_TEST_DATA_DIR "/layouts/tritonbench");

QString text(const Run& run, const TextRef& ref)
{
    return TextStore::resolveOrEmpty(*run.sources, ref);
}

} // namespace

class TestTritonBenchLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theRealRunOpens()
    {
        const QString real = QStringLiteral(KRW_SHARED_DATA_DIR "/tritonbench-llm/output_DeepSeek-R1_comp.jsonl");
        if (!QFile::exists(real))
            KRW_SKIP_MISSING_TOOL("../shared/data");
        const Run run = loadRunAtPath(real);
        QCOMPARE(run.layout, QStringLiteral("tritonbench"));
        QCOMPARE(run.cases.size(), 184);
        QCOMPARE(run.cases.first().filename, QStringLiteral("row 001"));
        QVERIFY(
            text(run, run.cases.first().newest().instruction).startsWith(QStringLiteral("You are a expert in writing Triton operators")));
        QVERIFY(text(run, run.cases.first().newest().label).contains(QStringLiteral("LightningAttention2NoDecay")));
        int none = 0;
        for (const Case& c : run.cases)
            none += c.latest == Outcome::NoPrediction ? 1 : 0;
        QCOMPARE(none, 23); // rows whose predict is empty; the others are not evaluated (unknown)
        QVERIFY(run.warnings.isEmpty());
        // Rows that name their file are GEAK's JSONL, not this layout.
        QVERIFY(!TritonBenchLayout::isOutputFile(QStringLiteral(KRW_SHARED_DATA_DIR "/tritonbench-g/tritonbench_g_30.jsonl")));
    }

    // A GEAK series whose JSONL lines lost their filename stays GEAK's (each line a warning), as
    // does a file where a later row names its file (found by fuzz_jsonlreader).
    void geakFilesAreNotTritonBench()
    {
        QTemporaryDir dir;
        const QByteArray row = "{\"instruction\": \"Write c\", \"label\": \"x\", \"predict\": \"y\"}\n";
        auto write = [&](const QString& name, const QByteArray& bytes) {
            QFile f(dir.filePath(name));
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };
        QVERIFY(write(QStringLiteral("run_0.jsonl"), row));
        QVERIFY(write(QStringLiteral("run_mem_0.json"), "{}"));
        QVERIFY(!TritonBenchLayout::isOutputFile(dir.filePath(QStringLiteral("run_0.jsonl"))));
        QVERIFY(locateRuns(dir.filePath(QStringLiteral("run_0.jsonl"))).runs.first().layoutId() != QStringLiteral("tritonbench"));
        QVERIFY(write(QStringLiteral("lone.jsonl"), row + "{\"filename\": \"a.py\", \"predict\": \"z\"}\n"));
        QVERIFY(!TritonBenchLayout::isOutputFile(dir.filePath(QStringLiteral("lone.jsonl"))));
        QVERIFY(write(QStringLiteral("tb.jsonl"), row + row));
        QVERIFY(TritonBenchLayout::isOutputFile(dir.filePath(QStringLiteral("tb.jsonl"))));
    }

    void aFolderOfOutputsAndABrokenRow()
    {
        const LocateResult located = locateRuns(Outputs);
        QCOMPARE(located.runs.size(), 2);
        QStringList names{located.runs.at(0).name, located.runs.at(1).name}; // newest first: any order in a fresh checkout
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("output_model-a"), QStringLiteral("output_model-b")}));
        const Run a = loadRunAtPath(Outputs + QStringLiteral("/output_model-a.jsonl"));
        QCOMPARE(a.cases.size(), 3); // the cut row is warned and left out; the row after it keeps its number
        QCOMPARE(a.indexOf(QStringLiteral("row 2")), 1);
        QCOMPARE(a.cases.at(1).latest, Outcome::NoPrediction);
        const Case& prompt = a.cases.at(a.indexOf(QStringLiteral("row 4")));
        QCOMPARE(text(a, prompt.newest().instruction), QStringLiteral("Write a Triton layernorm."));
        QCOMPARE(prompt.newest().extra.size(), 1);
        QCOMPARE(a.warnings.size(), 1);
        QCOMPARE(a.warnings.first().line, 4);
        QCOMPARE(a.warnings.first().field, QStringLiteral("row"));
    }
};

QTEST_GUILESS_MAIN(TestTritonBenchLayout)
#include "tst_tritonbenchlayout.moc"
