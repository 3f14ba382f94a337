// SPDX-License-Identifier: MIT
#include "models/lint/concurrencycheck.h"

#include "models/lint/lintsource.h"
#include "models/lint/linttexts.h"
#include "models/lint/pythonoutline.h"
#include "models/run/caseversions.h"

#include <QRegularExpression>
#include <QSet>

#include <memory>
#include <optional>

namespace krw {

namespace {

enum class Kind { Stream, Thread };

// What a resolved Python call creates, if it creates a stream or a thread (or a process).
std::optional<Kind> pythonCreation(const QString& qualified)
{
    static const QSet<QString> streams = {QStringLiteral("torch.cuda.Stream"), QStringLiteral("torch.Stream"),
        QStringLiteral("torch.cuda.streams.Stream"), QStringLiteral("torch.cuda.ExternalStream"), QStringLiteral("cupy.cuda.Stream"),
        QStringLiteral("torch.xpu.Stream"), QStringLiteral("torch.mps.Stream")};
    static const QSet<QString> threads = {QStringLiteral("threading.Thread"), QStringLiteral("threading.Timer"),
        QStringLiteral("_thread.start_new_thread"), QStringLiteral("_thread.start_new"), QStringLiteral("os.fork"),
        QStringLiteral("concurrent.futures.ThreadPoolExecutor"), QStringLiteral("concurrent.futures.ProcessPoolExecutor"),
        QStringLiteral("concurrent.futures.thread.ThreadPoolExecutor"), QStringLiteral("concurrent.futures.process.ProcessPoolExecutor")};
    if (streams.contains(qualified))
        return Kind::Stream;
    if (threads.contains(qualified))
        return Kind::Thread;
    static const QRegularExpression processes(
        QStringLiteral(R"(^(?:torch\.)?multiprocessing(?:\.pool)?\.(?:Process|Pool|ThreadPool|get_context|spawn|start_processes)$)"));
    if (processes.match(qualified).hasMatch())
        return Kind::Thread;
    return std::nullopt;
}

QString message(Kind kind, const QString& text)
{
    if (kind == Kind::Stream)
        return QStringLiteral("creates a stream of its own (`%1`): work queued there is not on the caller's stream, so a timer on the "
                              "caller's stream does not wait for it")
            .arg(text);
    return QStringLiteral("starts a thread or process (`%1`): work done there is not on the caller's stream, so a timer on the caller's "
                          "stream may not wait for it")
        .arg(text);
}

// C++/HIP (a prediction, or the C++ a Python prediction compiles from a string).
const QRegularExpression& cppCreation()
{
    static const QRegularExpression re(QStringLiteral(
        R"(\b(?:(?:hip|cuda|cu)StreamCreate\w*+|(?:\w+::)*getStreamFromPool|std::async|pthread_create)[ \t]*+\(|\bstd::j?thread\b(?![ \t]*+::))"));
    return re;
}

void cppHints(const QString& version, const QString& masked, LintHints& hints)
{
    for (auto it = LintSource::globalMatch(cppCreation(), masked); it.hasNext();) {
        const auto m = it.next();
        QString text = m.captured(0);
        text.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
        const Kind kind = text.contains(QLatin1String("Stream")) ? Kind::Stream : Kind::Thread;
        hints.append({ConcurrencyCheck::name(), version, LintSource::lineAt(masked, int(m.capturedStart())), message(kind, text)});
    }
}

void pythonHints(const LintPrediction& p, LintHints& hints)
{
    const QString masked = LintSource::mask(p.text, LintSource::Language::Python, true);
    const QHash<QString, QString> imports = PythonOutline::imports(masked);
    // Calls whose name ends as one of those pythonCreation() knows, or torch.cuda.stream.
    static const QRegularExpression call(QStringLiteral(
        R"((?<![\w.])((?:[A-Za-z_]\w*+[ \t]*+\.[ \t]*+)*+(?:Stream|ExternalStream|stream|Thread|Timer|start_new_thread|start_new|fork|ThreadPoolExecutor|ProcessPoolExecutor|Process|Pool|ThreadPool|get_context|spawn|start_processes))[ \t]*+\()"));
    bool created = false;
    struct Context
    {
        int offset;
        QString text;
    };
    QVector<Context> contexts; // torch.cuda.stream(s) with a stream from elsewhere
    std::unique_ptr<PythonOutline> outline; // made when needed
    for (auto it = LintSource::globalMatch(call, masked); it.hasNext();) {
        const auto m = it.next();
        QString dotted = m.captured(1);
        dotted.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
        const QString qualified = PythonOutline::resolve(imports, dotted);
        if (const auto kind = pythonCreation(qualified)) {
            created = true;
            hints.append({ConcurrencyCheck::name(), p.version, LintSource::lineAt(masked, int(m.capturedStart(1))),
                message(*kind, dotted + QLatin1Char('('))});
        } else if (qualified == QLatin1String("torch.cuda.stream")) {
            if (!outline)
                outline = std::make_unique<PythonOutline>(masked);
            const int open = int(m.capturedEnd()) - 1;
            const int close = outline->closing(open);
            const QString arg = close > open ? masked.mid(open + 1, close - open - 1).simplified() : QString();
            if (!arg.isEmpty() && !arg.contains(QLatin1String("current_stream")) && !arg.contains(QLatin1String("default_stream"))
                && arg != QLatin1String("None"))
                contexts.append({int(m.capturedStart(1)), dotted + QLatin1Char('(') + arg + QLatin1Char(')')});
        }
    }
    if (!created) {
        for (const Context& c : std::as_const(contexts))
            hints.append({ConcurrencyCheck::name(), p.version, LintSource::lineAt(masked, c.offset), message(Kind::Stream, c.text)});
    }
    // The C++ a Python prediction compiles (load_inline, cpp_extension, a raw kernel) is in its
    // strings; a string of a prediction that compiles none is prose.
    static const QRegularExpression compiles(QStringLiteral(R"(\b(?:load_inline|cpp_extension|RawKernel|RawModule|SourceModule)\b)"));
    if (LintSource::match(compiles, masked).hasMatch())
        cppHints(p.version, LintSource::mask(p.text, LintSource::Language::Python, false), hints);
}

} // namespace

LintHints ConcurrencyCheck::run(const LintTexts& texts)
{
    LintHints hints;
    LintSource::forEachProgram(
        texts.predictions, [&](const LintPrediction& p) { pythonHints(p, hints); },
        [&](const LintPrediction& p) { cppHints(p.version, LintSource::mask(p.text, LintSource::Language::Cpp, true), hints); });
    return hints;
}

} // namespace krw
