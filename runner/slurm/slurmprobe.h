// SPDX-License-Identifier: MIT
#pragma once

#include "runner/process/processjob.h"
#include "runner/profile/toolchainprofile.h"

#include <QObject>

namespace krw {

class JobTracker;

// The profile dialog's "Test connection" for a Slurm profile (docs/RUNNER.md "Slurm cluster"):
// `sinfo` (the controller answers, the partition exists), then whether the shared folder exists
// and a file can be made in it (on a worker thread: a network file system may take its time), and
// where the worker program is. Never blocks the calling thread.
class SlurmProbe : public QObject
{
    Q_OBJECT
public:
    explicit SlurmProbe(QObject* parent = nullptr);
    ~SlurmProbe() override;

    void start(const SlurmSettings& settings);
    bool isRunning() const { return m_running; }

    // Blocking, for a worker: empty when dir is a folder a file can be created in (and removed
    // again), else why not, naming the folder.
    static QString checkSharedFolder(const QString& dir);

Q_SIGNALS:
    void output(const QString& text); // lines for people, as each step ends; "→ …" for a problem
    void finished(bool ok, const QString& failure); // failure: what failed, one problem per line

private:
    void onSinfo(const ProcessOutcome& outcome);
    void checkFolder(); // on a worker thread
    void onFolderChecked(const QString& problem);

    SlurmSettings m_settings;
    ProcessJob m_job;
    QString m_sinfoOutput;
    QStringList m_problems;
    JobTracker* m_folderCheck; // the shared folder checked on a worker
    bool m_running = false;
};

} // namespace krw
