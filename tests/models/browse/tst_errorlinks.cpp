// SPDX-License-Identifier: MIT
#include "models/browse/errorlinks.h"

#include <QTest>

using namespace krw;

namespace {

// A case "sin.py" with two iterations. Iteration 1: prediction, call fix, two perf candidates.
// Label and test code are the run's.
const QString Predict0 = QStringLiteral("#include <hip/hip_runtime.h>\nint a;\n");
const QString Predict1 = QStringLiteral("#include <hip/hip_runtime.h>\n// moved down\nint a;\nint b = f(a);\n");
const QString CallFix1 = QStringLiteral("#include <hip/hip_runtime.h>\nint c;\n");
const QString Perf1 = QStringLiteral("int p1;\n");
const QString Perf2 = QStringLiteral("int p2;\nint p2b;\n");
const QString Label = QStringLiteral("import triton\n\ndef sin(x):\n    return x\n");
const QString Test = QStringLiteral("import torch\nx = torch.ones(4)\nresult_gold = sin(x)\n");

QVector<CodeVersion> versions()
{
    using K = CodeVersion::Kind;
    return {{K::Label, 1, -1, {}}, {K::Predict, 1, -1, {}}, {K::CallFix, 1, -1, {}}, {K::Perf, 1, 0, {}}, {K::Perf, 1, 1, {}},
        {K::Predict, 0, -1, {}}, {K::TestCode, 1, -1, {}}};
}

CaseTexts texts(const QString& predict1 = Predict1)
{
    CaseTexts t;
    auto add = [&t](const char* key, const QString& text) {
        ResolvedText r;
        r.text = text;
        t.texts.insert(QLatin1String(key), r);
    };
    add("label", Label);
    add("it0:predict", Predict0);
    add("it1:predict", predict1);
    add("it1:call", CallFix1);
    add("it1:perf:1", Perf1);
    add("it1:perf:2", Perf2);
    add("test", Test);
    return t;
}

QString kindName(ErrorLink::Kind kind)
{
    switch (kind) {
    case ErrorLink::Kind::Link:
        return QStringLiteral("link");
    case ErrorLink::Kind::Library:
        return QStringLiteral("library");
    case ErrorLink::Kind::NotThisCase:
        return QStringLiteral("not-this-case");
    case ErrorLink::Kind::NotInVersion:
        return QStringLiteral("not-in-version");
    case ErrorLink::Kind::PastEnd:
        return QStringLiteral("past-end");
    }
    return {};
}

// "kind version:line" per reference; the line only for links.
QStringList dump(const QVector<ErrorLink>& links)
{
    QStringList lines;
    for (const ErrorLink& l : links)
        lines << (l.isLink() ? QStringLiteral("link %1:%2").arg(l.versionId).arg(l.line)
                             : kindName(l.kind) + QLatin1Char(' ') + l.versionId)
                     .trimmed();
    return lines;
}

} // namespace

class TestErrorLinks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resolve_data();
    void resolve();
    void toolTipsNameTargetAndLine();
    void quotedSourceLine_data();
    void quotedSourceLine();
    void pythonPredictionRunsBeforeTheTest();
};

void TestErrorLinks::resolve_data()
{
    QTest::addColumn<int>("iteration");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("expected");
    const auto s = [](const char* utf8) { return QString::fromUtf8(utf8); };

    QTest::addRow("cpp-named-after-case-is-that-iterations-prediction")
        << 1 << s("/tmp/kr_build/sin.hip:3:5: error: boom") << QStringList{s("link it1:predict:3")};
    QTest::addRow("older-iteration") << 0 << s("/tmp/kr_build/sin.hip:2:1: error: boom") << QStringList{s("link it0:predict:2")};
    QTest::addRow("line-past-the-end-is-no-link") << 0 << s("sin.hip:9:1: error: boom") << QStringList{s("past-end it0:predict")};
    QTest::addRow("quoted-line-found-where-named") << 1
                                                   << s("sin.hip:4:9: error: use of undeclared identifier 'f'\n"
                                                        "    4 | int b = f(a);\n"
                                                        "      |         ^\n")
                                                   << QStringList{s("link it1:predict:4")};
    QTest::addRow("quoted-line-elsewhere-links-where-it-is") << 1
                                                             << s("sin.hip:2:1: error: redefinition of 'a'\n"
                                                                  "    2 | int a;\n"
                                                                  "      | ^\n")
                                                             << QStringList{s("link it1:predict:3")};
    QTest::addRow("quoted-line-not-in-version") << 1
                                                << s("sin.hip:7:42: error: use of undeclared identifier 'WARP_SIZE'\n"
                                                     "    7 | constexpr int kThreads = kRowsPerBlock * WARP_SIZE;\n"
                                                     "      |                                          ^\n")
                                                << QStringList{s("not-in-version it1:predict")};
    QTest::addRow("older-clang-quote-with-caret") << 1
                                                  << s("sin.hip:2:1: error: redefinition of 'a'\n"
                                                       "int a;\n"
                                                       "^\n")
                                                  << QStringList{s("link it1:predict:3")};
    QTest::addRow("quote-numbered-for-another-line-is-no-quote")
        << 1 << s("sin.hip:2:1: error: x\n    3 | int a;\n") << QStringList{s("link it1:predict:2")};
    QTest::addRow("debug-folder-candidates") << 1
                                             << s("case/candidate_call_fix.hip.cpp:2:1: error: x\n"
                                                  "case/candidate_perf_fix_2.hip.cpp:2:1: error: y\n"
                                                  "case/2_initial_predict.hip.cpp:1:1: error: z\n")
                                             << QStringList{s("link it1:call:2"), s("link it1:perf:2:2"), s("link it1:predict:1")};
    QTest::addRow("perf-candidate-the-case-lacks")
        << 1 << s("case/candidate_perf_fix_3.hip.cpp:1:1: error: x") << QStringList{s("not-this-case")};
    QTest::addRow("another-file-is-not-this-case") << 1 << s("/tmp/kr_build/other.hip:1:1: error: x") << QStringList{s("not-this-case")};
    QTest::addRow("library-and-toolchain-paths")
        << 1
        << s("/opt/rocm-6.0/include/hip/amd_detail/amd_hip_runtime.h:30:1: note: expanded from macro\n"
             "/usr/include/c++/12/bits/stl_vector.h:12:1: note: here\n"
             "  File \"/opt/conda/envs/py_3.10/lib/python3.10/site-packages/torch/utils/cpp_extension.py\", line 2209, in "
             "_run_ninja_build\n"
             "    subprocess.run(\n"
             "  File \"/opt/conda/envs/py_3.10/lib/python3.10/subprocess.py\", line 526, in run\n"
             "  File \"/home/me/src/torch/nn/functional.py\", line 3, in relu\n")
        << QStringList{s("library"), s("library"), s("library"), s("library"), s("library")};
    QTest::addRow("test-files") << 1
                                << s("  File \"/w/test_sin.py\", line 2, in t\n"
                                     "  File \"/w/sin_test.py\", line 3, in t\n"
                                     "  File \"/w/case/3_test_code.py\", line 1, in t\n")
                                << QStringList{s("link test:2"), s("link test:3"), s("link test:1")};
    QTest::addRow("label-file") << 1 << s("  File \"case/1_label_source.py\", line 4, in sin\n") << QStringList{s("link label:4")};
    QTest::addRow("python-file-named-like-the-case-runs-label-then-test")
        << 1
        << s("  File \"/w/sin.py\", line 3, in sin\n"
             "  File \"/w/sin.py\", line 6, in <module>\n"
             "  File \"/w/sin.py\", line 8, in <module>\n")
        << QStringList{s("link label:3"), s("link test:2"), s("past-end label")};
    QTest::addRow("harness-program-found-by-its-quote") << 1
                                                        << s("Traceback (most recent call last):\n"
                                                             "  File \"/tmp/kr_run/sin/run_call.py\", line 8, in <module>\n"
                                                             "    result_gold = sin(x)\n"
                                                             "TypeError: nope\n")
                                                        << QStringList{s("link test:3")};
    QTest::addRow("harness-preamble-not-in-the-test") << 1
                                                      << s("  File \"/tmp/kr_run/sin/run_call.py\", line 3, in <module>\n"
                                                           "    _ext = load(name=\"sin_hip\", sources=[\"/tmp/kr_build/sin.hip\"])\n")
                                                      << QStringList{s("not-in-version test")};
    QTest::addRow("harness-without-a-quote") << 1 << s("  File \"/tmp/kr_run/sin/run_call.py\", line 8, in <module>\n")
                                             << QStringList{s("not-this-case test")};
    QTest::addRow("python-file-elsewhere") << 1 << s("  File \"/tmp/kr_run/other/run_call.py\", line 8, in <module>\n")
                                           << QStringList{s("not-this-case")};
}

void TestErrorLinks::resolve()
{
    QFETCH(int, iteration);
    QFETCH(QString, message);
    QFETCH(QStringList, expected);
    QCOMPARE(dump(resolveErrorLinks(message, QStringLiteral("sin.py"), iteration, versions(), texts())), expected);
}

void TestErrorLinks::toolTipsNameTargetAndLine()
{
    const QString message = QStringLiteral("sin.hip:4:9: error: x\n"
                                           "    4 | int b = f(a);\n"
                                           "sin.hip:2:1: error: y\n"
                                           "    2 | int a;\n"
                                           "sin.hip:7:42: error: z\n"
                                           "    7 | constexpr int kThreads = 1;\n"
                                           "sin.hip:9:1: error: w\n"
                                           "other.hip:1:1: error: v\n"
                                           "  File \"/usr/lib/python3.10/subprocess.py\", line 526, in run\n");
    const QVector<ErrorLink> links = resolveErrorLinks(message, QStringLiteral("sin.py"), 1, versions(), texts());
    QCOMPARE(links.size(), 6);
    QCOMPARE(links.at(0).toolTip, QStringLiteral("Opens Iteration 1 · Prediction at line 4"));
    QCOMPARE(links.at(1).toolTip,
        QStringLiteral("Opens Iteration 1 · Prediction at line 3, where the quoted line is (the message says line 2)"));
    QCOMPARE(links.at(2).toolTip,
        QStringLiteral("Not linked: quoted line not in this version (Iteration 1 · Prediction): “constexpr int kThreads = 1;”"));
    QCOMPARE(links.at(2).quoted, QStringLiteral("constexpr int kThreads = 1;"));
    QCOMPARE(links.at(3).toolTip, QStringLiteral("Not linked: line 9 is past the end of Iteration 1 · Prediction (4 lines)"));
    QCOMPARE(links.at(4).toolTip, QStringLiteral("Not linked: other.hip is not a file of this case"));
    QVERIFY(links.at(5).toolTip.isEmpty()); // library code: plain, nothing to say
}

void TestErrorLinks::quotedSourceLine_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("quoted");
    const auto s = [](const char* utf8) { return QString::fromUtf8(utf8); };
    QTest::addRow("clang-numbered") << s("a.hip:14:20: error: x\n   14 |         out[idx] = f(x);\n      |  ^\n") << s("out[idx] = f(x);");
    QTest::addRow("clang-numbered-other-line") << s("a.hip:14:20: error: x\n   15 |   y;\n") << QString();
    QTest::addRow("gcc-caret") << s("a.c:3:5: error: x\n  int y = z;\n      ^\n") << s("int y = z;");
    QTest::addRow("gcc-caret-tilde") << s("a.c:3:5: error: x\n  int y = zz;\n          ~~\n") << s("int y = zz;");
    QTest::addRow("next-diagnostic-is-no-quote") << s("a.c:3:5: error: x\nb.c:4:1: note: y\n") << QString();
    QTest::addRow("line-without-caret-is-no-quote") << s("a.c:3:5: error: x\n  int y = z;\nmore text\n") << QString();
    QTest::addRow("at-end") << s("a.c:3:5: error: x") << QString();
    QTest::addRow("python-frame") << s("  File \"a.py\", line 3, in f\n    return g(x)\n") << s("return g(x)");
    QTest::addRow("python-frame-without-source") << s("  File \"a.py\", line 3, in f\n  File \"b.py\", line 4, in g\n") << QString();
    QTest::addRow("python-frame-then-error") << s("  File \"a.py\", line 3, in f\nValueError: x\n") << QString();
}

void TestErrorLinks::quotedSourceLine()
{
    QFETCH(QString, message);
    QFETCH(QString, quoted);
    const QVector<SourceRef> refs = findSourceRefs(message);
    QVERIFY(!refs.isEmpty());
    QCOMPARE(krw::quotedSourceLine(message, refs.first()), quoted);
}

// Triton → Triton: the harness ran the prediction with the test after it, as one file named
// like the case; lines past the prediction are the test's.
void TestErrorLinks::pythonPredictionRunsBeforeTheTest()
{
    const QString python = QStringLiteral("import triton\n@triton.jit\ndef k(x):\n    pass\n\ndef sin(x):\n    return x\n");
    const QString message = QStringLiteral("  File \"/w/sin.py\", line 6, in sin\n"
                                           "  File \"/w/sin.py\", line 10, in <module>\n"
                                           "    result_gold = sin(x)\n");
    QCOMPARE(dump(resolveErrorLinks(message, QStringLiteral("sin.py"), 1, versions(), texts(python))),
        (QStringList{QStringLiteral("link it1:predict:6"), QStringLiteral("link test:3")}));
}

QTEST_GUILESS_MAIN(TestErrorLinks)
#include "tst_errorlinks.moc"
