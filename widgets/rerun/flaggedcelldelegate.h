// SPDX-License-Identifier: MIT
#pragma once

#include <QStyledItemDelegate>

namespace krw {

// Draws a cell whose model says it is flagged (a bool in the given role) in the theme's problem
// colour (problemTextColor) and bold, read from the view's palette at paint time (S3). The
// model only says which cells; how a flag looks is decided here.
class FlaggedCellDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit FlaggedCellDelegate(int flaggedRole, QObject* parent = nullptr);

    // Public so a test can read what would be painted.
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

private:
    int m_role;
};

} // namespace krw
