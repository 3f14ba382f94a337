// SPDX-License-Identifier: MIT
#include "models/rerun/rerunresult.h"
#include "runner/pipeline/staticconfirmation.h"

#include <QTest>

using namespace krw;

namespace {

// Tries its kernel and falls back to torch when it fails: the static check fallback sees it.
const QString fallingBack = QStringLiteral("import torch\n\n"
                                           "def call_kernel(x):\n"
                                           "    try:\n"
                                           "        return launch(x)\n"
                                           "    except Exception:\n"
                                           "        return torch.sin(x)\n");

const QString honest = QStringLiteral("import torch\nimport triton\nimport triton.language as tl\n\n"
                                      "@triton.jit\n"
                                      "def k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):\n"
                                      "    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
                                      "    tl.store(out_ptr + o, tl.sin(tl.load(x_ptr + o, mask=o < n)), mask=o < n)\n\n"
                                      "def call_kernel(x):\n"
                                      "    out = torch.empty_like(x)\n"
                                      "    k[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK=1024)\n"
                                      "    return out\n");

const QString label = QStringLiteral("import torch\n\ndef call_kernel(x):\n    return torch.sin(x)\n");
const QString test = QStringLiteral("import torch\nresult_gold = {'a': call_kernel(torch.randn(8))}\n");

RerunResult flagged(const QString& flag)
{
    RerunResult r;
    r.accuracy = AccuracyStage{};
    r.accuracy->ok = true;
    r.flags = QStringList{flag};
    for (const char* name : {"input_mutated", "output_reused", "no_own_kernel", "timer_disagrees"}) {
        CheckSummary check;
        check.name = QLatin1String(name);
        check.flagged = check.name == flag;
        r.checks << check;
    }
    return r;
}

QStringList notesOf(const RerunResult& r, const QString& check)
{
    for (const CheckSummary& c : r.checks) {
        if (c.name == check)
            return c.notes;
    }
    return {};
}

} // namespace

class TestStaticConfirmation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A fallback to torch and a no_own_kernel flag: the check says the code shows it, with the line.
    void aFlagTheSourceExplains()
    {
        const LintHints hints = StaticConfirmation::candidateHints(QStringLiteral("file:/c.py"), fallingBack, label, test);
        QVERIFY(std::any_of(hints.cbegin(), hints.cend(), [](const LintHint& h) { return h.check == QLatin1String("fallback"); }));
        RerunResult r = flagged(QStringLiteral("no_own_kernel"));
        StaticConfirmation::apply(&r, hints);
        const QStringList notes = notesOf(r, QStringLiteral("no_own_kernel"));
        QVERIFY2(!notes.isEmpty() && notes.first().startsWith(QStringLiteral("static check fallback agrees: line 7: ")),
            qPrintable(notes.join(QLatin1Char('\n'))));
        QVERIFY(notesOf(r, QStringLiteral("timer_disagrees")).isEmpty());
    }

    // The same hint with no flag raised adds nothing: the battery did not see its effect. Nor does
    // a flag the hint does not explain.
    void noFlagNoNote()
    {
        const LintHints hints = StaticConfirmation::candidateHints(QStringLiteral("file:/c.py"), fallingBack, label, test);
        RerunResult clean = flagged(QStringLiteral("none"));
        clean.flags.clear();
        StaticConfirmation::apply(&clean, hints);
        for (const CheckSummary& c : clean.checks)
            QVERIFY2(c.notes.isEmpty(), qPrintable(c.name));
        RerunResult other = flagged(QStringLiteral("output_reused"));
        StaticConfirmation::apply(&other, hints);
        for (const CheckSummary& c : other.checks)
            QVERIFY2(c.notes.isEmpty(), qPrintable(c.name));
    }

    // An honest Triton candidate raises no static hint of the candidate checks, and hints are the
    // candidate's only (the label's torch.sin is the reference, not a cheat).
    void honestCandidateHasNoHint()
    {
        const LintHints hints = StaticConfirmation::candidateHints(QStringLiteral("file:/c.py"), honest, label, test);
        for (const LintHint& h : hints)
            QVERIFY2(
                h.version == QLatin1String("file:/c.py") && h.check != QLatin1String("fallback") && h.check != QLatin1String("torch-work"),
                qPrintable(h.check + QLatin1String(": ") + h.message));
    }
};

QTEST_GUILESS_MAIN(TestStaticConfirmation)
#include "tst_staticconfirmation.moc"
