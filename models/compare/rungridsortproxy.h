// SPDX-License-Identifier: MIT
#pragma once

#include <QSortFilterProxyModel>

namespace krw {

// Sorts a RunGridModel by its SortRole, either way, with the summary row always on top.
class RunGridSortProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit RunGridSortProxy(QObject* parent = nullptr);

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

} // namespace krw
