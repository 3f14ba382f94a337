// SPDX-License-Identifier: MIT
//
// Annotation value types and their JSON form (the sidecar document).
#include "models/review/annotations.h"

#include <QTest>

using namespace krw;

namespace {

CaseAnnotation fullAnnotation()
{
    CaseAnnotation a;
    a.verdict = Verdict::InstructionMismatch;
    a.tags = QStringList{QStringLiteral("layout"), QStringLiteral("fp16 ✓")};
    a.note = QStringLiteral("The label uses **NHWC**;\n\"quotes\" and ünïcode.");
    LineComment c;
    c.id = QStringLiteral("3f2b");
    c.anchor = {QStringLiteral("predict@2"), versionContentHash(QStringLiteral("int x;\n")), 41, QStringLiteral("int x;")};
    c.text = QStringLiteral("off by one");
    c.author = QStringLiteral("bob");
    c.created = QDateTime(QDate(2026, 3, 4), QTime(5, 6, 7, 890), Qt::UTC);
    a.comments = {c};
    a.author = QStringLiteral("alice");
    a.modified = QDateTime(QDate(2026, 3, 4), QTime(5, 6, 8, 1), Qt::UTC);
    return a;
}

// A sidecar with one valid case "good.py" and one case "bad.py" whose body is given.
QByteArray withBadCase(const QByteArray& badBody)
{
    return R"({"format": "kernel-review-annotations", "version": 1, "run": "r", "cases": {
        "good.py": {"verdict": "model_error", "tags": ["a"], "note": "fine", "comments": []},
        "bad.py": )"
        + badBody + "}}";
}

} // namespace

class TestAnnotations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip()
    {
        AnnotationMap map;
        map.insert(QStringLiteral("k1.py"), fullAnnotation());
        CaseAnnotation tagsOnly;
        tagsOnly.tags = QStringList{QStringLiteral("later")};
        map.insert(QStringLiteral("dir/k 2.py"), tagsOnly);
        QStringList problems;
        const AnnotationMap back = annotationsFromJson(annotationsToJson(map, QStringLiteral("run")), &problems);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QCOMPARE(back, map);
        QCOMPARE(back.value(QStringLiteral("k1.py")).comments.at(0).anchor.line, 41); // 0-based in memory
    }

    void fileCountsLinesFromOne()
    {
        AnnotationMap map{{QStringLiteral("k.py"), fullAnnotation()}};
        QVERIFY(annotationsToJson(map, QStringLiteral("run")).contains("\"line\": 42"));
    }

    void emptyAnnotationsAreNotWritten()
    {
        const AnnotationMap map{{QStringLiteral("empty.py"), CaseAnnotation()}};
        QStringList problems;
        QVERIFY(annotationsFromJson(annotationsToJson(map, QStringLiteral("run")), &problems).isEmpty());
        QVERIFY(problems.isEmpty());
    }

    void badFieldNamesCaseAndField_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("field");
        QTest::addRow("verdict-not-string") << QByteArray(R"({"verdict": 3})") << QStringLiteral("verdict");
        QTest::addRow("verdict-unknown") << QByteArray(R"({"verdict": "bogus", "note": "n"})") << QStringLiteral("verdict");
        QTest::addRow("tags-not-list") << QByteArray(R"({"tags": "a,b", "note": "n"})") << QStringLiteral("tags");
        QTest::addRow("comments-not-list") << QByteArray(R"({"comments": {}, "note": "n"})") << QStringLiteral("comments");
        QTest::addRow("comment-not-object") << QByteArray(R"({"comments": [7]})") << QStringLiteral("comments[0]");
        QTest::addRow("comment-without-id") << QByteArray(R"({"comments": [{"version": "label", "line": 1}]})")
                                            << QStringLiteral("comments[0]");
        QTest::addRow("comment-without-version")
            << QByteArray(R"({"comments": [{"id": "x", "line": 1}]})") << QStringLiteral("comments[0]");
        QTest::addRow("comment-line-zero") << QByteArray(R"({"comments": [{"id": "x", "version": "label", "line": 0}]})")
                                           << QStringLiteral("comments[0]");
        QTest::addRow("comment-line-text") << QByteArray(R"({"comments": [{"id": "x", "version": "label", "line": "3"}]})")
                                           << QStringLiteral("comments[0]");
        QTest::addRow("case-not-object") << QByteArray(R"(["model_error"])") << QString();
    }

    void badFieldNamesCaseAndField()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, field);
        QStringList problems;
        const AnnotationMap map = annotationsFromJson(withBadCase(body), &problems);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems[0].contains(QLatin1String("\"bad.py\"")), qPrintable(problems[0]));
        if (!field.isEmpty())
            QVERIFY2(problems[0].contains(QStringLiteral("field \"%1\"").arg(field)), qPrintable(problems[0]));
        QCOMPARE(map.value(QStringLiteral("good.py")).verdict, Verdict::ModelError);
        QCOMPARE(map.value(QStringLiteral("good.py")).note, QStringLiteral("fine"));
    }

    void unknownVerdictKeepsTheRest()
    {
        QStringList problems;
        const AnnotationMap map = annotationsFromJson(withBadCase(R"({"verdict": "bogus", "note": "n", "tags": ["t"]})"), &problems);
        QVERIFY(problems[0].contains(QLatin1String("unknown verdict \"bogus\"")));
        const CaseAnnotation bad = map.value(QStringLiteral("bad.py"));
        QCOMPARE(bad.verdict, Verdict::None);
        QCOMPARE(bad.note, QStringLiteral("n"));
        QCOMPARE(bad.tags, QStringList{QStringLiteral("t")});
    }

    void wholeFileProblems_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::addRow("not-json") << QByteArray("{\"format\": ") << QStringLiteral("not a JSON object");
        QTest::addRow("array") << QByteArray("[]") << QStringLiteral("not a JSON object");
        QTest::addRow("other-format") << QByteArray(R"({"format": "x", "version": 1, "cases": {}})") << QStringLiteral("\"format\"");
        QTest::addRow("newer-version") << QByteArray(R"({"format": "kernel-review-annotations", "version": 2, "cases": {}})")
                                       << QStringLiteral("\"version\"");
        QTest::addRow("cases-not-object") << QByteArray(R"({"format": "kernel-review-annotations", "version": 1, "cases": []})")
                                          << QStringLiteral("\"cases\"");
    }

    void wholeFileProblems()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QStringList problems;
        QVERIFY(annotationsFromJson(json, &problems).isEmpty());
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems[0].contains(expected), qPrintable(problems[0]));
    }

    void vocabulary()
    {
        const auto& vocabulary = verdictVocabulary();
        QCOMPARE(vocabulary.size(), VerdictCount - 1);
        QStringList names;
        for (int i = 0; i < vocabulary.size(); ++i) {
            QCOMPARE(vocabulary[i].key, '1' + i);
            QVERIFY(!vocabulary[i].title.isEmpty() && !vocabulary[i].description.isEmpty());
            QCOMPARE(verdictFromName(vocabulary[i].name), std::optional<Verdict>(vocabulary[i].verdict));
            QCOMPARE(verdictInfo(vocabulary[i].verdict).name, vocabulary[i].name);
            names.append(vocabulary[i].name);
        }
        names.removeDuplicates();
        QCOMPARE(names.size(), vocabulary.size());
        QVERIFY(!verdictFromName(QStringLiteral("none")));
        QCOMPARE(verdictInfo(Verdict::None).key, 0);
    }

    void anchorStates()
    {
        const QString text = QStringLiteral("a\nb\n");
        const LineAnchor anchor{QStringLiteral("label"), versionContentHash(text), 1, QStringLiteral("b")};
        QCOMPARE(anchorState(anchor, text), AnchorState::Current);
        QCOMPARE(anchorState(anchor, QStringLiteral("a\nB\n")), AnchorState::Stale);
        QCOMPARE(anchorState(anchor, std::nullopt), AnchorState::Missing);
        QCOMPARE(versionContentHash(QString()), QStringLiteral("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    }

    void normalizedTags_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QStringList>("tags");
        QTest::addRow("empty") << QString() << QStringList();
        QTest::addRow("spaces-and-duplicates") << QStringLiteral("perf, layout  ,perf")
                                               << QStringList{QStringLiteral("perf"), QStringLiteral("layout")};
        QTest::addRow("inner-whitespace") << QStringLiteral(" needs   repro ,, ") << QStringList{QStringLiteral("needs repro")};
        QTest::addRow("order-kept") << QStringLiteral("b,a") << QStringList{QStringLiteral("b"), QStringLiteral("a")};
    }

    void normalizedTags()
    {
        QFETCH(QString, typed);
        QFETCH(QStringList, tags);
        QCOMPARE(krw::normalizedTags(typed), tags);
    }

    void equalityCoversComments()
    {
        CaseAnnotation a = fullAnnotation(), b = fullAnnotation();
        QCOMPARE(a, b);
        b.comments[0].anchor.lineText = QStringLiteral("changed");
        QVERIFY(a != b);
        QVERIFY(CaseAnnotation().isEmpty());
        QVERIFY(!a.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAnnotations)
#include "tst_annotations.moc"
