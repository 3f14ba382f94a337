// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/caseversions.h"

#include <QWidget>

class QTreeWidget;
class QTreeWidgetItem;
class QPushButton;

namespace krw {

// A case across iterations: each iteration with its outcome and flags, and below it the versions
// it produced. Any version can be diffed against the same version of the iteration before.
class HistoryPage : public QWidget
{
    Q_OBJECT
public:
    explicit HistoryPage(QWidget* parent = nullptr);

    void setCase(const Case& c, const QVector<CodeVersion>& versions);
    QTreeWidget* tree() const { return m_tree; }
    void compareSelectedWithPrevious();

Q_SIGNALS:
    void compareRequested(const QString& leftId, const QString& rightId);

private:
    void updateButton();

    QTreeWidget* m_tree;
    QPushButton* m_compareButton;
    Case m_case;
};

} // namespace krw
