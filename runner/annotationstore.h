// SPDX-License-Identifier: MIT
//
// The annotations of one run, kept in a sidecar JSON file next to the run (never inside its
// dataset files). Every change is written before set() returns, atomically (QSaveFile), so a
// crash or kill -9 at any moment leaves either the old or the new file and loses nothing that
// set() acknowledged. Several windows or processes may hold the same run: each write happens
// under a lock file and merges what the others wrote since this store last read the file.
#pragma once

#include "annotations.h"
#include "rundata.h"

#include <QObject>

class QFileSystemWatcher;

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
    // Beside the run: <run folder>/.kernel-review/<run name>/annotations.json. Where that folder
    // cannot be written (read-only, embedded sample): under the user's data folder, keyed by the
    // run's path and content.
    static Location locate(const Run& run);

    explicit AnnotationStore(Location location, QString runName, QObject* parent = nullptr);
    ~AnnotationStore() override;

    const Location& location() const { return m_location; }

    // Reads the file (a missing file is an empty set). False with error when it cannot be read or
    // parsed at all; problems() lists entries that were skipped.
    bool load(QString* error);
    const QStringList& problems() const { return m_problems; }

    const AnnotationMap& annotations() const { return m_annotations; }
    CaseAnnotation annotation(const QString& caseName) const { return m_annotations.value(caseName); }
    int reviewedCount() const;

    // Replaces one case's annotation (an empty one removes it) and writes the file. Returns true
    // once the change is on disk; false with error (the change is kept in memory and retried
    // with the next write).
    bool set(const QString& caseName, const CaseAnnotation& annotation, QString* error);

    // Re-reads the file now (also done on its own when the file changes on disk).
    void reload();

Q_SIGNALS:
    // Another window or process changed these cases; annotations() already holds their change.
    void changedExternally(const QStringList& caseNames);
    // Both this store and another writer changed the same case since the last read. Both
    // changes were merged (tags and comments united; for verdict and note ours wins and theirs
    // is named in message), nothing silently dropped.
    void conflict(const QString& caseName, const QString& message);

private:
    bool writeLocked(const QString& caseName, QString* error);

    Location m_location;
    QString m_runName;
    AnnotationMap m_annotations; // what this store shows
    AnnotationMap m_base; // what the file held when this store last read or wrote it
    QStringList m_problems;
    QFileSystemWatcher* m_watcher = nullptr;
};

} // namespace krw
