// SPDX-License-Identifier: MIT
#pragma once

#include "models/compare/rungrid.h"

#include <QDialog>

#include <atomic>
#include <memory>

class QLabel;
class QListWidget;
class QPushButton;
class QTableView;
class QTimer;

namespace krw {

class JobTracker;
class RunGridModel;
class RunGridSortProxy;

// File ▸ Compare Several Runs… (issue 13: "the same benchmark across 5 agent versions"): a list of
// runs (the window's own first), each loaded on a worker with the others, then a case × run grid
// of newest outcomes, sortable by any column, with a summary row per run on top (RunGridModel).
class RunGridDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RunGridDialog(const QStringList& paths, QWidget* parent = nullptr);
    ~RunGridDialog() override;

    void addPath(const QString& path);
    QStringList paths() const;
    // Loads every run listed (off the UI thread) and shows the grid; gridShown() when it is.
    void showGrid();
    void cancel();

    QTableView* table() const { return m_table; }
    RunGridModel* model() const { return m_model; }
    QLabel* status() const { return m_status; }

    // The case and run of a grid cell (a case row; the run of its column, the first run for the
    // case and "passed in" columns), or empty strings for the summary row.
    QPair<QString, QString> caseAndRunAt(const QModelIndex& index) const;

Q_SIGNALS:
    void gridShown(bool ok); // false: a run could not be loaded (status() says which) or cancelled
    // A cell double-clicked (or Enter): the window shows that case of that run (MainWindow::openCaseOfRun).
    void caseActivated(const QString& filename, const QString& runPath);

private:
    struct Loaded
    {
        RunGrid grid;
        QString error; // the first run that could not be loaded, and why
        bool cancelled = false;
    };
    static Loaded loadAll(
        const QStringList& paths, const std::shared_ptr<std::atomic<int>>& progress, const std::shared_ptr<std::atomic<bool>>& cancelled);

    QListWidget* m_list;
    QPushButton* m_add;
    QPushButton* m_remove;
    QPushButton* m_show;
    QPushButton* m_cancel;
    QLabel* m_status;
    QTableView* m_table;
    RunGridModel* m_model;
    RunGridSortProxy* m_sorted;
    JobTracker* m_loads; // the runs loaded for the grid; a newer load drops the older one's answer
    QTimer* m_poll; // how many are loaded so far, while they load
    std::shared_ptr<std::atomic<int>> m_loaded;
    int m_loading = 0; // runs being loaded
    QStringList m_gridPaths; // the runs of the grid shown, in its column order
    std::shared_ptr<std::atomic<bool>> m_cancelled;
};

} // namespace krw
