// SPDX-License-Identifier: MIT
#include "models/browse/sourcerefs.h"

#include <QTest>

using namespace krw;

namespace {

// One line per reference: "@start [text at start..start+length] file:line:column". The bracketed
// text is cut from the message, so a wrong start or length shows up as the wrong text.
QStringList dumpRefs(const QString& message, const QVector<SourceRef>& refs)
{
    QStringList lines;
    for (const SourceRef& ref : refs) {
        lines.append(QStringLiteral("@%1 [%2] %3:%4:%5")
                         .arg(ref.start)
                         .arg(message.mid(ref.start, ref.length), ref.file)
                         .arg(ref.line)
                         .arg(ref.column));
    }
    return lines;
}

} // namespace

class TestSourceRefs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findSourceRefs_data();
    void findSourceRefs();
};

void TestSourceRefs::findSourceRefs_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("expected");

    const auto s = [](const char* utf8) { return QString::fromUtf8(utf8); };
    const auto refs = [](std::initializer_list<const char*> list) {
        QStringList result;
        for (const char* line : list)
            result.append(QString::fromUtf8(line));
        return result;
    };

    // Messages as the tools print them; positions were counted independently of the parser.
    QTest::addRow("hipcc-error-with-notes") << s(
        "kernel.hip:12:5: error: use of undeclared identifier 'tid'\n"
        "   12 |     tid = threadIdx.x;\n"
        "      |     ^\n"
        "kernel.hip:4:10: note: previous declaration is here\n"
        "/opt/rocm-6.0/include/hip/amd_detail/amd_hip_runtime.h:30:1: note: expanded from macro 'HIP_KERNEL'\n"
        "1 error generated when compiling for gfx90a.\n")
                                            << refs({"@0 [kernel.hip:12:5] kernel.hip:12:5", "@104 [kernel.hip:4:10] kernel.hip:4:10",
                                                   "@156 [/opt/rocm-6.0/include/hip/amd_detail/amd_hip_runtime.h:30:1] "
                                                   "/opt/rocm-6.0/include/hip/amd_detail/amd_hip_runtime.h:30:1"});
    QTest::addRow("gcc-included-from-chain") << s("In file included from src/main.c:3:\n"
                                                  "src/util/str-utils.h:7:1: error: unknown type name 'size_t'\n")
                                             << refs({"@22 [src/main.c:3] src/main.c:3:0",
                                                    "@36 [src/util/str-utils.h:7:1] src/util/str-utils.h:7:1"});
    QTest::addRow("gcc-line-without-column") << s("main.c:7: warning: implicit declaration of function 'foo'")
                                             << refs({"@0 [main.c:7] main.c:7:0"});
    QTest::addRow("relative-paths-with-dots-and-dashes") << s("../lib/v1.2/ops-fused.cpp:120:3: error: expected ';'\n"
                                                              "./kernels/gemm_tile.hip:8:14: warning: unused variable 'k'")
                                                         << refs({"@0 [../lib/v1.2/ops-fused.cpp:120:3] ../lib/v1.2/ops-fused.cpp:120:3",
                                                                "@53 [./kernels/gemm_tile.hip:8:14] ./kernels/gemm_tile.hip:8:14"});
    QTest::addRow("reference-at-end-of-message") << s("see a.hip:3:") << refs({"@4 [a.hip:3] a.hip:3:0"});
    QTest::addRow("python-traceback-several-frames")
        << s("Traceback (most recent call last):\n"
             "  File \"/work/run/harness.py\", line 42, in <module>\n"
             "    main()\n"
             "  File \"harness.py\", line 10, in main\n"
             "    check(out)\n"
             "  File \"lib/check_utils.py\", line 7, in check\n"
             "    raise AssertionError(\"mismatch\")\n"
             "AssertionError: mismatch\n")
        << refs({"@37 [File \"/work/run/harness.py\", line 42] /work/run/harness.py:42:0",
               "@100 [File \"harness.py\", line 10] harness.py:10:0", "@153 [File \"lib/check_utils.py\", line 7] lib/check_utils.py:7:0"});
    QTest::addRow("nvcc-paren-style") << s("kernel.cu(12): error: identifier \"foo\" is undefined\n"
                                           "src/gemm.cu(7): warning #177-D: variable \"y\" was declared but never referenced\n"
                                           "2 errors detected in the compilation of \"kernel.cu\".\n")
                                      << refs({"@0 [kernel.cu(12)] kernel.cu:12:0", "@52 [src/gemm.cu(7)] src/gemm.cu:7:0"});

    // Text with colons and parentheses that is not a source location.
    QTest::addRow("no-url") << s("see http://example.com:80/index.html or https://x:80: for details") << QStringList();
    QTest::addRow("no-url-with-file-path") << s("fetch https://host.org/src/a.cpp:12: failed") << QStringList();
    QTest::addRow("no-timestamp") << s("[12:30:45] build started at 12:30:45: ok") << QStringList();
    QTest::addRow("no-ip-and-port") << s("connect 127.0.0.1:8080: refused") << QStringList();
    QTest::addRow("no-std-scope") << s("std::vector<int>::size_type: unsigned, see std::chrono::seconds(1): error") << QStringList();
    QTest::addRow("no-prose-with-colons") << s("Note: the ratio 3:2: is fine. Step 1: build. Reason: see below:") << QStringList();
    QTest::addRow("no-call-without-path") << s("printf(3): error in the manual") << QStringList();
    QTest::addRow("no-number-run") << s("a.b:1:2:3 is not a location") << QStringList();
    QTest::addRow("no-line-zero") << s("a.c:0: note: built in") << QStringList();
    QTest::addRow("no-python-pseudo-file") << s("  File \"<frozen importlib._bootstrap>\", line 1027, in _find_and_load") << QStringList();
    QTest::addRow("empty-message") << QString() << QStringList();
}

void TestSourceRefs::findSourceRefs()
{
    QFETCH(QString, message);
    QFETCH(QStringList, expected);
    QCOMPARE(dumpRefs(message, krw::findSourceRefs(message)), expected);
}

QTEST_GUILESS_MAIN(TestSourceRefs)
#include "tst_sourcerefs.moc"
