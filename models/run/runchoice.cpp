// SPDX-License-Identifier: MIT
#include "models/run/runchoice.h"

namespace krw {

RunChoice RunChoice::of(const QString& path, const LocateResult& located, const QString& name, Request request, bool canAsk)
{
    RunChoice choice;
    if (!located) {
        choice.message = located.error;
        return choice;
    }
    for (const RunSource& run : located.runs)
        choice.names.append(run.name);
    const QString list = choice.names.join(QStringLiteral(", "));
    QString note;
    if (!name.isEmpty()) {
        choice.index = int(choice.names.indexOf(name));
        if (choice.index >= 0) {
            choice.outcome = Outcome::Chosen;
            return choice;
        }
        if (request == Request::Explicit) {
            choice.outcome = Outcome::NoSuchRun;
            choice.message = QStringLiteral("%1: no run named \"%2\" (found: %3)").arg(path, name, list);
            return choice;
        }
        note = QStringLiteral("%1 no longer holds the run \"%2\". ").arg(path, name);
    }
    choice.index = 0;
    if (choice.names.size() == 1) {
        choice.outcome = Outcome::Chosen;
        choice.message = note.trimmed();
        return choice;
    }
    choice.outcome = canAsk ? Outcome::Ask : Outcome::Chosen;
    choice.message = canAsk ? note.trimmed()
                            : note
            + QStringLiteral("%1 holds %2 runs (%3); showing the newest, \"%4\". Choose one with --run NAME.")
                  .arg(path)
                  .arg(choice.names.size())
                  .arg(list, choice.names.first());
    return choice;
}

} // namespace krw
