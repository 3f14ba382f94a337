// SPDX-License-Identifier: MIT
//
// Patches as agents write them, applied to their base file: git's diff and plain diff -u, a patch
// of several files (the one named like the base is applied), and each way of not applying.
#include "models/diff/patchapplier.h"

#include <QTest>

using namespace krw;

namespace {

const QByteArray Base = "def f(x):\n    y = x + 1\n    return y\n";

} // namespace

class TestPatchApplier : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gitAndPlainDiffsApply()
    {
        const QByteArray git = "diff --git a/src/k.py b/src/k.py\nindex 1111111..2222222 100644\n--- a/src/k.py\n+++ b/src/k.py\n"
                               "@@ -1,3 +1,3 @@\n def f(x):\n-    y = x + 1\n+    y = x * 2\n     return y\n";
        PatchApplier::Result r = PatchApplier::apply(git, Base, QStringLiteral("k.py"));
        QVERIFY2(r.applied, qPrintable(r.error));
        QCOMPARE(r.text, QByteArray("def f(x):\n    y = x * 2\n    return y\n"));
        QCOMPARE(r.file, QStringLiteral("src/k.py"));
        const QByteArray plain = "--- a/k.py\n+++ b/k.py\n@@ -2,2 +2,3 @@\n     y = x + 1\n+    y = y * y\n     return y\n";
        r = PatchApplier::apply(plain, Base, QStringLiteral("k.py"));
        QVERIFY2(r.applied, qPrintable(r.error));
        QCOMPARE(r.text, QByteArray("def f(x):\n    y = x + 1\n    y = y * y\n    return y\n"));
    }

    void theFileNamedLikeTheBaseOfSeveral()
    {
        const QByteArray two = "diff --git a/other.py b/other.py\n--- a/other.py\n+++ b/other.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n"
                               "diff --git a/k.py b/k.py\n--- a/k.py\n+++ b/k.py\n@@ -3 +3 @@\n-    return y\n+    return -y\n";
        const PatchApplier::Result r = PatchApplier::apply(two, Base, QStringLiteral("k.py"));
        QVERIFY2(r.applied, qPrintable(r.error));
        QCOMPARE(r.text, QByteArray("def f(x):\n    y = x + 1\n    return -y\n"));
        const PatchApplier::Result none = PatchApplier::apply(two, Base, QStringLiteral("z.py"));
        QVERIFY(!none.applied);
        QCOMPARE(none.error, QStringLiteral("the patch changes other.py, k.py, not z.py"));
    }

    void whyItDoesNotApply()
    {
        const QByteArray stale = "--- a/k.py\n+++ b/k.py\n@@ -2 +2 @@\n-    y = x - 1\n+    y = x * 2\n";
        PatchApplier::Result r = PatchApplier::apply(stale, Base, QStringLiteral("k.py"));
        QVERIFY(!r.applied);
        QVERIFY2(r.error.startsWith(QStringLiteral("the patch does not apply: ")), qPrintable(r.error));
        r = PatchApplier::apply("just some text\n", Base, QStringLiteral("k.py"));
        QVERIFY(!r.applied);
        QVERIFY2(!r.error.isEmpty(), qPrintable(r.error));
        r = PatchApplier::apply(QByteArray(), Base, QStringLiteral("k.py"));
        QVERIFY(!r.applied);
    }
};

QTEST_GUILESS_MAIN(TestPatchApplier)
#include "tst_patchapplier.moc"
