// SPDX-License-Identifier: MIT
#pragma once

#include "runner/profile/toolchaininfo.h"
#include "runner/remote/remotehost.h"
#include "runner/remote/remotestager.h"
#include "runner/remote/remotesteps.h"

#include <QObject>

namespace krw {

// What RerunPipeline does first on a host, on its own, for the profile dialog's "Test
// connection" (docs/RUNNER.md "Remote host (SSH)"), through the same RemoteSteps: the harness
// folder is staged into a job folder of its own (the first ssh shows whether the host can be
// reached at all), then, in that folder, the host's Python runs `krw_harness.py probe` and the
// host's compiler answers `--version`. Failures are RemoteFailure's words ("cannot reach gpu1:
// …", "gpu1 has no python3 (…)"), else the probe's own. Never blocks the calling thread.
class HostProbe : public QObject
{
    Q_OBJECT
public:
    explicit HostProbe(QObject* parent = nullptr);

    // harnessDir: the local runner/harness folder (krw_harness.py and its modules).
    void start(const RemoteHost& host, const QString& harnessDir);
    void cancel(); // finished(false, "cancelled") follows
    bool isRunning() const { return m_running; }
    ToolchainInfo info() const { return m_info; } // after finished(): what the probe found

Q_SIGNALS:
    void output(const QString& text); // lines for people, as each step ends; "→ …" for a problem
    // ok: reached, and the Python imports torch and the compiler answered; else failure says
    // what failed, naming the host (several problems: one per line).
    void finished(bool ok, const QString& failure);

private:
    void onStaged(const StageResult& staged);
    void onProbed(const RemoteSteps::Probe& probe);
    void finish(bool ok, const QString& failure);

    RemoteHost m_host;
    RemoteSteps m_steps; // the pipeline's own host steps: stage, then probe Python and compiler
    int m_generation = 0; // callbacks of a cancelled probe are not ours any more
    ToolchainInfo m_info;
    bool m_running = false;
};

} // namespace krw
