// SPDX-License-Identifier: MIT
//
// The one place that includes qcustomplot.h (M6); include this instead.
//
// qcustomplot.h 2.1 loops with `foreach` in two inline templates (QCustomPlot::plottableAt and
// itemAt). We build with QT_NO_FOREACH, under which Qt defines neither `foreach` nor
// `Q_FOREACH`. Undefining QT_NO_FOREACH here would not help once any Qt header has been read,
// because qglobal.h (Qt 5) / qforeach.h (Qt 6) decide only once. So `foreach` gets a meaning for
// the length of this include only: a range-for, which is enough for those loops (they only read
// the list). push/pop restores whatever the name meant before, and nothing of ours can use it.
#pragma once

#pragma push_macro("foreach")
#undef foreach
#define foreach(variable, container) for (variable : container)
#include <qcustomplot.h>
#pragma pop_macro("foreach")
