// SPDX-License-Identifier: MIT
//
// The lint checks (models/lint/, docs/LINT.md): a table of positive and negative examples per
// check, every check on the sample run (it fires on the case made for it and on no other), and
// every check over the real runs in ../shared/data without a crash, listing what fires.
#include "lint/bindingcheck.h"
#include "lint/constantcheck.h"
#include "lint/dimensioncheck.h"
#include "lint/extensionincludecheck.h"
#include "lint/linter.h"
#include "lint/lintsource.h"
#include "lint/linttexts.h"
#include "lint/noncodecheck.h"
#include "run/runloader.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QTest>

#include <functional>
#include <optional>

using namespace krw;

namespace {

const QString hipHeader = QStringLiteral("#include <torch/extension.h>\n#include <hip/hip_runtime.h>\n\n");

QString hipModule(const QString& function, const QString& binding)
{
    return hipHeader + QStringLiteral("__global__ void k(float* x) { x[0] = 1.0f; }\n\n") + function
        + QStringLiteral("\n\nPYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n    ") + binding + QStringLiteral("\n}\n");
}

LintTexts texts(const QString& instruction, const QString& label, const QString& test, const QStringList& predictions)
{
    LintTexts t;
    t.instruction = instruction;
    t.label = label;
    t.test = test;
    for (int i = 0; i < predictions.size(); ++i)
        t.predictions.append({QStringLiteral("it%1:predict").arg(i), predictions.at(i)});
    return t;
}

using Check = std::function<LintHints(const LintTexts&)>;

QString dump(const LintHints& hints)
{
    QStringList out;
    for (const LintHint& h : hints)
        out << QStringLiteral("%1 %2:%3 %4").arg(h.check, h.version).arg(h.line).arg(h.message);
    return out.join(QLatin1Char('\n'));
}

const QString sinLabel = QStringLiteral("import triton\n\n@triton.jit\ndef sin_kernel(x_ptr, BLOCK_SIZE: tl.constexpr):\n    pass\n\n"
                                        "def call_kernel(x):\n    sin_kernel[(1,)](x, BLOCK_SIZE=1024)\n    return x\n");
const QString sinTest = QStringLiteral("import torch\n\ndef test_call_kernel():\n    x = torch.randn(4, 8, device='cuda')\n"
                                       "    return {'a': call_kernel(x)}\n\nresult_gold = test_call_kernel()\n");

} // namespace

using MadeFor = QHash<QString, QSet<QString>>; // check -> "case version" it fires on
Q_DECLARE_METATYPE(MadeFor)

class TestLint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void checks_data();
    void checks();
    void unknownLayoutsSkip();
    void matchesSkipOnlyTheCheckOfValidText();
    void sampleRun_data();
    void sampleRun();
    void realRuns();
};

void TestLint::checks_data()
{
    QTest::addColumn<QString>("check");
    QTest::addColumn<QString>("instruction");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("test");
    QTest::addColumn<QString>("prediction");
    QTest::addColumn<int>("line"); // -1: no hint
    QTest::addColumn<QString>("messagePart");

    const QString tensorFn = QStringLiteral("torch::Tensor call_kernel(torch::Tensor x) {\n    return x;\n}");
    // binding
    QTest::addRow("binding: pybind name differs")
        << "binding" << QString() << sinLabel << sinTest << hipModule(tensorFn, QStringLiteral("m.def(\"kernel_function\", &call_kernel);"))
        << 10 << "`call_kernel`, which the prediction does not bind (it binds `kernel_function`)";
    QTest::addRow("binding: pybind name matches")
        << "binding" << QString() << sinLabel << sinTest << hipModule(tensorFn, QStringLiteral("m.def(\"call_kernel\", &call_kernel);"))
        << -1 << QString();
    QTest::addRow("binding: python defines another name")
        << "binding" << QString() << sinLabel << sinTest
        << QStringLiteral("import triton\n\n@triton.jit\ndef kernel_function(x_ptr):\n    pass\n\ndef run(x):\n    return x\n") << 4
        << "does not define (it defines `kernel_function`, `run`)";
    QTest::addRow("binding: python defines it") << "binding" << QString() << sinLabel << sinTest
                                                << QStringLiteral("import torch\n\ndef call_kernel(x):\n    return x\n") << -1 << QString();
    QTest::addRow("binding: too many arguments")
        << "binding" << QString() << sinLabel << QStringLiteral("def t():\n    return call_kernel(x, 2, 3)\n")
        << QStringLiteral("def call_kernel(x, y=1):\n    return x\n") << 1 << "with 3 positional arguments";
    QTest::addRow("binding: keyword without py::arg")
        << "binding" << QString() << sinLabel << QStringLiteral("def t():\n    return call_kernel(x, eps=1e-6)\n")
        << hipModule(QStringLiteral("torch::Tensor call_kernel(torch::Tensor x, double eps) {\n    return x;\n}"),
               QStringLiteral("m.def(\"call_kernel\", &call_kernel, \"doc\");"))
        << 11 << "names no arguments (py::arg)";
    QTest::addRow("binding: keyword with py::arg")
        << "binding" << QString() << sinLabel << QStringLiteral("def t():\n    return call_kernel(x, eps=1e-6)\n")
        << hipModule(QStringLiteral("torch::Tensor call_kernel(torch::Tensor x, double eps) {\n    return x;\n}"),
               QStringLiteral("m.def(\"call_kernel\", &call_kernel, py::arg(\"x\"), py::arg(\"eps\") = 1e-6);"))
        << -1 << QString();
    QTest::addRow("binding: too few to a C++ function")
        << "binding" << QString() << sinLabel << QStringLiteral("def t():\n    return call_kernel(x)\n")
        << hipModule(QStringLiteral("torch::Tensor call_kernel(torch::Tensor x, double eps) {\n    return x;\n}"),
               QStringLiteral("m.def(\"call_kernel\", &call_kernel);"))
        << 11 << "with 1 arguments, but the binding takes 2";
    QTest::addRow("binding: name only in a comment of the test")
        << "binding" << QString() << sinLabel << QStringLiteral("# call_kernel(x)\ndef t():\n    return 1\n")
        << QStringLiteral("import torch\n\ndef other(x):\n    return x\n") << -1 << QString();
    // constant
    QTest::addRow("constant: instruction vs label")
        << "constant" << QStringLiteral("The kernel is launched with BLOCK_SIZE = 256.") << sinLabel << sinTest << QString() << 8
        << "the instruction says `BLOCK_SIZE = 256`, but the label uses 1024";
    QTest::addRow("constant: instruction agrees")
        << "constant" << QStringLiteral("Use `BLOCK_SIZE=1024`.") << sinLabel << sinTest << QString() << -1 << QString();
    QTest::addRow("constant: label vs prediction")
        << "constant" << QString() << sinLabel << sinTest
        << hipModule(QStringLiteral("constexpr int BLOCK_SIZE = 256;\ntorch::Tensor call_kernel(torch::Tensor x) { return x; }"),
               QStringLiteral("m.def(\"call_kernel\", &call_kernel);"))
        << 6 << "`BLOCK_SIZE` is 256 here, but 1024 in the label";
    QTest::addRow("constant: #define agrees") << "constant" << QString() << sinLabel << sinTest
                                              << QString(hipHeader + QStringLiteral("#define BLOCK_SIZE 1024\nint f();\n")) << -1
                                              << QString();
    QTest::addRow("constant: other names, short names") << "constant" << QStringLiteral("N = 4096 and kThreads = 64") << sinLabel << sinTest
                                                        << QStringLiteral("constexpr int kThreads = 256;\nint N = 3;\n") << -1 << QString();
    QTest::addRow("constant: tuple assignment")
        << "constant" << QStringLiteral("tiles of BLOCK_T = 16 and BLOCK_D = 64")
        << QStringLiteral("import triton\n\ndef f(x):\n    BLOCK_T, BLOCK_D = 16, 128\n    return x\n") << sinTest << QString() << 4
        << "`BLOCK_D = 64`, but the label uses 128";
    // dimension
    const QString fourD = QStringLiteral("import torch\n\ndef t():\n    a = torch.randn(2, 3, 4, 5, device='cuda')\n"
                                         "    b = torch.zeros((2, 3), dtype=torch.float32)\n    return call_kernel(a, b)\n");
    QTest::addRow("dimension: size(4) of 4-D") << "dimension" << QString() << sinLabel << fourD
                                               << QString(hipHeader
                                                      + QStringLiteral("torch::Tensor f(torch::Tensor a, torch::Tensor b) {\n"
                                                                       "    int64_t d = a.size(4);\n    return a;\n}\n"))
                                               << 5 << "reads `a.size(4)`, but the test's tensors have at most 4 dimensions";
    QTest::addRow("dimension: size(3) and size(-1)") << "dimension" << QString() << sinLabel << fourD
                                                     << QString(hipHeader
                                                            + QStringLiteral("torch::Tensor f(const torch::Tensor& a, torch::Tensor b) {\n "
                                                                             "   int64_t d = a.size(3) + b.size(-1);\n    return a;\n}\n"))
                                                     << -1 << QString();
    QTest::addRow("dimension: python shape[-5]")
        << "dimension" << QString() << sinLabel << fourD
        << QStringLiteral("import torch\n\ndef call_kernel(a, b):\n    n = a.shape[-5]\n    return a\n") << 4 << "reads `a.shape[-5]`";
    QTest::addRow("dimension: test reshapes, skip")
        << "dimension" << QString() << sinLabel << QString(fourD + QStringLiteral("c = a.unsqueeze(0)\n"))
        << QString(hipHeader + QStringLiteral("torch::Tensor f(torch::Tensor a) {\n    int64_t d = a.size(4);\n    return a;\n}\n")) << -1
        << QString();
    QTest::addRow("dimension: shape from a name, skip")
        << "dimension" << QString() << sinLabel << QStringLiteral("def t():\n    a = torch.randn(shape)\n    return call_kernel(a)\n")
        << QString(hipHeader + QStringLiteral("torch::Tensor f(torch::Tensor a) {\n    int64_t d = a.size(4);\n    return a;\n}\n")) << -1
        << QString();
    QTest::addRow("dimension: a local tensor, not a parameter")
        << "dimension" << QString() << sinLabel << fourD
        << QString(hipHeader
               + QStringLiteral("torch::Tensor f(torch::Tensor a) {\n    auto v = a.view({1, 2, 3, 4, 5});\n    int64_t d = v.size(4);\n   "
                                " return a;\n}\n"))
        << -1 << QString();
    // extension-include
    QTest::addRow("extension-include: missing")
        << "extension-include" << QString() << sinLabel << sinTest
        << QStringLiteral(
               "#include <hip/hip_runtime.h>\n#include <ATen/ATen.h>\n#include <pybind11/pybind11.h>\n\nat::Tensor call_kernel(at::Tensor "
               "x) { return x; }\n\nPYBIND11_MODULE(m_, m) {\n    m.def(\"call_kernel\", &call_kernel);\n}\n")
        << 7 << "does not include <torch/extension.h>";
    QTest::addRow("extension-include: present")
        << "extension-include" << QString() << sinLabel << sinTest
        << hipModule(tensorFn, QStringLiteral("m.def(\"call_kernel\", &call_kernel);")) << -1 << QString();
    QTest::addRow("extension-include: no tensors") << "extension-include" << QString() << sinLabel << sinTest
                                                   << QStringLiteral("#include <pybind11/pybind11.h>\nint add(int a, int b) { return a + "
                                                                     "b; }\nPYBIND11_MODULE(m_, m) {\n    m.def(\"add\", &add);\n}\n")
                                                   << -1 << QString();
    QTest::addRow("extension-include: in a comment only")
        << "extension-include" << QString() << sinLabel << sinTest
        << QStringLiteral("// #include <torch/extension.h>\n#include <ATen/ATen.h>\nat::Tensor f(at::Tensor x) { return x; "
                          "}\nPYBIND11_MODULE(m_, m) {\n    "
                          "m.def(\"f\", &f);\n}\n")
        << 4 << "does not include";
    // non-code
    QTest::addRow("non-code: empty") << "non-code" << QString() << sinLabel << sinTest << QStringLiteral("  \n") << 0 << "is empty";
    QTest::addRow("non-code: fenced") << "non-code" << QString() << sinLabel << sinTest
                                      << QStringLiteral("Here it is:\n```cpp\n#include <torch/extension.h>\nint x;\n```\n") << 2
                                      << "Markdown fence";
    QTest::addRow("non-code: prose") << "non-code" << QString() << sinLabel << sinTest
                                     << QStringLiteral("I could not translate this kernel because the reduction is too complex") << 1
                                     << "prose";
    QTest::addRow("non-code: triton where HIP asked")
        << "non-code" << QStringLiteral("Translate the Triton operator into HIP C++.") << sinLabel << sinTest
        << QStringLiteral("import torch\nimport triton\n\n@triton.jit\ndef k(x):\n    pass\n") << 2
        << "asks for HIP, but the prediction is Triton";
    QTest::addRow("non-code: triton where triton asked")
        << "non-code" << QStringLiteral("Write a Triton kernel.") << sinLabel << sinTest
        << QStringLiteral("import torch\nimport triton\n\n@triton.jit\ndef k(x):\n    pass\n") << -1 << QString();
    QTest::addRow("non-code: HIP code") << "non-code" << QStringLiteral("Translate into HIP C++.") << sinLabel << sinTest
                                        << hipModule(tensorFn, QStringLiteral("m.def(\"call_kernel\", &call_kernel);")) << -1 << QString();
}

void TestLint::checks()
{
    QFETCH(QString, check);
    QFETCH(QString, instruction);
    QFETCH(QString, label);
    QFETCH(QString, test);
    QFETCH(QString, prediction);
    QFETCH(int, line);
    QFETCH(QString, messagePart);
    const QStringList predictions = prediction.isNull() ? QStringList() : QStringList{prediction};
    const LintHints all = Linter::lintCase(texts(instruction, label, test, predictions));
    LintHints hints;
    for (const LintHint& h : all) {
        QVERIFY2(Linter::checkNames().contains(h.check), qPrintable(h.check));
        if (h.check == check)
            hints.append(h);
    }
    if (line < 0) {
        QVERIFY2(hints.isEmpty(), qPrintable(dump(hints)));
        return;
    }
    QCOMPARE(hints.size(), 1);
    QCOMPARE(hints.first().line, line);
    QVERIFY2(hints.first().message.contains(messagePart), qPrintable(dump(hints)));
    QVERIFY(hints.first().version == QLatin1String("label") || hints.first().version == QLatin1String("it0:predict"));
}

void TestLint::unknownLayoutsSkip()
{
    // Odd and broken texts: unclosed parentheses and strings, no pybind module, binary-looking text.
    const QStringList odd = {QStringLiteral("def f(x:\n  return ("), QStringLiteral("m.def(\"x\", &"), QStringLiteral("\"\"\"unclosed"),
        QStringLiteral("PYBIND11_MODULE(m, m) { m.def(\"a\", [](at::Tensor x"), QString(QChar(0)) + QStringLiteral("\x01\x02 ((( [[[ "),
        QStringLiteral("torch.randn(*s)\ncall_kernel(**kw)"), QStringLiteral("#define BLOCK_SIZE\nx.size(")};
    for (const QString& a : odd) {
        for (const QString& b : odd) {
            const LintHints hints = Linter::lintCase(texts(a, b, a, {b, a}));
            for (const LintHint& h : hints)
                QVERIFY(h.check != BindingCheck::name() && h.check != DimensionCheck::name());
        }
    }
    QVERIFY(Linter::lintCase(LintTexts()).isEmpty());
}

// LintSource::match and globalMatch spare PCRE2 its UTF-16 check of a long subject known to be
// valid; a subject with a lone surrogate must still get that check (PCRE2 refuses it: no match),
// never be matched unchecked.
void TestLint::matchesSkipOnlyTheCheckOfValidText()
{
    static const QRegularExpression def(QStringLiteral("^def (\\w+)"), QRegularExpression::MultilineOption);
    const QString padding = QStringLiteral("# ") + QString(300, QLatin1Char('x')) + QLatin1Char('\n');
    const QString valid = padding + QStringLiteral("def first():\n    pass\ndef second():\n    pass\n");
    QString invalid = valid;
    invalid[1] = QChar(0xD800); // a high surrogate with no low one after it
    QVERIFY(!QStringView(invalid).isValidUtf16());
    auto names = [](const QString& text) {
        QStringList found;
        for (auto it = LintSource::globalMatch(def, text); it.hasNext();)
            found << it.next().captured(1);
        return found;
    };
    for (int scoped = 0; scoped < 2; ++scoped) {
        std::optional<LintSource::CacheScope> scope;
        if (scoped)
            scope.emplace();
        for (int twice = 0; twice < 2; ++twice) { // the second time from the scope's memory
            QCOMPARE(names(valid), QStringList({QStringLiteral("first"), QStringLiteral("second")}));
            QVERIFY(LintSource::match(def, valid, 10).hasMatch());
            QCOMPARE(names(invalid), QStringList());
            QVERIFY(!LintSource::match(def, invalid).hasMatch());
        }
    }
}

// The sample (A) and its second run (B, for comparing runs) hold a case made for each check; every
// other case must stay silent. B repeats A's iterations where it took them (README.md there).
void TestLint::sampleRun_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("cases");
    QTest::addColumn<MadeFor>("madeFor");
    QTest::newRow("sample") << QStringLiteral(KRW_SAMPLE_RUN_DIR) << 9
                            << MadeFor{
                                   {BindingCheck::name(),
                                       {QStringLiteral("leaky_relu.py it0:predict"), QStringLiteral("rms_norm.py it0:predict")}},
                                   {ConstantCheck::name(),
                                       {QStringLiteral("block_sum.py label"), QStringLiteral("block_sum.py it0:predict"),
                                           QStringLiteral("block_sum.py it1:predict")}},
                                   {DimensionCheck::name(), {QStringLiteral("flash_decode_stage2.py it0:predict")}},
                                   {ExtensionIncludeCheck::name(), {}}, // in the second run
                                   {NonCodeCheck::name(), {QStringLiteral("rotary_emb.py it1:predict")}},
                               };
    // B: leaky_relu's iteration 0 is A's fixed iteration 1; vector_add's iteration 0 binds tensors
    // without torch/extension.h.
    QTest::newRow("second run") << QStringLiteral(KRW_SAMPLE_RUN_V2_DIR) << 9
                                << MadeFor{
                                       {BindingCheck::name(), {QStringLiteral("rms_norm.py it0:predict")}},
                                       {ConstantCheck::name(),
                                           {QStringLiteral("block_sum.py label"), QStringLiteral("block_sum.py it0:predict"),
                                               QStringLiteral("block_sum.py it1:predict")}},
                                       {DimensionCheck::name(), {QStringLiteral("flash_decode_stage2.py it0:predict")}},
                                       {ExtensionIncludeCheck::name(), {QStringLiteral("vector_add.py it0:predict")}},
                                       {NonCodeCheck::name(), {QStringLiteral("rotary_emb.py it1:predict")}},
                                   };
}

void TestLint::sampleRun()
{
    QFETCH(QString, path);
    QFETCH(int, cases);
    QFETCH(MadeFor, madeFor);
    const auto run = std::make_shared<const Run>(loadRunAtPath(path));
    QCOMPARE(run->cases.size(), cases);
    const QVector<LintHints> hints = Linter::lintRun(run);
    QCOMPARE(hints.size(), run->cases.size());
    for (const QString& check : Linter::checkNames()) {
        QSet<QString> fired;
        for (int i = 0; i < run->cases.size(); ++i) {
            for (const LintHint& h : hints.at(i)) {
                if (h.check == check)
                    fired.insert(run->cases.at(i).filename + QLatin1Char(' ') + h.version);
            }
        }
        QStringList firedList(fired.begin(), fired.end());
        firedList.sort();
        QVERIFY2(fired == madeFor.value(check), qPrintable(check + QStringLiteral(": ") + firedList.join(QStringLiteral(", "))));
    }
    if (path != QStringLiteral(KRW_SAMPLE_RUN_DIR)) {
        const int vectorAdd = run->indexOf(QStringLiteral("vector_add.py"));
        QCOMPARE(hints.at(vectorAdd).size(), 1);
        QCOMPARE(hints.at(vectorAdd).first().line, 32); // PYBIND11_MODULE, where the bindings are
        return;
    }
    // Lines point at what is wrong.
    const int leaky = run->indexOf(QStringLiteral("leaky_relu.py"));
    QCOMPARE(hints.at(leaky).size(), 1);
    QCOMPARE(hints.at(leaky).first().line, 34);
    const int flash = run->indexOf(QStringLiteral("flash_decode_stage2.py"));
    QCOMPARE(hints.at(flash).first().line, 44);
    QVERIFY(hints.at(flash).first().message.contains(QLatin1String("mid_out.size(4)")));
    // One case at a time gives the same.
    QCOMPARE(Linter::lintRunCase(run, flash), hints.at(flash));
}

void TestLint::realRuns()
{
    const QDir data(QStringLiteral(KRW_SHARED_DATA_DIR));
    if (!data.exists())
        QSKIP("../shared/data is absent (a plain clone): no real runs to lint");
    for (const QString& sub : {QStringLiteral("tritonbench-g"), QStringLiteral("geak-tutorial")}) {
        QString error;
        const auto run = std::make_shared<const Run>(loadRunAtPath(data.filePath(sub), {}, &error));
        QVERIFY2(!run->cases.isEmpty(), qPrintable(sub + QStringLiteral(": ") + error));
        const QVector<LintHints> hints = Linter::lintRun(run);
        int total = 0;
        for (int i = 0; i < run->cases.size(); ++i) {
            for (const LintHint& h : hints.at(i)) {
                ++total;
                QVERIFY(Linter::checkNames().contains(h.check));
                QVERIFY(!h.message.isEmpty());
                qInfo().noquote() << sub << run->cases.at(i).filename << h.check << h.version << h.line << h.message;
            }
        }
        qInfo().noquote() << sub << run->cases.size() << "cases," << total << "hints";
    }
}

QTEST_GUILESS_MAIN(TestLint)
#include "tst_lint.moc"
