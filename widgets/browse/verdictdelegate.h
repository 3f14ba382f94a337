// SPDX-License-Identifier: MIT
//
// How verdicts look: a small coloured shape per verdict (shape and hue both differ, so the
// icons stay apart for colour-blind readers), drawn from the palette at paint time (S3). The
// delegate puts the icon before a case's name in the case tree; models only say which verdict.
#pragma once

#include "models/review/annotations.h"

#include <QHash>
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
    QIcon iconFor(Verdict verdict, const QPalette& palette) const;

    int m_role;
    int m_column;
    // Icons by verdict and the colours they are drawn from. A tree of 10,000 cases asks for one
    // per row each time its columns are sized to their contents (up to 1,000 rows a column):
    // painting one each time stalled the window for tenths of a second.
    mutable QHash<QString, QIcon> m_icons;
};

} // namespace krw
