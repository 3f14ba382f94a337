// SPDX-License-Identifier: MIT
//
// Line + intraline diff speed against `git diff --no-index --histogram` on the same two files
// (issue 12's budget: ours <= git's wall time at 5,000 lines with 10 % of lines changed).
//
// Makes two realistic code files (Triton/Python and HIP kernel lines, with the blank lines and
// closing braces real code repeats), the right one changed from the left by a mix of edited lines,
// inserted blocks, deleted blocks and moved lines, writes both to a temporary folder, and times
//   - git: `git diff --no-index --histogram a b > /dev/null` (exit 1 means "differs"), the whole
//     process from spawn to exit;
//   - ours: what the compare page runs on its worker, splitLines on both texts and diffLines
//     with intraline spans on (the default DiffOptions), from texts already in memory;
// taking turns, each the median of --runs runs after one untimed warm-up round. Prints both and RESULT lines.
//
// Usage: bench_diff [--lines 5000] [--changed 0.10] [--seed 1] [--runs 7] [--huge-line CHARS]
// --huge-line replaces one line in the middle of both files by a line of CHARS characters that
// differs in its middle, to show that one long line does not blow the time up.
// Not a test: numbers are quoted in docs/PERFORMANCE.md ("Diff"), not asserted.
#include "benchsupport.h"
#include "models/diff/linediff.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace {

using Lines = std::vector<std::string>;

// Kernel-like code: functions of a Triton module and a HIP file, names and constants drawn at
// random so most lines are distinct while blank lines, braces and boilerplate repeat.
class CodeGenerator
{
public:
    explicit CodeGenerator(unsigned seed)
        : m_random(seed)
    {
    }

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_random); }
    double uniform() { return std::uniform_real_distribution<double>(0.0, 1.0)(m_random); }

    std::string name()
    {
        static const char* const stems[] = {"x", "y", "acc", "tile", "weight", "bias", "grad", "scale", "offs", "row", "col", "partial"};
        return std::string(stems[pick(12)]) + (pick(3) ? "_" + std::to_string(pick(40)) : std::string());
    }
    std::string number() { return std::to_string(pick(4) ? 1 << pick(11) : pick(1000)); }
    std::string floating() { return std::to_string(pick(100)) + "." + std::to_string(pick(1000)); }

    // One body line of a Triton function (4-space indents) or a HIP one (C braces).
    std::string pythonLine()
    {
        switch (pick(14)) {
        case 0:
            return "";
        case 1:
            return "    pid = tl.program_id(axis=" + std::to_string(pick(3)) + ")";
        case 2:
            return "    " + name() + " = pid * BLOCK_SIZE + tl.arange(0, " + number() + ")";
        case 3:
            return "    mask = offsets < n_elements";
        case 4:
            return "    " + name() + " = tl.load(" + name() + "_ptr + offsets, mask=mask, other=" + floating() + ")";
        case 5:
            return "    " + name() + " = tl." + std::string(pick(2) ? "maximum" : "where") + "(" + name() + ", " + name() + ")";
        case 6:
            return "    tl.store(out_ptr + offsets, " + name() + ", mask=mask)";
        case 7:
            return "    " + name() + " += tl.dot(" + name() + ", " + name() + ", allow_tf32=" + (pick(2) ? "True" : "False") + ")";
        case 8:
            return "    # " + name() + " is reduced over " + number() + " rows before the store";
        case 9:
            return "    for k in range(0, K, " + number() + "):";
        case 10:
            return "        " + name() + " = " + name() + " * " + floating() + " + " + name();
        case 11:
            return "    return " + name();
        case 12:
            return "    " + name() + " = tl.sum(" + name() + ", axis=" + std::to_string(pick(2)) + ") / " + number();
        default:
            return "        " + name() + " = tl.exp(" + name() + " - tl.max(" + name() + ", axis=0))";
        }
    }

    std::string hipLine()
    {
        switch (pick(12)) {
        case 0:
            return "";
        case 1:
            return "    int idx = blockIdx.x * blockDim.x + threadIdx.x;";
        case 2:
            return "    if (idx < n) {";
        case 3:
            return "        " + name() + "[idx] = " + name() + "[idx] * " + floating() + "f + " + name() + "[idx];";
        case 4:
            return "    }";
        case 5:
            return "    __shared__ float " + name() + "[" + number() + "][" + number() + " + 1];";
        case 6:
            return "    __syncthreads();";
        case 7:
            return "    HIP_CHECK(hipMemcpy(d_" + name() + ", h_" + name() + ", " + number() + " * sizeof(float), hipMemcpyHostToDevice));";
        case 8:
            return "    hipLaunchKernelGGL(" + name() + "_kernel, dim3(grid), dim3(" + number() + "), 0, stream, " + name() + ", n);";
        case 9:
            return "    float " + name() + " = __shfl_down(" + name() + ", " + number() + ");";
        case 10:
            return "    // " + name() + ": one " + number() + "-wide tile per block";
        default:
            return "    for (int i = threadIdx.x; i < " + number() + "; i += blockDim.x) " + name() + " += " + name() + "[i];";
        }
    }

    Lines file(int lineCount)
    {
        Lines lines;
        while (static_cast<int>(lines.size()) < lineCount) {
            const bool hip = pick(3) == 0;
            if (hip) {
                lines.push_back("__global__ void " + name() + "_kernel(const float* __restrict__ " + name() + ", float* out, int n) {");
            } else {
                lines.push_back("@triton.jit");
                lines.push_back("def " + name() + "_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):");
            }
            const int body = 5 + pick(30);
            for (int i = 0; i < body; ++i)
                lines.push_back(hip ? hipLine() : pythonLine());
            if (hip)
                lines.push_back("}");
            lines.push_back("");
        }
        lines.resize(static_cast<std::size_t>(lineCount));
        return lines;
    }

    // A small edit of the kind a model makes: a constant, a name, an added argument.
    std::string edit(const std::string& line)
    {
        std::string result = line;
        switch (pick(3)) {
        case 0: {
            const auto digit = result.find_first_of("0123456789");
            if (digit != std::string::npos) {
                result.replace(digit, 1, std::to_string(pick(10)) + std::to_string(pick(10)));
                break;
            }
            [[fallthrough]];
        }
        case 1: {
            const auto paren = result.rfind(')');
            if (paren != std::string::npos) {
                result.insert(paren, ", " + name());
                break;
            }
            [[fallthrough]];
        }
        default:
            result += (result.empty() ? "    " : " ") + std::string("# tuned: ") + name();
        }
        if (result == line)
            result += " ";
        return result;
    }

    // About `fraction` of the left's lines take part in a change: half of them edited in place,
    // a fifth removed in blocks of 1-8, as many new lines inserted in blocks of 1-8, a tenth
    // moved elsewhere in blocks of 1-4 (the odds of each operation are those shares over its
    // mean length).
    Lines change(const Lines& left, double fraction)
    {
        const int n = static_cast<int>(left.size());
        enum class Op { Keep, Edit, Delete, MoveAway };
        std::vector<Op> ops(left.size(), Op::Keep);
        std::vector<Lines> insertBefore(left.size() + 1);
        int budget = static_cast<int>(n * fraction + 0.5);
        int guard = 0;
        while (budget > 0 && n > 0 && guard++ < 100 * n) {
            const double what = uniform();
            const int at = pick(n);
            if (what < 0.796) {
                if (ops[static_cast<std::size_t>(at)] != Op::Keep)
                    continue;
                ops[static_cast<std::size_t>(at)] = Op::Edit;
                budget -= 1;
            } else if (what < 0.867) {
                const int length = std::min({1 + pick(8), budget, n - at});
                if (!std::all_of(ops.begin() + at, ops.begin() + at + length, [](Op op) { return op == Op::Keep; }))
                    continue;
                std::fill(ops.begin() + at, ops.begin() + at + length, Op::Delete);
                budget -= length;
            } else if (what < 0.938) {
                const int length = std::min(1 + pick(8), budget);
                for (int i = 0; i < length; ++i)
                    insertBefore[static_cast<std::size_t>(at)].push_back(pick(2) ? pythonLine() : hipLine());
                budget -= length;
            } else {
                const int length = std::min({1 + pick(4), budget, n - at});
                if (!std::all_of(ops.begin() + at, ops.begin() + at + length, [](Op op) { return op == Op::Keep; }))
                    continue;
                std::fill(ops.begin() + at, ops.begin() + at + length, Op::MoveAway);
                auto& target = insertBefore[static_cast<std::size_t>(pick(n + 1))];
                target.insert(target.end(), left.begin() + at, left.begin() + at + length);
                budget -= length;
            }
        }
        Lines right;
        for (std::size_t i = 0; i <= left.size(); ++i) {
            right.insert(right.end(), insertBefore[i].begin(), insertBefore[i].end());
            if (i == left.size())
                break;
            if (ops[i] == Op::Keep)
                right.push_back(left[i]);
            else if (ops[i] == Op::Edit)
                right.push_back(edit(left[i]));
        }
        return right;
    }

private:
    std::mt19937 m_random;
};

std::string joined(const Lines& lines)
{
    std::string text;
    for (const std::string& line : lines)
        text += line + "\n";
    return text;
}

bool writeFile(const QString& path, const std::string& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes.data(), static_cast<qint64>(bytes.size())) == qint64(bytes.size());
}

// git with stdout on /dev/null: the wall seconds from spawn to exit, or -1 when git could not be
// started or failed (exit status other than 0 "same" and 1 "differs").
double timeGit(const QString& left, const QString& right, const QString& errPath, QString* error)
{
    const krw::bench::ChildRun git
        = krw::bench::runChild({QStringLiteral("git"), QStringLiteral("diff"), QStringLiteral("--no-index"), QStringLiteral("--histogram"),
                                   QStringLiteral("--no-color"), QStringLiteral("--"), left, right},
            QStringLiteral("/dev/null"), errPath, 1);
    if (!git.ok) {
        *error = QStringLiteral("git diff --no-index --histogram failed: %1").arg(git.error);
        return -1;
    }
    return git.seconds;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Line + intraline diff speed against git diff --histogram."));
    parser.addHelpOption();
    const QCommandLineOption linesOption(
        QStringLiteral("lines"), QStringLiteral("Lines per file."), QStringLiteral("N"), QStringLiteral("5000"));
    const QCommandLineOption changedOption(
        QStringLiteral("changed"), QStringLiteral("Fraction of lines changed."), QStringLiteral("F"), QStringLiteral("0.10"));
    const QCommandLineOption seedOption(QStringLiteral("seed"), QStringLiteral("Random seed."), QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption runsOption(
        QStringLiteral("runs"), QStringLiteral("Timed runs (median)."), QStringLiteral("N"), QStringLiteral("7"));
    const QCommandLineOption hugeOption(QStringLiteral("huge-line"), QStringLiteral("One changed line of this many characters."),
        QStringLiteral("CHARS"), QStringLiteral("0"));
    parser.addOptions({linesOption, changedOption, seedOption, runsOption, hugeOption});
    parser.process(app);
    const int lineCount = parser.value(linesOption).toInt();
    const double fraction = parser.value(changedOption).toDouble();
    const int runs = std::max(1, parser.value(runsOption).toInt());
    const int hugeChars = parser.value(hugeOption).toInt();

    CodeGenerator generator(parser.value(seedOption).toUInt());
    Lines left = generator.file(lineCount);
    Lines right = generator.change(left, fraction);
    if (hugeChars > 0 && !left.empty() && !right.empty()) {
        std::string huge = "    table = [";
        while (static_cast<int>(huge.size()) < hugeChars)
            huge += std::to_string(generator.pick(100000)) + ", ";
        huge.resize(static_cast<std::size_t>(hugeChars));
        std::string changed = huge;
        changed[changed.size() / 2] = changed[changed.size() / 2] == '7' ? '8' : '7';
        left[left.size() / 2] = huge;
        right[right.size() / 2] = changed;
    }
    const std::string leftBytes = joined(left);
    const std::string rightBytes = joined(right);

    QTemporaryDir dir;
    const QString leftPath = dir.filePath(QStringLiteral("a.py"));
    const QString rightPath = dir.filePath(QStringLiteral("b.py"));
    QTextStream& out = krw::bench::out();
    if (!dir.isValid() || !writeFile(leftPath, leftBytes) || !writeFile(rightPath, rightBytes)) {
        QTextStream(stderr) << "bench_diff: could not write the two files under " << dir.path() << Qt::endl;
        return 1;
    }
    out << "files: " << left.size() << " lines (" << leftBytes.size() << " bytes) vs " << right.size() << " lines (" << rightBytes.size()
        << " bytes), " << fraction * 100 << " % of lines changed, seed " << parser.value(seedOption) << Qt::endl;

    // git and ours take turns, so a change in the machine's load hits both alike; the first
    // round is a warm-up (page cache, git's start, our allocator) and is not counted.
    const QString leftText = QString::fromUtf8(leftBytes.data(), static_cast<int>(leftBytes.size()));
    const QString rightText = QString::fromUtf8(rightBytes.data(), static_cast<int>(rightBytes.size()));
    QString error;
    std::vector<double> gitTimes;
    std::vector<double> ourTimes;
    krw::DiffResult result;
    for (int i = 0; i <= runs; ++i) {
        const double gitSeconds = timeGit(leftPath, rightPath, dir.filePath(QStringLiteral("git.stderr")), &error);
        if (gitSeconds < 0) {
            QTextStream(stderr) << "bench_diff: " << error << Qt::endl;
            return 1;
        }
        QElapsedTimer timer;
        timer.start();
        result = krw::diffLines(krw::splitLines(leftText), krw::splitLines(rightText), krw::DiffOptions());
        const double ourSeconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
        if (i > 0) {
            gitTimes.push_back(gitSeconds);
            ourTimes.push_back(ourSeconds);
        }
    }
    if (!result.error.isEmpty()) {
        QTextStream(stderr) << "bench_diff: diffLines refused: " << result.error << Qt::endl;
        return 1;
    }

    const double git = krw::bench::median(gitTimes);
    const double ours = krw::bench::median(ourTimes);
    out << "ours: " << result.rows.size() << " rows, " << result.hunks.size() << " hunks, +" << result.added << " -" << result.removed
        << " ~" << result.changed << Qt::endl;
    out << "git diff --no-index --histogram: median " << git * 1000 << " ms of " << runs << " runs" << Qt::endl;
    out << "splitLines + diffLines (intraline on): median " << ours * 1000 << " ms of " << runs << " runs" << Qt::endl;
    krw::bench::result(QStringLiteral("diff_s"), ours, QStringLiteral("s"), 6);
    krw::bench::result(QStringLiteral("git_diff_s"), git, QStringLiteral("s"), 6);
    krw::bench::result(QStringLiteral("diff_ratio"), ours / git, QStringLiteral("x"), 3);
    return 0;
}
