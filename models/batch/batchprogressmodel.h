// SPDX-License-Identifier: MIT
#pragma once

#include "models/batch/batchsummary.h"

#include <QAbstractTableModel>
#include <QVector>

#include <optional>

namespace krw {

// The batch dialog's table: one row per case, filled as the batch goes (to run → queued → stage →
// verdict).
class BatchProgressModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { CaseColumn, StageColumn, VerdictColumn, SpeedupColumn, FlagsColumn, WhereColumn, TimeColumn, ColumnCount };
    static constexpr int CaseNameRole = Qt::UserRole + 1;

    explicit BatchProgressModel(QObject* parent = nullptr);

    // Rows for these cases, all queued; earlier ones are shown as done in an earlier session.
    void setCases(const QStringList& queued, const QStringList& doneEarlier = {});
    // What Start would run, before it runs: nothing is queued yet, so the rows say "to run".
    void setPreview(const QStringList& names);
    int rowOf(const QString& caseName) const;
    void setStage(const QString& caseName, const QString& stage);
    void setFinished(const BatchEntry& entry);
    void setQueued(const QString& caseName); // requeued: its result is gone until the new one comes
    void setCancelledQueued(); // what never started shows "cancelled" and stays resumable

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString caseName;
        QString stage; // "to run", "queued", "probe", "compile", …, "done", "done earlier"
        std::optional<BatchEntry> entry;
    };
    void changed(int row);

    QVector<Row> m_rows;
};

} // namespace krw
