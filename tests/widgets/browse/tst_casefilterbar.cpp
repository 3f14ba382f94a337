// SPDX-License-Identifier: MIT
//
// CaseFilterBar (widgets/browse/casefilterbar.h): the search line's wording (progress, how many
// cases match) and the two signals of an edit: queryEdited at once, queryChanged debounced.
#include "widgets/browse/casefilterbar.h"

#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace krw;

class TestCaseFilterBar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void progressText_data()
    {
        QTest::addColumn<int>("searched");
        QTest::addColumn<int>("total");
        QTest::addColumn<QString>("expected");
        QTest::addRow("start") << 0 << 10000 << QStringLiteral("Searching… 0%");
        QTest::addRow("part-way") << 4000 << 10000 << QStringLiteral("Searching… 40%");
        QTest::addRow("rounds-down") << 9999 << 10000 << QStringLiteral("Searching… 99%");
        QTest::addRow("done") << 10000 << 10000 << QStringLiteral("Searching… 100%");
        QTest::addRow("no-total") << 0 << 0 << QStringLiteral("Searching…");
    }

    void progressText()
    {
        QFETCH(int, searched);
        QFETCH(int, total);
        QFETCH(QString, expected);
        QCOMPARE(CaseFilterBar::searchProgressText(searched, total), expected);
    }

    void matchCountText_data()
    {
        QTest::addColumn<int>("matches");
        QTest::addColumn<QString>("expected");
        QTest::addRow("none") << 0 << QStringLiteral("No case matches");
        QTest::addRow("one") << 1 << QStringLiteral("1 case matches");
        QTest::addRow("two") << 2 << QStringLiteral("2 cases match");
        QTest::addRow("many") << 457 << QStringLiteral("457 cases match");
    }

    void matchCountText()
    {
        QFETCH(int, matches);
        QFETCH(QString, expected);
        QCOMPARE(CaseFilterBar::matchCountText(matches), expected);
    }

    void statusLineShowsWhatItIsTold()
    {
        CaseFilterBar bar;
        const auto* status = bar.findChild<QLabel*>(QStringLiteral("searchStatus"));
        QVERIFY(status);
        bar.showSearchProgress(1, 4);
        QCOMPARE(status->text(), QStringLiteral("Searching… 25%"));
        bar.showMatchCount(1);
        QCOMPARE(status->text(), QStringLiteral("1 case matches"));
        bar.clearSearchStatus();
        QCOMPARE(status->text(), QString());
    }

    // While the run is indexed the box's placeholder says how far, and that a search reads the
    // files meanwhile; then it is the usual one again. Typing is not held back.
    void placeholderSaysWhileIndexing()
    {
        CaseFilterBar bar;
        const QString usual = bar.searchEdit()->placeholderText();
        QVERIFY(!usual.isEmpty());
        bar.showIndexing(250, 1000);
        QCOMPARE(bar.searchEdit()->placeholderText(), CaseFilterBar::indexingText(250, 1000));
        QVERIFY2(bar.searchEdit()->placeholderText().contains(QStringLiteral("indexing the run, 25%")),
            qPrintable(bar.searchEdit()->placeholderText()));
        QVERIFY(bar.searchEdit()->isEnabled());
        QVERIFY(bar.searchEdit()->toolTip().contains(QStringLiteral("250 of 1000")));
        QCOMPARE(CaseFilterBar::indexingText(0, 0), CaseFilterBar::indexingText(0, 1)); // no run: 0 %
        bar.showIndexReady();
        QCOMPARE(bar.searchEdit()->placeholderText(), usual);
        QCOMPARE(bar.searchEdit()->toolTip(), QString());
    }

    // An edit is announced at once (a running search is stale from then on); the query to
    // search comes once typing pauses.
    void editIsAnnouncedAtOnceQueryAfterThePause()
    {
        CaseFilterBar bar;
        QSignalSpy edited(&bar, &CaseFilterBar::queryEdited);
        QSignalSpy changed(&bar, &CaseFilterBar::queryChanged);
        bar.searchEdit()->setText(QStringLiteral("f"));
        bar.searchEdit()->setText(QStringLiteral("fu"));
        QCOMPARE(edited.count(), 2);
        QCOMPARE(changed.count(), 0);
        QVERIFY(changed.wait(5000));
        QCOMPARE(changed.count(), 1); // one search for both keystrokes
        QCOMPARE(bar.query().text, QStringLiteral("fu"));
    }

    // A failure group's filter line has a row of its own: no control of the bar lies under it.
    void groupFilterCoversNoOtherControl()
    {
        CaseFilterBar bar;
        bar.resize(480, bar.sizeHint().height());
        bar.show();
        QVERIFY(QTest::qWaitForWindowExposed(&bar));
        bar.showGroupFilter(QStringLiteral("Generated output does not match reference output for file: <PATH>"), 2);
        QTRY_VERIFY(bar.hasGroupFilter());
        const auto* group = bar.findChild<QLabel*>(QStringLiteral("groupFilter"));
        QVERIFY(group && group->isVisible());
        QTRY_VERIFY(group->height() > 0);
        for (QWidget* other : bar.findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
            if (other == group || !other->isVisible() || other->objectName() == QLatin1String("clearGroupFilter"))
                continue;
            QVERIFY2(!other->geometry().intersects(group->geometry()),
                qPrintable(other->objectName() + QLatin1Char(' ') + QString::fromLatin1(other->metaObject()->className())));
        }
    }
};

QTEST_MAIN(TestCaseFilterBar)
#include "tst_casefilterbar.moc"
