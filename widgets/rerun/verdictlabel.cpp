// SPDX-License-Identifier: MIT
#include "widgets/rerun/verdictlabel.h"

#include "models/rerun/rerunchecks.h"
#include "models/rerun/rerunformat.h"
#include "models/rerun/verdictlevel.h"
#include "widgets/theme/themes.h"

#include <QEvent>

namespace krw {

VerdictLabel::VerdictLabel(QWidget* parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("rerunVerdict"));
    setTextFormat(Qt::PlainText); // the failure text comes from tools
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = font();
    bold.setBold(true);
    setFont(bold);
}

VerdictLabel::Tone VerdictLabel::toneOf(const RerunResult& result)
{
    // A pass with notes is a pass (VerdictLevel); a suspect one never looks like it.
    static const QStringList fine{
        VerdictLevel::clean(), VerdictLevel::notes(), QStringLiteral("compiled"), QStringLiteral("not_run"), QStringLiteral("cancelled")};
    return fine.contains(VerdictLevel::of(result)) && VerdictLevel::suspectFlags(result.flags, result.raisedFlags).isEmpty()
        ? Tone::Plain
        : Tone::Problem;
}

void VerdictLabel::showResult(const RerunResult& r)
{
    const bool suspect = !VerdictLevel::suspectFlags(r.flags, r.raisedFlags).isEmpty();
    QString text = (suspect ? QStringLiteral("⚠ ") : QString()) + tr("Verdict: %1").arg(r.verdictLine(true));
    // Accuracy flags that are not the battery's (no_tensors, ...) say what the comparison missed.
    QStringList accuracyFlags;
    for (const QString& flag : r.accuracy ? r.accuracy->flags : QStringList()) {
        if (!r.flags.contains(flag))
            accuracyFlags << flag;
    }
    if (!accuracyFlags.isEmpty())
        text += QStringLiteral(" · ⚠ %1").arg(accuracyFlags.join(QStringLiteral(", ")));
    if (!r.failure.isEmpty())
        text += QStringLiteral(" — ") + r.failure.section(QLatin1Char('\n'), 0, 0);
    QStringList tips;
    if (!r.failure.isEmpty())
        tips << r.failure;
    for (const QString& flag : r.flags + accuracyFlags) {
        const QString why = VerdictLevel::why(flag);
        tips << (why.isEmpty()
                ? describeFlag(flag)
                : tr("%1 (%2: %3)")
                      .arg(describeFlag(flag), VerdictLevel::isSuspect(flag, r.flags, r.raisedFlags) ? VerdictLevel::suspect() : tr("note"),
                          why));
        for (const QString& note : flagNotes(r, flag))
            tips << QStringLiteral("  ") + note;
    }
    showMessage(text, toneOf(r), tips.join(QLatin1Char('\n')));
}

void VerdictLabel::showMessage(const QString& text, Tone tone, const QString& toolTip)
{
    setText(text);
    setToolTip(toolTip);
    m_tone = tone;
    applyTone();
}

void VerdictLabel::applyTone()
{
    if (m_applying)
        return;
    m_applying = true;
    if (m_tone == Tone::Problem) {
        // Only the text colour is set, from the palette the label would have: everything else
        // keeps following the parent's palette.
        QPalette own;
        own.setColor(QPalette::WindowText, problemTextColor(parentWidget() ? parentWidget()->palette() : palette()));
        setPalette(own);
    } else {
        setPalette(QPalette()); // nothing of its own: inherits the parent's palette
    }
    m_applying = false;
}

void VerdictLabel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        applyTone(); // light ↔ dark: the problem colour has a variant for each
    QLabel::changeEvent(event);
}

} // namespace krw
