// SPDX-License-Identifier: MIT
#include "runner/remote/remotestager.h"

#include "models/work/jobtracker.h"
#include "models/work/workpools.h"
#include "runner/remote/remotecommand.h"
#include "runner/remote/remotefailure.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QTemporaryDir>
#include <QUuid>

#include <algorithm>

namespace krw {

namespace {

const QString haveMarker = QStringLiteral("KRW-HAVE ");
const QString workMarker = QStringLiteral("KRW-WORK ");
const QString stagedMarker = QStringLiteral("KRW-STAGED ");
constexpr int maxScriptChars = 100000; // one argument of sh -c; Linux takes up to 128 KiB
constexpr int stepTimeoutMs = 120000;

struct Hashed
{
    QVector<StagedObject> objects;
    QString error;
    QString refused; // the job folder cannot be staged into: nothing was hashed
};

bool hashFile(const QString& path, StagedObject* object)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&file))
        return false;
    object->sha256 = QString::fromLatin1(hash.result().toHex());
    object->size = file.size();
    object->executable = QFileInfo(path).isExecutable();
    return true;
}

QString lastLines(const QString& output)
{
    QStringList lines = output.trimmed().split(QLatin1Char('\n'));
    while (lines.size() > 3)
        lines.removeFirst();
    return lines.join(QStringLiteral(" / ")).trimmed();
}

QString objectsFolder()
{
    return QStringLiteral("objects");
}

} // namespace

RemoteStager::RemoteStager(QObject* parent)
    : QObject(parent)
    , m_hashJob(new JobTracker(this))
{
    qRegisterMetaType<krw::StageResult>();
    connect(&m_job, &ProcessJob::output, this, [this](const QString& text) { m_output += text; });
    connect(&m_job, &ProcessJob::finished, this, [this](const ProcessOutcome& outcome) {
        switch (m_step) {
        case Step::Listing:
            return onListed(outcome);
        case Step::Uploading:
            return onUploaded(outcome);
        case Step::Placing:
            return onPlaced(outcome);
        case Step::Idle:
            return;
        }
    });
}

RemoteStager::~RemoteStager() = default;

QString RemoteStager::checkRelativePath(const QString& path)
{
    if (path.isEmpty())
        return QStringLiteral("an empty path");
    if (path.startsWith(QLatin1Char('/')) || path.startsWith(QLatin1Char('~')))
        return QStringLiteral("%1 is not relative").arg(path);
    const QStringList parts = path.split(QLatin1Char('/'));
    for (const QString& part : parts) {
        if (part == QLatin1String(".."))
            return QStringLiteral("%1 leaves its folder (..)").arg(path);
    }
    if (path.contains(QLatin1Char('\n')) || path.contains(QLatin1Char('\0')))
        return QStringLiteral("%1 holds a line break").arg(path);
    return {};
}

QVector<StagedObject> RemoteStager::hashFiles(const QVector<StageFile>& files, QString* error)
{
    QVector<StagedObject> objects;
    for (const StageFile& file : files) {
        const QString bad = checkRelativePath(file.remotePath);
        if (!bad.isEmpty()) {
            *error = QStringLiteral("cannot stage %1: %2").arg(file.localPath, bad);
            return {};
        }
        const QFileInfo info(file.localPath);
        if (info.isDir()) {
            const QDir root(file.localPath);
            QStringList inside;
            QDirIterator it(file.localPath, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString relative = root.relativeFilePath(path);
                if (!relative.split(QLatin1Char('/')).contains(QLatin1String("__pycache__")))
                    inside += relative;
            }
            std::sort(inside.begin(), inside.end());
            for (const QString& relative : inside) {
                StagedObject object{root.filePath(relative), file.remotePath + QLatin1Char('/') + relative, {}, 0, false};
                if (!hashFile(object.localPath, &object)) {
                    *error = QStringLiteral("cannot read %1").arg(object.localPath);
                    return {};
                }
                objects += object;
            }
            continue;
        }
        StagedObject object{file.localPath, file.remotePath, {}, 0, false};
        if (!info.isFile() || !hashFile(file.localPath, &object)) {
            *error = QStringLiteral("cannot read %1").arg(file.localPath);
            return {};
        }
        objects += object;
    }
    return objects;
}

void RemoteStager::stage(const RemoteHost& host, const QVector<StageFile>& files, const QString& jobFolder)
{
    cancel();
    m_host = host;
    m_jobFolder = QDir::cleanPath(jobFolder);
    m_token = QUuid::createUuid().toString(QUuid::WithoutBraces).left(8);
    m_objects.clear();
    m_present.clear();
    m_missing.clear();
    m_work.clear();
    m_links.reset();
    m_result = StageResult{};
    m_running = true;
    const QString badJob = checkRelativePath(m_jobFolder);
    const QString refused = !badJob.isEmpty() || m_jobFolder == QLatin1String(".")
        ? QStringLiteral("cannot stage into job folder %1: %2")
              .arg(m_jobFolder, badJob.isEmpty() ? QStringLiteral("it is the work folder") : badJob)
        : QString();
    if (refused.isEmpty())
        Q_EMIT progress(QStringLiteral("Hashing the files for %1…").arg(host.displayName()));
    // Refused or hashed, the answer comes later, never inside this call; cancel() drops it.
    m_hashJob->start(
        WorkPools::jobs(),
        [files, refused] {
            Hashed hashed;
            hashed.refused = refused;
            if (refused.isEmpty())
                hashed.objects = hashFiles(files, &hashed.error);
            return hashed;
        },
        [this](const Hashed& hashed) {
            if (hashed.refused.isEmpty())
                return onHashed(hashed.objects, hashed.error);
            StageResult result;
            result.error = hashed.refused;
            finish(result);
        });
}

void RemoteStager::cancel()
{
    if (!m_running)
        return;
    m_hashJob->cancel(); // a hashing worker's result is dropped
    m_step = Step::Idle;
    m_job.cancel();
    StageResult result = m_result;
    result.ok = false;
    result.cancelled = true;
    result.error = QStringLiteral("cancelled");
    finish(result);
}

QString RemoteStager::failure(const ProcessOutcome& outcome, const QString& doing) const
{
    const QString why = RemoteFailure::describe(m_host.displayName(), outcome, m_output, false, doing);
    if (!why.isEmpty())
        return why;
    const QString last = lastLines(m_output);
    return QStringLiteral("%1 on %2 failed: %3%4")
        .arg(doing, m_host.displayName(), outcome.message, last.isEmpty() ? QString() : QStringLiteral(" (") + last + QLatin1Char(')'));
}

void RemoteStager::onHashed(const QVector<StagedObject>& objects, const QString& error)
{
    if (!error.isEmpty()) {
        StageResult result;
        result.error = error;
        return finish(result);
    }
    m_objects = objects;
    QStringList hashes;
    for (const StagedObject& object : objects) {
        if (!hashes.contains(object.sha256))
            hashes += object.sha256;
    }
    // The hashes are hex: no quoting needed inside the loop.
    const QString script = QStringLiteral("set -e; mkdir -p %1/%2/.incoming-%3; cd %1; printf '%4%s\\n' \"$(pwd -P)\"; "
                                          "for h in %5; do if [ -f %2/$h ]; then echo \"%6$h\"; fi; done")
                               .arg(RemoteCommand::quotePath(m_host.workFolder), objectsFolder(), m_token, workMarker,
                                   hashes.join(QLatin1Char(' ')), haveMarker);
    m_step = Step::Listing;
    m_output.clear();
    Q_EMIT progress(QStringLiteral("Asking %1 which of %2 files it has…").arg(m_host.displayName()).arg(objects.size()));
    m_job.start(RemoteCommand::ssh(m_host, script, stepTimeoutMs));
}

void RemoteStager::onListed(const ProcessOutcome& outcome)
{
    if (outcome.kind != ProcessOutcome::Kind::Ok) {
        StageResult result;
        result.error = failure(outcome, QStringLiteral("checking which files the host has"));
        return finish(result);
    }
    const QStringList lines = m_output.split(QLatin1Char('\n'));
    for (const QString& raw : lines) {
        const QString line = raw.trimmed();
        if (line.startsWith(workMarker))
            m_work = line.mid(workMarker.size());
        else if (line.startsWith(haveMarker))
            m_present.insert(line.mid(haveMarker.size()));
    }
    if (m_work.isEmpty()) {
        StageResult result;
        result.error = QStringLiteral("%1 did not say where its work folder %2 is (%3)")
                           .arg(m_host.displayName(), m_host.workFolder, lastLines(m_output));
        return finish(result);
    }
    m_result.jobFolder = m_work + QLatin1Char('/') + m_jobFolder;
    for (const StagedObject& object : std::as_const(m_objects)) {
        if (!m_present.contains(object.sha256) && !m_missing.contains(object.sha256)) {
            m_missing += object.sha256;
            m_result.uploadedBytes += object.size;
        }
    }
    if (m_missing.isEmpty())
        return place();
    upload();
}

void RemoteStager::upload()
{
    // scp names each copy after its source: the sources are links named by hash.
    m_links = std::make_unique<QTemporaryDir>();
    if (!m_links->isValid()) {
        StageResult result;
        result.error = QStringLiteral("cannot make a temporary folder to send files from: %1").arg(m_links->errorString());
        return finish(result);
    }
    QStringList sources;
    for (const QString& hash : std::as_const(m_missing)) {
        const auto object = std::find_if(m_objects.cbegin(), m_objects.cend(), [&hash](const StagedObject& o) { return o.sha256 == hash; });
        const QString link = m_links->filePath(hash);
        if (!QFile::link(QFileInfo(object->localPath).absoluteFilePath(), link)) {
            StageResult result;
            result.error = QStringLiteral("cannot link %1 to send it").arg(object->localPath);
            return finish(result);
        }
        sources += link;
    }
    m_step = Step::Uploading;
    m_output.clear();
    m_result.transfers += 1;
    Q_EMIT progress(QStringLiteral("Sending %1 of %2 files (%3) to %4…")
                        .arg(m_missing.size())
                        .arg(m_objects.size())
                        .arg(QLocale::c().formattedDataSize(m_result.uploadedBytes), m_host.displayName()));
    const QString incoming = m_work + QLatin1Char('/') + objectsFolder() + QStringLiteral("/.incoming-") + m_token;
    m_job.start(RemoteCommand::upload(m_host, sources, incoming));
}

void RemoteStager::onUploaded(const ProcessOutcome& outcome)
{
    m_links.reset();
    if (outcome.kind != ProcessOutcome::Kind::Ok) {
        StageResult result = m_result;
        result.error = failure(outcome, QStringLiteral("sending files"));
        return finish(result);
    }
    m_result.uploaded = int(m_missing.size());
    place();
}

void RemoteStager::place()
{
    const QString incoming = objectsFolder() + QStringLiteral("/.incoming-") + m_token;
    QStringList lines{QStringLiteral("set -e"), QStringLiteral("cd ") + RemoteCommand::shellQuote(m_work)};
    if (!m_missing.isEmpty()) // renamed into place whole: an object is there entirely or not at all
        lines += QStringLiteral("for h in %1; do mv -f %2/$h %3/$h; done").arg(m_missing.join(QLatin1Char(' ')), incoming, objectsFolder());
    lines += QStringLiteral("rmdir %1 2>/dev/null || true").arg(incoming);
    QStringList folders{m_jobFolder};
    for (const StagedObject& object : std::as_const(m_objects)) {
        const QString folder = QFileInfo(m_jobFolder + QLatin1Char('/') + object.remotePath).path();
        if (!folders.contains(folder))
            folders += folder;
    }
    lines += QStringLiteral("mkdir -p ") + RemoteCommand::shellLine(folders);
    for (const StagedObject& object : std::as_const(m_objects)) {
        // A copy, not a link: a step that writes to its files must not change the kept object.
        const QString target = RemoteCommand::shellQuote(m_jobFolder + QLatin1Char('/') + object.remotePath);
        lines += QStringLiteral("cp -f %1/%2 %3").arg(objectsFolder(), object.sha256, target);
        if (object.executable)
            lines += QStringLiteral("chmod +x ") + target;
    }
    lines += QStringLiteral("printf '%1%s\\n' \"$(pwd -P)\"/%2").arg(stagedMarker, RemoteCommand::shellQuote(m_jobFolder));
    const QString script = lines.join(QLatin1Char('\n'));
    if (script.size() > maxScriptChars) {
        StageResult result = m_result;
        result.error = QStringLiteral("too many files to stage at once (%1)").arg(m_objects.size());
        return finish(result);
    }
    m_step = Step::Placing;
    m_output.clear();
    Q_EMIT progress(QStringLiteral("Placing %1 files on %2…").arg(m_objects.size()).arg(m_host.displayName()));
    m_job.start(RemoteCommand::ssh(m_host, script, stepTimeoutMs));
}

void RemoteStager::onPlaced(const ProcessOutcome& outcome)
{
    StageResult result = m_result;
    if (outcome.kind != ProcessOutcome::Kind::Ok) {
        result.error = failure(outcome, QStringLiteral("placing files"));
        return finish(result);
    }
    const QStringList lines = m_output.split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (line.trimmed().startsWith(stagedMarker))
            result.jobFolder = line.trimmed().mid(stagedMarker.size());
    }
    result.ok = true;
    result.files = int(m_objects.size());
    finish(result);
}

void RemoteStager::finish(StageResult result)
{
    m_step = Step::Idle;
    m_running = false;
    m_links.reset();
    Q_EMIT finished(result);
}

} // namespace krw
