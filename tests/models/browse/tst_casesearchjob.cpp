// SPDX-License-Identifier: MIT
//
// CaseSearchJob (models/browse/casesearchjob.h) on the bundled sample run: a search on a worker
// delivers the cases that match, with its query; a newer search drops the older one; and a
// cancelled search is never delivered as if it had finished (its result may be partial).
// What the worker has done when something happens is made certain with the helpers of
// workertests.h; "nothing arrives" is checked after every posted event was delivered.
#include "models/browse/casesearchjob.h"
#include "models/run/runloader.h"
#include "sortednames.h"
#include "workertests.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace krw;
using namespace krw::test;

class TestCaseSearchJob : public QObject
{
    Q_OBJECT

private:
    RunPtr m_run;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qRegisterMetaType<krw::SearchQuery>();
        qRegisterMetaType<QSet<QString>>();
        QString error;
        m_run = std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR), {}, &error));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(m_run->cases.size(), 9);
    }

    void cleanup()
    {
        // No test leaves work behind for the next one.
        if (!settle())
            return;
    }

    void findsTheCases_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("scope");
        QTest::addColumn<bool>("regex");
        QTest::addColumn<bool>("caseSensitive");
        QTest::addColumn<QStringList>("expected");
        const int errors = int(SearchScope::Errors);
        QTest::addRow("error-in-any-iteration") // softmax_row.py only failed so in iteration 0
            << QStringLiteral("does not match reference") << errors << false << false
            << QStringList{QStringLiteral("block_sum.py"), QStringLiteral("leaky_relu.py"), QStringLiteral("softmax_row.py")};
        QTest::addRow("one-case") << QStringLiteral("Generated output is None") << errors << false << false
                                  << QStringList{QStringLiteral("rms_norm.py")};
        QTest::addRow("case-insensitive") << QStringLiteral("generated OUTPUT is none") << errors << false << false
                                          << QStringList{QStringLiteral("rms_norm.py")};
        QTest::addRow("case-sensitive") << QStringLiteral("generated OUTPUT is none") << errors << false << true << QStringList{};
        QTest::addRow("regex") << QStringLiteral("does not match .* (leaky|block)") << errors << true << false
                               << QStringList{QStringLiteral("block_sum.py"), QStringLiteral("leaky_relu.py")};
        QTest::addRow("plain-text-is-not-a-regex")
            << QStringLiteral("does not match .* (leaky|block)") << errors << false << false << QStringList{};
        QTest::addRow("code-in-predictions-and-candidates")
            << QStringLiteral("rsqrtf") << int(SearchScope::Code) << false << false
            << QStringList{QStringLiteral("layer_norm_fwd.py"), QStringLiteral("rms_norm.py")};
        QTest::addRow("nothing") << QStringLiteral("xyzzy-not-in-the-sample") << int(SearchScope::Everything) << false << false
                                 << QStringList{};
    }

    void findsTheCases()
    {
        QFETCH(QString, text);
        QFETCH(int, scope);
        QFETCH(bool, regex);
        QFETCH(bool, caseSensitive);
        QFETCH(QStringList, expected);
        CaseSearchJob job;
        QSignalSpy finished(&job, &CaseSearchJob::finished);
        const SearchQuery query{text, SearchScope(scope), regex, caseSensitive};
        QVERIFY(!job.isBusy());
        job.start(m_run, query);
        QVERIFY(job.isBusy());
        if (!waitForSignals(finished, 1, "finished"))
            return;
        QVERIFY(!job.isBusy());
        QCOMPARE(sorted(finished.first().at(0).value<QSet<QString>>()), expected);
        const auto delivered = finished.first().at(1).value<SearchQuery>();
        QCOMPARE(delivered.text, text);
        QCOMPARE(int(delivered.scope), scope);
        QCOMPARE(delivered.regex, regex);
        QCOMPARE(delivered.caseSensitive, caseSensitive);
    }

    // A newer search drops the older one: only the newest result is delivered.
    void newSearchDropsThePrevious()
    {
        CaseSearchJob job;
        QSignalSpy finished(&job, &CaseSearchJob::finished);
        const SearchQuery older{QStringLiteral("does not match reference"), SearchScope::Errors, false, false};
        const SearchQuery newer{QStringLiteral("Generated output is None"), SearchScope::Errors, false, false};
        {
            PoolBlocker blocker; // both searches are queued before either runs
            if (!blocker.holding())
                return;
            job.start(m_run, older);
            job.start(m_run, newer);
        }
        if (!waitForSignals(finished, 1, "finished"))
            return;
        if (!settle())
            return;
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(1).value<SearchQuery>().text, newer.text);
        QCOMPARE(sorted(finished.first().at(0).value<QSet<QString>>()), QStringList{QStringLiteral("rms_norm.py")});
    }

    // A search cancelled before it could run is not delivered: an empty (or partial) set must
    // not reach the filter as "nothing matches". The job is idle afterwards.
    void cancelledBeforeItRunsIsNotDelivered()
    {
        CaseSearchJob job;
        QSignalSpy finished(&job, &CaseSearchJob::finished);
        {
            PoolBlocker blocker;
            if (!blocker.holding())
                return;
            job.start(m_run, {QStringLiteral("hipLaunchKernelGGL"), SearchScope::Everything, false, false});
            job.cancel();
        }
        if (!settle())
            return;
        QCOMPARE(finished.count(), 0);
        QVERIFY(!job.isBusy());
    }

    // Cancelled after the worker finished but before its result was delivered: still not
    // delivered. cancel() means the caller no longer wants this result.
    void cancelledAfterItRanIsNotDelivered()
    {
        CaseSearchJob job;
        QSignalSpy finished(&job, &CaseSearchJob::finished);
        job.start(m_run, {QStringLiteral("hipLaunchKernelGGL"), SearchScope::Everything, false, false});
        if (!waitForWorkers()) // searched; the delivery is posted, not yet done
            return;
        QCOMPARE(finished.count(), 0);
        job.cancel();
        if (!deliverPostedEvents())
            return;
        QCOMPARE(finished.count(), 0);
        QVERIFY(!job.isBusy());
    }

    // After a cancelled search the job searches again as usual.
    void searchesAgainAfterACancel()
    {
        CaseSearchJob job;
        QSignalSpy finished(&job, &CaseSearchJob::finished);
        job.start(m_run, {QStringLiteral("rsqrtf"), SearchScope::Code, false, false});
        job.cancel();
        job.start(m_run, {QStringLiteral("Generated output is None"), SearchScope::Errors, false, false});
        if (!waitForSignals(finished, 1, "finished"))
            return;
        if (!settle())
            return;
        QCOMPARE(finished.count(), 1);
        QCOMPARE(sorted(finished.first().at(0).value<QSet<QString>>()), QStringList{QStringLiteral("rms_norm.py")});
    }

    // While a search waits or runs, progress() says how far it is, of the run's cases.
    void reportsProgress()
    {
        CaseSearchJob job;
        QSignalSpy progress(&job, &CaseSearchJob::progress);
        QSignalSpy finished(&job, &CaseSearchJob::finished);
        {
            PoolBlocker blocker; // the search cannot begin: it stays at 0 of 9
            if (!blocker.holding())
                return;
            job.start(m_run, {QStringLiteral("hipLaunchKernelGGL"), SearchScope::Everything, false, false});
            if (!waitForSignals(progress, 1, "progress"))
                return;
            QCOMPARE(progress.first().at(0).toInt(), 0);
            QCOMPARE(progress.first().at(1).toInt(), 9);
        }
        if (!waitForSignals(finished, 1, "finished"))
            return;
        const int reported = int(progress.count());
        if (!settle())
            return;
        QCOMPARE(progress.count(), reported); // nothing after the result
    }

    // A job destroyed while its worker runs delivers nothing and does not crash.
    void destroyedWhileSearching()
    {
        auto* job = new CaseSearchJob;
        QSignalSpy finished(job, &CaseSearchJob::finished);
        job->start(m_run, {QStringLiteral("hipLaunchKernelGGL"), SearchScope::Everything, false, false});
        delete job;
        if (!settle())
            return;
        QCOMPARE(finished.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCaseSearchJob)
#include "tst_casesearchjob.moc"
