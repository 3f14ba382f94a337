// SPDX-License-Identifier: MIT
#include "runner/batch/rerunbatch.h"

#include <algorithm>

namespace krw {

RerunBatch::RerunBatch(QObject* parent)
    : BatchRunner(parent)
{
    // Its signals carry stages: Qt 5 queues and spies on them only once registered (results: BatchRunner).
    qRegisterMetaType<krw::RerunStage>();
}

RerunBatch::~RerunBatch()
{
    // Pipelines are children: deleting them ends their processes' groups (ProcessJob).
    for (const Slot& slot : std::as_const(m_slots))
        disconnect(slot.pipeline, nullptr, this, nullptr);
}

bool RerunBatch::usesGpu(const ToolchainProfile& profile)
{
    return profile.runsCode() && profile.kind != ToolchainProfile::Kind::Cpu;
}

QStringList RerunBatch::deviceEnvironment(const ToolchainProfile& profile, int index)
{
    // One variable only: on ROCm both are honoured, one after the other, so setting both to "1"
    // would leave no device visible.
    const QString name = profile.kind == ToolchainProfile::Kind::HipNvidia ? QStringLiteral("CUDA_VISIBLE_DEVICES")
                                                                           : QStringLiteral("HIP_VISIBLE_DEVICES");
    return {QStringLiteral("%1=%2").arg(name).arg(index)};
}

void RerunBatch::start(const QVector<RerunRequest>& requests, Limits limits)
{
    Q_ASSERT(!m_running);
    m_requests = requests;
    m_limits = {std::max(1, limits.jobs), std::max(1, limits.devices)};
    m_slots.clear();
    m_waiting.clear();
    m_deviceBusy = QVector<bool>(m_limits.devices, false);
    m_next = 0;
    m_finished = 0;
    m_cancelled = false;
    m_running = true;
    for (RerunRequest& request : m_requests)
        request.waitForDevice = usesGpu(request.profile);
    // From the event loop, so that connections made right after start() see every signal.
    QMetaObject::invokeMethod(
        this,
        [this] {
            fill();
            finishIfDone();
        },
        Qt::QueuedConnection);
}

void RerunBatch::cancel()
{
    if (!m_running || m_cancelled)
        return;
    m_cancelled = true;
    // Cases that never started end here, in order; running ones end through their pipelines.
    while (m_next < m_requests.size()) {
        const int index = m_next++;
        RerunResult result;
        result.caseName = m_requests.at(index).caseName;
        result.versionId = m_requests.at(index).candidateId;
        result.versionTitle = m_requests.at(index).candidateTitle;
        result.baselineId = m_requests.at(index).baselineId;
        result.profile = m_requests.at(index).profile.name;
        result.status = RerunResult::Status::Cancelled;
        result.failure = QStringLiteral("cancelled before it started");
        ++m_finished;
        Q_EMIT caseFinished(index, result);
    }
    const QVector<Slot> running = m_slots; // cancel() may finish a pipeline at once
    for (const Slot& slot : running)
        slot.pipeline->cancel();
    finishIfDone();
}

int RerunBatch::jobsInUse() const
{
    return int(std::count_if(m_slots.cbegin(), m_slots.cend(), [](const Slot& s) { return s.countsAsJob; }));
}

void RerunBatch::fill()
{
    while (!m_cancelled && m_next < m_requests.size() && jobsInUse() < m_limits.jobs)
        startCase(m_next++);
}

void RerunBatch::startCase(int index)
{
    auto* pipeline = new RerunPipeline(this);
    m_slots.append({pipeline, index, -1, true});
    connect(pipeline, &RerunPipeline::stageChanged, this, [this, index](RerunStage stage) { Q_EMIT stageChanged(index, stage); });
    connect(pipeline, &RerunPipeline::harnessReady, this, [this, pipeline] { onHarnessReady(pipeline); });
    connect(pipeline, &RerunPipeline::finished, this, [this, pipeline](const RerunResult& result) { onFinished(pipeline, result); });
    Q_EMIT caseStarted(index);
    pipeline->start(m_requests.at(index));
}

RerunBatch::Slot* RerunBatch::slotOf(RerunPipeline* pipeline)
{
    for (Slot& slot : m_slots) {
        if (slot.pipeline == pipeline)
            return &slot;
    }
    return nullptr;
}

void RerunBatch::onHarnessReady(RerunPipeline* pipeline)
{
    Slot* slot = slotOf(pipeline);
    if (!slot)
        return;
    const int index = slot->index;
    slot->countsAsJob = false; // its compile slot goes to the next case
    m_waiting.append(pipeline);
    // May end pipelines at once (a harness that cannot start), which changes m_slots: no slot
    // pointer is used after it.
    handOutDevices();
    if (m_waiting.contains(pipeline))
        Q_EMIT waitingForDevice(index);
    fill();
}

void RerunBatch::handOutDevices()
{
    while (!m_waiting.isEmpty()) {
        const auto free = std::find(m_deviceBusy.begin(), m_deviceBusy.end(), false);
        if (free == m_deviceBusy.end())
            return;
        const int device = int(free - m_deviceBusy.begin());
        RerunPipeline* pipeline = m_waiting.takeFirst();
        Slot* slot = slotOf(pipeline);
        if (!slot)
            continue;
        m_deviceBusy[device] = true;
        slot->device = device;
        pipeline->continueWithDevice(deviceEnvironment(m_requests.at(slot->index).profile, device));
    }
}

void RerunBatch::onFinished(RerunPipeline* pipeline, const RerunResult& result)
{
    const auto it = std::find_if(m_slots.begin(), m_slots.end(), [pipeline](const Slot& s) { return s.pipeline == pipeline; });
    if (it == m_slots.end())
        return;
    const Slot slot = *it;
    m_slots.erase(it);
    m_waiting.removeAll(pipeline);
    if (slot.device >= 0)
        m_deviceBusy[slot.device] = false;
    // Not deleted here: the pipeline is still inside its own finished signal.
    disconnect(pipeline, nullptr, this, nullptr);
    pipeline->deleteLater();
    ++m_finished;
    Q_EMIT caseFinished(slot.index, result);
    if (!m_running)
        return;
    if (!m_cancelled) // a receiver may have cancelled; then nothing new starts
        handOutDevices();
    fill();
    finishIfDone();
}

void RerunBatch::finishIfDone()
{
    if (!m_running || !m_slots.isEmpty() || (m_next < m_requests.size() && !m_cancelled))
        return;
    m_running = false;
    Q_EMIT finished(m_cancelled);
}

} // namespace krw
