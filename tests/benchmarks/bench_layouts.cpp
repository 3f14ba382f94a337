// SPDX-License-Identifier: MIT
//
// bench_layouts RUN_DIR: other writers' layouts at scale (docs/PERFORMANCE.md, docs/LAYOUTS.md). RUN_DIR
// (the suite's GEAK run) is not used: this program writes its own KernelBench checkout in miniature —
// KRW_BENCH_CASES / 10 level-1 problems (1,000 by default), their baseline timings — and a run of 10
// samples each (10,000 kernel files by default, and an eval_results.json of every outcome, with
// tracebacks), then times
// `kernel-review-cli summary RUN --json --no-hints` (one warm-up, median of 3) against Python reading
// the same files (json.load of the results and the baselines, every kernel and problem file read),
// the budget of the GEAK run's summary. Then the same for an AgentKernelArena run of
// KRW_BENCH_CASES / 10 tasks (1,000 by default; config, result and two per-case timing YAML files and
// a source each) against Python's yaml.load with the C loader (CSafeLoader) of the same files.
// Prints RESULT lines; exits 1 when a command fails.
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

// An AgentKernelArena workspace's run of tasks; the files' total size, or -1.
qint64 writeAgentKernelArena(const QDir& run, int tasks, QStringList* files)
{
    qint64 bytes = 0;
    std::mt19937 random(34);
    auto put = [&](const QString& path, const QByteArray& text) {
        *files << path;
        bytes += text.size();
        return write(path, text);
    };
    for (int t = 0; t < tasks; ++t) {
        const QDir task(run.filePath(QStringLiteral("triton2triton_bench_kernel_%1_20260101_000000").arg(t)));
        if (!QDir().mkpath(task.filePath(QStringLiteral("source"))))
            return -1;
        const QByteArray n = QByteArray::number(t);
        const QByteArray config = "source_file_path:\n  - source/kernel_" + n + ".py\ntarget_kernel_functions:\n  - _kernel_" + n
            + "\ncompile_command:\n  - python3 scripts/task_runner.py compile\ncorrectness_command:\n"
              "  - python3 scripts/task_runner.py correctness\nperformance_command:\n  - python3 scripts/task_runner.py performance\n"
              "task_type: triton2triton\nprompt:\n  source_code: null\n  instructions: |\n"
            + QByteArray("    Optimize the Triton kernel for maximum GPU throughput while keeping it correct.\n").repeated(8)
            + "  cheatsheet: null\n";
        const int roll = int(random() % 100);
        const bool compiled = roll >= 15;
        const bool correct = roll >= 40;
        QByteArray result = "task_name: triton2triton/bench/kernel_" + n + "\npass_compilation: " + (compiled ? "true" : "false")
            + "\ncompilation_error_message: "
            + (compiled ? QByteArray("null") : "|\n  " + QByteArray("error: undefined symbol ").repeated(20))
            + "\npass_correctness: " + (correct ? "true" : "false") + "\ncorrectness_error_message: "
            + (compiled && !correct ? QByteArray("'Mismatch in output 0: max abs diff 0.5 > atol 0.01'") : QByteArray("null"))
            + "\nbase_execution_time: 0.5\nbest_optimized_execution_time: " + (correct ? "0.4" : "0.0")
            + "\nspeedup_ratio: " + (correct ? "1.25" : "0.0")
            + "\nbaseline_benchmark_methods:\n- cuda_graph\noptimized_benchmark_methods:\n- cuda_graph\nbenchmark_method_consistent: true\n"
              "valid_baseline_cases: 5\nvalid_optimized_cases: "
            + (correct ? "5" : "0") + "\nspeedup_calculation_error_message: null\noptimization_summary: Optimized by bench\nscore: 0.3\n";
        QByteArray baseline = "test_cases:\n";
        QByteArray optimized = "test_cases:\n";
        for (int c = 0; c < 5; ++c) {
            const QByteArray id = QByteArray::number(c);
            baseline += "- test_case_id: " + id + "\n  execution_time_ms: 0.5\n  shape:\n  - " + QByteArray::number(256 << c)
                + "\n  - 4096\n  benchmark_method: cuda_graph\n";
            optimized += "- test_case_id: " + id + "\n  execution_time_ms: 0.4\n  shape:\n  - " + QByteArray::number(256 << c)
                + "\n  - 4096\n  benchmark_method: cuda_graph\n";
        }
        if (!put(task.filePath(QStringLiteral("config.yaml")), config) || !put(task.filePath(QStringLiteral("task_result.yaml")), result)
            || !put(task.filePath(QStringLiteral("baseline_perf.yaml")), baseline)
            || !put(task.filePath(QStringLiteral("optimized_perf.yaml")), correct ? optimized : QByteArray("test_cases: []\n"))
            || !put(task.filePath(QStringLiteral("source/kernel_%1.py").arg(t)), kernelText(t, 0)))
            return -1;
    }
    return bytes;
}

const char* const pythonYamlReader = "import sys, yaml\n"
                                     "for path in open(sys.argv[1]).read().split('\\n'):\n"
                                     "    if path.endswith('.yaml'):\n"
                                     "        yaml.load(open(path, 'rb'), Loader=yaml.CSafeLoader)\n"
                                     "    elif path:\n"
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
    const auto casesOf = [&](const QString& path) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return 0;
        const nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
        return j.is_object() && j.contains("cases") && j["cases"].is_number() ? j["cases"].get<int>() : 0;
    };
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

    // AgentKernelArena: a run of tasks in a workspace.
    const int tasks = Problems;
    const QDir aka(dir.filePath(QStringLiteral("workspace_Bench_agent/run_20260101_000000")));
    QStringList akaFiles;
    const qint64 akaBytes = writeAgentKernelArena(aka, tasks, &akaFiles);
    const QString akaList = dir.filePath(QStringLiteral("aka-files.txt"));
    if (akaBytes < 0 || !write(akaList, akaFiles.join(QLatin1Char('\n')).toUtf8())) {
        QTextStream(stderr) << "bench_layouts: could not write the AgentKernelArena run\n";
        return 1;
    }
    out << "AgentKernelArena run: " << tasks << " tasks, " << akaFiles.size() << " files, "
        << QString::number(double(akaBytes) / 1e6, 'f', 1) << " MB\n";
    const QString akaOut = dir.filePath(QStringLiteral("aka-summary.json"));
    double akaRss = 0, akaPyRss = 0;
    const std::vector<double> akaRuns
        = series({cli, QStringLiteral("summary"), aka.path(), QStringLiteral("--json"), QStringLiteral("--no-hints")}, akaOut, &akaRss);
    const std::vector<double> akaPyRuns
        = series({QStringLiteral("python3"), QStringLiteral("-c"), QString::fromLatin1(pythonYamlReader), akaList},
            QStringLiteral("/dev/null"), &akaPyRss);
    if (akaRuns.empty() || akaPyRuns.empty())
        return 1;
    if (casesOf(akaOut) != tasks) {
        QTextStream(stderr) << "bench_layouts: the AgentKernelArena summary counted " << casesOf(akaOut) << " cases, not " << tasks << '\n';
        return 1;
    }
    const double akaS = bench::median(akaRuns);
    const double akaPyS = bench::median(akaPyRuns);
    out << "AgentKernelArena: kernel-review-cli summary --json --no-hints: median of 3: " << akaS << " s, peak " << akaRss << " MB\n";
    out << "python3 (yaml.load with CSafeLoader of every YAML file, every source read): median of 3: " << akaPyS << " s\n";
    bench::result(QStringLiteral("aka_load_s"), akaS, QStringLiteral("s"));
    bench::result(QStringLiteral("aka_python_s"), akaPyS, QStringLiteral("s"));
    bench::result(QStringLiteral("aka_load_ratio"), akaS / akaPyS, QStringLiteral("x"), 2);
    bench::result(QStringLiteral("aka_rss_mb"), akaRss, QStringLiteral("MB"));
    bench::result(QStringLiteral("aka_files_mb"), double(akaBytes) / 1e6, QStringLiteral("MB"));
    bench::result(QStringLiteral("aka_tasks"), tasks, QStringLiteral("tasks"), 0);
    return 0;
}
