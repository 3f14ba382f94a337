// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QAbstractTableModel>

namespace krw {

// The load warnings of a run, one row each: run, file, line, field, message. While two runs are
// compared the rows of both are listed, each with the run it came from (the Run column; with one
// run it says nothing new and the window hides it).
class WarningModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { RunColumn, FileColumn, LineColumn, FieldColumn, MessageColumn, NUM_COLUMNS };
    enum Roles { SortRole = Qt::UserRole, FilePathRole, LineRole };

    // One run's warnings; label says which run it is ("A · name"), its tooltip the run's folder.
    struct RunWarnings
    {
        QString label;
        QString path;
        QVector<LoadWarning> warnings;
    };

    explicit WarningModel(QObject* parent = nullptr);

    // One run; files inside runPath (its folder, or a file's folder) are named from there.
    void setWarnings(const QVector<LoadWarning>& warnings, const QString& runPath = QString());
    void setRuns(const QVector<RunWarnings>& runs);
    int runCount() const { return int(m_runs.size()); }
    const LoadWarning& warningAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // Row r is warning r - m_starts[i] of run i, the last i with m_starts[i] <= r.
    QVector<RunWarnings> m_runs;
    QVector<int> m_starts;
    int m_rows = 0;
    int runOf(int row) const;
};

} // namespace krw
