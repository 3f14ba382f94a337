// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace krw {

// A program's output as text for a plain view: terminal control sequences (colours, cursor moves:
// ESC [ … final byte, ESC ] … BEL or ESC \, and two-byte ESC sequences) removed. rocminfo colours
// its output even into a pipe; shown as is, "ESC[31m" reads as a box and a bracket.
QString withoutTerminalEscapes(const QString& text);

} // namespace krw
