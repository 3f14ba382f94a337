// SPDX-License-Identifier: MIT
#include "models/batch/speedupbins.h"

#include <QCoreApplication>

#include <array>

namespace krw {

namespace {

// Bin edges; the first and last bins are open.
constexpr std::array<double, 7> Edges = {0.5, 0.8, 0.95, 1.05, 1.25, 2.0, 4.0};

QString edge(double x)
{
    return QString::number(x, 'g', 3);
}

} // namespace

SpeedupBins speedupBins(const QVector<double>& speedups)
{
    SpeedupBins bins;
    if (speedups.isEmpty()) {
        bins.emptyMessage = QCoreApplication::translate("krw::SpeedupBins", "No clean pass with a timing: no speedup to plot");
        return bins;
    }
    const int n = int(Edges.size()) + 1;
    bins.counts = QVector<double>(n, 0);
    for (const double s : speedups) {
        int i = 0;
        while (i < int(Edges.size()) && s >= Edges.at(size_t(i)))
            ++i;
        ++bins.counts[i];
    }
    bins.total = int(speedups.size());
    for (int i = 0; i < n; ++i) {
        const QString label = i == 0 ? QStringLiteral("< %1×").arg(edge(Edges.front()))
            : i == n - 1             ? QStringLiteral("≥ %1×").arg(edge(Edges.back()))
                                     : QStringLiteral("%1–%2×").arg(edge(Edges.at(size_t(i - 1))), edge(Edges.at(size_t(i))));
        bins.axis.labels << label;
        bins.axis.toolTips << QCoreApplication::translate("krw::SpeedupBins", "%1: %2 of %3 clean passes")
                                  .arg(label)
                                  .arg(int(bins.counts.at(i)))
                                  .arg(bins.total);
    }
    return bins;
}

} // namespace krw
