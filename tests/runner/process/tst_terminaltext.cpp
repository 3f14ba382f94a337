// SPDX-License-Identifier: MIT
#include "runner/process/terminaltext.h"

#include <QTest>

using namespace krw;

class TstTerminalText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void strips_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        const QString esc(QChar(0x1b));
        QTest::addRow("plain") << QStringLiteral("HIP version: 5.2") << QStringLiteral("HIP version: 5.2");
        // What rocminfo writes into a pipe when the kernel driver is missing.
        QTest::addRow("rocminfo") << esc + QStringLiteral("[31mROCk module is NOT loaded, possibly no GPU devices") + esc
                + QStringLiteral("[0m")
                                  << QStringLiteral("ROCk module is NOT loaded, possibly no GPU devices");
        QTest::addRow("bold-colour") << QStringLiteral("a") + esc + QStringLiteral("[1;38;5;196mb") + esc + QStringLiteral("[mc")
                                     << QStringLiteral("abc");
        QTest::addRow("erase-line") << QStringLiteral("50%") + esc + QStringLiteral("[2K100%") << QStringLiteral("50%100%");
        QTest::addRow("osc-title-bel") << esc + QStringLiteral("]0;title") + QChar(0x07) + QStringLiteral("text") << QStringLiteral("text");
        QTest::addRow("osc-title-st") << esc + QStringLiteral("]0;title") + esc + QStringLiteral("\\text") << QStringLiteral("text");
        QTest::addRow("two-byte") << esc + QStringLiteral("7saved") + esc + QStringLiteral("8") << QStringLiteral("saved");
        QTest::addRow("cut-at-end") << QStringLiteral("ok") + esc + QStringLiteral("[3") << QStringLiteral("ok");
        QTest::addRow("lone-esc-at-end") << QStringLiteral("ok") + esc << QStringLiteral("ok");
        QTest::addRow("brackets-kept") << QStringLiteral("[31m is no escape without ESC")
                                       << QStringLiteral("[31m is no escape without ESC");
    }

    void strips()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(withoutTerminalEscapes(input), expected);
    }
};

QTEST_GUILESS_MAIN(TstTerminalText)
#include "tst_terminaltext.moc"
