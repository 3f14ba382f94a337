// SPDX-License-Identifier: MIT
//
// CaseJumpDialog (widgets/browse/casejumpdialog.h) driven by keys, as a user does: typing chooses the
// first match (names that start with the text before those that hold it), Enter takes it, arrows and
// pages move the choice while the cursor stays in the field, no match takes nothing.
#include "widgets/browse/casejumpdialog.h"

#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSignalSpy>
#include <QTest>

using namespace krw;

namespace {

QStringList shown(const CaseJumpDialog& dialog)
{
    QStringList names;
    const QAbstractItemModel* model = dialog.list()->model();
    for (int r = 0; r < model->rowCount(); ++r)
        names << model->index(r, 0).data().toString();
    return names;
}

QString countText(const CaseJumpDialog& dialog)
{
    const auto labels = dialog.findChildren<QLabel*>();
    return labels.isEmpty() ? QString() : labels.constLast()->text();
}

} // namespace

class TestCaseJumpDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void typingAndEnterTakeTheFirstMatch()
    {
        CaseJumpDialog dialog({QStringLiteral("rms_norm.py"), QStringLiteral("softmax_row.py"), QStringLiteral("layer_norm_fwd.py")});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(shown(dialog).size(), 3);
        QCOMPARE(dialog.chosen(), QStringLiteral("rms_norm.py")); // something to take at once
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        QTest::keyClicks(dialog.field(), QStringLiteral("SOFT")); // any case
        QCOMPARE(shown(dialog), QStringList{QStringLiteral("softmax_row.py")});
        QCOMPARE(countText(dialog), QStringLiteral("1 of 3 cases match"));
        QTest::keyClick(dialog.field(), Qt::Key_Return);
        QCOMPARE(accepted.size(), 1);
        QCOMPARE(dialog.chosen(), QStringLiteral("softmax_row.py"));
    }

    void namesStartingWithTheTextComeFirstAndArrowsMoveTheChoice()
    {
        CaseJumpDialog dialog(
            {QStringLiteral("alpha_norm.py"), QStringLiteral("norm_b.py"), QStringLiteral("gamma.py"), QStringLiteral("Norm_c.py")});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::keyClicks(dialog.field(), QStringLiteral("norm"));
        QCOMPARE(shown(dialog), (QStringList{QStringLiteral("norm_b.py"), QStringLiteral("Norm_c.py"), QStringLiteral("alpha_norm.py")}));
        QCOMPARE(dialog.chosen(), QStringLiteral("norm_b.py"));
        QTest::keyClick(dialog.field(), Qt::Key_Down);
        QTest::keyClick(dialog.field(), Qt::Key_Down);
        QCOMPARE(dialog.chosen(), QStringLiteral("alpha_norm.py"));
        QTest::keyClick(dialog.field(), Qt::Key_Down); // stays on the last
        QCOMPARE(dialog.chosen(), QStringLiteral("alpha_norm.py"));
        QTest::keyClick(dialog.field(), Qt::Key_Up);
        QCOMPARE(dialog.chosen(), QStringLiteral("Norm_c.py"));
        QTest::keyClick(dialog.field(), Qt::Key_PageUp);
        QCOMPARE(dialog.chosen(), QStringLiteral("norm_b.py"));
        QTest::keyClick(dialog.field(), Qt::Key_PageDown);
        QCOMPARE(dialog.chosen(), QStringLiteral("alpha_norm.py"));
        QVERIFY(dialog.field()->hasFocus());
        QCOMPARE(dialog.field()->text(), QStringLiteral("norm"));
    }

    void noMatchTakesNothing()
    {
        CaseJumpDialog dialog({QStringLiteral("a.py"), QStringLiteral("b.py")});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        QTest::keyClicks(dialog.field(), QStringLiteral("zzz"));
        QVERIFY(shown(dialog).isEmpty());
        QVERIFY(dialog.chosen().isEmpty());
        QCOMPARE(countText(dialog), QStringLiteral("0 of 2 cases match"));
        QTest::keyClick(dialog.field(), Qt::Key_Return);
        QTest::keyClick(dialog.field(), Qt::Key_Down);
        QCOMPARE(accepted.size(), 0);
        QVERIFY(dialog.isVisible());
        dialog.field()->clear(); // all again, the first chosen
        QCOMPARE(shown(dialog).size(), 2);
        QCOMPARE(dialog.chosen(), QStringLiteral("a.py"));
    }

    void aDoubleClickTakesTheRow()
    {
        CaseJumpDialog dialog({QStringLiteral("a.py"), QStringLiteral("b.py")});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        const QRect second = dialog.list()->visualRect(dialog.list()->model()->index(1, 0));
        QTest::mouseClick(dialog.list()->viewport(), Qt::LeftButton, {}, second.center());
        QTest::mouseDClick(dialog.list()->viewport(), Qt::LeftButton, {}, second.center());
        QCOMPARE(accepted.size(), 1);
        QCOMPARE(dialog.chosen(), QStringLiteral("b.py"));
    }
};

QTEST_MAIN(TestCaseJumpDialog)
#include "tst_casejumpdialog.moc"
