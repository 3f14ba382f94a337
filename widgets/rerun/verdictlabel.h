// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"

#include <QLabel>

namespace krw {

// A rerun's verdict as every view shows it (RerunResult::verdictLine): "Verdict: passed — 2
// warnings: output_reused, launch_bound". A clean pass reads in the window's text colour; a pass
// with warnings, a wrong output or a failure read bold in the theme's problem colour
// (problemTextColor), recomputed when the palette changes (S3), so a flagged pass never looks
// like a clean one. The tooltip says what each warning means and what was seen.
class VerdictLabel : public QLabel
{
    Q_OBJECT
public:
    enum class Tone { Plain, Problem };

    explicit VerdictLabel(QWidget* parent = nullptr);

    void showResult(const RerunResult& result);
    void showMessage(const QString& text, Tone tone = Tone::Plain, const QString& toolTip = {});
    Tone tone() const { return m_tone; }

    static Tone toneOf(const RerunResult& result);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyTone();

    Tone m_tone = Tone::Plain;
    bool m_applying = false;
};

} // namespace krw
