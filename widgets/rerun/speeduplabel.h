// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/rerunresult.h"

#include <QLabel>

namespace krw {

// The timing headline under the verdict, with what it rests on: the device-time speedup and its
// 95 % interval ("within noise" when that contains 1), the call-time speedup beside it and where
// the device time came from. A wrong result's speedup says it does not count; a result older than
// device timing says its figure is stream-event time without an interval. Hidden without timing.
// The tooltip has the sums, the cache flush and the peak bandwidth.
class SpeedupLabel : public QLabel
{
    Q_OBJECT
public:
    explicit SpeedupLabel(QWidget* parent = nullptr);

    void showResult(const RerunResult& result);

    static QString headline(const RerunResult& result); // empty without timing
    static QString details(const TimingStage& timing);
};

} // namespace krw
