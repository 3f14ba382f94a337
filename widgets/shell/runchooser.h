// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/runchoice.h"

#include <optional>

class QWidget;

namespace krw {

// The window's half of RunChoice: where the rule says to ask (a folder of several runs, none named
// or remembered), the user picks one from the list, newest first, with the rule's note above it.
class RunChooser
{
public:
    // The run to open: choice.index unless choice asks; then the one picked, or nullopt when the
    // user cancels. title: the dialog's ("Choose a run"); path: the folder, named in the question.
    static std::optional<int> pick(QWidget* parent, const QString& title, const QString& path, const RunChoice& choice);
};

} // namespace krw
