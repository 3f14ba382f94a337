// SPDX-License-Identifier: MIT
#pragma once

class QWidget;

namespace krw {

// "Run without a sandbox?" where bubblewrap is missing: asked at the first rerun (single or batch)
// that needs it, and the answer kept until the application quits (never saved).
bool askToRunUnsandboxed(QWidget* parent);
void forgetUnsandboxedAnswer(); // as a new session would (tests)

} // namespace krw
