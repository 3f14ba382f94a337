// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QString>

#include <optional>

namespace krw {

class LoadSession;

// A KernelBench checkout as a run needs it: the problem files (KernelBench/level<L>/<P>_<Name>.py,
// the reference and its get_inputs) and the baseline timings (results/timing/<HW>/
// baseline_time_torch.json: {"level<L>": {"<P>_<Name>.py": {mean (ms), hardware, …}}}). Found from
// KRW_KERNELBENCH_DIR when set, else from the run's folder upwards (runs/<run> sits in the
// checkout), so a run copied with its checkout opens anywhere.
class KernelBenchCheckout
{
public:
    // The checkout for a run at folder, of level; not found() when there is none. Looked for in
    // KRW_KERNELBENCH_DIR, then the checkout the user chose (setChosen), then above the run.
    static KernelBenchCheckout find(const QString& folder, int level, LoadSession* session);

    // The checkout the user pointed to once in the window (remembered in its settings), for every
    // run opened after; empty: none. Thread-safe: runs load on workers.
    static void setChosen(const QString& root);
    static QString chosen();
    // Whether root looks like a KernelBench checkout: KernelBench/level<N>/ in it.
    static bool isCheckout(const QString& root);

    bool found() const { return !m_root.isEmpty(); }
    const QString& root() const { return m_root; }
    QString problemFile(int problem) const { return m_problems.value(problem); } // empty when absent
    // The eager PyTorch baseline of a problem file on the GPU named hardware (metadata.hardware).
    std::optional<double> baselineMs(const QString& problemFileName, const QString& hardware) const;
    // The GPUs there are baseline timings for, for a note when none matches.
    QStringList baselineHardware() const;

private:
    void readBaselines(int level, LoadSession* session);

    QString m_root;
    QHash<int, QString> m_problems; // problem id → path
    QHash<QString, QHash<QString, double>> m_baselines; // hardware → problem file name → mean ms
};

} // namespace krw
