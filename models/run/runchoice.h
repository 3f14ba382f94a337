// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/runlocator.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace krw {

// Which run of a located place to open: the one rule for the window, compare, the CLI and
// loadRunAtPath. A place may hold several runs (newest first, runlocator.h):
// - a name asked for explicitly (--run NAME, compare's run) must be there, else NoSuchRun;
// - a remembered name (the run open when the window closed, a recent run) that is gone is dropped
//   with a note, and the choice goes on as if none was asked for;
// - no name: the only run; with several, Ask when someone can be asked, else the newest, with a
//   note that names the others.
struct RunChoice
{
    enum class Request { Explicit, Remembered };
    enum class Outcome { Chosen, Ask, NoSuchRun, NothingFound };

    Outcome outcome = Outcome::NothingFound;
    int index = -1; // Chosen: the run; Ask: the one to offer first (the newest); else -1
    QStringList names; // every run located, newest first
    QString message; // NoSuchRun, NothingFound: why; Chosen, Ask: a note for the user, or empty

    static RunChoice of(const QString& path, const LocateResult& located, const QString& name = {}, Request request = Request::Explicit,
        bool canAsk = false);

    bool isChosen() const { return outcome == Outcome::Chosen; }
};

} // namespace krw

Q_DECLARE_METATYPE(krw::RunChoice)
