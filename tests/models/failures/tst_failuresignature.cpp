// SPDX-License-Identifier: MIT
// The normalisation rules (docs/FAILURES.md) on real messages: the sample run's and the real runs'
// in ../shared/data, read from their memory files, and on messages made for one rule each.
#include "models/failures/failuresignature.h"
#include "models/rerun/rerunresult.h"
#include "tooltests.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace krw;

namespace {

// The field of one case in a memory file, as the agent wrote it.
QString memoryField(const QString& path, const QString& filename, const QString& field)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object().value(filename).toObject().value(field).toString();
}

} // namespace

class TestFailureSignature : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void realMessages_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("filename");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("text");
        const QString sample0 = QStringLiteral(KRW_SAMPLE_RUN_DIR "/sample_triton2hip_mem_0.json");
        const QString sample1 = QStringLiteral(KRW_SAMPLE_RUN_DIR "/sample_triton2hip_mem_1.json");
        const QString geak = QStringLiteral(KRW_SHARED_DATA_DIR "/geak-tutorial/tutorial_results_mem_%1.json");
        const QString call = QStringLiteral("call_err_msg");
        const QString exe = QStringLiteral("exe_err_msg");
        // The three examples, exactly.
        QTest::addRow("hipcc-undeclared-identifier")
            << sample1 << QStringLiteral("layer_norm_fwd.py") << call << QStringLiteral("compile error")
            << QStringLiteral("use of undeclared identifier <ID>");
        QTest::addRow("torch-dimension-out-of-range")
            << sample0 << QStringLiteral("flash_decode_stage2.py") << call << QStringLiteral("IndexError")
            << QStringLiteral("Dimension out of range (expected [<N>, <N>], got <N>)");
        QTest::addRow("pybind11-incompatible-arguments") << sample0 << QStringLiteral("rms_norm.py") << call << QStringLiteral("TypeError")
                                                         << QStringLiteral("incompatible function arguments");
        // The other real messages.
        QTest::addRow("hipcc-no-matching-function") << sample0 << QStringLiteral("sin_kernel.py") << call << QStringLiteral("compile error")
                                                    << QStringLiteral("no matching function for call to <ID>");
        QTest::addRow("python-attribute-error") << sample0 << QStringLiteral("leaky_relu.py") << call << QStringLiteral("AttributeError")
                                                << QStringLiteral("module <ID> has no attribute <ID>");
        QTest::addRow("mismatch") << sample1 << QStringLiteral("leaky_relu.py") << exe << QStringLiteral("output mismatch")
                                  << QStringLiteral("Generated output does not match reference output for file: <PATH>");
        QTest::addRow("mismatch-other-case") << sample1 << QStringLiteral("block_sum.py") << exe << QStringLiteral("output mismatch")
                                             << QStringLiteral("Generated output does not match reference output for file: <PATH>");
        QTest::addRow("output-none") << sample1 << QStringLiteral("rms_norm.py") << exe << QStringLiteral("output mismatch")
                                     << QStringLiteral("Generated output is None");
        QTest::addRow("no-code-found") << sample1 << QStringLiteral("rotary_emb.py") << call << QStringLiteral("error")
                                       << QStringLiteral(
                                              "No HIP code found in the model response: it contained no fenced ```cpp or ```hip block. "
                                              "Nothing was compiled.");
        QTest::addRow("triton-compilation-error")
            << geak.arg(2) << QStringLiteral("embedding_triton_kernel.py") << exe << QStringLiteral("execution error")
            << QStringLiteral("Could not execute module <ID> due to unsupported AST node type: Break");
        QTest::addRow("triton-compilation-error-other-line")
            << geak.arg(3) << QStringLiteral("embedding_triton_kernel.py") << exe << QStringLiteral("execution error")
            << QStringLiteral("Could not execute module <ID> due to unsupported AST node type: Break");
        const QString conflicting
            = QStringLiteral("Could not execute module <ID> due to Conflicting meta-parameters: <ID>. Make sure that you don't re-define "
                             "auto-tuned symbols.");
        QTest::addRow("triton-meta-parameters-one")
            << geak.arg(4) << QStringLiteral("embedding_triton_kernel.py") << exe << QStringLiteral("execution error") << conflicting;
        QTest::addRow("triton-meta-parameters-two")
            << geak.arg(5) << QStringLiteral("embedding_triton_kernel.py") << exe << QStringLiteral("execution error") << conflicting;
    }

    void realMessages()
    {
        QFETCH(QString, file);
        QFETCH(QString, filename);
        QFETCH(QString, field);
        QFETCH(QString, kind);
        QFETCH(QString, text);
        if (!QFile::exists(file))
            KRW_SKIP_MISSING_TOOL("../shared/data");
        const QString message = memoryField(file, filename, field);
        QVERIFY2(!message.isEmpty(), qPrintable(QStringLiteral("no %1 of %2 in %3").arg(field, filename, file)));
        const FailureSignature sig = FailureSignature::ofMessage(message, FailureSignature::caseNamesOf(filename));
        QCOMPARE(sig.text, text);
        QCOMPARE(sig.kind, kind);
        QVERIFY(sig.isValid());
    }

    void rules_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<QStringList>("caseNames");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("text");
        const QStringList none;
        QTest::addRow("empty") << QString() << none << QString() << QString();
        QTest::addRow("blank") << QStringLiteral(" \n\t ") << none << QString() << QString();
        QTest::addRow("fatal-error") << QStringLiteral(
            "In file included from x.hip:1:\n/opt/rocm/include/a.h:3:10: fatal error: 'foo.h' file not found")
                                     << none << QStringLiteral("compile error") << QStringLiteral("<PATH> file not found");
        QTest::addRow("first-error-wins") << QStringLiteral(
            "k.hip:1:2: warning: unused variable 'x'\nk.hip:3:4: error: expected ';' after expression\nk.hip:9:9: error: other")
                                          << none << QStringLiteral("compile error") << QStringLiteral("expected ';' after expression");
        QTest::addRow("linker") << QStringLiteral("ld.lld: error: undefined symbol: __ocml_sin_f32\n>>> referenced by x.o") << none
                                << QStringLiteral("link error") << QStringLiteral("undefined symbol: __ocml_sin_f32");
        QTest::addRow("traceback-last-exception")
            << QStringLiteral("Traceback (most recent call last):\n  File \"/tmp/a.py\", line 3, in <module>\nValueError: first\n\nDuring "
                              "handling of the above exception, another exception occurred:\n\nTraceback (most recent call last):\n  File "
                              "\"/tmp/a.py\", line 9, in f\ntorch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB")
            << none << QStringLiteral("OutOfMemoryError") << QStringLiteral("HIP out of memory. Tried to allocate <N> GiB");
        QTest::addRow("exception-without-message") << QStringLiteral("Traceback (most recent call last):\nKeyboardInterrupt") << none
                                                   << QStringLiteral("KeyboardInterrupt") << QStringLiteral("KeyboardInterrupt");
        QTest::addRow("hex-and-path") << QStringLiteral("Memory access fault by GPU node-2 (Agent handle: 0x55d4c8a0) on address 0x7f00. "
                                                        "Reason: Page not present. See /tmp/kr_run/x/log.txt")
                                      << none << QStringLiteral("error")
                                      << QStringLiteral(
                                             "Memory access fault by GPU node-<N> (Agent handle: <HEX>) on address <HEX>. Reason: "
                                             "Page not present. See <PATH>");
        QTest::addRow("case-names-as-words") << QStringLiteral("RuntimeError: softmax_row_hip failed in softmax_row with 3 blocks")
                                             << FailureSignature::caseNamesOf(QStringLiteral("softmax_row.py"))
                                             << QStringLiteral("RuntimeError") << QStringLiteral("<ID> failed in <ID> with <N> blocks");
        QTest::addRow("words-inside-identifiers-kept")
            << QStringLiteral("error: gfx942 has no float4 for block_sum2") << QStringList{QStringLiteral("block_sum")}
            << QStringLiteral("error") << QStringLiteral("error: gfx942 has no float4 for block_sum2");
        QTest::addRow("exponent-and-decimals") << QStringLiteral("AssertionError: max diff 1.5e-03 > atol 0.001") << none
                                               << QStringLiteral("AssertionError") << QStringLiteral("max diff <N> > atol <N>");
    }

    void rules()
    {
        QFETCH(QString, message);
        QFETCH(QStringList, caseNames);
        QFETCH(QString, kind);
        QFETCH(QString, text);
        const FailureSignature sig = FailureSignature::ofMessage(message, caseNames);
        QCOMPARE(sig.text, text);
        QCOMPARE(sig.kind, kind);
        QCOMPARE(sig.isValid(), !text.isEmpty());
    }

    void longMessageIsCut()
    {
        const FailureSignature sig = FailureSignature::ofMessage(QStringLiteral("RuntimeError: ") + QString(500, QLatin1Char('x')));
        QCOMPARE(sig.text.size(), FailureSignature::MaxChars);
        QVERIFY(sig.text.endsWith(QChar(0x2026)));
    }

    void caseNames()
    {
        QCOMPARE(FailureSignature::caseNamesOf(QStringLiteral("rms_norm.py")),
            (QStringList{QStringLiteral("rms_norm"), QStringLiteral("rms_norm_hip"), QStringLiteral("test_rms_norm")}));
        QVERIFY(FailureSignature::caseNamesOf(QStringLiteral("a.py")).isEmpty());
    }

    void rerun_data()
    {
        QTest::addColumn<int>("what");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("text");
        QTest::addRow("compile-diagnostic") << 0 << QStringLiteral("compile error") << QStringLiteral("use of undeclared identifier <ID>");
        QTest::addRow("pipeline-failure") << 1 << QStringLiteral("error") << QStringLiteral("harness timed out after <N> s");
        QTest::addRow("candidate-traceback") << 2 << QStringLiteral("TypeError") << QStringLiteral("incompatible function arguments");
        QTest::addRow("wrong-output") << 3 << QStringLiteral("rerun") << QStringLiteral("Wrong output");
        QTest::addRow("passed") << 4 << QString() << QString();
        QTest::addRow("cancelled") << 5 << QString() << QString();
    }

    void rerun()
    {
        QFETCH(int, what);
        QFETCH(QString, kind);
        QFETCH(QString, text);
        RerunResult result;
        result.caseName = QStringLiteral("layer_norm_fwd.py");
        switch (what) {
        case 0: {
            CompileStage compile;
            compile.ok = false;
            Diagnostic note;
            note.severity = Diagnostic::Severity::Warning;
            note.message = QStringLiteral("unused variable 'x'");
            Diagnostic error;
            error.message = QStringLiteral("use of undeclared identifier 'WARP_SIZE'");
            compile.diagnostics = {note, error};
            result.compile = compile;
            break;
        }
        case 1:
            result.status = RerunResult::Status::Failed;
            result.failure = QStringLiteral("harness timed out after 120 s");
            break;
        case 2: {
            CompileStage compile;
            compile.ok = true;
            result.compile = compile;
            SideRun side;
            side.ok = false;
            side.error
                = QStringLiteral("Traceback (most recent call last):\nTypeError: layer_norm_fwd(): incompatible function arguments. The "
                                 "following argument types are supported:");
            result.candidateRun = side;
            break;
        }
        case 3:
        case 4: {
            result.candidateRun = SideRun{};
            result.candidateRun->ok = true;
            result.baselineRun = result.candidateRun;
            AccuracyStage accuracy;
            accuracy.ok = what == 4;
            result.accuracy = accuracy;
            break;
        }
        case 5:
            result.status = RerunResult::Status::Cancelled;
            break;
        }
        const FailureSignature sig = FailureSignature::ofRerun(result, FailureSignature::caseNamesOf(result.caseName));
        QCOMPARE(sig.text, text);
        QCOMPARE(sig.kind, kind);
    }
};

QTEST_GUILESS_MAIN(TestFailureSignature)
#include "tst_failuresignature.moc"
