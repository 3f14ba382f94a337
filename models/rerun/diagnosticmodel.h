// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/diagnostic.h"

#include <QAbstractTableModel>

namespace krw {

// The compiler messages of one compile step, one row each. Colours and icons are the view's
// business: SeverityRole carries int(Diagnostic::Severity) and a delegate maps it (L2).
class DiagnosticModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { SeverityColumn, FileColumn, LineColumn, ColumnColumn, MessageColumn, NUM_COLUMNS };
    enum Roles {
        SortRole = Qt::UserRole,
        SeverityRole, // int(Diagnostic::Severity), any column
        LineRole, // 0 when the message names no line
        FileRole, // the path as the compiler printed it
    };

    explicit DiagnosticModel(QObject* parent = nullptr);

    void setDiagnostics(const QVector<Diagnostic>& diagnostics);
    const QVector<Diagnostic>& diagnostics() const { return m_diagnostics; }
    const Diagnostic& diagnosticAt(int row) const { return m_diagnostics.at(row); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant displayData(const Diagnostic& d, int column) const;
    QVariant sortData(const Diagnostic& d, int column) const;

    QVector<Diagnostic> m_diagnostics;
};

} // namespace krw
