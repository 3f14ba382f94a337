// SPDX-License-Identifier: MIT
//
// GEAK-eval results (tests/data/layouts/geak-eval, written from GEAK-eval's geak_eval/run.py): the
// all-passes file or, without one, the per-pass files; a case per file_name with its passes as
// iterations; each outcome of the one rule from call_status, exec_status and speedup (0 and absent:
// not measured); the evaluated file as the candidate where it lies in the folder; bad rows named.
#include "layoutreading.h"
#include "models/layouts/geakevallayout.h"
#include "models/run/outcomes.h"
#include "models/run/runloader.h"
#include "models/run/textstore.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;
using namespace krw::testing;

namespace {

const QString Data = QStringLiteral(KRW_TEST_DATA_DIR "/layouts/geak-eval");

} // namespace

class TestGeakEvalLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void foundFromTheFolderOrAResultFile()
    {
        for (const QString& path : QStringList{Data + QStringLiteral("/rocm_out"), Data + QStringLiteral("/rocm_out/out_all_passes.json"),
                 Data + QStringLiteral("/passes_only/out_results_1.json")}) {
            const LocateResult located = locateRuns(path);
            QCOMPARE(located.runs.size(), 1);
            QCOMPARE(located.runs.first().layoutId(), QStringLiteral("geak-eval"));
        }
        // A candidate file of the folder is not a result file: it is not opened as this layout.
        const LocateResult candidate = locateRuns(Data + QStringLiteral("/rocm_out/add_kernel.py"));
        QVERIFY(candidate.runs.isEmpty() || candidate.runs.first().layoutId() != QLatin1String("geak-eval"));
    }

    void outcomesAndPasses()
    {
        const Run run = loadRunAtPath(Data + QStringLiteral("/rocm_out"));
        QCOMPARE(run.layout, QStringLiteral("geak-eval"));
        QCOMPARE(run.cases.size(), 6); // 8 rows: one names no case, one case has two passes
        const Case& add = caseNamed(run, QStringLiteral("add_kernel.py"));
        QCOMPARE(add.history.size(), 2);
        QCOMPARE(add.latest, Outcome::Passed);
        QCOMPARE(add.newest().speedupVerified, std::optional<double>(1.6));
        QCOMPARE(add.history.first().speedupVerified, std::optional<double>(1.4));
        QVERIFY(TextStore::resolveOrEmpty(*run.sources, add.newest().predict).contains(QStringLiteral("def add_kernel")));
        const Case& softmax = caseNamed(run, QStringLiteral("softmax.py"));
        QCOMPARE(softmax.latest, Outcome::CallFailed); // its file is not in the folder: judged by its flags
        QVERIFY(softmax.newest().candidateElsewhere);
        QVERIFY(TextStore::resolveOrEmpty(*run.sources, softmax.newest().memory->callError).contains(QStringLiteral("power of 2")));
        const Case& matmul = caseNamed(run, QStringLiteral("matmul.py"));
        QCOMPARE(matmul.latest, Outcome::ExeFailed);
        QCOMPARE(TextStore::resolveOrEmpty(*run.sources, matmul.newest().memory->exeError),
            QStringLiteral("AssertionError: Tensor-likes are not close!"));
        QCOMPARE(caseNamed(run, QStringLiteral("flip.py")).latest, Outcome::PerfFailed); // speedup 0: not measured
        QCOMPARE(caseNamed(run, QStringLiteral("sort.py")).latest, Outcome::PerfFailed); // no speedup written
        QCOMPARE(caseNamed(run, QStringLiteral("swizzle.py")).latest, Outcome::Unknown); // "call_status": "yes"
    }

    void badRowsAreNamed()
    {
        const Run run = loadRunAtPath(Data + QStringLiteral("/rocm_out"));
        QStringList seen;
        for (const LoadWarning& w : run.warnings)
            seen << QStringLiteral("%1:%2 %3").arg(QFileInfo(w.file).fileName()).arg(w.line).arg(w.field);
        QCOMPARE(seen,
            (QStringList{
                QStringLiteral("out_all_passes.json:61 [6].file_name"), QStringLiteral("out_all_passes.json:70 [7].call_status")}));
    }

    // An evaluated file linked to one outside the folder is not read: the case is judged by its flags.
    void aLinkOutsideIsNotRead()
    {
        QTemporaryDir dir;
        QFile rows(dir.filePath(QStringLiteral("out_all_passes.json")));
        QVERIFY(rows.open(QIODevice::WriteOnly));
        rows.write("[{\"pass_num\": 0, \"file_name\": \"passwd\", \"call_status\": 1, \"exec_status\": 0, \"stderr\": \"x\"}]");
        rows.close();
        QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), dir.filePath(QStringLiteral("passwd"))));
        const Run run = loadRunAtPath(dir.path());
        QCOMPARE(run.cases.size(), 1);
        QVERIFY(!run.cases.first().newest().predict.isPresent());
        QCOMPARE(run.cases.first().latest, Outcome::ExeFailed);
    }

    // Without the all-passes file, the per-pass files: a case that passed, then failed to build.
    void perPassFiles()
    {
        const Run run = loadRunAtPath(Data + QStringLiteral("/passes_only"));
        QCOMPARE(run.cases.size(), 1);
        QCOMPARE(run.cases.first().history.size(), 2);
        QCOMPARE(latestOutcome(run.cases.first().history.first()), Outcome::Passed);
        QCOMPARE(run.cases.first().latest, Outcome::CallFailed);
    }
};

QTEST_GUILESS_MAIN(TestGeakEvalLayout)
#include "tst_geakevallayout.moc"
