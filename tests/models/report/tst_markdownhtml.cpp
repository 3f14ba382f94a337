// SPDX-License-Identifier: MIT
#include "models/report/markdownhtml.h"

#include <QTest>

using namespace krw;

class TestMarkdownHtml : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proseAndCode_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("html");
        QTest::addRow("reflection-fence") << QStringLiteral("```reflection\nFast **enough**.\n```")
                                          << QStringLiteral("<p>Fast <strong>enough</strong>.</p>");
        QTest::addRow("label-case-and-extra-words") << QStringLiteral("```Analysis of v2\nok\n```") << QStringLiteral("<p>ok</p>");
        QTest::addRow("tilde-fence-longer-closer") << QStringLiteral("~~~md\nok\n~~~~~") << QStringLiteral("<p>ok</p>");
        QTest::addRow("unclosed-prose-fence") << QStringLiteral("```reflection\nok") << QStringLiteral("<p>ok</p>");
        QTest::addRow("indented-fence-in-a-list") << QStringLiteral("- step\n\n    ```reflection\n    ok\n    ```")
                                                  << QStringLiteral("<ul>\n<li><p>step</p>\n<p>ok</p>\n</li>\n</ul>");
        QTest::addRow("indented-paragraph") << QStringLiteral("Intro.\n\n    Indented words.")
                                            << QStringLiteral("<p>Intro.</p><p>Indented words.</p>");
        QTest::addRow("language-fence") << QStringLiteral("```cpp\nint a;\n```")
                                        << QStringLiteral("<pre class=\"md-code\"><code>int a;\n</code></pre>");
        QTest::addRow("bare-fence") << QStringLiteral("```\nint a;\n```")
                                    << QStringLiteral("<pre class=\"md-code\"><code>int a;\n</code></pre>");
        QTest::addRow("prose-label-inside-code") << QStringLiteral("````\n```reflection\nx\n```\n````")
                                                 << QStringLiteral("<pre class=\"md-code\"><code>```reflection\nx\n```\n</code></pre>");
    }

    void proseAndCode()
    {
        QFETCH(QString, markdown);
        QFETCH(QString, html);
        QCOMPARE(QString(markdownToSafeHtml(markdown, 1)).remove(QLatin1Char('\n')), QString(html).remove(QLatin1Char('\n')));
    }

    void proseLabels()
    {
        for (const char* label : {"reflection", "Reflection", "markdown", "md", "analysis", "summary"})
            QVERIFY2(isProseFenceLabel(QString::fromLatin1(label)), label);
        for (const char* label : {"", "cpp", "python", "text", "ptx", "reflectionx"})
            QVERIFY2(!isProseFenceLabel(QString::fromLatin1(label)), label);
    }
};

QTEST_GUILESS_MAIN(TestMarkdownHtml)
#include "tst_markdownhtml.moc"
