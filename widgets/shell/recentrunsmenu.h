// SPDX-License-Identifier: MIT
#pragma once

#include <QMenu>

namespace krw {

// File ▸ Open Recent: the runs last opened (Settings::recentRuns), newest first, filled each time
// it opens. Choosing one that is no longer there removes it from the list and says so; Clear
// Menu forgets them all.
class RecentRunsMenu : public QMenu
{
    Q_OBJECT
public:
    explicit RecentRunsMenu(QWidget* parent = nullptr);

Q_SIGNALS:
    void openRequested(const QString& path, const QString& runName);

private:
    void fill();
    void choose(const QString& path, const QString& runName);
};

} // namespace krw
