// SPDX-License-Identifier: MIT
#pragma once

#include "models/rerun/latestrerun.h"
#include "models/rerun/rerunresult.h"

#include <QMap>
#include <QString>

namespace krw {

// The sidecar folder of a run (SidecarFolder): rerun results and locally edited versions, kept
// next to the run and never inside its files. Where the run's folder cannot be written
// (read-only, or the embedded sample) it falls back to the user's data folder, keyed by the
// run's path and name. Each case has folders of its own, named by keyedFileName(), so two cases
// never share a history however alike their names are.
class ResultStore
{
public:
    static ResultStore forRun(const QString& runPath, const QString& runName);
    explicit ResultStore(QString root, bool fallback = false);

    const QString& root() const { return m_root; }
    bool isFallback() const { return m_fallback; }
    QString workRoot() const; // scratch folders for jobs

    bool save(const RerunResult& result, QString* error, QString* savedPath = nullptr) const; // *savedPath only when saved
    QVector<RerunResult> history(const QString& caseName) const; // oldest first
    QString resultsFolder(const QString& caseName) const; // where history() reads: may not exist yet
    // The newest readable result of each named case that has one; reads one file per case, so it
    // suits a whole run (off the UI thread: it touches every case's folder).
    LatestReruns newestPerCase(const QStringList& caseNames) const;

    // Edited copies of a version: the original stays untouched. Kept under the sanitized name.
    QString saveLocalVersion(const QString& caseName, const QString& name, const QString& text, QString* error) const;
    QMap<QString, QString> localVersions(const QString& caseName) const; // name → path
    // name → text of each; a file that cannot be read is left out and named in unreadable.
    QMap<QString, QString> localVersionTexts(const QString& caseName, QStringList* unreadable = nullptr) const;

private:
    QString caseFolder(const char* kind, const QString& caseName) const;

    QString m_root;
    bool m_fallback = false;
};

} // namespace krw
