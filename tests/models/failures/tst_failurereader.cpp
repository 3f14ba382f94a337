// SPDX-License-Identifier: MIT
// Which message of a case counts, read in parallel, and the groups: on the sample run (made to
// hold the failures the issue names) and the real runs in ../shared/data.
#include "models/failures/failuregroup.h"
#include "models/failures/failurereader.h"
#include "models/run/runloader.h"
#include "tooltests.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

using namespace krw;

namespace {

QString signatureOf(const Run& run, const QVector<FailureSignature>& signatures, const QString& filename)
{
    const int i = run.indexOf(filename);
    return i < 0 ? QStringLiteral("(no case %1)").arg(filename) : signatures.at(i).text;
}

} // namespace

class TestFailureReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sampleNewestFailures()
    {
        const Run run = loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        QCOMPARE(run.cases.size(), 9);
        int errors = -1;
        const QVector<FailureSignature> signatures = FailureReader::read(run, {}, &errors);
        QCOMPARE(errors, 0);
        QCOMPARE(signatures.size(), run.cases.size());
        // The newest iteration (1) counts, not the older messages.
        QCOMPARE(signatureOf(run, signatures, QStringLiteral("layer_norm_fwd.py")), QStringLiteral("use of undeclared identifier <ID>"));
        QCOMPARE(signatureOf(run, signatures, QStringLiteral("rms_norm.py")), QStringLiteral("Generated output is None"));
        QCOMPARE(signatureOf(run, signatures, QStringLiteral("leaky_relu.py")),
            QStringLiteral("Generated output does not match reference output for file: <PATH>"));
        // No prediction, with a message that says why: the message counts.
        QCOMPARE(signatureOf(run, signatures, QStringLiteral("rotary_emb.py")),
            QStringLiteral(
                "No HIP code found in the model response: it contained no fenced ```cpp or ```hip block. Nothing was compiled."));
        // Passed: no signature; perf failed with no message: none either.
        QCOMPARE(signatureOf(run, signatures, QStringLiteral("sin_kernel.py")), QString());
        QCOMPARE(signatureOf(run, signatures, QStringLiteral("flash_decode_stage2.py")), QString());
        for (int i = 0; i < run.cases.size(); ++i) {
            if (!run.cases.at(i).isFailing())
                QVERIFY2(!signatures.at(i).isValid(), qPrintable(run.cases.at(i).filename));
        }
    }

    void sampleGroups()
    {
        const Run run = loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        const QVector<FailureGroup> groups = FailureGroup::group(run, FailureReader::read(run));
        QVERIFY(groups.size() >= 2);
        QCOMPARE(groups.first().signature.text, QStringLiteral("Generated output does not match reference output for file: <PATH>"));
        QCOMPARE(groups.first().cases, (QStringList{QStringLiteral("leaky_relu.py"), QStringLiteral("block_sum.py")}));
        QCOMPARE(groups.first().example(), QStringLiteral("leaky_relu.py"));
        int grouped = 0;
        for (int i = 0; i < groups.size(); ++i) {
            grouped += groups.at(i).count();
            if (i > 0)
                QVERIFY(groups.at(i - 1).count() >= groups.at(i).count());
        }
        int failingWithMessage = 0;
        for (const Case& c : run.cases)
            failingWithMessage += FailureReader::messageRef(c).hasContent() ? 1 : 0;
        QCOMPARE(grouped, failingWithMessage);
    }

    void geakTutorial()
    {
        const QString path = QStringLiteral(KRW_SHARED_DATA_DIR "/geak-tutorial");
        if (!QDir(path).exists())
            KRW_SKIP_MISSING_TOOL("../shared/data");
        const Run run = loadRunAtPath(path);
        QCOMPARE(run.cases.size(), 1);
        // call_failed in the newest iteration with no call message: the iteration's exe message counts.
        QCOMPARE(run.cases.first().latest, Outcome::CallFailed);
        const QVector<FailureSignature> signatures = FailureReader::read(run);
        QCOMPARE(signatures.first().kind, QStringLiteral("execution error"));
        QCOMPARE(signatures.first().text,
            QStringLiteral("Could not execute module <ID> due to Conflicting meta-parameters: <ID>. Make sure that you don't re-define "
                           "auto-tuned symbols."));
    }

    void tritonbenchHasNoFailures()
    {
        const QString path = QStringLiteral(KRW_SHARED_DATA_DIR "/tritonbench-g");
        if (!QDir(path).exists())
            KRW_SKIP_MISSING_TOOL("../shared/data");
        // A lone JSONL: no memory file, so no pass flags and no error message: every outcome is unknown.
        const Run run = loadRunAtPath(path);
        QVERIFY(!run.cases.isEmpty());
        QVERIFY(FailureGroup::group(run, FailureReader::read(run)).isEmpty());
    }

    void rerunWinsOnlyWhenNewerAndFailed()
    {
        const Run run = loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        const int i = run.indexOf(QStringLiteral("rms_norm.py"));
        QVERIFY(i >= 0);
        const Case& c = run.cases.at(i);
        const QDateTime written = run.sources->at(c.newest().memorySource).modified;
        QVERIFY(written.isValid());
        LatestRerun rerun;
        rerun.failure.kind = QStringLiteral("compile error");
        rerun.failure.text = QStringLiteral("use of undeclared identifier <ID>");
        rerun.started = written.addSecs(60);
        QVERIFY(FailureReader::rerunWins(run, c, rerun));
        LatestReruns reruns{{c.filename, rerun}};
        QCOMPARE(FailureReader::read(run, reruns).at(i), rerun.failure);

        LatestRerun older = rerun;
        older.started = written.addSecs(-60);
        QVERIFY(!FailureReader::rerunWins(run, c, older));
        QCOMPARE(FailureReader::read(run, {{c.filename, older}}).at(i).text, QStringLiteral("Generated output is None"));

        LatestRerun passed = rerun;
        passed.failure = {};
        QVERIFY(!FailureReader::rerunWins(run, c, passed));
    }

    // Qt 6.4's blockingMap over no parts, called from a pool thread (as the Failures view does),
    // never returned: an empty run answers at once.
    void emptyRunFromAWorker()
    {
        QFuture<int> size = QtConcurrent::run([] {
            int errors = -1;
            const int n = int(FailureReader::read(Run{}, {}, &errors).size());
            return errors == 0 ? n : -1;
        });
        QCOMPARE(size.result(), 0);
    }

    void changedFileIsCountedNotGuessed()
    {
        QTemporaryDir dir;
        for (const QString& name : QDir(QStringLiteral(KRW_SAMPLE_RUN_DIR)).entryList(QDir::Files))
            QVERIFY(QFile::copy(QDir(QStringLiteral(KRW_SAMPLE_RUN_DIR)).filePath(name), dir.filePath(name)));
        const Run run = loadRunAtPath(dir.path());
        QVERIFY(!run.cases.isEmpty());
        // The newest memory file cut short after loading: its messages cannot be read.
        QFile memory(dir.filePath(QStringLiteral("sample_triton2hip_mem_1.json")));
        QVERIFY(memory.open(QIODevice::ReadWrite));
        QVERIFY(memory.resize(10));
        memory.close();
        int errors = 0;
        const QVector<FailureSignature> signatures = FailureReader::read(run, {}, &errors);
        QVERIFY(errors > 0);
        QCOMPARE(signatureOf(run, signatures, QStringLiteral("layer_norm_fwd.py")), QString());
    }
};

QTEST_GUILESS_MAIN(TestFailureReader)
#include "tst_failurereader.moc"
