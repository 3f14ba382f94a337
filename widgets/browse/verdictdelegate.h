// SPDX-License-Identifier: MIT
//
// How verdicts look: a small coloured shape per verdict (shape and hue both differ, so the
// icons stay apart for colour-blind readers), drawn from the palette at paint time (S3). The
// delegate puts the icon before a case's name in the case tree; models only say which verdict.
#pragma once

#include "review/annotations.h"

#include <QIcon>
#include <QPalette>
#include <QStyledItemDelegate>

namespace krw {

// An unreviewed case gets a faint hollow ring, so reviewed and unreviewed rows line up.
QIcon verdictIcon(Verdict verdict, const QPalette& palette, int size = 12);

class VerdictDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    // role: the model role holding int(Verdict); column: where the icon goes.
    VerdictDelegate(int role, int column, QObject* parent = nullptr);

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

private:
    int m_role;
    int m_column;
};

} // namespace krw
