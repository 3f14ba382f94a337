// SPDX-License-Identifier: MIT
#include "krw-config.h"
#include "models/run/casetexts.h"
#include "models/run/runloader.h"
#include "models/run/textlimits.h"
#include "widgets/code/bigtextbar.h"
#include "widgets/code/codeview.h"
#include "widgets/code/syntaxsupport.h"

#include <QApplication>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSyntaxHighlighter>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QThread>
#include <QtTest>

using namespace krw;

Q_DECLARE_METATYPE(krw::CodeLanguage)

namespace {

QString numberedLines(int count)
{
    QStringList lines;
    for (int i = 1; i <= count; ++i)
        lines.append(QStringLiteral("x%1 = %1").arg(i));
    return lines.join(QLatin1Char('\n'));
}

QPalette darkPalette()
{
    QPalette p(QColor(0x31, 0x36, 0x3b), QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::Base, QColor(0x1b, 0x1e, 0x20));
    p.setColor(QPalette::Text, QColor(0xfc, 0xfc, 0xfc));
    p.setColor(QPalette::WindowText, QColor(0xfc, 0xfc, 0xfc));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
    return p;
}

} // namespace

class TestCodeView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_lightPalette = QApplication::palette();
    }

    void cleanup() { QApplication::setPalette(m_lightPalette); }

    void defaultNumbersFollowBlocks()
    {
        CodeView view(&m_syntax);
        view.setCode(QStringLiteral("a\nb\nc"), CodeLanguage::Plain);
        QCOMPARE(view.blockCount(), 3);
        for (int block = 0; block < 3; ++block)
            QCOMPARE(view.lineNumberOfBlock(block), block + 1);
        QCOMPARE(view.blockOfLine(3), 2);
        QCOMPARE(view.blockOfLine(4), -1);
        QCOMPARE(view.lineNumberOfBlock(3), 0);
        QVERIFY(view.isReadOnly());
    }

    void mappedNumbers_data()
    {
        QTest::addColumn<QVector<int>>("numbers");
        QTest::addColumn<QVector<int>>("expected"); // per block
        QTest::addColumn<int>("lookupLine");
        QTest::addColumn<int>("expectedBlock");
        QTest::addRow("filler-in-middle") << QVector<int>{1, 0, 2, 3} << QVector<int>{1, 0, 2, 3} << 2 << 2;
        QTest::addRow("filler-first") << QVector<int>{0, 0, 1, 2} << QVector<int>{0, 0, 1, 2} << 1 << 2;
        QTest::addRow("negative-is-blank") << QVector<int>{-1, 1, 2, 3} << QVector<int>{0, 1, 2, 3} << 3 << 3;
        QTest::addRow("too-short-mapping") << QVector<int>{5, 6} << QVector<int>{5, 6, 0, 0} << 7 << -1;
    }

    void mappedNumbers()
    {
        QFETCH(QVector<int>, numbers);
        QFETCH(QVector<int>, expected);
        QFETCH(int, lookupLine);
        QFETCH(int, expectedBlock);
        CodeView view(&m_syntax);
        view.setCode(QStringLiteral("a\n\nb\nc"), CodeLanguage::Plain);
        view.setLineNumbers(numbers);
        for (int block = 0; block < expected.size(); ++block)
            QCOMPARE(view.lineNumberOfBlock(block), expected.at(block));
        QCOMPARE(view.blockOfLine(lookupLine), expectedBlock);

        view.setCode(QStringLiteral("a\nb"), CodeLanguage::Plain);
        QCOMPARE(view.lineNumberOfBlock(1), 2); // setCode drops the mapping
    }

    void gutterWidensForMoreDigits()
    {
        CodeView view(&m_syntax);
        view.setCode(numberedLines(5), CodeLanguage::Plain);
        const int narrow = view.gutterWidth();
        view.setCode(numberedLines(1200), CodeLanguage::Plain);
        QVERIFY(view.gutterWidth() > narrow);
        QCOMPARE(view.viewport()->geometry().left() - view.contentsRect().left(), view.gutterWidth());
    }

    void showLineMovesCursor_data()
    {
        QTest::addColumn<QVector<int>>("numbers");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("expectedBlock");
        QTest::addRow("plain") << QVector<int>() << 150 << 149;
        QTest::addRow("first") << QVector<int>() << 1 << 0;
        QTest::addRow("past-end-goes-to-last") << QVector<int>() << 999 << 199;
        QVector<int> shifted(200, 0);
        for (int i = 10; i < 200; ++i)
            shifted[i] = i - 9; // ten filler rows on top: line n sits in block n + 9
        QTest::addRow("mapped") << shifted << 120 << 129;
    }

    void showLineMovesCursor()
    {
        QFETCH(QVector<int>, numbers);
        QFETCH(int, line);
        QFETCH(int, expectedBlock);
        CodeView view(&m_syntax);
        view.resize(400, 200);
        view.setCode(numberedLines(200), CodeLanguage::Python);
        view.setLineNumbers(numbers);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        view.showLine(line);
        QCOMPARE(view.textCursor().blockNumber(), expectedBlock);
        QVERIFY(view.viewport()->rect().contains(view.cursorRect()));
        // The flash marks the line, then goes away on its own.
        const auto flashed = view.extraSelections();
        QCOMPARE(flashed.size(), 1);
        QCOMPARE(flashed.first().cursor.blockNumber(), expectedBlock);
        QTRY_VERIFY_WITH_TIMEOUT(view.extraSelections().isEmpty(), 3000);
    }

    void flashKeepsBackgroundSelections()
    {
        CodeView view(&m_syntax);
        view.setCode(numberedLines(10), CodeLanguage::Plain);
        QTextEdit::ExtraSelection background;
        background.cursor = QTextCursor(view.document()->findBlockByNumber(2));
        background.format.setBackground(Qt::yellow);
        view.setBackgroundSelections({background});
        view.showLine(5);
        QCOMPARE(view.extraSelections().size(), 2);
        QCOMPARE(view.extraSelections().first().cursor.blockNumber(), 2);

        view.setCode(numberedLines(3), CodeLanguage::Plain); // selections of the old text must go
        QVERIFY(view.extraSelections().isEmpty());
    }

    void paletteChangeRethemes()
    {
        CodeView view(&m_syntax);
        view.setCode(QStringLiteral("def f(x):\n    return x + 1  # comment\n"), CodeLanguage::Python);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy colors(&view, &CodeView::colorsChanged);
        QVERIFY(view.palette().color(QPalette::Base).lightness() >= 128);

        // Qt 6 delivers the application palette to top-level widgets through the event loop.
        QApplication::setPalette(darkPalette());
        QTRY_VERIFY(colors.count() >= 1);
        QVERIFY2(view.palette().color(QPalette::Base).lightness() < 128, "dark app palette, dark code");
        QVERIFY(view.palette().color(QPalette::Text).lightness() >= 128);

        // And back: the theme's own (pinned) colours must not keep the view dark.
        QApplication::setPalette(m_lightPalette);
        QTRY_VERIFY(view.palette().color(QPalette::Base).lightness() >= 128);
        QVERIFY(view.palette().color(QPalette::Text).lightness() < 128);

        // A palette set on the view itself counts too.
        view.setPalette(darkPalette());
        QVERIFY(view.palette().color(QPalette::Base).lightness() < 128);
    }

    void highlighterFollowsTheme()
    {
        if (!m_syntax.isAvailable())
            QSKIP("this build has no KSyntaxHighlighting");
        CodeView view(&m_syntax);
        view.setCode(QStringLiteral("def f(x):\n    return x\n"), CodeLanguage::Python);
        const auto keywordColor = [&view] {
            const QTextBlock block = view.document()->firstBlock();
            const auto formats = block.layout()->formats();
            return formats.isEmpty() ? QColor() : formats.first().format.foreground().color();
        };
        const QColor light = keywordColor();
        QVERIFY(light.isValid());
        QApplication::setPalette(darkPalette());
        QTRY_VERIFY(keywordColor() != light);
        QVERIFY(keywordColor().isValid());
    }

    void plainNoteShownIffNoHighlighting()
    {
        QCOMPARE(m_syntax.isAvailable(), bool(KRW_HAVE_KSYNTAXHIGHLIGHTING));
        QCOMPARE(m_syntax.unavailableReason().isEmpty(), m_syntax.isAvailable());

        CodeView view(&m_syntax);
        view.setCode(QStringLiteral("__global__ void k() {}\n"), CodeLanguage::Cpp);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* note = view.findChild<QLabel*>(QStringLiteral("plainNote"));
        QVERIFY(note);
        QCOMPARE(note->isVisible(), !KRW_HAVE_KSYNTAXHIGHLIGHTING);
        QCOMPARE(view.plainNote(), m_syntax.unavailableReason());

        view.setCode(QStringLiteral("just text"), CodeLanguage::Plain);
        QVERIFY(!note->isVisible()); // plain text loses nothing without highlighting
        view.setCode(QStringLiteral("x = 1"), CodeLanguage::Python);
        view.setPlainNoteEnabled(false);
        QVERIFY(!note->isVisible());
    }

    void attachMatchesAvailability_data()
    {
        QTest::addColumn<CodeLanguage>("language");
        QTest::addColumn<bool>("expectHighlighter");
        QTest::addRow("python") << CodeLanguage::Python << bool(KRW_HAVE_KSYNTAXHIGHLIGHTING);
        QTest::addRow("cpp") << CodeLanguage::Cpp << bool(KRW_HAVE_KSYNTAXHIGHLIGHTING);
        QTest::addRow("plain") << CodeLanguage::Plain << false;
    }

    void attachMatchesAvailability()
    {
        QFETCH(CodeLanguage, language);
        QFETCH(bool, expectHighlighter);
        QTextDocument document;
        QSyntaxHighlighter* highlighter = m_syntax.attach(&document, language, QApplication::palette());
        QCOMPARE(highlighter != nullptr, expectHighlighter);
        if (highlighter)
            QCOMPARE(highlighter->parent(), &document);
    }

    void codeFontIsFixedAndOverridable()
    {
        CodeView view(&m_syntax);
        QFont monospace(QStringLiteral("monospace"));
        monospace.setStyleHint(QFont::TypeWriter);
        if (QFontInfo(monospace).fixedPitch()) // a machine without any fixed-pitch font cannot pass
            QVERIFY(QFontInfo(view.font()).fixedPitch());
        QFont font = view.font();
        font.setPointSize(font.pointSize() + 6);
        const int gutter = view.gutterWidth();
        view.setCodeFont(font);
        QCOMPARE(view.document()->defaultFont().pointSize(), font.pointSize());
        QVERIFY(view.gutterWidth() > gutter);
    }

    // A field over TextLimits::ShownBytes (3 MiB here, a line of 10000 characters in it), read as
    // the case view reads it: cut, with a bar that offers the rest.
    void bigTextShowAllAndSaveAs()
    {
        QTemporaryDir dir;
        QByteArray field;
        field += QByteArray(10000, 'y') + "\\n"; // a JSON "\n"
        while (field.size() < 3 * 1024 * 1024 - 8)
            field += "x = 1\\n";
        field += QByteArray(3 * 1024 * 1024 - field.size(), 'z');
        QFile file(dir.filePath(QStringLiteral("big.jsonl")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"filename\": \"big.py\", \"predict\": \"" + field + "\"}\n");
        file.close();
        const RunPtr run = std::make_shared<const Run>(loadRunAtPath(file.fileName()));
        QCOMPARE(run->cases.size(), 1);
        const CaseTexts texts = readCaseTexts(run, 0, TextLimits::ShownBytes);
        const QString key = QStringLiteral("it0:predict");
        const TextRef ref = texts.refs.value(key);
        QCOMPARE(ref.length, qint64(3 * 1024 * 1024 + 2)); // with its quotes

        CodeView view(&m_syntax);
        view.resize(600, 400);
        view.show();
        view.setDisplayText(prepareDisplayText(texts.texts.value(key)), {run->sources, ref, QStringLiteral("big.txt")});
        BigTextBar* bar = view.bigTextBar();
        QVERIFY(!bar->isHidden());
        QCOMPARE(bar->sizeText(), QStringLiteral("Shown 2.0 MiB of 3.0 MiB"));
        QVERIFY(view.viewport()->geometry().top() >= bar->geometry().bottom()); // the bar covers no code
        QCOMPARE(view.lineNumberOfBlock(0), 1); // the long line: rows 0-2
        QCOMPARE(view.lineNumberOfBlock(2), 0);
        QCOMPARE(view.lineNumberOfBlock(3), 2);
        QCOMPARE(view.blockOfLine(2), 3);

        // "Save as…": the whole field, decoded, written in one step.
        const QString copy = dir.filePath(QStringLiteral("copy.txt"));
        QSignalSpy saved(bar, &BigTextBar::saveFinished);
        bar->saveAs(copy);
        QVERIFY(saved.wait(30000));
        QVERIFY2(saved.first().at(0).toBool(), qPrintable(saved.first().at(1).toString()));
        QFile written(copy);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), QByteArray(field).replace("\\n", "\n"));
        QVERIFY(bar->statusText().startsWith(QStringLiteral("saved all 3.0 MiB to ")));

        // "Show all": read and prepared on a worker, shown plain and in rows.
        QSignalSpy shown(&view, &CodeView::wholeTextShown);
        bar->showAll();
        QVERIFY(shown.wait(30000));
        QVERIFY(bar->shown().preparedBy != QThread::currentThreadId());
        QCOMPARE(bar->sizeText(), QStringLiteral("All 3.0 MiB shown"));
        QCOMPARE(view.document()->lastBlock().text(), QString::fromLatin1(field.mid(field.lastIndexOf("\\n") + 2)));
        QCOMPARE(view.lineNumberOfBlock(3), 2);
        QCOMPARE(view.language(), CodeLanguage::Plain);

        // A message is no big text.
        view.setCode(QStringLiteral("No prediction."), CodeLanguage::Plain);
        QVERIFY(bar->isHidden());
        QCOMPARE(view.viewport()->geometry().top(), view.contentsRect().top());
    }

    void bigTextSaveFailureSaysWhy()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("big.jsonl")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"filename\": \"big.py\", \"predict\": \"" + QByteArray(3 * 1024 * 1024, 'x') + "\"}\n");
        file.close();
        const RunPtr run = std::make_shared<const Run>(loadRunAtPath(file.fileName()));
        const CaseTexts texts = readCaseTexts(run, 0, TextLimits::ShownBytes);
        CodeView view(&m_syntax);
        view.setDisplayText(prepareDisplayText(texts.texts.value(QStringLiteral("it0:predict"))),
            {run->sources, texts.refs.value(QStringLiteral("it0:predict")), QStringLiteral("big.txt")});
        QSignalSpy saved(view.bigTextBar(), &BigTextBar::saveFinished);
        const QString target = dir.filePath(QStringLiteral("no-such-folder/copy.txt"));
        view.bigTextBar()->saveAs(target);
        QVERIFY(saved.wait(30000));
        QVERIFY(!saved.first().at(0).toBool());
        QVERIFY2(saved.first().at(1).toString().contains(target), qPrintable(saved.first().at(1).toString()));
        QVERIFY(!QFile::exists(target));
    }

private:
    SyntaxSupport m_syntax;
    QPalette m_lightPalette;
};

QTEST_MAIN(TestCodeView)
#include "tst_codeview.moc"
