// SPDX-License-Identifier: MIT
//
// The annotations of one run, kept in a sidecar JSON file next to the run (never inside its
// dataset files). docs/ANNOTATIONS.md describes the file, where it lives and the merge rules.
//
// Crash safety: every write is of the whole file, atomically (QSaveFile: a temporary file,
// fsync, rename), so a crash or kill -9 at any moment leaves either the old or the new file and
// loses nothing that was acknowledged (set() returning true, or saveStateChanged(Saved)).
//
// Two ways to save. save() is for the UI thread and never waits: the change is in
// annotations() at once, the write is tried with a lock attempt that does not block and, while
// another writer holds the lock, retried from a timer for up to 10 s; saveStateChanged() says
// Saving, Saved or Failed (with the reason). set() is for headless writers: it waits for the
// lock (up to 10 s) and returns once the change is on disk.
//
// Several windows or processes may hold the same run. Each write happens under a lock file
// (annotations.json.lock) and is a three-way merge of what this store last read or wrote (the
// base), what it holds now (ours) and what the file holds now (theirs):
//   - a case only one side changed takes that side's state (removal included);
//   - a case both sides changed is merged field by field: a field only one side changed takes
//     that side's value; tags and line comments are merged as sets (comments by id): what either
//     side added is kept, what either side deleted is removed, except that a comment one side
//     edited survives the other side's deletion;
//   - where both sides changed the verdict, the note or one comment differently, ours wins and
//     conflict() names the other side's author and value. Their differing note is not dropped:
//     it is appended below ours after a line "— merged from <author>:".
// A file watcher does the same merge when another writer changes the file, and reports the
// cases that changed (changedExternally). Our own writes are recognised by their bytes and
// ignored.
//
// A sidecar that cannot be parsed (or holds entries that cannot) is never destroyed: the next
// write first copies it to annotations.json.corrupt-<UTC time>, and warning() says so. Valid
// entries of a partly broken file are kept.
#pragma once

#include "models/review/annotations.h"
#include "models/run/rundata.h"

#include <QDateTime>
#include <QObject>

class QFileSystemWatcher;
class QTimer;

namespace krw {

class AnnotationStore : public QObject
{
    Q_OBJECT
public:
    struct Location
    {
        QString path; // the sidecar file
        bool fallback = false; // true: the run's folder is read-only; kept in the user's data folder
    };
    // Beside the run: <run folder>/.kernel-review/<safe run name>/annotations.json (the folder
    // ResultStore uses). Where that folder cannot be written (read-only, embedded sample): under
    // the user's data folder, keyed by the run's path, name and content (each source file's name,
    // size and first 64 KiB), so another run later found at the same path starts without notes.
    // Reads at most 64 KiB per source file, and only in the fallback case.
    static Location locate(const Run& run);

    // What the sidecar file holds at one moment: read() is a pure function of the file, safe on
    // any thread, so a window reads it off the UI thread (RunSession) and hands it to load().
    struct FileState
    {
        enum class Kind {
            Missing,
            Unreadable, // exists but cannot be opened: never overwritten
            Broken, // cannot be used as a whole (not JSON, other format or version): set aside first
            Ok, // usable; problems may name cases or fields that were skipped (then also set aside first)
        };
        Kind kind = Kind::Missing;
        QByteArray bytes;
        AnnotationMap annotations;
        QStringList problems; // each names the file
        QString error; // Unreadable, Broken: one message naming the file
        QDateTime modified; // the file's, as read: load() reads again if it changed since

        bool needsCopy() const { return kind == Kind::Broken || (kind == Kind::Ok && !problems.isEmpty()); }
        bool usable() const { return kind == Kind::Missing || kind == Kind::Ok; } // else error says why
    };
    static FileState read(const QString& path);

    explicit AnnotationStore(Location location, QString runName, QObject* parent = nullptr);
    ~AnnotationStore() override;

    const Location& location() const { return m_location; }

    // Takes what read() found in the file (a missing file is an empty set) and starts watching
    // it. False with error (naming the file) when it cannot be read or parsed at all; the file is
    // left as it is and set aside before the next write. problems() lists entries that were
    // skipped or repaired. load(error) reads the file itself, on the calling thread.
    bool load(const FileState& state, QString* error);
    bool load(QString* error);
    const QStringList& problems() const { return m_problems; }

    const AnnotationMap& annotations() const { return m_annotations; }
    CaseAnnotation annotation(const QString& caseName) const { return m_annotations.value(caseName); }
    int reviewedCount() const;

    // Replaces one case's annotation (an empty one removes it), merges with other writers and
    // writes the file. Returns true once the change is on disk; false with error (the change is
    // kept in memory and written with the next successful write). Waits for the lock: never on
    // the UI thread.
    bool set(const QString& caseName, const CaseAnnotation& annotation, QString* error);

    // The same change without waiting (see above). Several saves in a row are written together.
    enum class SaveState { Saved, Saving, Failed };
    Q_ENUM(SaveState)
    void save(const QString& caseName, const CaseAnnotation& annotation);
    void save(const AnnotationMap& changes); // several cases, in one write
    SaveState saveState() const { return m_saveState; }
    const QString& saveError() const { return m_saveError; } // why the last save failed

    // Re-reads the file now and merges it with unsaved local changes (also done on its own,
    // shortly after the file changes on disk).
    void reload();

    // The three-way merge described above, for every case of the three maps. conflicts: case →
    // message naming the other side's author and what of theirs lost.
    struct MergeResult
    {
        AnnotationMap merged;
        QMap<QString, QString> conflicts;
    };
    static MergeResult merge(const AnnotationMap& base, const AnnotationMap& ours, const AnnotationMap& theirs);

Q_SIGNALS:
    // Another window or process changed these cases; annotations() already holds their change.
    void changedExternally(const QStringList& caseNames);
    // Both this store and another writer changed the same case since the last read. Both
    // changes were merged (see above); message says what of theirs did not win.
    void conflict(const QString& caseName, const QString& message);
    // A problem with the file that is not an error of one call: a broken sidecar was set aside,
    // or a change on disk could not be read. The message names the file.
    void warning(const QString& message);
    // save() progress: Saving while a write waits for the lock, then Saved or Failed (message:
    // why, naming the file). A Saved after Saving, or after Failed, always comes.
    void saveStateChanged(krw::AnnotationStore::SaveState state, const QString& message);

private:
    struct Outcome; // the signals one call owes, emitted once the lock is released
    enum class Write { Done, Busy, Failed };
    Write writeLocked(Outcome* outcome, QString* error, bool wait);
    bool writeUnderLock(Outcome* outcome, QString* error);
    void store(const QString& caseName, const CaseAnnotation& annotation);
    void attemptSave();
    void setSaveState(SaveState state, const QString& message);
    bool keepBrokenCopy(const FileState& state, Outcome* outcome, QString* error);
    void adopt(const MergeResult& result, Outcome* outcome);
    void report(const Outcome& outcome);
    void watch();

    Location m_location;
    QString m_runName;
    AnnotationMap m_annotations; // what this store shows
    AnnotationMap m_base; // what the file held when this store last read or wrote it
    QByteArray m_lastBytes; // the file's bytes then: a change notification with these is our own
    QStringList m_problems;
    QFileSystemWatcher* m_watcher = nullptr;
    QTimer* m_reloadTimer = nullptr; // coalesces the bursts of notifications one write causes
    QTimer* m_retryTimer = nullptr; // save(): the next lock attempt while another writer holds it
    qint64 m_retryingSinceMs = -1; // when the pending save first found the lock taken
    SaveState m_saveState = SaveState::Saved;
    QString m_saveError;
};

} // namespace krw
