// SPDX-License-Identifier: MIT
// A verdict and tags for many cases as one step's edits: only the cases it changes, each field once.
#include "models/review/bulkchange.h"

#include <QTest>

using namespace krw;

class TestBulkChange : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void editsOnlyWhatChanges()
    {
        AnnotationMap current;
        current[QStringLiteral("a.py")].verdict = Verdict::ModelError;
        current[QStringLiteral("a.py")].tags = QStringList{QStringLiteral("fp16")};
        current[QStringLiteral("b.py")].tags = QStringList{QStringLiteral("old")};
        BulkChange change;
        change.verdict = Verdict::ModelError;
        change.addTags = QStringList{QStringLiteral("fp16")};
        // a.py holds it already; b.py gets both; c.py (no annotation yet) gets both; b.py twice counts once.
        const QVector<AnnotationEdit> edits
            = change.edits(current, {QStringLiteral("a.py"), QStringLiteral("b.py"), QStringLiteral("c.py"), QStringLiteral("b.py")});
        QCOMPARE(BulkChange::changedCases(edits), 2);
        QCOMPARE(edits.size(), 4);
        for (const AnnotationEdit& edit : edits) {
            QVERIFY(edit.caseName != QLatin1String("a.py"));
            if (edit.field == AnnotationEdit::Field::Tags && edit.caseName == QLatin1String("b.py"))
                QCOMPARE(edit.after.tags, (QStringList{QStringLiteral("old"), QStringLiteral("fp16")}));
        }
    }

    void removeTagsAndClearVerdict()
    {
        AnnotationMap current;
        current[QStringLiteral("a.py")].verdict = Verdict::TestProblem;
        current[QStringLiteral("a.py")].tags = QStringList{QStringLiteral("x"), QStringLiteral("y")};
        BulkChange change;
        change.verdict = Verdict::None;
        change.removeTags = QStringList{QStringLiteral("x")};
        const QVector<AnnotationEdit> edits = change.edits(current, {QStringLiteral("a.py")});
        QCOMPARE(edits.size(), 2);
        const auto after = applyEdit(applyEdit(current.value(QStringLiteral("a.py")), edits.at(0), true).value(), edits.at(1), true);
        QVERIFY(after);
        QCOMPARE(after->verdict, Verdict::None);
        QCOMPARE(after->tags, QStringList{QStringLiteral("y")});
    }

    void emptyChangeChangesNothing()
    {
        BulkChange change;
        QVERIFY(change.isEmpty());
        QVERIFY(change.edits({}, {QStringLiteral("a.py")}).isEmpty());
    }

    void parseTags_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("tags");
        QTest::addRow("empty") << QString() << QStringList();
        QTest::addRow("commas-and-spaces") << QStringLiteral(" a, b  c,,a ")
                                           << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    }

    void parseTags()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, tags);
        QCOMPARE(BulkChange::parseTags(text), tags);
    }

    void oneRuleForAsking() { QCOMPARE(BulkChange::ConfirmAbove, 50); }
};

QTEST_GUILESS_MAIN(TestBulkChange)
#include "tst_bulkchange.moc"
