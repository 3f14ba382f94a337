// SPDX-License-Identifier: MIT
//
// kernel-review-cli's commands run in-process (krw::cli::run) on a QCoreApplication, as the
// executable runs every command but export --format html|pdf: summary, rerun's error paths and
// one real rerun (compile-check with hipcc), and export md/csv/workspace — which must not need
// a QGuiApplication (one is never constructed here; anything of QtGui would abort).
#include "app/cli/cli.h"
#include "models/batch/batchqueue.h"
#include "models/rerun/rerunresult.h"
#include "models/rerun/resultstore.h"
#include "runner/pipeline/rerunrequestformat.h"
#include "samplecopy.h"
#include "tooltests.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <climits>

namespace {

struct CliRun
{
    int code = -1;
    QString out;
    QString err;
};

CliRun runCli(QStringList args)
{
    args.prepend(QStringLiteral("kernel-review-cli"));
    QBuffer out, err;
    out.open(QIODevice::WriteOnly);
    err.open(QIODevice::WriteOnly);
    CliRun r;
    r.code = krw::cli::run(args, &out, &err);
    r.out = QString::fromUtf8(out.data());
    r.err = QString::fromUtf8(err.data());
    return r;
}

// The environment of a kernel-review-cli process with its cache, settings and data in home, and
// the fake compiler taking compileMs.
QProcessEnvironment homeIn(const QTemporaryDir& home, int compileMs)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CACHE_HOME"), home.filePath(QStringLiteral("cache")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("KRW_FAKE_COMPILE_MS"), QString::number(compileMs));
    return env;
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_runCopy; // results of reruns are saved beside the run

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(!QCoreApplication::instance()->inherits("QGuiApplication"));
        QVERIFY(krw::test::copySampleRun(m_runCopy.path()));
    }

    void summaryJson()
    {
        const CliRun r = runCli({QStringLiteral("summary"), m_runCopy.path(), QStringLiteral("--json")});
        QCOMPARE(r.code, int(krw::cli::Ok));
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY2(!doc.isEmpty(), qPrintable(r.out.left(200)));
        // Every case has a signature, a string for a failure with a message and null otherwise.
        QHash<QString, QJsonValue> signatures;
        for (const QJsonValue& item : doc.value(QStringLiteral("cases_list")).toArray()) {
            const QJsonObject c = item.toObject();
            QVERIFY2(c.contains(QStringLiteral("signature")), qPrintable(c.value(QStringLiteral("filename")).toString()));
            signatures.insert(c.value(QStringLiteral("filename")).toString(), c.value(QStringLiteral("signature")));
        }
        QCOMPARE(signatures.value(QStringLiteral("layer_norm_fwd.py")).toString(), QStringLiteral("use of undeclared identifier <ID>"));
        QVERIFY(signatures.value(QStringLiteral("sin_kernel.py")).isNull());
        // The groups: largest first, counts that match their cases, each case's signature its group's.
        const QJsonArray groups = doc.value(QStringLiteral("failure_groups")).toArray();
        QVERIFY(!groups.isEmpty());
        const QJsonObject largest = groups.first().toObject();
        QCOMPARE(largest.value(QStringLiteral("signature")).toString(),
            QStringLiteral("Generated output does not match reference output for file: <PATH>"));
        QCOMPARE(largest.value(QStringLiteral("count")).toInt(), 2);
        int previous = INT_MAX;
        for (const QJsonValue& value : groups) {
            const QJsonObject group = value.toObject();
            const QJsonArray cases = group.value(QStringLiteral("cases")).toArray();
            QCOMPARE(group.value(QStringLiteral("count")).toInt(), cases.size());
            QVERIFY(cases.size() <= previous);
            previous = cases.size();
            for (const QJsonValue& name : cases)
                QCOMPARE(signatures.value(name.toString()).toString(), group.value(QStringLiteral("signature")).toString());
        }
    }

    void rerunNamesWhatIsMissing_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        const QString run = m_runCopy.path();
        QTest::newRow("no such case") << QStringList{QStringLiteral("rerun"), run, QStringLiteral("--case"), QStringLiteral("nope.py")}
                                      << int(krw::cli::NothingLoaded) << QStringLiteral("no case \"nope.py\"");
        QTest::newRow("no such version") << QStringList{QStringLiteral("rerun"), run, QStringLiteral("--case"),
            QStringLiteral("sin_kernel.py"), QStringLiteral("--version"), QStringLiteral("it9:predict")}
                                         << int(krw::cli::NothingLoaded) << QStringLiteral("it0:predict");
        QTest::newRow("no such profile") << QStringList{QStringLiteral("rerun"), run, QStringLiteral("--case"),
            QStringLiteral("sin_kernel.py"), QStringLiteral("--profile"), QStringLiteral("nope")}
                                         << int(krw::cli::UsageError) << QStringLiteral("no profile \"nope\"");
        QTest::newRow("no case option") << QStringList{QStringLiteral("rerun"), run} << int(krw::cli::UsageError)
                                        << QStringLiteral("--case FILENAME");
    }

    void rerunNamesWhatIsMissing()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        const CliRun r = runCli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    // A real compile of the sample's prediction with hipcc, no GPU: the request is built by the
    // same RerunRequestBuilder as the runner panel's, and the result is saved beside the run.
    void rerunCompileCheck()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("hipcc")).isEmpty())
            KRW_SKIP_MISSING_TOOL("hipcc (packaging/dev.sh installs it)");
        const CliRun r = runCli({QStringLiteral("rerun"), m_runCopy.path(), QStringLiteral("--case"), QStringLiteral("sin_kernel.py"),
            QStringLiteral("--version"), QStringLiteral("it0:predict"), QStringLiteral("--profile"), QStringLiteral("compile-check"),
            QStringLiteral("--json")});
        const QJsonObject result = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY2(!result.isEmpty(), qPrintable(r.err));
        QCOMPARE(result.value(QStringLiteral("case")).toString(), QStringLiteral("sin_kernel.py"));
        QCOMPARE(result.value(QStringLiteral("version")).toString(), QStringLiteral("it0:predict"));
        QCOMPARE(result.value(QStringLiteral("profile")).toString(), QStringLiteral("compile-check"));
        QVERIFY2(r.code == krw::cli::Ok || r.code == krw::cli::CouldNotRun, qPrintable(r.err));
        QVERIFY(QDir(m_runCopy.filePath(QStringLiteral(".kernel-review"))).exists());
    }

    // Two kernel-review-cli processes rerun the same source at once: one builds the module, the
    // other waits for it and uses it. Before the per-key lock one of them reported compile_failed
    // with error "finished" and left a .partial file in the cache.
    void concurrentProcessesShareTheModuleCache()
    {
        QTemporaryDir home;
        const QProcessEnvironment env = homeIn(home, 2000); // a cache of their own
        const QStringList args = {QStringLiteral("rerun"), m_runCopy.path(), QStringLiteral("--case"), QStringLiteral("sin_kernel.py"),
            QStringLiteral("--version"), QStringLiteral("it1:predict"), QStringLiteral("--profile"), QStringLiteral("compile-check"),
            QStringLiteral("--compiler"), QStringLiteral(KRW_FAKE_PROCESS), QStringLiteral("--python"), QStringLiteral(KRW_FAKE_PROCESS),
            QStringLiteral("--pass-env"), QStringLiteral("KRW_FAKE_*"), QStringLiteral("--no-sandbox"), QStringLiteral("--json")};
        QProcess a;
        QProcess b;
        for (QProcess* p : {&a, &b}) {
            p->setProcessEnvironment(env);
            p->start(QStringLiteral(KRW_CLI_PROGRAM), args);
        }
        int cached = 0;
        for (QProcess* p : {&a, &b}) {
            QVERIFY(p->waitForFinished(120000));
            const QByteArray err = p->readAllStandardError();
            QCOMPARE(p->exitCode(), int(krw::cli::Ok));
            const QJsonObject result = QJsonDocument::fromJson(p->readAllStandardOutput()).object();
            const QJsonObject compile = result.value(QStringLiteral("stages")).toObject().value(QStringLiteral("compile")).toObject();
            QVERIFY2(compile.value(QStringLiteral("ok")).toBool(), qPrintable(QString::fromUtf8(err)));
            QCOMPARE(result.value(QStringLiteral("verdict")).toString(), QStringLiteral("compiled"));
            cached += compile.value(QStringLiteral("cached")).toBool() ? 1 : 0;
        }
        QCOMPARE(cached, 1);
        QDirIterator it(home.filePath(QStringLiteral("cache")), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            QVERIFY2(!file.contains(QStringLiteral(".partial")) && !file.endsWith(QStringLiteral(".lock")), qPrintable(file));
        }
    }

    // A batch prints one JSON line per case as each ends (a reader sees the first while the
    // batch still runs) and a summary whose counts add up to the cases.
    void batchRerunPrintsJsonLines()
    {
        QTemporaryDir home;
        const QProcessEnvironment env = homeIn(home, 1500); // a cache of their own
        QProcess cli;
        cli.setProcessEnvironment(env);
        cli.start(QStringLiteral(KRW_CLI_PROGRAM),
            {QStringLiteral("rerun"), m_runCopy.path(), QStringLiteral("--only"), QStringLiteral("all"), QStringLiteral("--jobs"),
                QStringLiteral("2"), QStringLiteral("--profile"), QStringLiteral("compile-check"), QStringLiteral("--compiler"),
                QStringLiteral(KRW_FAKE_PROCESS), QStringLiteral("--python"), QStringLiteral(KRW_FAKE_PROCESS),
                QStringLiteral("--pass-env"), QStringLiteral("KRW_FAKE_*"), QStringLiteral("--no-sandbox"), QStringLiteral("--json")});
        QVERIFY(cli.waitForStarted());
        bool firstLineWhileRunning = false;
        QByteArray out;
        while (cli.state() != QProcess::NotRunning || cli.bytesAvailable() > 0) {
            cli.waitForReadyRead(200);
            const QByteArray more = cli.readAllStandardOutput();
            if (!more.isEmpty() && out.isEmpty())
                firstLineWhileRunning = cli.state() == QProcess::Running;
            out += more;
            if (cli.state() == QProcess::NotRunning && cli.bytesAvailable() == 0)
                break;
        }
        cli.waitForFinished(120000);
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QVERIFY2(firstLineWhileRunning, "the first case's line came only when the batch had ended");
        QList<QByteArray> lines = out.trimmed().split('\n');
        QVERIFY2(lines.size() >= 2, qPrintable(err));
        const QJsonObject summary = QJsonDocument::fromJson(lines.takeLast()).object();
        QCOMPARE(summary.value(QStringLiteral("type")).toString(), QStringLiteral("summary"));
        QCOMPARE(summary.value(QStringLiteral("cases")).toInt(), lines.size());
        QSet<QString> cases;
        int compiled = 0;
        for (const QByteArray& line : std::as_const(lines)) {
            const QJsonObject c = QJsonDocument::fromJson(line).object();
            QCOMPARE(c.value(QStringLiteral("type")).toString(), QStringLiteral("case"));
            cases.insert(c.value(QStringLiteral("case")).toString());
            compiled += c.value(QStringLiteral("verdict")).toString() == QLatin1String("compiled") ? 1 : 0;
            if (c.value(QStringLiteral("status")).toString() != QLatin1String("skipped"))
                QVERIFY(QFileInfo::exists(c.value(QStringLiteral("result_file")).toString()));
        }
        QCOMPARE(cases.size(), lines.size()); // every case once
        int counted = 0;
        const QJsonObject counts = summary.value(QStringLiteral("counts")).toObject();
        for (auto it = counts.begin(); it != counts.end(); ++it)
            counted += it.value().toInt();
        QCOMPARE(counted, lines.size());
        QCOMPARE(counts.value(QStringLiteral("compiled")).toInt(), compiled);
        QVERIFY2(compiled > 0, qPrintable(QString::fromUtf8(out)));
        // Exit status as for one rerun: a case that could not run makes it 3.
        QVERIFY2(cli.exitCode() == krw::cli::Ok || cli.exitCode() == krw::cli::CouldNotRun, qPrintable(err));
        // A batch that ran to its end leaves no queue to resume.
        QVERIFY(krw::BatchQueue::unfinished(krw::ResultStore::forRun(m_runCopy.path(), QStringLiteral("sample_triton2hip"))).isEmpty());
    }

    // A CLI batch cut short (killed after two cases) leaves the queue the window's Go > Resume Batch...
    // lists (BatchQueue::unfinished, what MainWindow offers), with the batch's choices: BatchSession
    // persists both kinds of batch.
    void aBatchCutShortIsLeftToResume()
    {
        QTemporaryDir runCopy;
        QVERIFY(krw::test::copySampleRun(runCopy.path()));
        QTemporaryDir home;
        QProcess cli;
        cli.setProcessEnvironment(homeIn(home, 1500));
        cli.start(QStringLiteral(KRW_CLI_PROGRAM),
            {QStringLiteral("rerun"), runCopy.path(), QStringLiteral("--only"), QStringLiteral("all"), QStringLiteral("--profile"),
                QStringLiteral("compile-check"), QStringLiteral("--compiler"), QStringLiteral(KRW_FAKE_PROCESS), QStringLiteral("--python"),
                QStringLiteral(KRW_FAKE_PROCESS), QStringLiteral("--pass-env"), QStringLiteral("KRW_FAKE_*"),
                QStringLiteral("--no-sandbox"), QStringLiteral("--version"), QStringLiteral("predict"), QStringLiteral("--json")});
        QVERIFY(cli.waitForStarted());
        // The queue on disk moves as cases end (saved after each); the CLI is killed at its first move.
        const krw::ResultStore store = krw::ResultStore::forRun(runCopy.path(), QStringLiteral("sample_triton2hip"));
        const auto left = [&store] {
            const QVector<krw::BatchQueue> queues = krw::BatchQueue::unfinished(store);
            return queues.size() == 1 ? queues.first().remaining() : -1;
        };
        QVERIFY2(QTest::qWaitFor([&] { return cli.state() == QProcess::Running && left() > 0 && left() < 9; }, 60000),
            qPrintable(QString::fromUtf8(cli.readAllStandardError())));
        cli.kill();
        QVERIFY(cli.waitForFinished(10000));
        QStringList warnings;
        const QVector<krw::BatchQueue> queues = krw::BatchQueue::unfinished(store, &warnings);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(QLatin1Char('\n'))));
        QCOMPARE(queues.size(), 1);
        const krw::BatchQueue& queue = queues.first();
        QCOMPARE(queue.profile, QStringLiteral("compile-check"));
        QCOMPARE(queue.versionSpec, QStringLiteral("predict"));
        QCOMPARE(int(queue.items.size()), 9); // every case of the sample
        QVERIFY2(queue.remaining() > 0 && queue.remaining() < 9, qPrintable(QString::number(queue.remaining())));
        // What is done has its result saved: a resume runs only the rest.
        for (const krw::BatchQueue::Item& item : queue.items) {
            if (item.state == krw::BatchQueue::State::Done && item.caseName != QLatin1String("rotary_emb.py"))
                QVERIFY2(!store.history(item.caseName).isEmpty(), qPrintable(item.caseName));
        }
    }

    void runRequestWritesTheResult()
    {
        QTemporaryDir dir;
        krw::RerunRequest request;
        request.caseName = QStringLiteral("sin_kernel.py");
        request.candidateId = QStringLiteral("it1:predict");
        request.candidateText = QStringLiteral("def f(x):\n    return x\n");
        request.baselineText = request.candidateText;
        request.testCode = QStringLiteral("result_gold = f(1)\n");
        request.profile = krw::defaultProfile(krw::ToolchainProfile::Kind::Cpu);
        request.profile.python = QStringLiteral(KRW_FAKE_PROCESS);
        request.profile.compiler = QStringLiteral(KRW_FAKE_PROCESS);
        request.profile.sandbox = false;
        request.profile.passEnvironment = QStringList{QStringLiteral("KRW_FAKE_*")}; // the fake tools take their mode from KRW_FAKE_*
        request.unsandboxedAllowed = true;
        const QString requestFile = dir.filePath(QStringLiteral("3.json"));
        QFile file(requestFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(krw::RerunRequestFormat::toJson(request));
        file.close();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CACHE_HOME"), dir.filePath(QStringLiteral("cache")));
        env.insert(QStringLiteral("KRW_FAKE_MODE"), QStringLiteral("result"));
        env.insert(QStringLiteral("KRW_FAKE_COMPILE_MS"), QStringLiteral("100"));
        env.insert(QStringLiteral("SLURM_ARRAY_JOB_ID"), QStringLiteral("77"));
        env.insert(QStringLiteral("SLURM_ARRAY_TASK_ID"), QStringLiteral("3"));
        env.insert(QStringLiteral("SLURMD_NODENAME"), QStringLiteral("node9"));
        QProcess cli;
        cli.setProcessEnvironment(env);
        const QString resultFile = dir.filePath(QStringLiteral("results/3.json"));
        cli.start(QStringLiteral(KRW_CLI_PROGRAM), {QStringLiteral("run-request"), requestFile, QStringLiteral("--out"), resultFile});
        QVERIFY(cli.waitForFinished(60000));
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QVERIFY2(cli.exitCode() == krw::cli::Ok, qPrintable(err));
        QFile written(resultFile);
        QVERIFY2(written.open(QIODevice::ReadOnly), qPrintable(err));
        QString error;
        const auto result = krw::rerunFromJson(written.readAll(), &error);
        QVERIFY2(result, qPrintable(error));
        QCOMPARE(result->caseName, QStringLiteral("sin_kernel.py"));
        QCOMPARE(result->verdict(), QStringLiteral("passed"));
        QCOMPARE(result->where(), QStringLiteral("slurm job 77_3 on node9"));
    }

    void runRequestRefuses_data()
    {
        QTest::addColumn<QByteArray>("content"); // empty: no file at all
        QTest::addColumn<bool>("withOut");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::addRow("no-out") << QByteArray("{}") << false << int(krw::cli::UsageError)
                                << QStringLiteral("run-request takes one FILE and --out RESULT");
        QTest::addRow("missing-file") << QByteArray() << true << int(krw::cli::NothingLoaded) << QStringLiteral("cannot read ");
        QTest::addRow("not-a-request") << QByteArray(R"({"ok": true})") << true << int(krw::cli::NothingLoaded)
                                       << QStringLiteral("not a rerun request");
    }

    void runRequestRefuses()
    {
        QFETCH(QByteArray, content);
        QFETCH(bool, withOut);
        QFETCH(int, code);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("request.json"));
        if (!content.isEmpty()) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(content);
        }
        QStringList args{QStringLiteral("run-request"), path};
        if (withOut)
            args << QStringLiteral("--out") << dir.filePath(QStringLiteral("result.json"));
        const CliRun r = runCli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("result.json"))));
    }

    // show: a result file written by an older build (no verdict_level, the old verdict line) is
    // judged again by this build's rules; a file that is no result is named with why.
    void showJudgesASavedResultAgain()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("result.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"case": "k.py", "version": "it1:predict", "status": "completed", "verdict": "passed",
            "verdict_line": "passed — 2 warnings: output_reused, launch_bound", "flags": ["output_reused", "launch_bound"],
            "checks": [], "stages": {"accuracy": {"ok": true, "rtol": 0, "atol": 0, "flags": [], "outputs": []}}})");
        file.close();
        CliRun r = runCli({QStringLiteral("show"), path, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("verdict_level")).toString(), QStringLiteral("suspect"));
        QCOMPARE(o.value(QStringLiteral("verdict_line")).toString(), QStringLiteral("suspect — output_reused; notes: launch_bound"));
        r = runCli({QStringLiteral("show"), path});
        QVERIFY2(r.out.contains(QStringLiteral("verdict_level: suspect\n")), qPrintable(r.out));
        r = runCli({QStringLiteral("show"), dir.filePath(QStringLiteral("missing.json"))});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains(QStringLiteral("cannot read")), qPrintable(r.err));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("[1, 2]");
        file.close();
        r = runCli({QStringLiteral("show"), path});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains(QStringLiteral("not a rerun result: no \"stages\" object")), qPrintable(r.err));
        // Truncated in its second line: the line is named.
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("{\"case\": \"k.py\",\n \"stages\": {\"accur");
        file.close();
        r = runCli({QStringLiteral("show"), path});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains(QStringLiteral("result.json: not a rerun result: line 2: not JSON")), qPrintable(r.err));
    }

    // --slurm needs a folder the nodes see; without one nothing is staged or submitted.
    void slurmNeedsASharedFolder()
    {
        // "all" holds a case without a prediction: not even its "skipped" line is printed.
        const CliRun r = runCli({QStringLiteral("rerun"), m_runCopy.path(), QStringLiteral("--only"), QStringLiteral("all"),
            QStringLiteral("--slurm"), QStringLiteral("--json")});
        QCOMPARE(r.code, int(krw::cli::UsageError));
        QVERIFY2(r.err.contains(QLatin1String("--slurm needs a folder every node sees")), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    void batchNamesUnknownCases()
    {
        const CliRun r = runCli({QStringLiteral("rerun"), m_runCopy.path(), QStringLiteral("--cases"),
            QStringLiteral("sin_kernel.py,nope.py"), QStringLiteral("--json")});
        QCOMPARE(r.code, int(krw::cli::NothingLoaded));
        QVERIFY2(r.err.contains(QLatin1String("no case nope.py in")), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    // Where bubblewrap is missing (a PATH without bwrap), a profile that runs code refuses, naming
    // --no-sandbox; with it the rerun goes ahead and the result says it was not sandboxed.
    void rerunWithoutBubblewrapNeedsNoSandbox()
    {
        QTemporaryDir noTools;
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", noTools.path().toUtf8());
        const QStringList args = {QStringLiteral("rerun"), m_runCopy.path(), QStringLiteral("--case"), QStringLiteral("sin_kernel.py"),
            QStringLiteral("--profile"), QStringLiteral("cpu"), QStringLiteral("--json")};
        const CliRun refused = runCli(args);
        const CliRun allowed = runCli(args + QStringList{QStringLiteral("--no-sandbox")});
        qputenv("PATH", path);
        QCOMPARE(refused.code, int(krw::cli::CouldNotRun));
        QVERIFY2(refused.err.contains(QStringLiteral("bubblewrap (bwrap) is not installed")), qPrintable(refused.err));
        QVERIFY2(refused.err.contains(QStringLiteral("--no-sandbox")), qPrintable(refused.err));
        QVERIFY(refused.out.isEmpty()); // nothing ran, so there is no result

        const QJsonObject result = QJsonDocument::fromJson(allowed.out.toUtf8()).object();
        QVERIFY2(!result.isEmpty(), qPrintable(allowed.err));
        QVERIFY(!allowed.err.contains(QStringLiteral("--no-sandbox")));
        QCOMPARE(result.value(QStringLiteral("sandboxed")).toBool(true), false);
        QVERIFY2(result.value(QStringLiteral("sandbox_note")).toString().contains(QStringLiteral("running without it was allowed")),
            qPrintable(allowed.out));
    }

    void exportTextFormatsOnCoreApplication_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("destination");
        QTest::newRow("md") << QStringLiteral("md") << QStringLiteral("r.md");
        QTest::newRow("csv") << QStringLiteral("csv") << QStringLiteral("r.csv");
        QTest::newRow("workspace") << QStringLiteral("workspace") << QStringLiteral("cases");
    }

    void exportTextFormatsOnCoreApplication()
    {
        QFETCH(QString, format);
        QFETCH(QString, destination);
        QVERIFY(!krw::cli::needsGui({QStringLiteral("kernel-review-cli"), QStringLiteral("export"), QStringLiteral("--format"), format}));
        QTemporaryDir out;
        const QString dest = out.filePath(destination);
        const CliRun r
            = runCli({QStringLiteral("export"), m_runCopy.path(), QStringLiteral("--format"), format, QStringLiteral("--out"), dest});
        QVERIFY2(r.code == krw::cli::Ok, qPrintable(r.err));
        QVERIFY(QFileInfo::exists(dest));
    }

    void htmlAndPdfAskForTheGui()
    {
        QVERIFY(krw::cli::needsGui({QStringLiteral("kernel-review-cli"), QStringLiteral("export"), QStringLiteral("--format=pdf")}));
        QVERIFY(krw::cli::needsGui(
            {QStringLiteral("kernel-review-cli"), QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("html")}));
        QVERIFY(!krw::cli::needsGui(
            {QStringLiteral("kernel-review-cli"), QStringLiteral("summary"), QStringLiteral("--format"), QStringLiteral("html")}));
    }
};

KRW_GUILESS_TEST_MAIN(TestCli)
#include "tst_cli.moc"
