// SPDX-License-Identifier: MIT
#pragma once

#include "runner/batch/batchrunner.h"
#include "runner/pipeline/rerunpipeline.h"
#include "runner/pipeline/rerunrequest.h"

#include <QVector>

namespace krw {

// Runs many reruns at once (docs/RUNNER.md "Batch reruns"). Probe and compile of up to `jobs`
// cases run side by side; a case whose profile runs code on a GPU then waits for a device of its
// own (one harness per device), handed to it through HIP_VISIBLE_DEVICES (rocm) or
// CUDA_VISIBLE_DEVICES (hip-nvidia). Harnesses of the cpu profile count as jobs. Results arrive
// in the order cases finish. Lives on the UI thread; all work happens in child processes.
class RerunBatch : public BatchRunner
{
    Q_OBJECT
public:
    struct Limits
    {
        int jobs = 1; // probe + compile (+ cpu harness) at once
        int devices = 1; // GPU harnesses at once, on devices 0 .. devices-1
    };

    explicit RerunBatch(QObject* parent = nullptr);
    ~RerunBatch() override;

    void start(const QVector<RerunRequest>& requests, Limits limits);
    // Stops what runs and what waits; cases that never started finish as Cancelled too.
    void cancel() override;
    bool isRunning() const override { return m_running; }
    int count() const override { return int(m_requests.size()); }
    int finishedCount() const override { return m_finished; }

    static bool usesGpu(const ToolchainProfile& profile);
    // The environment that hands device `index` to a harness of this profile.
    static QStringList deviceEnvironment(const ToolchainProfile& profile, int index);

Q_SIGNALS: // and BatchRunner's caseStarted, caseFinished, finished
    void stageChanged(int index, krw::RerunStage stage);
    void waitingForDevice(int index); // compiled; every device is busy

private:
    struct Slot
    {
        RerunPipeline* pipeline = nullptr;
        int index = -1;
        int device = -1; // held while its harness runs
        bool countsAsJob = true; // false once it waits for, or holds, a device
    };

    void fill();
    void startCase(int index);
    void onHarnessReady(RerunPipeline* pipeline);
    void onFinished(RerunPipeline* pipeline, const RerunResult& result);
    void handOutDevices();
    Slot* slotOf(RerunPipeline* pipeline);
    int jobsInUse() const;
    void finishIfDone();

    QVector<RerunRequest> m_requests;
    Limits m_limits;
    QVector<Slot> m_slots;
    QVector<RerunPipeline*> m_waiting; // compiled, in the order they became ready
    QVector<bool> m_deviceBusy;
    int m_next = 0;
    int m_finished = 0;
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace krw
