// SPDX-License-Identifier: MIT
//
// The lint checks (models/lint/, docs/LINT.md): a table of positive and negative examples per
// check, every check on the sample run (it fires on the case made for it and on no other), and
// every check over the real runs in ../shared/data without a crash, listing what fires.
#include "models/lint/bindingcheck.h"
#include "models/lint/concurrencycheck.h"
#include "models/lint/constantcheck.h"
#include "models/lint/dimensioncheck.h"
#include "models/lint/extensionincludecheck.h"
#include "models/lint/linter.h"
#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/lint/noncodecheck.h"
#include "models/lint/torchworkcheck.h"
#include "models/run/runloader.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
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
    void confirmingFlags();
    void hugeInputs();
    void sampleRun_data();
    void sampleRun();
    void realRuns();
    void realCandidateFiles();
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
    // fallback
    const QString tritonHead = QStringLiteral("import torch\nimport triton\nimport triton.language as tl\n\n");
    QTest::addRow("fallback: except returns torch")
        << "fallback" << QString() << sinLabel << sinTest
        << QString(tritonHead
               + QStringLiteral("def call_kernel(x, w):\n    try:\n        return launch(x, w)\n    except Exception:\n"
                                "        return torch.matmul(x, w)\n"))
        << 9 << "the `except` at line 8 (of the `try` at line 6) falls back to `torch.matmul(`";
    QTest::addRow("fallback: one-line except, F alias")
        << "fallback" << QString() << sinLabel << sinTest
        << QStringLiteral("import torch.nn.functional as F\n\ndef f(x):\n    try:\n        out = run(x)\n"
                          "    except RuntimeError: out = F.softmax(x, dim=-1)\n    return out\n")
        << 6 << "falls back to `F.softmax(`";
    QTest::addRow("fallback: except calls the reference")
        << "fallback" << QString() << sinLabel << sinTest
        << QStringLiteral("import torch\n\nclass ModelNew(torch.nn.Module):\n    def forward(self, x):\n        try:\n"
                          "            return self.kernel(x)\n        except Exception as e:\n            print(e)\n"
                          "            return self.reference_forward(x)\n")
        << 9 << "falls back to the reference `self.reference_forward(`";
    QTest::addRow("fallback: C++ catch") << "fallback" << QString() << sinLabel << sinTest
                                         << QString(hipHeader
                                                + QStringLiteral("torch::Tensor f(torch::Tensor a, torch::Tensor b) {\n    try {\n"
                                                                 "        launch(a, b);\n    } catch (const std::exception& e) {\n"
                                                                 "        return torch::matmul(a, b);\n    }\n    return a;\n}\n"))
                                         << 8 << "the `catch` at line 7 falls back to `torch::matmul(`";
    QTest::addRow("fallback: try around an import")
        << "fallback" << QString() << sinLabel << sinTest
        << QStringLiteral("import torch\ntry:\n    import triton\n    HAS_TRITON = True\nexcept ImportError:\n    HAS_TRITON = False\n"
                          "    torch.cuda.synchronize()\n")
        << -1 << QString();
    QTest::addRow("fallback: except raises, torch only in a string")
        << "fallback" << QString() << sinLabel << sinTest
        << QStringLiteral(
               "import torch\n\ndef f(x):\n    try:\n        return run(x)\n    except Exception as e:  # torch.matmul(x) would hide it\n"
               "        raise RuntimeError(\"torch.matmul fallback is disabled\") from e\n")
        << -1 << QString();
    QTest::addRow("fallback: retry with a smaller block")
        << "fallback" << QString() << sinLabel << sinTest
        << QString(tritonHead
               + QStringLiteral("def f(x, out):\n    block = 128\n    while True:\n        try:\n            k[(1,)](x, out, BLOCK=block)\n"
                                "            return out\n        except triton.runtime.errors.OutOfResources:\n            block //= 2\n"))
        << -1 << QString();
    // torch-work
    const QString modelHead = tritonHead
        + QStringLiteral("import torch.nn as nn\nimport torch.nn.functional as F\n\n@triton.jit\ndef add_kernel(x_ptr, n, BLOCK: "
                         "tl.constexpr):\n    pass\n\n");
    QTest::addRow("torch-work: forward returns torch.matmul")
        << "torch-work" << QString() << sinLabel << sinTest
        << QString(
               modelHead + QStringLiteral("class ModelNew(nn.Module):\n    def forward(self, a, b):\n        return torch.matmul(a, b)\n"))
        << 14 << "`ModelNew.forward` (line 13) returns what `torch.matmul(` computes and launches no kernel";
    QTest::addRow("torch-work: @ assigned, then returned")
        << "torch-work" << QString() << sinLabel << sinTest
        << QString(tritonHead + QStringLiteral("def call_kernel(x):\n    y = x @ x.t()\n    return y\n")) << 6
        << "`call_kernel` (line 5) returns what `@` computes";
    QTest::addRow("torch-work: through a helper")
        << "torch-work" << QString() << sinLabel << sinTest
        << QString(modelHead
               + QStringLiteral("class ModelNew(nn.Module):\n    def _impl(self, x):\n        return F.gelu(x)\n\n"
                                "    def forward(self, x):\n        return self._impl(x)\n"))
        << 14 << "`ModelNew.forward` (line 16) returns what `F.gelu(` computes";
    QTest::addRow("torch-work: a compute layer")
        << "torch-work" << QString() << sinLabel << sinTest
        << QString(modelHead
               + QStringLiteral("class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                                "        self.conv = nn.Conv2d(3, 8, 3)\n\n    def forward(self, x):\n        return self.conv(x)\n"))
        << 18 << "returns what `self.conv(` computes";
    QTest::addRow("torch-work: empty_like and a Triton launch")
        << "torch-work" << QString() << sinLabel << sinTest
        << QString(tritonHead
               + QStringLiteral("@triton.jit\ndef sin_kernel(x_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):\n    pass\n\n"
                                "def call_kernel(x):\n    out = torch.empty_like(x).view(-1).contiguous()\n"
                                "    grid = (triton.cdiv(x.numel(), 1024),)\n    sin_kernel[grid](x, out, x.numel(), BLOCK_SIZE=1024)\n"
                                "    return out.reshape(x.shape)\n"))
        << -1 << QString();
    QTest::addRow("torch-work: a launch and a torch epilogue")
        << "torch-work" << QString() << sinLabel << sinTest
        << QString(tritonHead
               + QStringLiteral("@triton.jit\ndef partial_kernel(x_ptr, out_ptr):\n    pass\n\n"
                                "def call_kernel(x):\n    part = torch.empty(64, device=x.device)\n    partial_kernel[(64,)](x, part)\n"
                                "    return part.sum()\n"))
        << -1 << QString();
    QTest::addRow("torch-work: a loaded extension and an nn layer")
        << "torch-work" << QString() << sinLabel << sinTest
        << QStringLiteral("import torch\nimport torch.nn as nn\nfrom torch.utils.cpp_extension import load_inline\n\n"
                          "ext = load_inline(name=\"ext\", cpp_sources=\"\", cuda_sources=\"\", functions=[\"relu_cuda\"])\n\n"
                          "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                          "        self.conv = nn.Conv2d(3, 8, 3)\n        self.ext = ext\n\n    def forward(self, x):\n"
                          "        x = self.conv(x)\n        return self.ext.relu_cuda(x)\n")
        << -1 << QString();
    QTest::addRow("torch-work: the candidate's own reference is no entry")
        << "torch-work" << QString() << sinLabel << sinTest
        << QString(tritonHead
               + QStringLiteral("@triton.jit\ndef sin_kernel(x_ptr):\n    pass\n\ndef call_kernel(x):\n    sin_kernel[(1,)](x)\n"
                                "    return x\n\ndef torch_reference(x):\n    return torch.sin(x)\n"))
        << -1 << QString();
    QTest::addRow("torch-work: derives from the reference, no forward")
        << "torch-work" << QString() << sinLabel << sinTest
        << QString(tritonHead + QStringLiteral("class ModelNew(Model):\n    def __init__(self):\n        super().__init__()\n")) << 5
        << "`ModelNew` derives from the reference `Model` and defines no `forward`";
    QTest::addRow("torch-work: forward hands the call to the parent")
        << "torch-work" << QString() << sinLabel << sinTest
        << QString(tritonHead + QStringLiteral("class ModelNew(Model):\n    def forward(self, x):\n        return super().forward(x)\n"))
        << 7 << "`ModelNew.forward` (line 6) hands the call to the reference `Model` (`super().forward(`)";
    QTest::addRow("torch-work: its own Model class")
        << "torch-work" << QString() << sinLabel << sinTest
        << QString(tritonHead
               + QStringLiteral("@triton.jit\ndef k(x_ptr):\n    pass\n\nclass Model:\n    def forward(self, x):\n        k[(1,)](x)\n"
                                "        return x\n\nclass ModelNew(Model):\n    pass\n"))
        << -1 << QString();
    QTest::addRow("torch-work: C++ host function returns at::matmul")
        << "torch-work" << QString() << sinLabel << sinTest
        << hipModule(QStringLiteral("torch::Tensor call_kernel(torch::Tensor a, torch::Tensor b) {\n    return at::matmul(a, b);\n}"),
               QStringLiteral("m.def(\"call_kernel\", &call_kernel);"))
        << 7 << "`call_kernel` (line 6) returns what `at::matmul(` computes";
    QTest::addRow("torch-work: C++ launch")
        << "torch-work" << QString() << sinLabel << sinTest
        << hipModule(QStringLiteral("torch::Tensor call_kernel(torch::Tensor x) {\n    auto out = torch::empty_like(x);\n"
                                    "    hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, 0, out.data_ptr<float>());\n    return out;\n}"),
               QStringLiteral("m.def(\"call_kernel\", &call_kernel);"))
        << -1 << QString();
    // A Python prediction whose strings hold more C++ than it has Python (KernelBench's load_inline):
    // the candidate checks read it as Python, and its CUDA as the C++ it compiles.
    const QString inlineCuda = QStringLiteral(
        "import torch\nfrom torch.utils.cpp_extension import load_inline\n\nsrc = \"\"\"\n#include <torch/extension.h>\n"
        "#include <cuda_runtime.h>\n__global__ void k(float* x) { x[0] = 1.0f; }\ntorch::Tensor f(torch::Tensor x) {\n"
        "    cudaStream_t s;\n    cudaStreamCreate(&s);\n    k<<<1, 1, 0, s>>>(x.data_ptr<float>());\n    return x;\n}\n\"\"\"\n"
        "ext = load_inline(name=\"e\", cpp_sources=\"\", cuda_sources=src, functions=[\"f\"])\n\n");
    QVERIFY(LintSource::language(inlineCuda) == CodeLanguage::Cpp); // what detectLanguage makes of it
    QTest::addRow("fallback: a load_inline prediction")
        << "fallback" << QString() << sinLabel << sinTest
        << QString(inlineCuda
               + QStringLiteral("class ModelNew(torch.nn.Module):\n    def forward(self, x):\n        try:\n            return ext.f(x)\n"
                                "        except RuntimeError:\n            return torch.relu(x)\n"))
        << 22 << "falls back to `torch.relu(`";
    QTest::addRow("concurrency: in the CUDA a Python prediction compiles")
        << "concurrency" << QString() << sinLabel << sinTest << inlineCuda << 10 << "`cudaStreamCreate(`";
    // concurrency
    QTest::addRow("concurrency: a stream of its own")
        << "concurrency" << QString() << sinLabel << sinTest
        << QString(tritonHead
               + QStringLiteral("def call_kernel(x):\n    s = torch.cuda.Stream()\n    with torch.cuda.stream(s):\n        k[(1,)](x)\n"
                                "    return x\n"))
        << 6 << "creates a stream of its own (`torch.cuda.Stream(`)";
    QTest::addRow("concurrency: a thread pool")
        << "concurrency" << QString() << sinLabel << sinTest
        << QStringLiteral("from concurrent.futures import ThreadPoolExecutor\n\ndef f(xs):\n    with ThreadPoolExecutor(4) as pool:\n"
                          "        return list(pool.map(run, xs))\n")
        << 4 << "starts a thread or process (`ThreadPoolExecutor(`)";
    QTest::addRow("concurrency: threading under another name")
        << "concurrency" << QString() << sinLabel << sinTest
        << QStringLiteral("import threading as th\n\ndef f(x):\n    t = th.Thread(target=run, args=(x,))\n    t.start()\n    return x\n")
        << 4 << "`th.Thread(`";
    QTest::addRow("concurrency: hipStreamCreate")
        << "concurrency" << QString() << sinLabel << sinTest
        << hipModule(QStringLiteral("torch::Tensor f(torch::Tensor x) {\n    hipStream_t s;\n    hipStreamCreate(&s);\n"
                                    "    hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, s, x.data_ptr<float>());\n    return x;\n}"),
               QStringLiteral("m.def(\"f\", &f);"))
        << 8 << "`hipStreamCreate(`";
    QTest::addRow("concurrency: named in a comment and a string")
        << "concurrency" << QString() << sinLabel << sinTest
        << QStringLiteral(
               "import torch\n\n# no threading.Thread or torch.cuda.Stream() here\ndef f(x):\n"
               "    \"\"\"Runs on the caller's stream, not a torch.cuda.Stream().\"\"\"\n    msg = \"std::thread\"\n    return x\n")
        << -1 << QString();
    QTest::addRow("concurrency: the current stream")
        << "concurrency" << QString() << sinLabel << sinTest
        << QString(tritonHead
               + QStringLiteral("def call_kernel(x):\n    stream = torch.cuda.current_stream()\n"
                                "    with torch.cuda.stream(torch.cuda.current_stream()):\n        k[(1,)](x, stream=stream)\n"
                                "    stream.synchronize()\n    return x\n"))
        << -1 << QString();
    QTest::addRow("concurrency: HIP on the current stream")
        << "concurrency" << QString() << sinLabel << sinTest
        << hipModule(QStringLiteral("torch::Tensor f(torch::Tensor x) {\n    hipStream_t s = at::hip::getCurrentHIPStream();\n"
                                    "    hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, s, x.data_ptr<float>());\n"
                                    "    hipStreamSynchronize(s);\n    return x;\n}"),
               QStringLiteral("m.def(\"f\", &f);"))
        << -1 << QString();
    // monkey-patch
    QTest::addRow("monkey-patch: torch.allclose")
        << "monkey-patch" << QString() << sinLabel << sinTest << QStringLiteral("import torch\n\ntorch.allclose = lambda *a, **k: True\n")
        << 3 << "replaces `torch.allclose`";
    QTest::addRow("monkey-patch: time.perf_counter inside a function")
        << "monkey-patch" << QString() << sinLabel << sinTest
        << QStringLiteral("import time\n\ndef setup():\n    time.perf_counter = lambda: 0.0\n") << 4 << "replaces `time.perf_counter`";
    QTest::addRow("monkey-patch: setattr on torch.cuda")
        << "monkey-patch" << QString() << sinLabel << sinTest
        << QStringLiteral("import torch\n\nsetattr(torch.cuda, \"synchronize\", lambda: None)\n") << 3
        << "replaces `torch.cuda.…` (`setattr(torch.cuda, …)`)";
    QTest::addRow("monkey-patch: do_bench through an alias")
        << "monkey-patch" << QString() << sinLabel << sinTest << QStringLiteral("import triton.testing as tt\n\ntt.do_bench = my_bench\n")
        << 3 << "replaces `triton.testing.do_bench` (`tt.do_bench`)";
    QTest::addRow("monkey-patch: settings are not patches")
        << "monkey-patch" << QString() << sinLabel << sinTest
        << QStringLiteral("import time\nimport torch\n\ntorch.backends.cudnn.benchmark = True\n"
                          "torch.backends.cuda.matmul.allow_tf32 = True\ntorch._dynamo.config.suppress_errors = True\n\n"
                          "class M:\n    def f(self):\n        self.time = time.time()\n        start = time.perf_counter()\n")
        << -1 << QString();
    // lazy-tensor
    QTest::addRow("lazy-tensor: a Tensor subclass, once")
        << "lazy-tensor" << QString() << sinLabel << sinTest
        << QStringLiteral("import torch\n\nclass Lazy(torch.Tensor):\n    @staticmethod\n    def __new__(cls, fn):\n"
                          "        return torch.Tensor._make_subclass(cls, torch.empty(0))\n\n    @classmethod\n"
                          "    def __torch_function__(cls, func, types, args=(), kwargs=None):\n        return func(*args)\n")
        << 3 << "defines a tensor subclass (`class Lazy(torch.Tensor)`)";
    QTest::addRow("lazy-tensor: _make_wrapper_subclass")
        << "lazy-tensor" << QString() << sinLabel << sinTest
        << QStringLiteral("import torch\n\ndef wrap(cls, t):\n    return torch.Tensor._make_wrapper_subclass(cls, t.shape)\n") << 4
        << "`_make_wrapper_subclass(`";
    QTest::addRow("lazy-tensor: __torch_dispatch__ in a mode")
        << "lazy-tensor" << QString() << sinLabel << sinTest
        << QStringLiteral("from torch.utils._python_dispatch import TorchDispatchMode\n\nclass Defer(TorchDispatchMode):\n"
                          "    def __torch_dispatch__(self, func, types, args=(), kwargs=None):\n        return func(*args)\n")
        << 3 << "`class Defer(TorchDispatchMode)`";
    QTest::addRow("lazy-tensor: autograd.Function and annotations")
        << "lazy-tensor" << QString() << sinLabel << sinTest
        << QStringLiteral("import torch\n\nclass Fn(torch.autograd.Function):\n    @staticmethod\n"
                          "    def forward(ctx, x: torch.Tensor) -> torch.Tensor:\n        assert isinstance(x, torch.Tensor)\n"
                          "        return x\n")
        << -1 << QString();
    // harness-read
    QTest::addRow("harness-read: opens the test") << "harness-read" << QString() << sinLabel << sinTest
                                                  << QStringLiteral("def f(x):\n    src = open(\"test_kernel.py\").read()\n    return x\n")
                                                  << 2 << "reads the test or the harness (`open(\"test_kernel.py\")`)";
    QTest::addRow("harness-read: beside __file__")
        << "harness-read" << QString() << sinLabel << sinTest
        << QStringLiteral("import os\nimport torch\n\nhere = os.path.dirname(os.path.abspath(__file__))\n\ndef f(x):\n"
                          "    with open(os.path.join(here, \"expected.pt\"), \"rb\") as fh:\n        return torch.load(fh)\n")
        << 7 << "`open(os.path.join(here";
    QTest::addRow("harness-read: the caller's frame")
        << "harness-read" << QString() << sinLabel << sinTest
        << QStringLiteral("import sys\n\ndef f(x):\n    expected = sys._getframe(1).f_locals[\"ref\"]\n    return expected\n") << 4
        << "looks at its caller (`sys._getframe(`)";
    QTest::addRow("harness-read: inspect.stack")
        << "harness-read" << QString() << sinLabel << sinTest
        << QStringLiteral("import inspect\n\ndef f(x):\n    for frame in inspect.stack():\n        pass\n    return x\n") << 4
        << "`inspect.stack(`";
    QTest::addRow("harness-read: Path.read_text of the harness")
        << "harness-read" << QString() << sinLabel << sinTest
        << QStringLiteral("from pathlib import Path\n\ndef f(x):\n    code = Path(\"/work/krw_harness.py\").read_text()\n    return x\n")
        << 4 << "`….read_text(`";
    QTest::addRow("harness-read: C++ ifstream of test data")
        << "harness-read" << QString() << sinLabel << sinTest
        << QString(hipHeader + QStringLiteral("#include <fstream>\nvoid f() {\n    std::ifstream in(\"tests/expected.bin\");\n}\n")) << 6
        << "reads the test or the harness";
    QTest::addRow("harness-read: a test log written")
        << "harness-read" << QString() << sinLabel << sinTest
        << QStringLiteral("def f(x):\n    with open(\"test_output.txt\", \"w\") as fh:\n        fh.write(str(x))\n    return x\n") << -1
        << QString();
    QTest::addRow("harness-read: a config file and a message")
        << "harness-read" << QString() << sinLabel << sinTest
        << QStringLiteral("import json\nfrom pathlib import Path\n\ndef f(x):\n    with open(\"config.json\") as fh:\n"
                          "        cfg = json.load(fh)\n    best = Path(\"tuning/latest.json\").read_text()\n"
                          "    print(\"running the test\")\n    return x\n")
        << -1 << QString();
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

// Which battery flag confirms which check: the one table (Linter::confirmingFlags), naming flags the
// harness raises (docs/RUNNER.md, "Checks").
void TestLint::confirmingFlags()
{
    const QStringList battery = {QStringLiteral("input_mutated"), QStringLiteral("output_reused"), QStringLiteral("no_own_kernel"),
        QStringLiteral("zeros_would_pass"), QStringLiteral("input_would_pass"), QStringLiteral("nondeterministic"),
        QStringLiteral("seed_sensitive"), QStringLiteral("timer_disagrees"), QStringLiteral("implausible_speedup"),
        QStringLiteral("launch_bound"), QStringLiteral("beyond_peak")};
    for (const QString& check : Linter::checkNames()) {
        QVERIFY2(Linter::checkTitle(check) != check, qPrintable(check));
        for (const QString& flag : Linter::confirmingFlags(check))
            QVERIFY2(battery.contains(flag), qPrintable(check + QStringLiteral(": ") + flag));
    }
    const QStringList ownKernel{QStringLiteral("no_own_kernel")};
    QCOMPARE(Linter::confirmingFlags(QStringLiteral("fallback")), ownKernel);
    QCOMPARE(Linter::confirmingFlags(QStringLiteral("torch-work")), ownKernel);
    QCOMPARE(Linter::confirmingFlags(QStringLiteral("concurrency")), QStringList{QStringLiteral("timer_disagrees")});
    QCOMPARE(Linter::confirmingFlags(QStringLiteral("lazy-tensor")),
        QStringList({QStringLiteral("output_reused"), QStringLiteral("timer_disagrees")}));
    QVERIFY(Linter::confirmingFlags(QStringLiteral("monkey-patch")).isEmpty());
    QVERIFY(Linter::confirmingFlags(QStringLiteral("harness-read")).isEmpty());
    QVERIFY(Linter::confirmingFlags(QStringLiteral("binding")).isEmpty());
    QVERIFY(Linter::confirmingFlags(QStringLiteral("no-such-check")).isEmpty());
}

// Texts of the largest size a case shows (2 MiB), made of what makes a scan walk far: unclosed
// brackets, headers without bodies, deep nesting, decorators that never end. Each must take time
// in proportion to its length (the ctest timeout would catch a quadratic one; the bound here is
// generous for sanitizer builds).
void TestLint::hugeInputs()
{
    constexpr int Size = 2 << 20;
    auto repeat = [](const QString& unit) {
        QString out;
        out.reserve(Size + unit.size());
        while (out.size() < Size)
            out += unit;
        return out;
    };
    QString nested;
    for (int depth = 0; nested.size() < Size; ++depth)
        nested += QString(depth % 2000, QLatin1Char(' ')) + QStringLiteral("try:\n");
    const QStringList inputs = {repeat(QStringLiteral("import torch\ndef f(\n")), repeat(QStringLiteral("try:\n")),
        repeat(QStringLiteral("@a(\n")), repeat(QStringLiteral("(")), repeat(QStringLiteral("class X(torch.Tensor")),
        repeat(QStringLiteral("import torch\ndef forward(self, x):\n    return torch.relu(x) @ w\n")),
        QStringLiteral("import torch\n") + nested, repeat(QStringLiteral("#include <x>\ncatch ( {")),
        repeat(QStringLiteral("import torch\nx = open(\"test\" + ")),
        repeat(QStringLiteral("torch::Tensor f(at::Tensor a) { return at::mm(a, a); }\n"))};
    QElapsedTimer timer;
    timer.start();
    for (const QString& t : inputs) {
        const LintHints hints = Linter::lintCase(texts(QString(), QString(), QString(), {t}));
        QVERIFY(hints.size() >= 0);
    }
    qInfo() << "huge inputs:" << timer.elapsed() << "ms";
    QVERIFY2(timer.elapsed() < 120000, qPrintable(QString::number(timer.elapsed())));
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

namespace {

// Hints counted per check, for the report of what fires on real data.
QString countsText(const QHash<QString, int>& counts)
{
    QStringList out;
    for (const QString& check : Linter::checkNames())
        out << QStringLiteral("%1=%2").arg(check).arg(counts.value(check));
    return out.join(QLatin1Char(' '));
}

} // namespace

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
        QHash<QString, int> counts;
        for (int i = 0; i < run->cases.size(); ++i) {
            for (const LintHint& h : hints.at(i)) {
                ++total;
                ++counts[h.check];
                QVERIFY(Linter::checkNames().contains(h.check));
                QVERIFY(!h.message.isEmpty());
                qInfo().noquote() << sub << run->cases.at(i).filename << h.check << h.version << h.line << h.message;
            }
        }
        qInfo().noquote() << sub << run->cases.size() << "cases," << total << "hints:" << countsText(counts);
    }
}

// Real candidate files that are no run: GEAK v3's FlyDSL candidates (round 2 creates a stream of
// its own per call), AgentKernelArena's HIP and Triton sources (honest kernels: no hint), and
// KernelBench's level-1 references (pure torch: `torch-work` is what they are; nothing else may fire).
void TestLint::realCandidateFiles()
{
    const QDir data(QStringLiteral(KRW_SHARED_DATA_DIR));
    if (!data.exists())
        QSKIP("../shared/data is absent (a plain clone): no real candidates to lint");
    auto read = [](const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    };
    struct Group
    {
        QString name;
        QStringList files;
        QStringList allowed; // checks that may fire
    };
    const QString geak = data.filePath(QStringLiteral("geak-v3/hingeloss_output_4/results"));
    const QString arena = data.filePath(QStringLiteral("agentkernelarena/tasks"));
    QStringList kernelbench;
    const QDir level1(data.filePath(QStringLiteral("kernelbench/KernelBench/level1")));
    for (const QString& f : level1.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
        kernelbench << level1.filePath(f);
    const QVector<Group> groups = {
        {QStringLiteral("geak-v3"),
            {geak + QStringLiteral("/round_1/worktrees/slot_0/hingeloss_flydsl.py"),
                geak + QStringLiteral("/round_1/worktrees/slot_0/hingeloss_flydsl_debug.py"),
                geak + QStringLiteral("/round_1/worktrees/slot_0/hingeloss_flydsl_debug2.py"),
                geak + QStringLiteral("/round_1/worktrees/slot_0/hingeloss_flydsl_debug3.py"),
                geak + QStringLiteral("/round_2/worktrees/slot_0/hingeloss_flydsl.py")},
            {ConcurrencyCheck::name()}},
        {QStringLiteral("agentkernelarena"),
            {arena + QStringLiteral("/hip2hip/gpumode/GELU/hip/hip_14539_GELU.hip"),
                arena + QStringLiteral("/hip2hip/gpumode/GELU/hip/hip_14539_GELU_ref.hip"),
                arena + QStringLiteral("/triton2triton/vllm/triton_rms_norm/source/triton_rms_norm.py")},
            {}},
        {QStringLiteral("kernelbench-level1"), kernelbench, {TorchWorkCheck::name()}},
    };
    // TritonBench's DeepSeek-R1 run: rows of instruction, label and predict, no filename (so no run
    // the loader takes); each row's prediction is a candidate.
    {
        QFile f(data.filePath(QStringLiteral("tritonbench-llm/output_DeepSeek-R1_comp.jsonl")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QHash<QString, int> counts;
        int rows = 0;
        while (!f.atEnd()) {
            const QJsonObject row = QJsonDocument::fromJson(f.readLine()).object();
            if (row.isEmpty())
                continue;
            ++rows;
            const LintTexts t = texts(row.value(QStringLiteral("instruction")).toString(), row.value(QStringLiteral("label")).toString(),
                QString(), {row.value(QStringLiteral("predict")).toString()});
            for (const LintHint& h : Linter::lintCase(t)) {
                ++counts[h.check];
                qInfo().noquote() << "tritonbench-llm row" << rows << h.check << h.line << h.message;
            }
        }
        QCOMPARE(rows, 184);
        qInfo().noquote() << "tritonbench-llm" << rows << "rows:" << countsText(counts);
    }
    for (const Group& g : groups) {
        QHash<QString, int> counts;
        int files = 0;
        for (const QString& path : g.files) {
            const QString text = read(path);
            if (text.isEmpty())
                continue;
            ++files;
            const QString test = path.contains(QLatin1String("geak-v3"))
                ? read(QFileInfo(path).dir().filePath(QStringLiteral("test_harness_translation.py")))
                : QString();
            for (const LintHint& h : Linter::lintCase(texts(QString(), QString(), test, {text}))) {
                ++counts[h.check];
                qInfo().noquote() << g.name << QFileInfo(path).fileName() << h.check << h.line << h.message;
                QVERIFY2(!Linter::checkNames().mid(5).contains(h.check) || g.allowed.contains(h.check),
                    qPrintable(QFileInfo(path).fileName() + QLatin1Char(' ') + h.check + QStringLiteral(": ") + h.message));
            }
        }
        qInfo().noquote() << g.name << files << "files:" << countsText(counts);
    }
}

QTEST_GUILESS_MAIN(TestLint)
#include "tst_lint.moc"
