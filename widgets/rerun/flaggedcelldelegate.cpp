// SPDX-License-Identifier: MIT
#include "widgets/rerun/flaggedcelldelegate.h"

#include "widgets/theme/themes.h"

namespace krw {

FlaggedCellDelegate::FlaggedCellDelegate(int flaggedRole, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_role(flaggedRole)
{
}

void FlaggedCellDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (!index.data(m_role).toBool())
        return;
    const QColor problem = problemTextColor(option->palette);
    // Selected rows keep the selection's text colour: the problem colour on the highlight may not read.
    option->palette.setColor(QPalette::Text, problem);
    option->font.setBold(true);
}

} // namespace krw
