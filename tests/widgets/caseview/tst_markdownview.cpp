// SPDX-License-Identifier: MIT
#include "fixedpitch.h"
#include "widgets/caseview/markdownview.h"
#include "widgets/settings/settings.h"

#include <QAbstractTextDocumentLayout>
#include <QFile>
#include <QFontInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using namespace krw;

namespace {

// Whether text is drawn as code is: every character of it as wide as the next, measured in the
// view's laid-out document (what a reader sees), whatever the fonts are called or claim.
bool drawnFixedPitch(const MarkdownView& view, const QString& text)
{
    const QTextCursor found = view.document()->find(text);
    if (found.isNull())
        return false;
    const QTextBlock block = found.block();
    view.document()->documentLayout()->blockBoundingRect(block); // lays the block out
    const QTextLayout* layout = block.layout();
    QVector<qreal> widths;
    for (int i = found.selectionStart() - block.position(); i + 1 < found.selectionEnd() - block.position(); ++i) {
        const QTextLine line = layout->lineForTextPosition(i);
        if (!line.isValid())
            return false;
        if (layout->lineForTextPosition(i + 1).lineNumber() == line.lineNumber()) // not wrapped there
            widths += krw::test::advances(line, i, i + 1);
    }
    return krw::test::allOneWidth(widths);
}

} // namespace

class TestMarkdownView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // No code font chosen by an earlier run of this test (CTest keeps its home folder): the
        // default is what is under test.
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(QSettings().fileName());
    }

    void proseOrCode_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("code");
        // The sample's perf analyses wrap their prose in a fence labelled "reflection".
        QTest::addRow("reflection-fence-is-prose") << QStringLiteral("```reflection\nCorrect, 1.12x. The **shuffles** helped.\n```\n")
                                                   << QStringLiteral("Correct, 1.12x.") << false;
        QTest::addRow("markdown-fence-is-prose")
            << QStringLiteral("~~~markdown\nPlain words here.\n~~~\n") << QStringLiteral("Plain words") << false;
        QTest::addRow("analysis-fence-is-prose")
            << QStringLiteral("```Analysis\nWhere the time goes.\n```\n") << QStringLiteral("Where the time") << false;
        QTest::addRow("indented-paragraph-is-prose")
            << QStringLiteral("Write a kernel.\n\n    The kernel takes x and returns sin(x).\n    Use one thread per element.\n")
            << QStringLiteral("The kernel takes x") << false;
        QTest::addRow("cpp-fence-stays-code") << QStringLiteral("Fix:\n\n```cpp\n__device__ float f(float v);\n```\n")
                                              << QStringLiteral("__device__ float") << true;
        QTest::addRow("bare-fence-stays-code") << QStringLiteral("```\nx = 1\n```\n") << QStringLiteral("x = 1") << true;
        QTest::addRow("unknown-label-stays-code")
            << QStringLiteral("```ptx\nld.global.f32 %f1, [%rd1];\n```\n") << QStringLiteral("ld.global") << true;
        QTest::addRow("prose-fence-inside-code-fence-stays-code")
            << QStringLiteral("````\n```reflection\nnot prose\n```\n````\n") << QStringLiteral("not prose") << true;
    }

    void proseOrCode()
    {
        QFETCH(QString, markdown);
        QFETCH(QString, text);
        QFETCH(bool, code);
        MarkdownView view;
        view.resize(800, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setMarkdownText(markdown);
        QVERIFY2(!view.document()->find(text).isNull(), qPrintable(view.toPlainText()));
        QCOMPARE(drawnFixedPitch(view, text), code);
    }

    // Code is drawn in the code font the user chose, and follows a change of it.
    void codeFollowsTheCodeFont()
    {
        MarkdownView view;
        view.setMarkdownText(QStringLiteral("Fix:\n\n```cpp\n__device__ float f(float v);\n```\n"));
        const auto codeFamily = [&view] {
            QTextCursor found = view.document()->find(QStringLiteral("__device__"));
            found.setPosition(found.selectionStart() + 1);
            return QFontInfo(found.charFormat().font()).family();
        };
        const QFont before = Settings::instance()->codeFont();
        QCOMPARE(codeFamily(), QFontInfo(before).family());
        QFont other = before;
        other.setFamily(QStringLiteral("DejaVu Serif")); // any family other than the code font
        QVERIFY(QFontInfo(other).family() != QFontInfo(before).family());
        Settings::instance()->setCodeFont(other);
        const QString after = codeFamily();
        Settings::instance()->setCodeFont(before);
        QCOMPARE(after, QFontInfo(other).family());
    }

    void proseFenceKeepsItsMarkdown()
    {
        MarkdownView view;
        view.setMarkdownText(QStringLiteral("```reflection\nThe **shuffles** helped.\n```\n"));
        QVERIFY(!view.toPlainText().contains(QStringLiteral("```")));
        QVERIFY(!view.toPlainText().contains(QStringLiteral("**")));
        QTextCursor bold = view.document()->find(QStringLiteral("shuffles"));
        bold.setPosition(bold.selectionStart() + 1);
        QVERIFY(bold.charFormat().fontWeight() > QFont::Normal);
    }
};

QTEST_MAIN(TestMarkdownView)
#include "tst_markdownview.moc"
