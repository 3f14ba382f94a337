// SPDX-License-Identifier: MIT
#include "models/review/annotationstore.h"

#include "models/review/filelock.h"
#include "models/storage/sidecarfolder.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QTimer>

namespace krw {

namespace {

constexpr qint64 ContentPrefixBytes = 64 * 1024; // of each source file, for the fallback key
// A write holds the lock for milliseconds; a writer that dies drops it at once (FileLock).
constexpr int LockWaitMs = 10000;
constexpr int ReloadDelayMs = 50; // one write causes several notifications (temp file, rename, lock)

QByteArray runContentKey(const Run& run)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData((run.path + QLatin1Char('\n') + run.name).toUtf8());
    if (!run.sources)
        return hash.result();
    for (const SourceFile& source : *run.sources) {
        QFile file(source.path);
        const bool open = file.open(QIODevice::ReadOnly);
        const qint64 size = open ? file.size() : source.size;
        hash.addData((QLatin1Char('\n') + QFileInfo(source.path).fileName() + QLatin1Char('\n') + QString::number(size)).toUtf8());
        if (open)
            hash.addData(file.read(ContentPrefixBytes));
    }
    return hash.result();
}

// annotationsFromJson names the case in every per-case problem; anything else means the file as
// a whole could not be used (not JSON, another format, a newer version).
bool isWholeFileProblem(const QStringList& problems)
{
    for (const QString& problem : problems) {
        if (!problem.startsWith(QLatin1String("case \"")))
            return true;
    }
    return false;
}

bool sameComment(const LineComment& a, const LineComment& b)
{
    CaseAnnotation x, y; // CaseAnnotation's == compares comments field by field
    x.comments = {a};
    y.comments = {b};
    return x == y;
}

const LineComment* findComment(const QVector<LineComment>& comments, const QString& id)
{
    for (const LineComment& c : comments) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

// One value both sides may have changed: a side that left it as in base takes the other's.
template<typename T>
T threeWay(const T& base, const T& ours, const T& theirs, bool* conflict)
{
    if (ours == base)
        return theirs;
    if (theirs != base && theirs != ours)
        *conflict = true;
    return ours;
}

// Added on either side: kept; deleted on either side: removed. Ours first, in our order.
QStringList mergeTags(const QStringList& base, const QStringList& ours, const QStringList& theirs)
{
    QStringList merged;
    for (const QString& tag : ours) {
        if (theirs.contains(tag) || !base.contains(tag))
            merged.append(tag);
    }
    for (const QString& tag : theirs) {
        if (!ours.contains(tag) && !base.contains(tag))
            merged.append(tag);
    }
    return merged;
}

// As tags, by id; a comment one side edited survives the other side's deletion, and where both
// edited one comment differently ours wins (named in lost).
QVector<LineComment> mergeComments(
    const QVector<LineComment>& base, const QVector<LineComment>& ours, const QVector<LineComment>& theirs, QStringList* lost)
{
    QVector<LineComment> merged;
    for (const LineComment& o : ours) {
        const LineComment* b = findComment(base, o.id);
        const LineComment* t = findComment(theirs, o.id);
        if (t) {
            const bool oursChanged = !b || !sameComment(o, *b);
            const bool theirsChanged = !b || !sameComment(*t, *b);
            merged.append(oursChanged ? o : *t);
            if (oursChanged && theirsChanged && !sameComment(o, *t))
                lost->append(QStringLiteral("their edit of the comment on line %1 was replaced by yours").arg(o.anchor.line + 1));
        } else if (!b || !sameComment(o, *b)) {
            merged.append(o); // added by us, or edited by us while they deleted it
        }
    }
    for (const LineComment& t : theirs) {
        if (findComment(ours, t.id))
            continue;
        const LineComment* b = findComment(base, t.id);
        if (!b || !sameComment(t, *b))
            merged.append(t); // added by them, or edited by them while we deleted it
    }
    return merged;
}

QString mergedNote(const QString& ours, const QString& theirs, const QString& who)
{
    const QString separator = QStringLiteral("— merged from %1:").arg(who);
    const QString appended = separator + QStringLiteral("\n\n") + theirs;
    return ours.isEmpty() ? appended : ours + QStringLiteral("\n\n") + appended;
}

CaseAnnotation mergeCase(const CaseAnnotation& b, const CaseAnnotation& o, const CaseAnnotation& t, QStringList* lost)
{
    const QString who = t.author.isEmpty() ? QStringLiteral("another window") : t.author;
    CaseAnnotation m;
    bool verdictConflict = false;
    m.verdict = threeWay(b.verdict, o.verdict, t.verdict, &verdictConflict);
    if (verdictConflict)
        lost->append(QStringLiteral("their verdict \"%1\" was replaced by yours \"%2\"")
                         .arg(verdictInfo(t.verdict).title, verdictInfo(o.verdict).title));
    bool noteConflict = false;
    m.note = threeWay(b.note, o.note, t.note, &noteConflict);
    if (noteConflict && t.note.isEmpty()) {
        lost->append(QStringLiteral("they had cleared the note; yours was kept"));
    } else if (noteConflict) {
        m.note = mergedNote(o.note, t.note, who);
        lost->append(QStringLiteral("their note was kept below yours under \"— merged from %1\"").arg(who));
    }
    m.tags = mergeTags(b.tags, o.tags, t.tags);
    m.comments = mergeComments(b.comments, o.comments, t.comments, lost);
    const bool theirsLater = t.modified.isValid() && (!o.modified.isValid() || t.modified > o.modified);
    m.author = theirsLater ? t.author : o.author;
    m.modified = theirsLater ? t.modified : o.modified;
    return m;
}

QStringList differingCases(const AnnotationMap& before, const AnnotationMap& after)
{
    QStringList names;
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        if (after.value(it.key()) != *it)
            names.append(it.key());
    }
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        if (!before.contains(it.key()))
            names.append(it.key());
    }
    names.sort();
    return names;
}

} // namespace

struct AnnotationStore::Outcome
{
    QStringList changed;
    QMap<QString, QString> conflicts;
    QStringList warnings;
};

AnnotationStore::Location AnnotationStore::locate(const Run& run)
{
    const SidecarFolder folder = SidecarFolder::locate(run.path, run.name, [&] { return runContentKey(run); });
    return {QDir(folder.path).filePath(QStringLiteral("annotations.json")), folder.fallback};
}

AnnotationStore::AnnotationStore(Location location, QString runName, QObject* parent)
    : QObject(parent)
    , m_location(std::move(location))
    , m_runName(std::move(runName))
    , m_watcher(new QFileSystemWatcher(this))
    , m_reloadTimer(new QTimer(this))
{
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(ReloadDelayMs);
    connect(m_reloadTimer, &QTimer::timeout, this, &AnnotationStore::reload);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_reloadTimer, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_reloadTimer, qOverload<>(&QTimer::start));
    m_retryTimer = new QTimer(this);
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &AnnotationStore::attemptSave);
}

AnnotationStore::~AnnotationStore() = default;

AnnotationStore::FileState AnnotationStore::read(const QString& path)
{
    FileState state;
    QFile file(path);
    if (!file.exists())
        return state;
    state.modified = QFileInfo(path).lastModified();
    if (!file.open(QIODevice::ReadOnly)) {
        state.kind = FileState::Kind::Unreadable;
        state.error = QStringLiteral("cannot read the annotations file %1: %2").arg(path, file.errorString());
        return state;
    }
    state.bytes = file.readAll();
    QStringList problems;
    state.annotations = annotationsFromJson(state.bytes, &problems);
    for (const QString& problem : problems)
        state.problems.append(QStringLiteral("%1: %2").arg(path, problem));
    if (isWholeFileProblem(problems)) {
        state.kind = FileState::Kind::Broken;
        state.error = QStringLiteral("the annotations file %1 cannot be used (%2); it is left as it is and "
                                     "copied aside before the next change is saved")
                          .arg(path, problems.join(QStringLiteral("; ")));
    } else {
        state.kind = FileState::Kind::Ok;
    }
    return state;
}

bool AnnotationStore::load(QString* error)
{
    return load(read(m_location.path), error);
}

bool AnnotationStore::load(const FileState& state, QString* error)
{
    watch(); // creates nothing: the first write makes the folder
    // Read on another thread a moment ago: a write since then came before the watch.
    if (QFileInfo(m_location.path).lastModified() != state.modified)
        m_reloadTimer->start();
    m_problems = state.problems;
    m_lastBytes = state.bytes;
    m_annotations = state.annotations;
    m_base = state.annotations;
    if (!state.usable()) {
        *error = state.error;
        return false;
    }
    return true;
}

int AnnotationStore::reviewedCount() const
{
    int n = 0;
    for (const CaseAnnotation& a : m_annotations)
        n += a.isReviewed() ? 1 : 0;
    return n;
}

void AnnotationStore::store(const QString& caseName, const CaseAnnotation& annotation)
{
    // Kept as the file would hold it, so that "changed since base" means a real change.
    const CaseAnnotation stored = normalizedAnnotation(annotation);
    if (stored.isEmpty())
        m_annotations.remove(caseName);
    else
        m_annotations.insert(caseName, stored);
}

bool AnnotationStore::set(const QString& caseName, const CaseAnnotation& annotation, QString* error)
{
    store(caseName, annotation);
    Outcome outcome;
    const bool written = writeLocked(&outcome, error, /*wait=*/true) == Write::Done;
    watch();
    report(outcome);
    return written;
}

void AnnotationStore::save(const QString& caseName, const CaseAnnotation& annotation)
{
    AnnotationMap one;
    one.insert(caseName, annotation);
    save(one);
}

void AnnotationStore::save(const AnnotationMap& changes)
{
    for (auto it = changes.cbegin(); it != changes.cend(); ++it)
        store(it.key(), *it);
    if (m_retryTimer->isActive())
        return; // a write is already waiting for the lock: it writes this change too
    m_retryingSinceMs = -1;
    attemptSave();
}

void AnnotationStore::attemptSave()
{
    Outcome outcome;
    QString error;
    const Write result = writeLocked(&outcome, &error, /*wait=*/false);
    watch();
    if (result == Write::Busy) {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (m_retryingSinceMs < 0)
            m_retryingSinceMs = now;
        if (now - m_retryingSinceMs < LockWaitMs) {
            setSaveState(SaveState::Saving, QStringLiteral("waiting for another writer of %1").arg(m_location.path));
            // Short random pauses, so several waiting writers take turns.
            m_retryTimer->start(10 + QRandomGenerator::global()->bounded(40));
        } else {
            m_retryingSinceMs = -1;
            setSaveState(SaveState::Failed, error);
        }
    } else {
        m_retryingSinceMs = -1;
        setSaveState(result == Write::Done ? SaveState::Saved : SaveState::Failed, error);
    }
    report(outcome);
}

void AnnotationStore::setSaveState(SaveState state, const QString& message)
{
    m_saveError = state == SaveState::Failed ? message : QString();
    if (state == SaveState::Saving && m_saveState == SaveState::Saving)
        return; // one Saving per wait, however many attempts
    m_saveState = state;
    Q_EMIT saveStateChanged(state, message);
}

void AnnotationStore::reload()
{
    const FileState state = read(m_location.path);
    watch();
    if (state.kind == FileState::Kind::Missing || state.bytes == m_lastBytes)
        return; // our own write, or nothing new; a deleted file is written again in full next time
    m_lastBytes = state.bytes;
    Outcome outcome;
    if (state.kind != FileState::Kind::Ok) {
        outcome.warnings.append(state.error);
    } else {
        m_problems = state.problems;
        if (!state.problems.isEmpty())
            outcome.warnings.append(state.problems.join(QLatin1Char('\n')));
        adopt(merge(m_base, m_annotations, state.annotations), &outcome);
        m_base = state.annotations;
    }
    report(outcome);
}

// Under the lock: read what other writers left, merge, write. Signals wait until the lock is
// released (a slot may well call set() again). Without wait, a lock held by another writer
// gives Busy at once (error says who holds it).
AnnotationStore::Write AnnotationStore::writeLocked(Outcome* outcome, QString* error, bool wait)
{
    const QString folder = QFileInfo(m_location.path).path();
    if (!QDir().mkpath(folder)) {
        *error = QStringLiteral("cannot create the folder %1 for the annotations").arg(folder);
        return Write::Failed;
    }
    FileLock lock(m_location.path + QStringLiteral(".lock"));
    if (wait) {
        if (!lock.lock(LockWaitMs, error))
            return Write::Failed;
    } else {
        switch (lock.tryLock(error)) {
        case FileLock::Attempt::Locked:
            break;
        case FileLock::Attempt::Busy:
            *error = QStringLiteral("%1 for %2 s; the change is kept and written with the next save")
                         .arg(lock.busyMessage())
                         .arg(LockWaitMs / 1000);
            return Write::Busy;
        case FileLock::Attempt::Failed:
            return Write::Failed;
        }
    }
    return writeUnderLock(outcome, error) ? Write::Done : Write::Failed;
}

bool AnnotationStore::writeUnderLock(Outcome* outcome, QString* error)
{
    const FileState theirs = read(m_location.path);
    if (theirs.kind == FileState::Kind::Unreadable) {
        *error = theirs.error;
        return false;
    }
    if (theirs.needsCopy() && !keepBrokenCopy(theirs, outcome, error))
        return false;
    // A broken or deleted file tells nothing about other writers: merge as if it still held our base.
    const AnnotationMap theirMap = theirs.kind == FileState::Kind::Ok ? theirs.annotations : m_base;
    const MergeResult result = merge(m_base, m_annotations, theirMap);
    const QByteArray bytes = annotationsToJson(result.merged, m_runName);
    QSaveFile file(m_location.path);
    const bool written = file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
    adopt(result, outcome);
    if (!written) {
        m_base = theirMap;
        m_lastBytes = theirs.bytes;
        *error = QStringLiteral("cannot write the annotations file %1: %2").arg(m_location.path, file.errorString());
        return false;
    }
    m_base = result.merged;
    m_lastBytes = bytes;
    return true;
}

bool AnnotationStore::keepBrokenCopy(const FileState& state, Outcome* outcome, QString* error)
{
    const QString stem
        = m_location.path + QStringLiteral(".corrupt-") + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    QString copyPath = stem;
    for (int n = 2; QFileInfo::exists(copyPath); ++n)
        copyPath = stem + QLatin1Char('-') + QString::number(n);
    QSaveFile copy(copyPath);
    if (!copy.open(QIODevice::WriteOnly) || copy.write(state.bytes) != state.bytes.size() || !copy.commit()) {
        *error = QStringLiteral("the annotations file %1 has problems and could not be copied aside to %2 (%3); "
                                "it was not replaced")
                     .arg(m_location.path, copyPath, copy.errorString());
        return false;
    }
    const QString why = state.kind == FileState::Kind::Broken ? state.error : state.problems.join(QStringLiteral("; "));
    outcome->warnings.append(QStringLiteral("%1 had problems (%2). The file as it was is kept as %3; the new file holds "
                                            "every entry that could be read.")
                                 .arg(m_location.path, why, copyPath));
    return true;
}

void AnnotationStore::adopt(const MergeResult& result, Outcome* outcome)
{
    outcome->changed = differingCases(m_annotations, result.merged);
    outcome->conflicts = result.conflicts;
    m_annotations = result.merged;
}

void AnnotationStore::report(const Outcome& outcome)
{
    for (const QString& warning : outcome.warnings)
        Q_EMIT this->warning(warning);
    for (auto it = outcome.conflicts.cbegin(); it != outcome.conflicts.cend(); ++it)
        Q_EMIT conflict(it.key(), *it);
    if (!outcome.changed.isEmpty())
        Q_EMIT changedExternally(outcome.changed);
}

// An atomic rename replaces the file's inode, which drops the watch on it: add it again after
// every change. Its folder is watched too, so that a file created by another writer is seen; and
// until the first write has made that folder (nothing is created before), the nearest folder
// above it that exists (the run's folder), so that another writer's first write is seen as its
// folders appear. Each time the watch moves down a level it reads again: the file may have been
// written between the notification and the new watch.
void AnnotationStore::watch()
{
    QStringList wanted;
    if (QFileInfo::exists(m_location.path))
        wanted.append(m_location.path);
    QString folder = QFileInfo(m_location.path).absolutePath();
    while (!QFileInfo(folder).isDir()) {
        const QString parent = QFileInfo(folder).absolutePath();
        if (parent == folder)
            break;
        folder = parent;
    }
    if (QFileInfo(folder).isDir())
        wanted.append(folder);
    const QStringList watched = m_watcher->files() + m_watcher->directories();
    for (const QString& path : watched) {
        if (!wanted.contains(path))
            m_watcher->removePath(path);
    }
    bool movedDown = false;
    for (const QString& path : qAsConst(wanted)) {
        if (!watched.contains(path) && m_watcher->addPath(path))
            movedDown = movedDown || (path == folder && !watched.isEmpty());
    }
    if (movedDown)
        m_reloadTimer->start();
}

AnnotationStore::MergeResult AnnotationStore::merge(const AnnotationMap& base, const AnnotationMap& ours, const AnnotationMap& theirs)
{
    QStringList names = base.keys() + ours.keys() + theirs.keys();
    names.removeDuplicates();
    MergeResult result;
    for (const QString& name : names) {
        const CaseAnnotation b = base.value(name), o = ours.value(name), t = theirs.value(name);
        CaseAnnotation merged;
        if (o == b) {
            merged = t;
        } else if (t == b || t == o) {
            merged = o;
        } else {
            QStringList lost;
            merged = mergeCase(b, o, t, &lost);
            if (!lost.isEmpty())
                result.conflicts.insert(name,
                    QStringLiteral("\"%1\" was also changed by %2: %3.")
                        .arg(name, t.author.isEmpty() ? QStringLiteral("another window") : t.author, lost.join(QStringLiteral("; "))));
        }
        if (!merged.isEmpty())
            result.merged.insert(name, merged);
    }
    return result;
}

} // namespace krw
