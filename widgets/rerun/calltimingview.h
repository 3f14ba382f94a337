// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace krw {

class CallTimingModel;

// The timed calls of a rerun (CallTimingModel): per call device time, the speedup with its
// interval, the call-time speedup, bandwidth and share of the peak, and the call's flags in the
// problem colour; each row's tooltip has everything measured. A line under the table says where
// the device time came from, or that an older result has none.
class CallTimingView : public QWidget
{
    Q_OBJECT
public:
    explicit CallTimingView(QWidget* parent = nullptr);

    void showResult(const RerunResult& result);
    QTableView* table() const { return m_table; }
    QLabel* footer() const { return m_footer; }

private:
    CallTimingModel* m_model;
    QTableView* m_table;
    QLabel* m_footer;
};

} // namespace krw
