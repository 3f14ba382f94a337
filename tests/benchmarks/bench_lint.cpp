// SPDX-License-Identifier: MIT
//
// What the lint hints cost (docs/LINT.md, docs/PERFORMANCE.md "Lint"): loads RUN_DIR, reads the
// lint texts of its first --cases cases once (timed: lint_read_ms), then times, on one thread, each
// check alone over those texts and all of them together as Linter::lintCase runs them (one
// LintSource cache per case, as there). Every figure is the median of --repeat passes, scaled to
// 1,000 cases: lint_<check>_ms (check names with '-' as '_'), lint_all_ms, lint_read_ms; also
// the LintSource parts the checks share (pythonNames of the labels, pybindNames of the
// predictions, pythonCalls of the tests). The hints of the checks run alone must add up to those
// of lintCase, or the program fails: a faster check that finds less is no win.
// lint_floor_ms is what no lint of these texts can go below, however it is written: the same spans
// of the run's files unescaped once to UTF-8 by simdjson (read from a mapping, no copy into
// QString) and every byte of them looked at once (the quote and comment state machine every check
// needs first). docs/PERFORMANCE.md weighs it against summary --json's budget.
// Usage: bench_lint RUN_DIR [--cases N (1500)] [--repeat N (3)]. Not a test: numbers are quoted, not asserted.
#include "benchsupport.h"
#include "models/lint/bindingcheck.h"
#include "models/lint/concurrencycheck.h"
#include "models/lint/constantcheck.h"
#include "models/lint/dimensioncheck.h"
#include "models/lint/extensionincludecheck.h"
#include "models/lint/fallbackcheck.h"
#include "models/lint/harnessreadcheck.h"
#include "models/lint/lazytensorcheck.h"
#include "models/lint/linter.h"
#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/lint/monkeypatchcheck.h"
#include "models/lint/noncodecheck.h"
#include "models/lint/torchworkcheck.h"
#include "models/run/textlimits.h"
#include "models/run/textreader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <functional>
#include <simdjson.h>
#include <vector>

using namespace krw;

namespace {

// Median wall time in ms of `repeat` passes of work over every text, scaled to 1,000 cases;
// *found gets what the last pass counted.
double perThousand(
    const std::vector<LintTexts>& texts, int repeat, const std::function<qsizetype(const LintTexts&)>& work, qsizetype* found = nullptr)
{
    std::vector<double> times;
    for (int r = 0; r < repeat; ++r) {
        qsizetype count = 0;
        QElapsedTimer t;
        t.start();
        for (const LintTexts& one : texts) {
            const LintSource::CacheScope cache;
            count += work(one);
        }
        times.push_back(double(t.nsecsElapsed()) / 1e6);
        if (found)
            *found = count;
    }
    return bench::median(times) * 1000.0 / double(texts.size());
}

// The spans of a case's files LintTexts::read decodes (LintTexts::spans), a prediction dropped
// where its bytes repeat the one before's (read() compares the decoded texts: the same here for
// every span but escapes written differently).
std::vector<TextRef> lintSpans(const Case& c, const std::vector<const char*>& mapped)
{
    const LintTexts::Spans all = LintTexts::spans(c);
    std::vector<TextRef> spans;
    for (const TextRef& ref : {all.label, all.test, all.instruction}) {
        if (ref.hasContent())
            spans.push_back(ref);
    }
    auto bytes = [&](const TextRef& r) { return std::string_view(mapped[r.source] + r.offset, std::size_t(r.length)); };
    const std::size_t shared = spans.size();
    for (const auto& prediction : all.predictions) {
        const TextRef& ref = prediction.second;
        if (!ref.hasContent())
            continue;
        if (spans.size() > shared && bytes(spans.back()) == bytes(ref))
            spans.pop_back();
        spans.push_back(ref);
    }
    return spans;
}

// One look at every byte: strings and comments told apart, as LintSource::mask does first.
qsizetype scanOnce(std::string_view text)
{
    qsizetype marks = 0;
    char quote = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            if (c == '\\')
                ++i;
            else if (c == quote || c == '\n')
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
            ++marks;
        } else if (c == '#' || (c == '/' && i + 1 < text.size() && text[i + 1] == '/')) {
            const std::size_t end = text.find('\n', i);
            i = end == std::string_view::npos ? text.size() : end;
            ++marks;
        }
    }
    return marks;
}

QString key(QString check)
{
    return QStringLiteral("lint_") + check.replace(QLatin1Char('-'), QLatin1Char('_')) + QStringLiteral("_ms");
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("What each lint check costs per 1,000 cases of a run, on one thread."));
    parser.addHelpOption();
    parser.addOption(
        {QStringLiteral("cases"), QStringLiteral("The first N cases (default 1500)."), QStringLiteral("N"), QStringLiteral("1500")});
    parser.addOption({QStringLiteral("repeat"), QStringLiteral("Passes of each; the median counts (default 3)."), QStringLiteral("N"),
        QStringLiteral("3")});
    parser.addPositionalArgument(QStringLiteral("RUN_DIR"), QStringLiteral("A run folder, e.g. written by make_run.py."));
    parser.process(app);
    if (parser.positionalArguments().size() != 1) {
        QTextStream(stderr) << "bench_lint: give exactly one RUN_DIR\n";
        return 2;
    }
    const QString runDir = parser.positionalArguments().first();
    const int wanted = std::max(1, parser.value(QStringLiteral("cases")).toInt());
    const int repeat = std::max(1, parser.value(QStringLiteral("repeat")).toInt());
    QTextStream& out = bench::out();
    const auto run = bench::loadRun(QStringLiteral("bench_lint"), runDir);
    if (!run)
        return 1;
    const int count = std::min(wanted, int(run->cases.size()));
    std::vector<LintTexts> texts;
    texts.reserve(count);
    QElapsedTimer timer;
    timer.start();
    {
        TextReader reader(run->sources);
        for (int i = 0; i < count; ++i)
            texts.push_back(LintTexts::read(run->cases.at(i), reader, TextLimits::ShownBytes));
    }
    const double readMs = double(timer.nsecsElapsed()) / 1e6 * 1000.0 / count;
    qint64 chars = 0;
    for (const LintTexts& t : texts) {
        chars += t.instruction.size() + t.label.size() + t.test.size();
        for (const LintPrediction& p : t.predictions)
            chars += p.text.size();
    }
    out << "run: " << runDir << ", the first " << count << " of " << run->cases.size() << " cases, " << chars / count
        << " characters of lint texts a case; " << repeat << " passes each, median, ms per 1,000 cases, one thread\n";
    bench::result(QStringLiteral("lint_read_ms"), readMs, QStringLiteral("ms"));

    using Check = LintHints (*)(const LintTexts&);
    const std::vector<std::pair<QString, Check>> checks{{BindingCheck::name(), &BindingCheck::run},
        {ConstantCheck::name(), &ConstantCheck::run}, {DimensionCheck::name(), &DimensionCheck::run},
        {ExtensionIncludeCheck::name(), &ExtensionIncludeCheck::run}, {NonCodeCheck::name(), &NonCodeCheck::run},
        {FallbackCheck::name(), &FallbackCheck::run}, {TorchWorkCheck::name(), &TorchWorkCheck::run},
        {ConcurrencyCheck::name(), &ConcurrencyCheck::run}, {MonkeyPatchCheck::name(), &MonkeyPatchCheck::run},
        {LazyTensorCheck::name(), &LazyTensorCheck::run}, {HarnessReadCheck::name(), &HarnessReadCheck::run}};
    Q_ASSERT(int(checks.size()) == Linter::checkNames().size());
    qsizetype alone = 0;
    for (const auto& [name, check] : checks) {
        qsizetype found = 0;
        const double ms = perThousand(
            texts, repeat, [check = check](const LintTexts& t) { return check(t).size(); }, &found);
        bench::result(key(name), ms, QStringLiteral("ms"));
        out << "  " << name << ": " << found << " hints\n";
        alone += found;
    }
    qsizetype together = 0;
    bench::result(QStringLiteral("lint_all_ms"),
        perThousand(
            texts, repeat, [](const LintTexts& t) { return Linter::lintCase(t).size(); }, &together),
        QStringLiteral("ms"));
    out << "  all checks together: " << together << " hints\n";

    // The parts the checks share.
    bench::result(QStringLiteral("lint_label_python_names_ms"),
        perThousand(texts, repeat,
            [](const LintTexts& t) {
                return LintSource::language(t.label) == CodeLanguage::Python ? LintSource::pythonNames(t.label).size() : 0;
            }),
        QStringLiteral("ms"));
    bench::result(QStringLiteral("lint_prediction_pybind_names_ms"),
        perThousand(texts, repeat,
            [](const LintTexts& t) {
                qsizetype n = 0;
                for (const LintPrediction& p : t.predictions) {
                    if (LintSource::language(p.text) == CodeLanguage::Cpp)
                        n += LintSource::pybindNames(p.text).size();
                }
                return n;
            }),
        QStringLiteral("ms"));
    bench::result(QStringLiteral("lint_test_python_calls_ms"),
        perThousand(texts, repeat, [](const LintTexts& t) { return LintSource::pythonCalls(t.test).size(); }), QStringLiteral("ms"));

    // The floor: unescape and look once, from mapped files (JSON spans; a debug folder's raw files
    // are read as they are).
    std::vector<const char*> mapped;
    bool allMapped = true;
    for (const SourceFile& source : *run->sources) {
        auto* file = new QFile(source.path, &app);
        if (!file->open(QIODevice::ReadOnly)) {
            allMapped = false;
            break;
        }
        const uchar* data = file->size() > 0 ? file->map(0, file->size()) : nullptr; // an empty file holds no span
        allMapped = allMapped && (data || file->size() == 0);
        mapped.push_back(reinterpret_cast<const char*>(data));
    }
    if (allMapped) {
        std::vector<std::vector<TextRef>> spans;
        for (int i = 0; i < count; ++i)
            spans.push_back(lintSpans(run->cases.at(i), mapped));
        std::vector<double> times;
        qsizetype bytes = 0;
        qsizetype marks = 0;
        for (int r = 0; r < repeat; ++r) {
            simdjson::ondemand::parser parser;
            std::string padded;
            marks = 0;
            bytes = 0;
            QElapsedTimer t;
            t.start();
            for (const auto& one : spans) {
                for (const TextRef& ref : one) {
                    const std::string_view raw(mapped[ref.source] + ref.offset, std::size_t(ref.length));
                    if (run->sources->at(ref.source).kind == SourceFile::Kind::Raw) {
                        marks += scanOnce(raw);
                        bytes += qsizetype(raw.size());
                        continue;
                    }
                    padded.assign(raw);
                    padded.resize(raw.size() + simdjson::SIMDJSON_PADDING);
                    auto document = parser.iterate(padded.data(), raw.size(), padded.size());
                    std::string_view text;
                    if (document.error() || document.get_string().get(text))
                        continue; // not a plain string (a list, Python's NaN): the real reader falls back too
                    marks += scanOnce(text);
                    bytes += qsizetype(text.size());
                }
            }
            times.push_back(double(t.nsecsElapsed()) / 1e6);
        }
        out << "  floor: " << bytes / count << " bytes of UTF-8 a case, " << marks << " strings and comments\n";
        bench::result(QStringLiteral("lint_floor_ms"), bench::median(times) * 1000.0 / count, QStringLiteral("ms"));
    } else {
        bench::miss(QStringLiteral("lint_floor_ms: a source of the run could not be mapped"));
    }

    if (alone != together) {
        bench::miss(QStringLiteral("lint_all_ms: the checks alone found %1 hints, together %2").arg(alone).arg(together));
        return 1;
    }
    return bench::missing() ? 1 : 0;
}
