// SPDX-License-Identifier: MIT
#include "models/run/runloader.h"
#include "models/run/textlimits.h"
#include "widgets/caseview/comparepage.h"
#include "widgets/code/codeview.h"
#include "widgets/code/diffview.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/settings/settings.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace krw;

class TestComparePage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_run = std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_TEST_DATA_DIR "/series")));
        QVERIFY(m_run->indexOf(QStringLiteral("a.py")) >= 0);
        Settings::instance()->setIgnoreWhitespace(false);
    }

    // The pair a reviewer wants first is worked out off the page: the fix against the prediction it
    // fixed; with no fix that differs and no earlier prediction that differs, the label.
    void defaultPair()
    {
        const auto fix = ComparePage::defaultPair(textsOf(QStringLiteral("a.py")), codeVersions(caseOf(QStringLiteral("a.py"))));
        QCOMPARE(fix.first, QStringLiteral("it1:predict"));
        QCOMPARE(fix.second, QStringLiteral("it1:call"));
        const auto label = ComparePage::defaultPair(textsOf(QStringLiteral("c.py")), codeVersions(caseOf(QStringLiteral("c.py"))));
        QCOMPARE(label.first, QStringLiteral("label"));
        QCOMPARE(label.second, QStringLiteral("it1:predict"));
    }

    // A diff the case reader already computed is shown at once: no second trip to a worker.
    void preparedDiffIsShownAtOnce()
    {
        const CaseTexts texts = textsOf(QStringLiteral("a.py"));
        const QVector<CodeVersion> versions = codeVersions(caseOf(QStringLiteral("a.py")));
        const ComparePage::Diff diff = ComparePage::computeDiff(
            texts, versions, QStringLiteral("it0:predict"), QStringLiteral("it1:predict"), ComparePage::currentOptions());
        QVERIFY(diff.result.error.isEmpty());
        QVERIFY(!diff.result.hunks.isEmpty());

        ComparePage page(&m_syntax);
        QSignalSpy shown(&page, &ComparePage::diffShown);
        page.setCase(texts, versions, diff);
        QCOMPARE(shown.count(), 1);
        QVERIFY(!page.isComputing());
        QCOMPARE(page.leftId(), QStringLiteral("it0:predict"));
        QCOMPARE(page.rightId(), QStringLiteral("it1:predict"));
        QCOMPARE(page.diffView()->hunkCount(), int(diff.result.hunks.size()));
        QCOMPARE(page.diffView()->rightView()->toPlainText() + QLatin1Char('\n'), texts.text(QStringLiteral("it1:predict")));
    }

    // A diff computed before the user changed the options is not shown as if it were current.
    void preparedDiffWithOtherOptionsIsComputedAgain()
    {
        const CaseTexts texts = textsOf(QStringLiteral("a.py"));
        const QVector<CodeVersion> versions = codeVersions(caseOf(QStringLiteral("a.py")));
        DiffOptions stale = ComparePage::currentOptions();
        stale.ignoreWhitespace = !stale.ignoreWhitespace;
        const ComparePage::Diff diff
            = ComparePage::computeDiff(texts, versions, QStringLiteral("it0:predict"), QStringLiteral("it1:predict"), stale);

        ComparePage page(&m_syntax);
        QSignalSpy shown(&page, &ComparePage::diffShown);
        page.setCase(texts, versions, diff);
        QCOMPARE(shown.count(), 0);
        QVERIFY(page.isComputing());
        QVERIFY(shown.wait(5000));
        QCOMPARE(shown.count(), 1);
        QVERIFY(!page.isComputing());
        QCOMPARE(page.rightId(), QStringLiteral("it1:predict"));
    }

    // Ids that name no version: a message, not a crash or an empty "identical".
    void unknownVersionsSayThereIsNothingToCompare()
    {
        const CaseTexts texts = textsOf(QStringLiteral("a.py"));
        const ComparePage::Diff diff = ComparePage::computeDiff(texts, codeVersions(caseOf(QStringLiteral("a.py"))),
            QStringLiteral("it9:predict"), QStringLiteral("label"), ComparePage::currentOptions());
        QCOMPARE(diff.result.error, QStringLiteral("This case has no version it9:predict."));
        QVERIFY(diff.result.rows.isEmpty());
    }

    // A case without any code says so once, in the view, not again on the status line.
    void aCaseWithoutCodeSaysSoOnce()
    {
        ComparePage page(&m_syntax);
        const CaseTexts texts = textsOf(QStringLiteral("a.py"));
        const ComparePage::Diff diff = ComparePage::computeDiff(texts, {}, {}, {}, ComparePage::currentOptions());
        page.setCase(texts, {}, diff);
        QCOMPARE(page.diffView()->message(), QStringLiteral("This case has no code to compare."));
        QCOMPARE(page.statusText(), QString());
    }

private:
    const Case& caseOf(const QString& name) const { return m_run->cases.at(m_run->indexOf(name)); }
    CaseTexts textsOf(const QString& name) const { return readCaseTexts(m_run, m_run->indexOf(name), TextLimits::ShownBytes); }

    SyntaxSupport m_syntax;
    RunPtr m_run;
};

QTEST_MAIN(TestComparePage)
#include "tst_comparepage.moc"
