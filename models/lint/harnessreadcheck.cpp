// SPDX-License-Identifier: MIT
#include "models/lint/harnessreadcheck.h"

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

// A path, or an expression that makes one, that points at the test or the harness: a string
// naming a test, the harness or its files (test_x.py, tests/, harness, krw_, conftest), or
// __file__ (the files beside the candidate are the harness's).
bool pointsAtHarness(const QString& withStrings)
{
    if (withStrings.contains(QLatin1String("__file__")))
        return true;
    static const QRegularExpression literal(QStringLiteral(R"(["']([^"'\n]{1,400})["'])"));
    static const QRegularExpression word(QStringLiteral(R"((?:^|[^A-Za-z0-9])(?:tests?|harness|krw_|conftest|pytest)(?![A-Za-z]))"),
        QRegularExpression::CaseInsensitiveOption);
    for (auto it = literal.globalMatch(withStrings); it.hasNext();) {
        if (word.match(it.next().captured(1)).hasMatch())
            return true;
    }
    return false;
}

// Ways to look at the caller: frames, the stack, the caller's source, every object alive.
bool peeksAtCaller(const QString& qualified)
{
    static const QSet<QString> names
        = {QStringLiteral("inspect.stack"), QStringLiteral("inspect.currentframe"), QStringLiteral("inspect.getouterframes"),
            QStringLiteral("inspect.getframeinfo"), QStringLiteral("inspect.getsource"), QStringLiteral("inspect.getsourcelines"),
            QStringLiteral("inspect.getsourcefile"), QStringLiteral("inspect.trace"), QStringLiteral("sys._getframe"),
            QStringLiteral("sys._current_frames"), QStringLiteral("traceback.extract_stack"), QStringLiteral("traceback.walk_stack"),
            QStringLiteral("traceback.format_stack"), QStringLiteral("gc.get_objects"), QStringLiteral("gc.get_referrers")};
    return names.contains(qualified);
}

// Calls that read a file or list a folder; the path is their first argument.
bool readsPath(const QString& qualified)
{
    static const QSet<QString> names = {QStringLiteral("open"), QStringLiteral("io.open"), QStringLiteral("builtins.open"),
        QStringLiteral("os.open"), QStringLiteral("codecs.open"), QStringLiteral("numpy.load"), QStringLiteral("numpy.loadtxt"),
        QStringLiteral("numpy.fromfile"), QStringLiteral("torch.load"), QStringLiteral("os.listdir"), QStringLiteral("os.scandir"),
        QStringLiteral("os.walk"), QStringLiteral("glob.glob"), QStringLiteral("glob.iglob"), QStringLiteral("runpy.run_path"),
        QStringLiteral("importlib.util.spec_from_file_location"), QStringLiteral("linecache.getlines"),
        QStringLiteral("linecache.getline")};
    return names.contains(qualified);
}

void pythonHints(const LintPrediction& p, LintHints& hints)
{
    const QString masked = LintSource::mask(p.text, LintSource::Language::Python, true);
    const QString withStrings = LintSource::mask(p.text, LintSource::Language::Python, false);
    const QHash<QString, QString> imports = PythonOutline::imports(masked);
    // Made when first needed: most candidates read no file at all.
    std::unique_ptr<PythonOutline> outlineMade;
    auto outline = [&outlineMade, &masked]() -> const PythonOutline& {
        if (!outlineMade)
            outlineMade = std::make_unique<PythonOutline>(masked);
        return *outlineMade;
    };
    // Names assigned a path that points at the harness: `here = os.path.dirname(__file__)`.
    std::optional<QSet<QString>> taintedMade;
    auto tainted = [&]() -> const QSet<QString>& {
        if (taintedMade)
            return *taintedMade;
        taintedMade.emplace();
        static const QRegularExpression assign(
            QStringLiteral(R"(^[ \t]*+(?:self[ \t]*+\.[ \t]*+)?([A-Za-z_]\w*+)[ \t]*+=(?!=))"), QRegularExpression::MultilineOption);
        for (auto it = LintSource::globalMatch(assign, masked); it.hasNext();) {
            const auto m = it.next();
            const PythonOutline::Span s = outline().statement(int(m.capturedStart(1)));
            const QString value = withStrings.mid(int(m.capturedEnd()), s.end - int(m.capturedEnd()));
            if (pointsAtHarness(value))
                taintedMade->insert(m.captured(1));
        }
        return *taintedMade;
    };
    auto usesTainted = [&tainted](const QString& text) {
        static const QRegularExpression word(QStringLiteral(R"((?<![\w.])(?:self\.)?([A-Za-z_]\w*+))"));
        for (auto it = word.globalMatch(text); it.hasNext();) {
            if (tainted().contains(it.next().captured(1)))
                return true;
        }
        return false;
    };
    // Calls whose name ends as one of those peeksAtCaller() or readsPath() know.
    static const QRegularExpression call(QStringLiteral(
        R"((?<![\w.])((?:[A-Za-z_]\w*+[ \t]*+\.[ \t]*+)*+(?:open|load|loadtxt|fromfile|listdir|scandir|walk|glob|iglob|run_path|spec_from_file_location|getlines|getline|stack|currentframe|getouterframes|getframeinfo|getsource|getsourcelines|getsourcefile|trace|_getframe|_current_frames|extract_stack|walk_stack|format_stack|get_objects|get_referrers))[ \t]*+\()"));
    static const QRegularExpression pathMethod(QStringLiteral(R"(\.[ \t]*+(read_text|read_bytes|open|iterdir|glob|rglob)[ \t]*+\()"));
    static const QRegularExpression frameAttribute(QStringLiteral(R"(\.[ \t]*+(f_back|f_locals|f_globals)\b)"));
    static const QRegularExpression mainModule(
        QStringLiteral(
            R"(^[ \t]*+(?:import[ \t]++__main__|from[ \t]++__main__[ \t]++import)\b|\bsys[ \t]*+\.[ \t]*+modules[ \t]*+\[[ \t]*+["']__main__["'])"),
        QRegularExpression::MultilineOption);
    auto add = [&](int offset, const QString& message) {
        hints.append({HarnessReadCheck::name(), p.version, LintSource::lineAt(masked, offset), message});
    };
    QSet<int> lines; // one hint a line
    auto addOnce = [&](int offset, const QString& message) {
        const int line = LintSource::lineAt(masked, offset);
        if (!lines.contains(line)) {
            lines.insert(line);
            add(offset, message);
        }
    };
    for (auto it = LintSource::globalMatch(call, masked); it.hasNext();) {
        const auto m = it.next();
        QString dotted = m.captured(1);
        dotted.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
        const QString qualified = PythonOutline::resolve(imports, dotted);
        const int open = int(m.capturedEnd()) - 1;
        if (peeksAtCaller(qualified)) {
            addOnce(int(m.capturedStart(1)),
                QStringLiteral("looks at its caller (`%1(`): code that reads the test's frames, source or objects can find the expected "
                               "output or tell a timed call from a checked one")
                    .arg(dotted));
            continue;
        }
        if (!readsPath(qualified))
            continue;
        const int close = outline().closing(open);
        if (close < 0)
            continue;
        const QString args = withStrings.mid(open + 1, close - open - 1);
        // open(path, "w"): a file written (a log, a result) is not read.
        static const QRegularExpression writeMode(QStringLiteral(R"(,[ \t]*+(?:mode[ \t]*+=[ \t]*+)?["']([rwaxbt+]{1,4})["'])"));
        const auto mode = writeMode.match(args);
        if (mode.hasMatch() && !mode.captured(1).contains(QLatin1Char('r')) && !mode.captured(1).contains(QLatin1Char('+')))
            continue;
        if (pointsAtHarness(args) || usesTainted(masked.mid(open + 1, close - open - 1)))
            addOnce(int(m.capturedStart(1)),
                QStringLiteral("reads the test or the harness (`%1(%2)`): code that reads them can learn the inputs or the expected "
                               "output")
                    .arg(dotted, args.simplified().left(80)));
    }
    for (auto it = LintSource::globalMatch(pathMethod, masked); it.hasNext();) {
        const auto m = it.next();
        const PythonOutline::Span s = outline().statement(int(m.capturedStart()));
        const int from = s.start;
        const QString receiver = withStrings.mid(from, int(m.capturedStart()) - from);
        if (pointsAtHarness(receiver) || usesTainted(masked.mid(from, int(m.capturedStart()) - from)))
            addOnce(int(m.capturedStart()),
                QStringLiteral("reads the test or the harness (`…%1(`): code that reads them can learn the inputs or the expected output")
                    .arg(QLatin1Char('.') + m.captured(1)));
    }
    for (auto it = LintSource::globalMatch(frameAttribute, masked); it.hasNext();) {
        const auto m = it.next();
        addOnce(int(m.capturedStart()),
            QStringLiteral("looks at its caller (`.%1`): code that reads the test's frames can find the expected output or tell a timed "
                           "call from a checked one")
                .arg(m.captured(1)));
    }
    for (auto it = LintSource::globalMatch(mainModule, withStrings); it.hasNext();) {
        const auto m = it.next();
        int at = int(m.capturedStart());
        while (at < masked.size() && (masked.at(at) == QLatin1Char(' ') || masked.at(at) == QLatin1Char('\t')))
            ++at;
        if (at >= masked.size() || masked.at(at).isSpace())
            continue; // inside a string or a comment
        addOnce(at, QStringLiteral("looks at the harness's main module (`__main__`): the test's names and values are there"));
    }
}

void cppHints(const LintPrediction& p, LintHints& hints)
{
    const QString masked = LintSource::mask(p.text, LintSource::Language::Cpp, true);
    const QString withStrings = LintSource::mask(p.text, LintSource::Language::Cpp, false);
    static const QRegularExpression reader(
        QStringLiteral(R"(\b(?:fopen|std::ifstream|ifstream|std::fstream|fstream|open)\b[ \t]*+[\w]*+[ \t]*+[({])"));
    for (auto it = LintSource::globalMatch(reader, masked); it.hasNext();) {
        const auto m = it.next();
        const int end = int(masked.indexOf(QLatin1Char(';'), m.capturedEnd()));
        const QString args = withStrings.mid(int(m.capturedEnd()), (end < 0 ? int(masked.size()) : end) - int(m.capturedEnd())).left(400);
        if (args.contains(QLatin1String("__FILE__")) || pointsAtHarness(args))
            hints.append({HarnessReadCheck::name(), p.version, LintSource::lineAt(masked, int(m.capturedStart())),
                QStringLiteral("reads the test or the harness (`%1`): code that reads them can learn the inputs or the expected output")
                    .arg(m.captured(0).simplified() + args.simplified().left(80))});
    }
}

} // namespace

LintHints HarnessReadCheck::run(const LintTexts& texts)
{
    LintHints hints;
    LintSource::forEachProgram(
        texts.predictions, [&](const LintPrediction& p) { pythonHints(p, hints); }, [&](const LintPrediction& p) { cppHints(p, hints); });
    return hints;
}

} // namespace krw
