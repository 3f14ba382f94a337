// SPDX-License-Identifier: MIT
#include "models/report/reportcontent.h"
#include "models/report/workspaceexport.h"
#include "models/run/casetexts.h"
#include "models/run/runloader.h"
#include "models/storage/filenameallocator.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace krw;

namespace {

RunPtr load(const QString& path)
{
    return std::make_shared<const Run>(loadRunAtPath(path));
}

QVector<int> allCases(const Run& run)
{
    return casesInScope(run, {}, ExportScope::All);
}

QJsonArray indexEntries(const QString& dest)
{
    QFile file(dest + QStringLiteral("/index.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("cases")).toArray();
}

} // namespace

class TestWorkspaceExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sanitizedNames_data()
    {
        QTest::addColumn<QString>("wanted");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << QStringLiteral("sin_kernel") << QStringLiteral("sin_kernel");
        QTest::newRow("parent") << QStringLiteral("../../etc/passwd") << QStringLiteral("_._.._etc_passwd");
        QTest::newRow("dotdot") << QStringLiteral("..") << QStringLiteral("unnamed");
        QTest::newRow("dot") << QStringLiteral(".") << QStringLiteral("unnamed");
        QTest::newRow("empty") << QString() << QStringLiteral("unnamed");
        QTest::newRow("absolute") << QStringLiteral("/abs/path") << QStringLiteral("_abs_path");
        QTest::newRow("backslash") << QStringLiteral("a/b\\c") << QStringLiteral("a_b_c");
        QTest::newRow("control") << QStringLiteral("a\nb\x01") << QStringLiteral("a_b_");
        QTest::newRow("device") << QStringLiteral("CON") << QStringLiteral("CON_");
        QTest::newRow("device ext") << QStringLiteral("lpt1.txt") << QStringLiteral("lpt1_.txt");
        QTest::newRow("not device") << QStringLiteral("CONSOLE") << QStringLiteral("CONSOLE");
        QTest::newRow("trailing") << QStringLiteral("name. . ") << QStringLiteral("name");
        QTest::newRow("hidden") << QStringLiteral(".bashrc") << QStringLiteral("_bashrc");
    }

    void sanitizedNames()
    {
        QFETCH(QString, wanted);
        QFETCH(QString, expected);
        const AllocatedName name = sanitizedFileName(wanted);
        QCOMPARE(name.name, expected);
        QCOMPARE(name.reason.isEmpty(), wanted == expected);
    }

    void longNamesKeepAHash()
    {
        const QString a = QString(300, QLatin1Char('n'));
        const QString b = QString(299, QLatin1Char('n')) + QStringLiteral("m");
        const AllocatedName na = sanitizedFileName(a), nb = sanitizedFileName(b);
        QVERIFY(na.name.toUtf8().size() <= MaxFileNameBytes);
        QVERIFY(na.name != nb.name);
        QCOMPARE(sanitizedFileName(a).name, na.name); // deterministic
        // Multi-byte characters are not split.
        const QString wide = QString(200, QChar(0x00e9));
        const QString cut = sanitizedFileName(wide).name;
        QVERIFY(cut.toUtf8().size() <= MaxFileNameBytes);
        QCOMPARE(QString::fromUtf8(cut.toUtf8()), cut);
    }

    void collisionsGetSuffixes()
    {
        FileNameAllocator names;
        names.reserve(QStringLiteral("index.json"));
        QCOMPARE(names.allocate(QStringLiteral("Case")).name, QStringLiteral("Case"));
        const AllocatedName second = names.allocate(QStringLiteral("case"));
        QCOMPARE(second.name, QStringLiteral("case-2"));
        QVERIFY(second.reason.contains(QStringLiteral("taken")));
        QCOMPARE(names.allocate(QStringLiteral("CASE")).name, QStringLiteral("CASE-3"));
        QCOMPARE(names.allocate(QStringLiteral("INDEX.json")).name, QStringLiteral("INDEX.json-2"));
        QCOMPARE(names.allocate(QStringLiteral("a/b")).name, QStringLiteral("a_b"));
        QCOMPARE(names.allocate(QStringLiteral("a_b")).name, QStringLiteral("a_b-2"));
    }

    void hostileNamesStayInside()
    {
        const RunPtr run = load(QStringLiteral(KRW_TEST_DATA_DIR "/hostile"));
        QCOMPARE(run->cases.size(), 9);
        QTemporaryDir outer;
        const QString dest = outer.filePath(QStringLiteral("dest"));
        const ExportResult result = exportWorkspace(run, allCases(*run), dest);
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(result.cases, 9);
        // Nothing outside dest: dest is the only entry of the outer folder (no ../ escapes)...
        QCOMPARE(QDir(outer.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList{QStringLiteral("dest")});
        // ...and every path under it is canonical, one folder deep, under dest.
        const QString root = QFileInfo(dest).canonicalFilePath();
        QDirIterator it(dest, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        int folders = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            const QFileInfo info(path);
            QVERIFY2(!info.isSymLink(), qPrintable(path));
            QVERIFY2(info.canonicalFilePath().startsWith(root + QLatin1Char('/')), qPrintable(path));
            QVERIFY(info.fileName().toUtf8().size() <= MaxFileNameBytes);
            QVERIFY(info.canonicalFilePath().count(QLatin1Char('/')) <= root.count(QLatin1Char('/')) + 2);
            folders += info.isDir() ? 1 : 0;
        }
        QCOMPARE(folders, 9);
        // The index lists every mapping, with the reason for each renaming.
        QHash<QString, QJsonObject> byFilename;
        for (const QJsonValue& v : indexEntries(dest))
            byFilename.insert(v.toObject().value(QStringLiteral("filename")).toString(), v.toObject());
        QCOMPARE(byFilename.size(), 9);
        QCOMPARE(byFilename.value(QStringLiteral("../../etc/passwd.py")).value(QStringLiteral("folder")).toString(),
            QStringLiteral("_._.._etc_passwd"));
        QCOMPARE(byFilename.value(QStringLiteral("/abs/path.py")).value(QStringLiteral("folder")).toString(), QStringLiteral("_abs_path"));
        QCOMPARE(byFilename.value(QStringLiteral("CON.py")).value(QStringLiteral("folder")).toString(), QStringLiteral("CON_"));
        QCOMPARE(byFilename.value(QStringLiteral(".py")).value(QStringLiteral("folder")).toString(), QStringLiteral("unnamed"));
        QCOMPARE(byFilename.value(QStringLiteral("Case.py")).value(QStringLiteral("folder")).toString(), QStringLiteral("Case"));
        QCOMPARE(byFilename.value(QStringLiteral("case.py")).value(QStringLiteral("folder")).toString(), QStringLiteral("case-2"));
        QVERIFY(byFilename.value(QStringLiteral("case.py")).value(QStringLiteral("renamed")).toString().contains(QStringLiteral("taken")));
        QVERIFY(byFilename.value(QStringLiteral("Case.py")).value(QStringLiteral("renamed")).isNull());
        QVERIFY(QFile::exists(dest + QStringLiteral("/Case/candidate_call_fix.hip.cpp")));

        // Exporting again into the same folder overwrites nothing: new folders get suffixes.
        const ExportResult again = exportWorkspace(run, {run->indexOf(QStringLiteral("Case.py"))}, dest);
        QVERIFY(again.ok);
        QCOMPARE(again.cases, 1);
        const QJsonArray entries = indexEntries(dest);
        QCOMPARE(entries.size(), 10); // the earlier entries are kept
        QCOMPARE(entries.last().toObject().value(QStringLiteral("folder")).toString(), QStringLiteral("Case-3")); // case-2 is taken
        QCOMPARE(load(dest)->cases.size(), 10);
    }

    void roundTripLoads()
    {
        const RunPtr run = load(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        AnnotationMap annotations;
        annotations[QStringLiteral("rms_norm.py")].verdict = Verdict::ModelError;
        annotations[QStringLiteral("rms_norm.py")].note = QStringLiteral("<b>eps</b>");
        const QVector<int> failing = casesInScope(*run, {}, ExportScope::Failing);
        QTemporaryDir dest;
        int calls = 0;
        const ExportResult result = exportWorkspace(
            run, failing, dest.path(), [&](int, int) { return ++calls > 0; }, annotations);
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(calls, int(failing.size()) + 1);
        const QString annotation = QString::fromUtf8([&] {
            QFile f(dest.filePath(QStringLiteral("rms_norm/annotation.md")));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }());
        QVERIFY2(annotation.contains(QStringLiteral("Model error")) && annotation.contains(QStringLiteral("&lt;b&gt;eps")),
            qPrintable(annotation));

        const RunPtr back = load(dest.path());
        QCOMPARE(back->cases.size(), failing.size());
        for (const int i : failing) {
            const Case& original = run->cases.at(i);
            const int j = back->indexOf(original.filename);
            QVERIFY2(j >= 0, qPrintable(original.filename));
            const CaseTexts a = readCaseTexts(run, i);
            const CaseTexts b = readCaseTexts(back, j);
            const int n = original.newest().iteration;
            QCOMPARE(b.text(QStringLiteral("it0:instruction")), a.text(iterationKey(n, "instruction")));
            QCOMPARE(b.text(QStringLiteral("label")), a.text(QStringLiteral("label")));
            QCOMPARE(b.text(QStringLiteral("test")), a.text(QStringLiteral("test")));
            QCOMPARE(b.text(QStringLiteral("it0:predict")), a.text(iterationKey(n, "predict")));
            QCOMPARE(b.text(QStringLiteral("it0:call")), a.text(iterationKey(n, "call")));
            QCOMPARE(b.has(QStringLiteral("it0:perf:1")), a.has(QStringLiteral("it%1:perf:1").arg(n)));
        }
    }

    void hostileRoundTripKeepsFilenames()
    {
        const RunPtr run = load(QStringLiteral(KRW_TEST_DATA_DIR "/hostile"));
        QTemporaryDir dest;
        QVERIFY(exportWorkspace(run, allCases(*run), dest.path()).ok);
        const RunPtr back = load(dest.path());
        QStringList before, after;
        for (const Case& c : run->cases)
            before << c.filename;
        for (const Case& c : back->cases)
            after << c.filename;
        before.sort();
        after.sort();
        QCOMPARE(after, before);
    }

    void cancelStopsAndKeepsIndexConsistent()
    {
        const RunPtr run = load(QStringLiteral(KRW_SAMPLE_RUN_DIR));
        QTemporaryDir dest;
        const ExportResult result = exportWorkspace(run, allCases(*run), dest.path(), [](int done, int) { return done < 3; });
        QVERIFY(result.cancelled);
        QVERIFY(!result.ok);
        QCOMPARE(result.cases, 3);
        QCOMPARE(indexEntries(dest.path()).size(), 3);
        QCOMPARE(QDir(dest.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 3);
        QCOMPARE(load(dest.path())->cases.size(), 3);
    }

    void unwritableDestinationFails()
    {
        QTemporaryDir dir;
        QFile blocker(dir.filePath(QStringLiteral("file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const ExportResult result
            = exportWorkspace(load(QStringLiteral(KRW_SAMPLE_RUN_DIR)), {0}, blocker.fileName() + QStringLiteral("/sub"));
        QVERIFY(!result.ok);
        QVERIFY(result.error.contains(QStringLiteral("cannot create")));
    }
};

QTEST_GUILESS_MAIN(TestWorkspaceExport)
#include "tst_workspaceexport.moc"
