// SPDX-License-Identifier: MIT
#include "runner/process/terminaltext.h"

namespace krw {

QString withoutTerminalEscapes(const QString& text)
{
    constexpr QChar Esc(0x1b);
    constexpr QChar Bel(0x07);
    if (!text.contains(Esc))
        return text;
    QString out;
    out.reserve(text.size());
    const int n = int(text.size());
    int i = 0;
    while (i < n) {
        if (text.at(i) != Esc) {
            out.append(text.at(i++));
            continue;
        }
        if (i + 1 >= n)
            break; // a lone ESC at the end
        const QChar kind = text.at(i + 1);
        if (kind == QLatin1Char('[')) { // CSI: parameters and intermediates, then one final byte 0x40–0x7e
            i += 2;
            while (i < n && !(text.at(i).unicode() >= 0x40 && text.at(i).unicode() <= 0x7e))
                ++i;
            ++i;
        } else if (kind == QLatin1Char(']')) { // OSC: up to BEL or ESC backslash
            i += 2;
            while (i < n && text.at(i) != Bel && !(text.at(i) == Esc && i + 1 < n && text.at(i + 1) == QLatin1Char('\\')))
                ++i;
            i += (i < n && text.at(i) == Esc) ? 2 : 1;
        } else { // ESC and one more character (ESC 7, ESC =, …)
            i += 2;
        }
    }
    return out;
}

} // namespace krw
