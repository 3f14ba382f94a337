// SPDX-License-Identifier: MIT
#include "widgets/shell/runchooser.h"

#include <QCoreApplication>
#include <QInputDialog>

namespace krw {

std::optional<int> RunChooser::pick(QWidget* parent, const QString& title, const QString& path, const RunChoice& choice)
{
    if (choice.outcome != RunChoice::Outcome::Ask)
        return choice.index;
    bool ok = false;
    const QString question
        = QCoreApplication::translate("RunChooser", "%1 holds %2 runs (newest first):").arg(path).arg(choice.names.size());
    const QString name = QInputDialog::getItem(parent, title,
        (choice.message.isEmpty() ? QString() : choice.message + QLatin1Char('\n')) + question, choice.names, choice.index, false, &ok);
    if (!ok)
        return std::nullopt;
    return int(choice.names.indexOf(name));
}

} // namespace krw
