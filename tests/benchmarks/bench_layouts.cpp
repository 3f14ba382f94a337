// SPDX-License-Identifier: MIT
//
// bench_layouts RUN_DIR: other writers' layouts at scale (docs/PERFORMANCE.md, docs/LAYOUTS.md). RUN_DIR
// (the suite's GEAK run) is not used: this program writes its own KernelBench checkout in miniature —
// KRW_BENCH_CASES / 10 level-1 problems (1,000 by default), their baseline timings — and a run of 10
// samples each (10,000 kernel files by default, and an eval_results.json of every outcome, with
// tracebacks), then times
// `kernel-review-cli summary RUN --json --no-hints` (one warm-up, median of 3) against Python reading
// the same files (json.load of the results and the baselines, every kernel and problem file read),
// the budget of the GEAK run's summary. Prints RESULT lines; exits 1 when a command fails.
#include "benchsupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <random>

namespace bench = krw::bench;

namespace {

constexpr int Samples = 10;
int Problems = 1000; // KRW_BENCH_CASES / Samples

bool write(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray kernelText(int problem, int sample)
{
    QByteArray text = "import torch\nimport torch.nn as nn\nfrom torch.utils.cpp_extension import load_inline\n\n";
    text += QByteArray("# problem ") + QByteArray::number(problem) + " sample " + QByteArray::number(sample) + "\n";
    text += "source = r\"\"\"\n#include <torch/extension.h>\n";
    for (int i = 0; i < 40; ++i)
        text += QByteArray("__global__ void k") + QByteArray::number(i)
            + "(const float* x, float* y, int n) { int j = blockIdx.x * "
              "blockDim.x + threadIdx.x; if (j < n) y[j] = x[j] * "
            + QByteArray::number(i) + ".0f; }\n";
    text += "\"\"\"\n\nclass ModelNew(nn.Module):\n    def forward(self, x):\n        return x\n";
    return text;
}

// The checkout and the run; the files' total size in bytes, or -1 when one could not be written.
qint64 writeKernelBench(const QDir& root, QStringList* pythonFiles)
{
    qint64 bytes = 0;
    const QDir problems(root.filePath(QStringLiteral("KernelBench/level1")));
    const QDir run(root.filePath(QStringLiteral("runs/bench")));
    const QDir timing(root.filePath(QStringLiteral("results/timing/GPU_Bench")));
    if (!QDir().mkpath(problems.path()) || !QDir().mkpath(run.path()) || !QDir().mkpath(timing.path()))
        return -1;
    std::mt19937 random(12);
    nlohmann::json baselines = nlohmann::json::object();
    nlohmann::json results = nlohmann::json::object();
    const std::string gpu = "Bench GPU";
    for (int p = 1; p <= Problems; ++p) {
        const QString name = QStringLiteral("%1_Problem_%1.py").arg(p);
        const QByteArray reference = "import torch\nimport torch.nn as nn\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
                                     "        return torch.relu(x)\n\ndef get_inputs():\n    return [torch.randn(4096, 4096)]\n";
        if (!write(problems.filePath(name), reference))
            return -1;
        bytes += reference.size();
        *pythonFiles << problems.filePath(name);
        baselines["level1"][name.toStdString()] = {
            {"mean", 0.1 + p % 7}, {"std", 0.01}, {"min", 0.1}, {"max", 9.0}, {"num_trials", 100}, {"hardware", gpu}, {"device", "cuda:0"}};
        nlohmann::json samples = nlohmann::json::array();
        for (int s = 0; s < Samples; ++s) {
            const QString kernel = run.filePath(QStringLiteral("level_1_problem_%1_sample_%2_kernel.py").arg(p).arg(s));
            const QByteArray text = kernelText(p, s);
            if (!write(kernel, text))
                return -1;
            bytes += text.size();
            *pythonFiles << kernel;
            const int roll = int(random() % 100);
            nlohmann::json metadata = {{"hardware", gpu}, {"device", "cuda:0"}};
            nlohmann::json sample = {{"sample_id", s}, {"compiled", roll >= 20}, {"correctness", roll >= 50}};
            if (roll < 20) {
                metadata["compilation_error_name"] = "RuntimeError";
                metadata["compilation_error"] = std::string("Error building extension: ") + std::string(800, 'e');
            } else if (roll < 50) {
                metadata["runtime_error_name"] = "RuntimeError";
                metadata["runtime_error"] = "CUDA error: an illegal memory access was encountered";
                metadata["runtime_error_traceback"] = std::string(1500, 't');
            } else {
                metadata["correctness_trials"] = "(5 / 5)";
            }
            sample["metadata"] = metadata;
            sample["runtime"] = roll >= 55 ? 0.05 + (roll % 9) * 0.1 : -1.0;
            sample["runtime_stats"] = roll >= 55 ? nlohmann::json{{"mean", 0.5}, {"std", 0.01}, {"min", 0.4}, {"max", 0.6},
                                          {"num_trials", 100}, {"hardware", gpu}, {"device", "cuda:0"}}
                                                 : nlohmann::json::object();
            samples.push_back(sample);
        }
        results[std::to_string(p)] = samples;
    }
    const QByteArray resultsText = QByteArray::fromStdString(results.dump(4));
    const QByteArray baselineText = QByteArray::fromStdString(baselines.dump(4));
    if (!write(run.filePath(QStringLiteral("eval_results.json")), resultsText)
        || !write(timing.filePath(QStringLiteral("baseline_time_torch.json")), baselineText))
        return -1;
    return bytes + resultsText.size() + baselineText.size();
}

const char* const pythonReader = "import json, sys\n"
                                 "json.load(open(sys.argv[1], 'rb'))\n"
                                 "json.load(open(sys.argv[2], 'rb'))\n"
                                 "for path in open(sys.argv[3]).read().split('\\n'):\n"
                                 "    if path:\n"
                                 "        open(path, 'rb').read()\n";

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream& out = bench::out();
    if (const int cases = qEnvironmentVariableIntValue("KRW_BENCH_CASES"); cases >= Samples)
        Problems = cases / Samples;
    const QString build = qEnvironmentVariable("KRW_BENCH_BUILD");
    if (build.isEmpty()) {
        QTextStream(stderr) << "bench_layouts: KRW_BENCH_BUILD is not set (run.sh sets it)\n";
        return 1;
    }
    QTemporaryDir dir;
    QStringList files;
    const qint64 bytes = writeKernelBench(QDir(dir.path()), &files);
    if (bytes < 0) {
        QTextStream(stderr) << "bench_layouts: could not write the KernelBench run in " << dir.path() << '\n';
        return 1;
    }
    const QString run = dir.filePath(QStringLiteral("runs/bench"));
    out << "KernelBench run: " << Problems << " problems x " << Samples << " samples, " << files.size() << " files, "
        << QString::number(double(bytes) / 1e6, 'f', 1) << " MB\n";
    const QString list = dir.filePath(QStringLiteral("files.txt"));
    if (!write(list, files.join(QLatin1Char('\n')).toUtf8()))
        return 1;

    const QString cli = build + QStringLiteral("/app/kernel-review-cli");
    const QString errPath = dir.filePath(QStringLiteral("err.txt"));
    const QString firstOut = dir.filePath(QStringLiteral("summary.json"));
    auto series = [&](const QStringList& argv, const QString& outPath, double* maxRss) {
        std::vector<double> seconds;
        const bench::ChildRun warm = bench::runChild(argv, outPath, errPath);
        if (!warm.ok) {
            QTextStream(stderr) << "bench_layouts: " << argv.join(QLatin1Char(' ')) << ": " << warm.error << '\n';
            return seconds;
        }
        *maxRss = warm.maxRssMb;
        for (int i = 0; i < 3; ++i) {
            const bench::ChildRun timed = bench::runChild(argv, QStringLiteral("/dev/null"), errPath);
            if (!timed.ok)
                return std::vector<double>();
            seconds.push_back(timed.seconds);
            *maxRss = std::max(*maxRss, timed.maxRssMb);
        }
        return seconds;
    };
    double cliRss = 0, pyRss = 0;
    const std::vector<double> cliRuns
        = series({cli, QStringLiteral("summary"), run, QStringLiteral("--json"), QStringLiteral("--no-hints")}, firstOut, &cliRss);
    const std::vector<double> pyRuns = series(
        {QStringLiteral("python3"), QStringLiteral("-c"), QString::fromLatin1(pythonReader), run + QStringLiteral("/eval_results.json"),
            dir.filePath(QStringLiteral("results/timing/GPU_Bench/baseline_time_torch.json")), list},
        QStringLiteral("/dev/null"), &pyRss);
    if (cliRuns.empty() || pyRuns.empty())
        return 1;
    QFile summary(firstOut);
    if (!summary.open(QIODevice::ReadOnly))
        return 1;
    const nlohmann::json json = nlohmann::json::parse(summary.readAll().toStdString(), nullptr, false);
    const int cases = json.is_object() && json.contains("cases") && json["cases"].is_number() ? json["cases"].get<int>() : 0;
    if (cases != Problems) {
        QTextStream(stderr) << "bench_layouts: the summary counted " << cases << " cases, not " << Problems << '\n';
        return 1;
    }
    const double cliS = bench::median(cliRuns);
    const double pyS = bench::median(pyRuns);
    out << "kernel-review-cli summary --json --no-hints: median of 3: " << cliS << " s, peak " << cliRss << " MB\n";
    out << "python3 (json.load of the results and baselines, every file read): median of 3: " << pyS << " s\n";
    bench::result(QStringLiteral("kernelbench_load_s"), cliS, QStringLiteral("s"));
    bench::result(QStringLiteral("kernelbench_python_s"), pyS, QStringLiteral("s"));
    bench::result(QStringLiteral("kernelbench_load_ratio"), cliS / pyS, QStringLiteral("x"), 2);
    bench::result(QStringLiteral("kernelbench_rss_mb"), cliRss, QStringLiteral("MB"));
    bench::result(QStringLiteral("kernelbench_files_mb"), double(bytes) / 1e6, QStringLiteral("MB"));
    bench::result(QStringLiteral("kernelbench_rss_ratio"), cliRss / (double(bytes) / 1e6), QStringLiteral("x"), 2);
    bench::result(QStringLiteral("kernelbench_samples"), Problems * Samples, QStringLiteral("samples"), 0);
    return 0;
}
