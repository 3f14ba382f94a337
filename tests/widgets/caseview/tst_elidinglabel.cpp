// SPDX-License-Identifier: MIT
#include "widgets/caseview/elidinglabel.h"

#include <QTest>

using namespace krw;

class TestElidingLabel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Given the room it asks for, the text is whole, in any font (the shaped text can be wider
    // than the rounded advance, which once left a case name elided beside empty room).
    void wholeAtItsSizeHint()
    {
        const QStringList texts = {QStringLiteral("layer_norm_fwd.py"), QStringLiteral("No case selected"),
            QStringLiteral("flash_decode_stage2.py"), QStringLiteral("Review · rms_norm.py"), QStringLiteral("iiiiWWWW_mmmm.py")};
        int checked = 0;
        for (const bool bold : {false, true}) {
            for (qreal size = 7; size <= 16; size += 0.7) {
                for (const QString& text : texts) {
                    ElidingLabel label(Qt::ElideMiddle);
                    QFont font = label.font();
                    font.setBold(bold);
                    font.setPointSizeF(size);
                    label.setFont(font);
                    label.setFullText(text);
                    label.resize(label.sizeHint());
                    label.show();
                    QVERIFY2(!label.isElided(),
                        qPrintable(QStringLiteral("%1 at %2 pt%3: \"%4\"")
                                       .arg(text)
                                       .arg(size)
                                       .arg(bold ? QStringLiteral(" bold") : QString(), label.text())));
                    ++checked;
                }
            }
        }
        QVERIFY(checked > 100);
    }

    void elidedWithTooltipWhenNarrow()
    {
        ElidingLabel label(Qt::ElideMiddle);
        label.setFullText(QStringLiteral("flash_decode_stage2.py"));
        label.resize(label.minimumSizeHint());
        label.show();
        QVERIFY(label.isElided());
        QVERIFY(label.text().contains(QStringLiteral("…")));
        QCOMPARE(label.toolTip(), QStringLiteral("flash_decode_stage2.py"));
        QVERIFY(label.fontMetrics().horizontalAdvance(label.text()) <= label.width());
        label.resize(label.sizeHint());
        QCOMPARE(label.text(), QStringLiteral("flash_decode_stage2.py"));
        QVERIFY(label.toolTip().isEmpty());
    }
};

QTEST_MAIN(TestElidingLabel)
#include "tst_elidinglabel.moc"
