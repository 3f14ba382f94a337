// SPDX-License-Identifier: MIT
//
// The load warning's source view on a long line: it scrolls sideways to the byte the warning
// points at and marks the value there (a one-line memory file puts it thousands of columns in).
#include "widgets/browse/warningsourcedialog.h"
#include "widgets/code/codeview.h"

#include <QFile>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>

using namespace krw;

class TestWarningSourceDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scrollsToTheByteOnALongLine()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QByteArray json = "[{\"filename\": \"a.py\", \"code\": \"" + QByteArray(20000, 'c') + "\", \"pass_call\": ";
        const qint64 at = json.size();
        json += "\"yes\", \"pass_exe\": true}]";
        QFile file(dir.filePath(QStringLiteral("memory.json")));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(json) == json.size());
        file.close();

        LoadWarning warning;
        warning.file = file.fileName();
        warning.line = 1;
        warning.byteOffset = at;
        warning.field = QStringLiteral("pass_call");
        warning.message = QStringLiteral("expected true or false, found a string; flag ignored");
        WarningSourceDialog dialog(warning);
        QSignalSpy shown(&dialog, &WarningSourceDialog::shown);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(!shown.isEmpty() || shown.wait(10000));
        QVERIFY(shown.first().first().toBool());
        auto* code = dialog.findChild<CodeView*>(QStringLiteral("warningSource"));
        QVERIFY(code);

        // Scrolled sideways, and the value's characters are inside the viewport.
        QVERIFY2(code->horizontalScrollBar()->value() > 0, "not scrolled to the byte");
        const QTextBlock block = code->textCursor().block();
        const int column = block.text().indexOf(QStringLiteral("\"yes\""));
        QVERIFY(column > 0);
        QTextCursor start(block);
        start.setPosition(block.position() + column);
        QTextCursor end(block);
        end.setPosition(block.position() + column + 5);
        QVERIFY2(code->viewport()->rect().contains(code->cursorRect(start).center()),
            qPrintable(QStringLiteral("value at x=%1, viewport %2 wide").arg(code->cursorRect(start).x()).arg(code->viewport()->width())));
        QVERIFY(code->viewport()->rect().contains(code->cursorRect(end).center()));

        // The value is marked: an extra selection covers exactly it.
        bool marked = false;
        for (const QTextEdit::ExtraSelection& s : code->extraSelections()) {
            if (s.cursor.selectionStart() == start.position() && s.cursor.selectionEnd() == end.position())
                marked = true;
        }
        QVERIFY2(marked, "the value is not marked");
    }
};

QTEST_MAIN(TestWarningSourceDialog)
#include "tst_warningsourcedialog.moc"
