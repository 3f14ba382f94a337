// SPDX-License-Identifier: MIT
#include "widgets/shell/recentrunsmenu.h"

#include "widgets/settings/settings.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>

namespace krw {

RecentRunsMenu::RecentRunsMenu(QWidget* parent)
    : QMenu(tr("Open &Recent"), parent)
{
    setObjectName(QStringLiteral("recentRunsMenu"));
    setIcon(QIcon::fromTheme(QStringLiteral("document-open-recent")));
    connect(this, &QMenu::aboutToShow, this, &RecentRunsMenu::fill);
    fill(); // so that the menu is not empty (and disabled) before it first opens
}

void RecentRunsMenu::fill()
{
    clear();
    const QVector<RecentRun> runs = Settings::instance()->recentRuns();
    int number = 0;
    for (const RecentRun& run : runs) {
        ++number;
        const QString where = QDir::toNativeSeparators(run.path);
        QString title = run.name.isEmpty() ? where : tr("%1 — %2").arg(run.name, where);
        title.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* action = addAction(number < 10 ? QStringLiteral("&%1 %2").arg(number).arg(title) : title);
        action->setToolTip(where);
        action->setStatusTip(where);
        connect(action, &QAction::triggered, this, [this, run] { choose(run.path, run.name); });
    }
    if (runs.isEmpty())
        addAction(tr("No recent runs"))->setEnabled(false);
    addSeparator();
    QAction* clearAll = addAction(tr("&Clear Menu"));
    clearAll->setEnabled(!runs.isEmpty());
    connect(clearAll, &QAction::triggered, this, [this] {
        Settings::instance()->clearRecentRuns();
        fill();
    });
}

void RecentRunsMenu::choose(const QString& path, const QString& runName)
{
    if (QFileInfo::exists(path)) {
        Q_EMIT openRequested(path, runName);
        return;
    }
    Settings::instance()->removeRecentRun(path, runName);
    fill();
    // Window-modal and without a nested event loop: the window goes on while it is shown.
    auto* box = new QMessageBox(QMessageBox::Information, tr("Run not found"),
        tr("%1 no longer exists; it was removed from the recent runs.").arg(QDir::toNativeSeparators(path)), QMessageBox::Ok,
        parentWidget());
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace krw
