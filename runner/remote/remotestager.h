// SPDX-License-Identifier: MIT
#pragma once

#include "runner/process/processjob.h"
#include "runner/remote/remotehost.h"

#include <QObject>
#include <QSet>
#include <QVector>

#include <memory>

class QTemporaryDir;

namespace krw {

class JobTracker;

// A local file (or folder, with everything in it but __pycache__) and where it goes in the job folder.
struct StageFile
{
    QString localPath;
    QString remotePath; // relative to the job folder, no ".."
};

struct StagedObject // one local file, hashed
{
    QString localPath;
    QString remotePath;
    QString sha256; // hex
    qint64 size = 0;
    bool executable = false;
};

struct StageResult
{
    bool ok = false;
    bool cancelled = false;
    QString error; // for people, naming the host
    QString jobFolder; // absolute, on the host
    int files = 0; // placed in the job folder
    int uploaded = 0; // objects sent; the others were on the host already
    qint64 uploadedBytes = 0;
    int transfers = 0; // scp runs: 0 when the host had everything
};

// Puts the files a job needs on a RemoteHost (docs/RUNNER.md "Remote host (SSH)"), sending only
// what the host does not have yet: every file is kept once on the host under
// <work>/objects/<sha256>, so a harness or header set that did not change is never sent again.
// Four steps, none blocking: hash the files on a worker; one ssh asks which hashes the host has;
// one scp sends the missing ones (into a scratch folder, then renamed, so a broken upload is never
// taken for an object); one ssh copies the objects into <work>/<jobFolder>/<remotePath>.
class RemoteStager : public QObject
{
    Q_OBJECT
public:
    explicit RemoteStager(QObject* parent = nullptr);
    ~RemoteStager() override;

    // jobFolder: relative to the host's work folder ("jobs/1234"). finished() follows once.
    void stage(const RemoteHost& host, const QVector<StageFile>& files, const QString& jobFolder);
    void cancel();
    bool isRunning() const { return m_running; }

    // The files of a list, folders walked, each hashed; an error names the file it could not read.
    static QVector<StagedObject> hashFiles(const QVector<StageFile>& files, QString* error);
    // Empty when path may be used below the job folder, else why not.
    static QString checkRelativePath(const QString& path);

Q_SIGNALS:
    void progress(const QString& what); // "Sending 3 of 12 files (1.2 MiB) to gpu1…"
    void finished(const krw::StageResult& result);

private:
    void onHashed(const QVector<StagedObject>& objects, const QString& error);
    void onListed(const ProcessOutcome& outcome);
    void upload();
    void onUploaded(const ProcessOutcome& outcome);
    void place();
    void onPlaced(const ProcessOutcome& outcome);
    QString failure(const ProcessOutcome& outcome, const QString& doing) const;
    void finish(StageResult result);

    enum class Step { Idle, Listing, Uploading, Placing };

    RemoteHost m_host;
    Step m_step = Step::Idle;
    QString m_jobFolder;
    QString m_token; // names this staging's upload folder
    QVector<StagedObject> m_objects;
    QSet<QString> m_present; // hashes the host has
    QStringList m_missing; // hashes to send, each once
    QString m_work; // the work folder, absolute on the host
    JobTracker* m_hashJob; // the files' hashes, on a worker
    ProcessJob m_job;
    QString m_output;
    std::unique_ptr<QTemporaryDir> m_links; // the missing files under their hashes, for scp
    StageResult m_result;
    bool m_running = false;
};

} // namespace krw

Q_DECLARE_METATYPE(krw::StageResult)
