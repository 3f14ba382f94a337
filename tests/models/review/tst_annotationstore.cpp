// SPDX-License-Identifier: MIT
//
// The annotations sidecar: where it lives, the three-way merge between writers, the file watcher,
// broken files, and crash safety against real processes (krw_annotationwriter) that write
// concurrently or are killed with SIGKILL at random points.
#include "models/review/annotationstore.h"
#include "models/review/filelock.h"
#include "tooltests.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>

using namespace krw;

namespace {

CaseAnnotation annotation(
    Verdict verdict, const QString& note, const QString& author = QStringLiteral("alice"), const QStringList& tags = {})
{
    CaseAnnotation a;
    a.verdict = verdict;
    a.note = note;
    a.tags = tags;
    a.author = author;
    a.modified = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::UTC);
    return a;
}

LineComment comment(const QString& id, const QString& text, int line = 3)
{
    LineComment c;
    c.id = id;
    c.anchor = {QStringLiteral("predict@1"), versionContentHash(QStringLiteral("code")), line, QStringLiteral("x = 1")};
    c.text = text;
    c.author = QStringLiteral("alice");
    c.created = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::UTC);
    return c;
}

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

// The file as another program would read it; problems must be empty for a healthy sidecar.
AnnotationMap readSidecar(const QString& path, QStringList* problems)
{
    return annotationsFromJson(readBytes(path), problems);
}

Run runAt(const QString& path, const QString& name, const QStringList& sourcePaths = {})
{
    Run run;
    run.path = path;
    run.name = name;
    auto sources = std::make_shared<SourceTable>();
    for (const QString& source : sourcePaths)
        sources->append(SourceFile{source, SourceFile::Kind::Json, QFileInfo(source).size(), {}, {}});
    run.sources = sources;
    return run;
}

// chmod does not stop root: find out with a real write.
bool folderIsWritable(const QString& folder)
{
    QFile probe(QDir(folder).filePath(QStringLiteral("probe")));
    const bool ok = probe.open(QIODevice::WriteOnly);
    probe.remove();
    return ok;
}

QStringList corruptCopies(const QString& sidecar)
{
    const QFileInfo info(sidecar);
    return info.dir().entryList({info.fileName() + QStringLiteral(".corrupt-*")}, QDir::Files);
}

// "ack <step> <case> <value>" lines of a writer.
struct Ack
{
    int step;
    QString caseName;
    QString value;
};

QVector<Ack> parseAcks(const QByteArray& output)
{
    QVector<Ack> acks;
    for (const QByteArray& line : output.split('\n')) {
        const QList<QByteArray> parts = line.split(' ');
        if (parts.size() == 4 && parts[0] == "ack")
            acks.append({parts[1].toInt(), QString::fromUtf8(parts[2]), QString::fromUtf8(parts[3])});
    }
    return acks;
}

// "<writer>:<step>" (the note's first line) → {writer, step}, compared in that order.
QPair<int, int> stamp(const QString& note)
{
    const QStringList parts = note.section(QLatin1Char('\n'), 0, 0).split(QLatin1Char(':'));
    return parts.size() == 2 ? qMakePair(parts[0].toInt(), parts[1].toInt()) : qMakePair(-1, -1);
}

} // namespace

class TestAnnotationStore : public QObject
{
    Q_OBJECT

    QString sidecarIn(const QTemporaryDir& dir) const { return dir.filePath(QStringLiteral("side/annotations.json")); }

    // Loads the store, then takes its lock as another writer would.
    static void loadWhileLocked(AnnotationStore& store, std::unique_ptr<FileLock>* other)
    {
        QString error;
        QVERIFY2(store.load(&error), qPrintable(error));
        // Loading creates nothing; a writer makes the folder before it takes the lock.
        QVERIFY(QDir().mkpath(QFileInfo(store.location().path).path()));
        *other = std::make_unique<FileLock>(store.location().path + QStringLiteral(".lock"));
        QVERIFY2((*other)->lock(1000, &error), qPrintable(error));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(QFileInfo(QStringLiteral(KRW_ANNOTATION_WRITER)).isExecutable());
    }

    // Loading creates no folder; the watcher still sees another writer's first write, which
    // makes .kernel-review/, the run's folder in it and the file.
    void loadCreatesNothingAndSeesTheFirstWrite()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral(".kernel-review/run/annotations.json"));
        AnnotationStore ours({path, false}, QStringLiteral("run"));
        QString error;
        QVERIFY2(ours.load(&error), qPrintable(error));
        QVERIFY(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty());

        QSignalSpy changed(&ours, &AnnotationStore::changedExternally);
        AnnotationStore theirs({path, false}, QStringLiteral("run"));
        QVERIFY2(theirs.load(&error), qPrintable(error));
        CaseAnnotation annotation;
        annotation.verdict = Verdict::ModelError;
        QVERIFY2(theirs.set(QStringLiteral("x.py"), annotation, &error), qPrintable(error));
        QVERIFY(changed.wait(5000));
        QCOMPARE(changed.first().first().toStringList(), QStringList{QStringLiteral("x.py")});
        QCOMPARE(ours.annotation(QStringLiteral("x.py")).verdict, Verdict::ModelError);
    }

    // What was read on another thread a moment before (AnnotationStore::read, as RunSession
    // does): a write that came between that read and load() is not lost, though no watch saw it.
    void aWriteBetweenTheReadAndTheLoadIsSeen()
    {
        QTemporaryDir dir;
        const QString path = sidecarIn(dir);
        QString error;
        AnnotationStore theirs({path, false}, QStringLiteral("run"));
        QVERIFY2(theirs.load(&error), qPrintable(error));
        QVERIFY2(theirs.set(QStringLiteral("a.py"), annotation(Verdict::ModelError, {}), &error), qPrintable(error));
        const AnnotationStore::FileState read = AnnotationStore::read(path);
        QCOMPARE(read.kind, AnnotationStore::FileState::Kind::Ok);
        QVERIFY2(theirs.set(QStringLiteral("b.py"), annotation(Verdict::TestProblem, {}), &error), qPrintable(error));
        { // a later modification time than the read's, even where both writes fell in one tick of the clock
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadWrite));
            QVERIFY(file.setFileTime(read.modified.addSecs(1), QFileDevice::FileModificationTime));
        }

        AnnotationStore ours({path, false}, QStringLiteral("run"));
        QVERIFY2(ours.load(read, &error), qPrintable(error));
        QCOMPARE(ours.annotation(QStringLiteral("b.py")).verdict, Verdict::None); // as read
        QTRY_COMPARE_WITH_TIMEOUT(ours.annotation(QStringLiteral("b.py")).verdict, Verdict::TestProblem, 5000);
        QCOMPARE(ours.annotation(QStringLiteral("a.py")).verdict, Verdict::ModelError);
    }

    void roundTrip()
    {
        QTemporaryDir dir;
        const QString path = sidecarIn(dir);
        AnnotationStore store({path, false}, QStringLiteral("run"));
        QString error;
        QVERIFY2(store.load(&error), qPrintable(error));
        CaseAnnotation a = annotation(Verdict::ModelError, QStringLiteral("**wrong** index"), QStringLiteral("alice"),
            {QStringLiteral("perf"), QStringLiteral("layout")});
        a.comments = {comment(QStringLiteral("c1"), QStringLiteral("off by one"))};
        QVERIFY2(store.set(QStringLiteral("k1.py"), a, &error), qPrintable(error));
        QVERIFY2(store.set(QStringLiteral("k2.py"), annotation(Verdict::NeedsSecondLook, {}), &error), qPrintable(error));
        QCOMPARE(store.reviewedCount(), 2);

        AnnotationStore reopened({path, false}, QStringLiteral("run"));
        QVERIFY2(reopened.load(&error), qPrintable(error));
        QVERIFY(reopened.problems().isEmpty());
        QCOMPARE(reopened.annotations(), store.annotations());
        QCOMPARE(reopened.annotation(QStringLiteral("k1.py")), a);
    }

    void emptyAnnotationRemovesCase()
    {
        QTemporaryDir dir;
        const QString path = sidecarIn(dir);
        AnnotationStore store({path, false}, QStringLiteral("run"));
        QString error;
        QVERIFY(store.load(&error));
        QVERIFY(store.set(QStringLiteral("k1.py"), annotation(Verdict::ModelError, QStringLiteral("n")), &error));
        QVERIFY(store.set(QStringLiteral("k2.py"), annotation(Verdict::TestProblem, QStringLiteral("n")), &error));
        QVERIFY2(store.set(QStringLiteral("k1.py"), CaseAnnotation(), &error), qPrintable(error));
        QVERIFY(!store.annotations().contains(QStringLiteral("k1.py")));
        QStringList problems;
        const AnnotationMap onDisk = readSidecar(path, &problems);
        QVERIFY(problems.isEmpty());
        QCOMPARE(onDisk.keys(), QStringList{QStringLiteral("k2.py")});
    }

    void locateBesideRun()
    {
        QTemporaryDir dir;
        const QString jsonl = dir.filePath(QStringLiteral("run_1.jsonl"));
        writeBytes(jsonl, "{}\n");
        const auto location = AnnotationStore::locate(runAt(jsonl, QStringLiteral("my run"), {jsonl}));
        QVERIFY(!location.fallback);
        QCOMPARE(location.path, dir.filePath(QStringLiteral(".kernel-review/my run/annotations.json")));
        // keyedFileName: a run whose name the rule changes never shares a sidecar with another.
        const auto slashed = AnnotationStore::locate(runAt(jsonl, QStringLiteral("my/run"), {jsonl}));
        const auto underscored = AnnotationStore::locate(runAt(jsonl, QStringLiteral("my_run"), {jsonl}));
        QVERIFY(slashed.path != underscored.path);
        QVERIFY(slashed.path.startsWith(dir.filePath(QStringLiteral(".kernel-review/my_run-"))));
    }

    // A run in a folder nobody may write: its notes go to the user's data folder, and the run's
    // folder stays as it was. chmod does not stop root (CI runs as root); there the folder is made
    // read-only the way a read-only mount is, with a bubblewrap read-only bind around the writer.
    void fallbackForReadOnlyFolder()
    {
        QTemporaryDir dir;
        const QString runDir = dir.filePath(QStringLiteral("run"));
        QVERIFY(QDir().mkpath(runDir));
        for (const QFileInfo& f : QDir(QStringLiteral(KRW_SAMPLE_RUN_DIR)).entryInfoList(QDir::Files))
            QVERIFY(QFile::copy(f.absoluteFilePath(), QDir(runDir).filePath(f.fileName())));
        const QString data = dir.filePath(QStringLiteral("data"));
        QStringList command
            = {QStringLiteral(KRW_ANNOTATION_WRITER), QStringLiteral("--annotate-run"), runDir, QStringLiteral("sin_kernel.py")};
        QFile::setPermissions(runDir, QFile::ReadOwner | QFile::ExeOwner);
        if (folderIsWritable(runDir)) {
            const QString bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
            if (bwrap.isEmpty()) {
                QFile::setPermissions(runDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
                KRW_SKIP_MISSING_TOOL("bubblewrap (bwrap), to mount the folder read-only where chmod does not stop root");
            }
            command = QStringList{bwrap, QStringLiteral("--dev-bind"), QStringLiteral("/"), QStringLiteral("/"),
                          QStringLiteral("--ro-bind"), runDir, runDir, QStringLiteral("--")}
                + command;
        }
        QProcess writer;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), data);
        writer.setProcessEnvironment(env);
        writer.start(command.takeFirst(), command);
        QVERIFY(writer.waitForFinished(60000));
        QFile::setPermissions(runDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY2(writer.exitCode() == 0, writer.readAllStandardError().constData());
        const QStringList said = QString::fromUtf8(writer.readAllStandardOutput()).trimmed().split(QLatin1Char(' '));
        QCOMPARE(said.value(0), QStringLiteral("fallback"));
        QCOMPARE(said.value(1), QStringLiteral("1"));
        const QString sidecar = said.value(2);
        QVERIFY2(sidecar.startsWith(data + QLatin1Char('/')), qPrintable(sidecar));
        QStringList problems;
        QCOMPARE(readSidecar(sidecar, &problems).value(QStringLiteral("sin_kernel.py")).verdict, Verdict::ModelError);
        QVERIFY(problems.isEmpty());
        QVERIFY(!QFileInfo::exists(QDir(runDir).filePath(QStringLiteral(".kernel-review"))));
    }

    void locateFallbackForResourcePath()
    {
        const auto location = AnnotationStore::locate(runAt(QStringLiteral(":/sample/run"), QStringLiteral("sample")));
        QVERIFY(location.fallback);
        QVERIFY2(location.path.startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)), qPrintable(location.path));
        QVERIFY(location.path.endsWith(QStringLiteral("/annotations.json")));
        // And a store there works.
        AnnotationStore store(location, QStringLiteral("sample"));
        QString error;
        QVERIFY2(store.load(&error), qPrintable(error));
        QVERIFY2(store.set(QStringLiteral("k.py"), annotation(Verdict::CorrectAfterAll, {}), &error), qPrintable(error));
        QVERIFY(QFileInfo::exists(location.path));
        QVERIFY(QFile::remove(location.path));
    }

    // The same path holding another run must not inherit the first run's notes.
    void fallbackIsKeyedByContent()
    {
        QTemporaryDir dir;
        const QString jsonl = dir.filePath(QStringLiteral("run_1.jsonl"));
        const QString resourcePath = QStringLiteral(":/runs/run"); // never writable: always the fallback
        writeBytes(jsonl, "{\"filename\": \"a.py\"}\n");
        const auto first = AnnotationStore::locate(runAt(resourcePath, QStringLiteral("run"), {jsonl}));
        const auto again = AnnotationStore::locate(runAt(resourcePath, QStringLiteral("run"), {jsonl}));
        writeBytes(jsonl, "{\"filename\": \"b.py\"}\n"); // same size, other content
        const auto changed = AnnotationStore::locate(runAt(resourcePath, QStringLiteral("run"), {jsonl}));
        const auto otherPath = AnnotationStore::locate(runAt(QStringLiteral(":/runs/other"), QStringLiteral("run"), {jsonl}));
        QVERIFY(first.fallback && changed.fallback && otherPath.fallback);
        QCOMPARE(again.path, first.path);
        QVERIFY(changed.path != first.path);
        QVERIFY(otherPath.path != changed.path);
    }

    void mergeRules()
    {
        CaseAnnotation base = annotation(Verdict::ModelError, QStringLiteral("note"), QStringLiteral("alice"),
            {QStringLiteral("keep"), QStringLiteral("dropByUs"), QStringLiteral("dropByThem")});
        base.comments = {comment(QStringLiteral("kept"), QStringLiteral("k")), comment(QStringLiteral("delUs"), QStringLiteral("d")),
            comment(QStringLiteral("delThem"), QStringLiteral("d")), comment(QStringLiteral("editUsDelThem"), QStringLiteral("e"))};
        CaseAnnotation ours = base, theirs = base;
        ours.tags = QStringList{QStringLiteral("keep"), QStringLiteral("dropByThem"), QStringLiteral("ourNew")};
        theirs.tags = QStringList{QStringLiteral("keep"), QStringLiteral("dropByUs"), QStringLiteral("theirNew")};
        ours.comments = {base.comments[0], base.comments[2], comment(QStringLiteral("editUsDelThem"), QStringLiteral("edited")),
            comment(QStringLiteral("ourNew"), QStringLiteral("o"))};
        theirs.comments = {base.comments[0], base.comments[1], comment(QStringLiteral("theirNew"), QStringLiteral("t"))};
        theirs.verdict = Verdict::FlakyEnvironment; // only they changed the verdict: adopted, no conflict
        theirs.author = QStringLiteral("bob");
        const auto key = QStringLiteral("k.py");
        const auto result = AnnotationStore::merge({{key, base}}, {{key, ours}}, {{key, theirs}});
        const CaseAnnotation merged = result.merged.value(key);
        QCOMPARE(merged.tags, (QStringList{QStringLiteral("keep"), QStringLiteral("ourNew"), QStringLiteral("theirNew")}));
        QStringList ids;
        for (const LineComment& c : merged.comments)
            ids.append(c.id);
        QCOMPARE(ids,
            (QStringList{QStringLiteral("kept"), QStringLiteral("editUsDelThem"), QStringLiteral("ourNew"), QStringLiteral("theirNew")}));
        QCOMPARE(merged.comments[1].text, QStringLiteral("edited"));
        QCOMPARE(merged.verdict, Verdict::FlakyEnvironment);
        QCOMPARE(merged.note, QStringLiteral("note"));
        QVERIFY2(result.conflicts.isEmpty(), qPrintable(result.conflicts.value(key)));
    }

    void mergeOfDifferentCasesAndRemovals()
    {
        const CaseAnnotation a = annotation(Verdict::ModelError, QStringLiteral("a"));
        const CaseAnnotation b = annotation(Verdict::TestProblem, QStringLiteral("b"));
        const AnnotationMap base{{QStringLiteral("gone.py"), a}, {QStringLiteral("same.py"), a}};
        const AnnotationMap ours{{QStringLiteral("gone.py"), a}, {QStringLiteral("same.py"), a}, {QStringLiteral("ours.py"), b}};
        const AnnotationMap theirs{{QStringLiteral("same.py"), a}, {QStringLiteral("theirs.py"), b}}; // they removed gone.py
        const auto result = AnnotationStore::merge(base, ours, theirs);
        QCOMPARE(result.merged.keys(), (QStringList{QStringLiteral("ours.py"), QStringLiteral("same.py"), QStringLiteral("theirs.py")}));
        QVERIFY(result.conflicts.isEmpty());
    }

    // Two windows on one run, each with its own store.
    void twoStoresKeepEachOthersCases()
    {
        QTemporaryDir dir;
        const QString path = sidecarIn(dir);
        AnnotationStore first({path, false}, QStringLiteral("run")), second({path, false}, QStringLiteral("run"));
        QString error;
        QVERIFY(first.load(&error) && second.load(&error));
        QSignalSpy firstChanged(&first, &AnnotationStore::changedExternally);
        QVERIFY(first.set(QStringLiteral("a.py"), annotation(Verdict::ModelError, QStringLiteral("from first")), &error));
        // No event loop in between: the second store has not heard of a.py yet.
        QVERIFY(second.set(QStringLiteral("b.py"), annotation(Verdict::TestProblem, QStringLiteral("from second")), &error));
        QVERIFY(second.annotations().contains(QStringLiteral("a.py"))); // adopted while writing
        QStringList problems;
        const AnnotationMap onDisk = readSidecar(path, &problems);
        QVERIFY(problems.isEmpty());
        QCOMPARE(onDisk.keys(), (QStringList{QStringLiteral("a.py"), QStringLiteral("b.py")}));
        // The first hears of b.py through its watcher.
        QTRY_VERIFY(!firstChanged.isEmpty());
        QCOMPARE(firstChanged.last().at(0).toStringList(), QStringList{QStringLiteral("b.py")});
        QCOMPARE(first.annotations(), onDisk);
    }

    void twoStoresChangingOneCaseMerge()
    {
        QTemporaryDir dir;
        const QString path = sidecarIn(dir);
        AnnotationStore first({path, false}, QStringLiteral("run")), second({path, false}, QStringLiteral("run"));
        QString error;
        QVERIFY(first.load(&error) && second.load(&error));
        const QString key = QStringLiteral("k.py");
        CaseAnnotation start = annotation(Verdict::NeedsSecondLook, QStringLiteral("start"));
        start.comments = {comment(QStringLiteral("c0"), QStringLiteral("shared comment"))};
        QVERIFY(first.set(key, start, &error));
        QTRY_COMPARE(second.annotation(key), first.annotation(key));

        QSignalSpy firstChanged(&first, &AnnotationStore::changedExternally);
        QSignalSpy secondConflict(&second, &AnnotationStore::conflict);
        CaseAnnotation mine = start;
        mine.verdict = Verdict::ModelError;
        mine.note = QStringLiteral("alice's reading");
        mine.tags = QStringList{QStringLiteral("alice-tag")};
        mine.comments.append(comment(QStringLiteral("c1"), QStringLiteral("alice's comment")));
        CaseAnnotation yours = start;
        yours.verdict = Verdict::TestProblem;
        yours.note = QStringLiteral("bob's reading");
        yours.author = QStringLiteral("bob");
        yours.tags = QStringList{QStringLiteral("bob-tag")};
        yours.comments.append(comment(QStringLiteral("c2"), QStringLiteral("bob's comment")));
        QVERIFY(first.set(key, mine, &error));
        QVERIFY2(second.set(key, yours, &error), qPrintable(error)); // before it heard of the first's change

        QCOMPARE(secondConflict.size(), 1);
        QCOMPARE(secondConflict.at(0).at(0).toString(), key);
        const QString message = secondConflict.at(0).at(1).toString();
        QVERIFY2(message.contains(QLatin1String("alice")) && message.contains(QLatin1String("Model error")), qPrintable(message));
        const CaseAnnotation merged = second.annotation(key);
        QCOMPARE(merged.verdict, Verdict::TestProblem); // ours wins
        QVERIFY2(merged.note.startsWith(QLatin1String("bob's reading")) && merged.note.contains(QStringLiteral("— merged from alice"))
                && merged.note.endsWith(QLatin1String("alice's reading")),
            qPrintable(merged.note));
        QCOMPARE(merged.tags, (QStringList{QStringLiteral("bob-tag"), QStringLiteral("alice-tag")}));
        QCOMPARE(merged.comments.size(), 3);
        QStringList problems;
        QCOMPARE(readSidecar(path, &problems).value(key), merged);
        // The first window takes the merged state.
        QTRY_COMPARE(first.annotation(key), merged);
        QVERIFY(!firstChanged.isEmpty());
        QCOMPARE(firstChanged.last().at(0).toStringList(), QStringList{key});
    }

    void changedExternallyWhenFileIsCreated()
    {
        QTemporaryDir dir;
        const QString path = sidecarIn(dir);
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        AnnotationStore watcher({path, false}, QStringLiteral("run"));
        QString error;
        QVERIFY(watcher.load(&error));
        QSignalSpy changed(&watcher, &AnnotationStore::changedExternally);
        AnnotationStore writer({path, false}, QStringLiteral("run"));
        QVERIFY(writer.load(&error));
        QVERIFY(writer.set(QStringLiteral("new.py"), annotation(Verdict::ModelError, QStringLiteral("n")), &error));
        QTRY_VERIFY(!changed.isEmpty());
        QCOMPARE(changed.at(0).at(0).toStringList(), QStringList{QStringLiteral("new.py")});
        // And after the rename replaced the file, the next change is seen too.
        QVERIFY(writer.set(QStringLiteral("second.py"), annotation(Verdict::ModelError, QStringLiteral("n")), &error));
        QTRY_COMPARE(changed.size(), 2);
        QCOMPARE(changed.at(1).at(0).toStringList(), QStringList{QStringLiteral("second.py")});
    }

    void ownWritesAreNotReportedAsExternal()
    {
        QTemporaryDir dir;
        AnnotationStore store({sidecarIn(dir), false}, QStringLiteral("run"));
        QString error;
        QVERIFY(store.load(&error));
        QSignalSpy changed(&store, &AnnotationStore::changedExternally);
        for (int i = 0; i < 5; ++i) {
            // Untidy input: what the store keeps must be what the file says, or its own write looks foreign.
            CaseAnnotation a = annotation(
                Verdict::ModelError, QStringLiteral("n"), QStringLiteral("alice"), {QStringLiteral(" perf "), QStringLiteral("perf")});
            a.modified = QDateTime::currentDateTime();
            a.comments = {comment(QStringLiteral("c"), QStringLiteral("t"))};
            QVERIFY(store.set(QStringLiteral("k%1.py").arg(i), a, &error));
        }
        QCOMPARE(store.annotation(QStringLiteral("k0.py")).tags, QStringList{QStringLiteral("perf")});
        // The explicit event: another writer's change. It is reported, after any notification our
        // own writes could have caused; so exactly one notification means ours caused none.
        AnnotationStore other({sidecarIn(dir), false}, QStringLiteral("run"));
        QVERIFY(other.load(&error));
        QVERIFY(other.set(
            QStringLiteral("other.py"), annotation(Verdict::FlakyEnvironment, QStringLiteral("o"), QStringLiteral("bob")), &error));
        QVERIFY(changed.wait(10000));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(store.annotation(QStringLiteral("other.py")).note, QStringLiteral("o"));
    }

    // save() is for the UI thread: while another writer holds the lock it returns at once,
    // keeps the change in memory, says Saving, and writes as soon as the lock is free.
    void saveNeverWaitsForTheLock()
    {
        QTemporaryDir dir;
        AnnotationStore store({sidecarIn(dir), false}, QStringLiteral("run"));
        QSignalSpy states(&store, &AnnotationStore::saveStateChanged);
        std::unique_ptr<FileLock> other;
        loadWhileLocked(store, &other);
        if (QTest::currentTestFailed())
            return;

        store.save(QStringLiteral("a.py"), annotation(Verdict::ModelError, QStringLiteral("later")));
        QCOMPARE(store.saveState(), AnnotationStore::SaveState::Saving);
        QCOMPARE(store.annotation(QStringLiteral("a.py")).note, QStringLiteral("later")); // shown at once
        QVERIFY(!QFile::exists(sidecarIn(dir)));
        QCOMPARE(states.size(), 1);
        store.save(QStringLiteral("b.py"), annotation(Verdict::FlakyEnvironment, QStringLiteral("too"))); // joins the wait

        other.reset(); // the other writer is done
        QVERIFY(states.wait(5000));
        QCOMPARE(states.last().first().value<AnnotationStore::SaveState>(), AnnotationStore::SaveState::Saved);
        QCOMPARE(store.saveState(), AnnotationStore::SaveState::Saved);
        QStringList problems;
        const AnnotationMap onDisk = readSidecar(sidecarIn(dir), &problems);
        QCOMPARE(onDisk.value(QStringLiteral("a.py")).note, QStringLiteral("later"));
        QCOMPARE(onDisk.value(QStringLiteral("b.py")).note, QStringLiteral("too"));
    }

    // A lock held past the wait ends in Failed, naming the lock; the change stays in memory and
    // goes to disk with the next save.
    void saveGivesUpOnALockHeldTooLong()
    {
        QTemporaryDir dir;
        AnnotationStore store({sidecarIn(dir), false}, QStringLiteral("run"));
        std::unique_ptr<FileLock> other;
        loadWhileLocked(store, &other);
        if (QTest::currentTestFailed())
            return;
        store.save(QStringLiteral("a.py"), annotation(Verdict::ModelError, QStringLiteral("kept")));
        QTRY_COMPARE_WITH_TIMEOUT(store.saveState(), AnnotationStore::SaveState::Failed, 30000);
        QVERIFY2(store.saveError().contains(QStringLiteral("annotations.json.lock")), qPrintable(store.saveError()));
        QCOMPARE(store.annotation(QStringLiteral("a.py")).note, QStringLiteral("kept"));
        other.reset();
        store.save(QStringLiteral("b.py"), annotation(Verdict::ModelError, QStringLiteral("next")));
        QCOMPARE(store.saveState(), AnnotationStore::SaveState::Saved);
        QStringList problems;
        QCOMPARE(readSidecar(sidecarIn(dir), &problems).value(QStringLiteral("a.py")).note, QStringLiteral("kept"));
    }

    void corruptFileIsKeptAside()
    {
        QTemporaryDir dir;
        const QString path = sidecarIn(dir);
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        const QByteArray garbage = "{\"format\": \"kernel-review-annotations\", \"cases\": {\"a.py\": {\"note\": \"trunc";
        writeBytes(path, garbage);
        AnnotationStore store({path, false}, QStringLiteral("run"));
        QString error;
        QVERIFY(!store.load(&error));
        QVERIFY2(error.contains(path), qPrintable(error));
        QCOMPARE(readBytes(path), garbage); // load never touches it
        QSignalSpy warnings(&store, &AnnotationStore::warning);
        QVERIFY2(store.set(QStringLiteral("b.py"), annotation(Verdict::ModelError, QStringLiteral("n")), &error), qPrintable(error));
        const QStringList copies = corruptCopies(path);
        QCOMPARE(copies.size(), 1);
        QCOMPARE(readBytes(QFileInfo(path).dir().filePath(copies[0])), garbage);
        QCOMPARE(warnings.size(), 1);
        const QString warning = warnings.at(0).at(0).toString();
        QVERIFY2(warning.contains(path) && warning.contains(copies[0]), qPrintable(warning));
        QStringList problems;
        QCOMPARE(readSidecar(path, &problems).keys(), QStringList{QStringLiteral("b.py")});
        QVERIFY(problems.isEmpty());
        // Once replaced, later writes make no more copies.
        QVERIFY(store.set(QStringLiteral("c.py"), annotation(Verdict::ModelError, QStringLiteral("n")), &error));
        QCOMPARE(corruptCopies(path).size(), 1);
    }

    void partlyBrokenFileKeepsValidEntries()
    {
        QTemporaryDir dir;
        const QString path = sidecarIn(dir);
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        const QByteArray text = R"({"format": "kernel-review-annotations", "version": 1, "run": "run", "cases": {
            "good.py": {"verdict": "model_error", "note": "keep me"},
            "bad.py": {"verdict": 5, "note": "half"}}})";
        writeBytes(path, text);
        AnnotationStore store({path, false}, QStringLiteral("run"));
        QString error;
        QVERIFY2(store.load(&error), qPrintable(error));
        QCOMPARE(store.problems().size(), 1);
        const QString problem = store.problems().at(0);
        QVERIFY2(problem.contains(path) && problem.contains(QLatin1String("bad.py")) && problem.contains(QLatin1String("verdict")),
            qPrintable(problem));
        QCOMPARE(store.annotation(QStringLiteral("good.py")).note, QStringLiteral("keep me"));
        QVERIFY(store.set(QStringLiteral("new.py"), annotation(Verdict::TestProblem, QStringLiteral("n")), &error));
        QCOMPARE(corruptCopies(path).size(), 1); // the unreadable verdict survives in the copy
        QStringList problems;
        const AnnotationMap onDisk = readSidecar(path, &problems);
        QVERIFY(problems.isEmpty());
        QCOMPARE(onDisk.value(QStringLiteral("good.py")).note, QStringLiteral("keep me"));
        QCOMPARE(onDisk.value(QStringLiteral("bad.py")).note, QStringLiteral("half"));
        QVERIFY(onDisk.contains(QStringLiteral("new.py")));
    }

    void failingWriteKeepsChangeInMemory()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("side"));
        const QString path = QDir(folder).filePath(QStringLiteral("annotations.json"));
        AnnotationStore store({path, false}, QStringLiteral("run"));
        QString error;
        QVERIFY(store.load(&error));
        QVERIFY(QDir(folder).removeRecursively());
        writeBytes(folder, "a file where the folder should be"); // even root cannot create the folder now
        QVERIFY(!store.set(QStringLiteral("a.py"), annotation(Verdict::ModelError, QStringLiteral("n")), &error));
        QVERIFY2(error.contains(folder), qPrintable(error));
        QVERIFY(store.annotations().contains(QStringLiteral("a.py")));
        QVERIFY(QFile::remove(folder));
        QVERIFY2(store.set(QStringLiteral("b.py"), annotation(Verdict::ModelError, QStringLiteral("n")), &error), qPrintable(error));
        QStringList problems;
        QCOMPARE(readSidecar(path, &problems).keys(), (QStringList{QStringLiteral("a.py"), QStringLiteral("b.py")}));
    }

    void concurrentWriters()
    {
        QTemporaryDir dir;
        const QString path = sidecarIn(dir);
        constexpr int Writers = 4, Steps = 200;
        QElapsedTimer clock;
        clock.start();
        std::vector<std::unique_ptr<QProcess>> processes;
        for (int w = 0; w < Writers; ++w) {
            processes.push_back(std::make_unique<QProcess>());
            processes.back()->start(
                QStringLiteral(KRW_ANNOTATION_WRITER), {path, QString::number(w), QString::number(Steps), QStringLiteral("distinct")});
        }
        QHash<QString, QString> lastAcked; // case → last acknowledged note
        QSet<QString> sharedTags;
        for (auto& process : processes) {
            QVERIFY(process->waitForFinished(120000));
            QVERIFY2(
                process->exitStatus() == QProcess::NormalExit && process->exitCode() == 0, process->readAllStandardError().constData());
            const QVector<Ack> acks = parseAcks(process->readAllStandardOutput());
            QCOMPARE(acks.size(), Steps + Steps / 10);
            for (const Ack& ack : acks) {
                if (ack.caseName == QLatin1String("shared"))
                    sharedTags.insert(ack.value);
                else
                    lastAcked.insert(ack.caseName, ack.value);
            }
        }
        qInfo("%d writers x %d steps (+ shared tags) in %lld ms", Writers, Steps, static_cast<long long>(clock.elapsed()));
        QStringList problems;
        const AnnotationMap onDisk = readSidecar(path, &problems);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QCOMPARE(lastAcked.size(), Writers * Steps / 2);
        for (auto it = lastAcked.cbegin(); it != lastAcked.cend(); ++it)
            QCOMPARE(onDisk.value(it.key()).note, it.value());
        const QStringList tags = onDisk.value(QStringLiteral("shared")).tags;
        for (const QString& tag : sharedTags)
            QVERIFY2(tags.contains(tag), qPrintable(tag));
        QCOMPARE(tags.size(), sharedTags.size());
        QVERIFY(corruptCopies(path).isEmpty());
    }

    // SIGKILL at random moments: the file always parses cleanly and holds every acknowledged write.
    void killedWriterLosesNothingAcknowledged()
    {
        QTemporaryDir dir;
        const QString path = sidecarIn(dir);
        const quint32 seed = qEnvironmentVariableIsSet("KRW_KILL_SEED") ? quint32(qEnvironmentVariableIntValue("KRW_KILL_SEED"))
                                                                        : QRandomGenerator::global()->generate();
        const int iterations = qEnvironmentVariableIsSet("KRW_KILL_ITERATIONS") ? qEnvironmentVariableIntValue("KRW_KILL_ITERATIONS") : 150;
        qInfo("kill -9 test: %d iterations, seed %u (set KRW_KILL_SEED to repeat)", iterations, seed);
        QRandomGenerator random(seed);
        QHash<QString, QPair<int, int>> lastAcked; // case → {writer, step} of its last acknowledged write
        int killedAfterAcks = 0, totalAcks = 0;
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; i < iterations; ++i) {
            QProcess writer;
            writer.start(
                QStringLiteral(KRW_ANNOTATION_WRITER), {path, QString::number(i), QStringLiteral("100000"), QStringLiteral("cycle")});
            // Time the kill from "ready" (the file is loaded): killing a starting process proves nothing.
            QByteArray output;
            while (!output.contains("ready\n") && writer.waitForReadyRead(10000))
                output += writer.readAllStandardOutput();
            QVERIFY2(output.contains("ready\n"), writer.readAllStandardError().constData());
            QThread::msleep(random.bounded(0, 120));
            writer.kill();
            QVERIFY(writer.waitForFinished());
            const QByteArray errors = writer.readAllStandardError();
            QVERIFY2(!errors.contains("error"), errors.constData());
            const QVector<Ack> acks = parseAcks(output + writer.readAllStandardOutput());
            totalAcks += acks.size();
            killedAfterAcks += acks.isEmpty() ? 0 : 1;
            for (const Ack& ack : acks)
                lastAcked.insert(ack.caseName, {i, ack.step});

            QStringList problems;
            const AnnotationMap onDisk = readSidecar(path, &problems);
            if (!QFileInfo::exists(path) && lastAcked.isEmpty())
                continue;
            QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("iteration %1: %2").arg(i).arg(problems.join(QLatin1Char('\n')))));
            for (auto it = lastAcked.cbegin(); it != lastAcked.cend(); ++it) {
                const QPair<int, int> found = stamp(onDisk.value(it.key()).note);
                // The acknowledged write, or one the killed writer made later without living to say so.
                QVERIFY2(found >= *it && found.first <= i,
                    qPrintable(QStringLiteral("iteration %1, case %2: file has %3:%4, acknowledged %5:%6")
                                   .arg(i)
                                   .arg(it.key())
                                   .arg(found.first)
                                   .arg(found.second)
                                   .arg(it->first)
                                   .arg(it->second)));
            }
        }
        qInfo("kill -9 test: %d iterations, %d killed after acknowledging writes, %d acknowledged writes, %lld ms", iterations,
            killedAfterAcks, totalAcks, static_cast<long long>(clock.elapsed()));
        QVERIFY(killedAfterAcks > 0); // otherwise the kills never hit a writer at work
        QVERIFY(corruptCopies(path).isEmpty());
        // A lock left by a killed writer does not block the next one.
        QProcess last;
        last.start(QStringLiteral(KRW_ANNOTATION_WRITER), {path, QStringLiteral("9999"), QStringLiteral("3"), QStringLiteral("cycle")});
        QVERIFY(last.waitForFinished(30000));
        QVERIFY2(last.exitCode() == 0, last.readAllStandardError().constData());
        QCOMPARE(parseAcks(last.readAllStandardOutput()).size(), 3);
    }
};

KRW_GUILESS_TEST_MAIN(TestAnnotationStore)
#include "tst_annotationstore.moc"
