// SPDX-License-Identifier: MIT
#include "models/run/runloader.h"
#include "runner/pipeline/rerunrequestbuilder.h"

#include <QTemporaryDir>
#include <QTest>

using namespace krw;

class TestRerunRequestBuilder : public QObject
{
    Q_OBJECT

    static RerunRequestBuilder builderFor(const QString& caseName, qint64 maxBytes, const QString& storeRoot)
    {
        const auto run = std::make_shared<const Run>(loadRunAtPath(QStringLiteral(KRW_SAMPLE_RUN_DIR)));
        const int index = run->indexOf(caseName);
        return RerunRequestBuilder(readCaseTexts(run, index, maxBytes), codeVersions(run->cases.at(index)), ResultStore(storeRoot));
    }

private Q_SLOTS:
    void wholeTextsMakeARequest()
    {
        QTemporaryDir store;
        QString error;
        const auto request = builderFor(QStringLiteral("sin_kernel.py"), 16 << 20, store.path())
                                 .build(QStringLiteral("predict"), QStringLiteral("label"), ToolchainProfile(), &error);
        QVERIFY2(request, qPrintable(error));
        QVERIFY(!request->candidateText.contains(QStringLiteral("[cut:")));
    }

    // A version read cut (as the case view reads a hostile run's huge field) is refused, not rerun with
    // the cut and its marker compiled in.
    void cutTextIsRefusedNamingBothSizes()
    {
        QTemporaryDir store;
        QString error;
        const auto request = builderFor(QStringLiteral("sin_kernel.py"), 64, store.path())
                                 .build(QStringLiteral("predict"), QStringLiteral("label"), ToolchainProfile(), &error);
        QVERIFY(!request);
        QVERIFY2(error.contains(QStringLiteral("cannot be rerun cut")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("64 bytes")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("Prediction")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRerunRequestBuilder)
#include "tst_rerunrequestbuilder.moc"
