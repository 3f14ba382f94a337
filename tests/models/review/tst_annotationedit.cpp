// SPDX-License-Identifier: MIT
//
// Undo steps of annotations: an edit touches only its field of what the case holds now, and is
// refused where another writer changed that field since.
#include "models/review/annotationedit.h"

#include <QTest>

using namespace krw;

namespace {

LineComment comment(const QString& id, const QString& text)
{
    LineComment c;
    c.id = id;
    c.text = text;
    c.anchor.versionId = QStringLiteral("it0:predict");
    c.anchor.line = 3;
    return c;
}

QStringList commentTexts(const CaseAnnotation& a)
{
    QStringList texts;
    for (const LineComment& c : a.comments)
        texts << c.id + QLatin1Char('=') + c.text;
    return texts;
}

} // namespace

class TestAnnotationEdit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneEditPerChangedField()
    {
        CaseAnnotation before;
        before.tags = QStringList{QStringLiteral("a")};
        CaseAnnotation after = before;
        after.verdict = Verdict::ModelError;
        after.note = QStringLiteral("n");
        after.author = QStringLiteral("someone"); // who and when are no field of a step
        const QVector<AnnotationEdit> edits = annotationEdits(QStringLiteral("x.py"), before, after);
        QCOMPARE(edits.size(), 2);
        QCOMPARE(edits.at(0).field, AnnotationEdit::Field::Verdict);
        QCOMPARE(edits.at(1).field, AnnotationEdit::Field::Note);
        QCOMPARE(edits.at(0).caseName, QStringLiteral("x.py"));
        QVERIFY(annotationEdits(QStringLiteral("x.py"), before, before).isEmpty());
    }

    void undoTouchesOnlyItsField()
    {
        CaseAnnotation before;
        CaseAnnotation after;
        after.verdict = Verdict::FlakyEnvironment;
        const AnnotationEdit edit = annotationEdits(QStringLiteral("x.py"), before, after).first();
        CaseAnnotation now = after;
        now.tags = QStringList{QStringLiteral("theirs")}; // another window added a tag since
        now.note = QStringLiteral("their note");
        const std::optional<CaseAnnotation> undone = applyEdit(now, edit, false);
        QVERIFY(undone);
        QCOMPARE(undone->verdict, Verdict::None);
        QCOMPARE(undone->tags, QStringList{QStringLiteral("theirs")});
        QCOMPARE(undone->note, QStringLiteral("their note"));
        const std::optional<CaseAnnotation> redone = applyEdit(*undone, edit, true);
        QVERIFY(redone);
        QCOMPARE(redone->verdict, Verdict::FlakyEnvironment);
        QCOMPARE(redone->tags, QStringList{QStringLiteral("theirs")});
    }

    void refusedWhereTheFieldChangedElsewhere_data()
    {
        QTest::addColumn<int>("field");
        QTest::addRow("verdict") << int(AnnotationEdit::Field::Verdict);
        QTest::addRow("tags") << int(AnnotationEdit::Field::Tags);
        QTest::addRow("note") << int(AnnotationEdit::Field::Note);
    }

    void refusedWhereTheFieldChangedElsewhere()
    {
        QFETCH(int, field);
        CaseAnnotation before, after, theirs;
        after.verdict = Verdict::ModelError;
        after.tags = QStringList{QStringLiteral("ours")};
        after.note = QStringLiteral("ours");
        theirs = after;
        switch (AnnotationEdit::Field(field)) {
        case AnnotationEdit::Field::Verdict:
            theirs.verdict = Verdict::TestProblem;
            break;
        case AnnotationEdit::Field::Tags:
            theirs.tags = QStringList{QStringLiteral("theirs")};
            break;
        default:
            theirs.note = QStringLiteral("theirs");
            break;
        }
        AnnotationEdit edit{QStringLiteral("x.py"), AnnotationEdit::Field(field), before, after};
        QVERIFY(!applyEdit(theirs, edit, false)); // undo would overwrite their change
        QVERIFY(applyEdit(after, edit, false)); // nobody else touched it
        // Already where the step leads (they did the same): nothing to refuse.
        QVERIFY(applyEdit(before, edit, false));
    }

    void commentsOneByOne()
    {
        CaseAnnotation before;
        before.comments = {comment(QStringLiteral("a"), QStringLiteral("first"))};
        CaseAnnotation after = before;
        after.comments.append(comment(QStringLiteral("b"), QStringLiteral("added")));
        const AnnotationEdit add = annotationEdits(QStringLiteral("x.py"), before, after).first();
        QCOMPARE(add.field, AnnotationEdit::Field::Comments);

        // Another window added c meanwhile: undoing our add keeps theirs.
        CaseAnnotation now = after;
        now.comments.append(comment(QStringLiteral("c"), QStringLiteral("theirs")));
        std::optional<CaseAnnotation> undone = applyEdit(now, add, false);
        QVERIFY(undone);
        QCOMPARE(commentTexts(*undone), (QStringList{QStringLiteral("a=first"), QStringLiteral("c=theirs")}));
        std::optional<CaseAnnotation> redone = applyEdit(*undone, add, true);
        QVERIFY(redone);
        QCOMPARE(commentTexts(*redone), (QStringList{QStringLiteral("a=first"), QStringLiteral("b=added"), QStringLiteral("c=theirs")}));

        // Our comment was edited elsewhere since: undoing its addition would lose that edit.
        now = after;
        now.comments[1].text = QStringLiteral("edited by them");
        QVERIFY(!applyEdit(now, add, false));

        // A deletion undone brings the comment back where it was.
        const AnnotationEdit remove = annotationEdits(QStringLiteral("x.py"), after, before).first();
        undone = applyEdit(before, remove, false);
        QVERIFY(undone);
        QCOMPARE(commentTexts(*undone), (QStringList{QStringLiteral("a=first"), QStringLiteral("b=added")}));
    }

    void noOp()
    {
        CaseAnnotation a;
        a.note = QStringLiteral("x");
        AnnotationEdit edit{QStringLiteral("x.py"), AnnotationEdit::Field::Note, a, a};
        QVERIFY(isNoOp(edit));
        edit.after.note = QStringLiteral("y");
        QVERIFY(!isNoOp(edit));
    }
};

QTEST_GUILESS_MAIN(TestAnnotationEdit)
#include "tst_annotationedit.moc"
