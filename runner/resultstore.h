// SPDX-License-Identifier: MIT
#pragma once

#include "rerunresult.h"

#include <QMap>
#include <QString>

#include <functional>

namespace krw {

// Where a run's sidecar files go. Beside the run: <run folder>/.kernel-review/<safe run name>.
// Where that cannot be written (read-only folder or mount, Qt resource path such as the embedded
// sample): <user data folder>/runs/<safe run name>-<first 16 hex digits of fallbackKey>, with
// fallback true. Each store chooses its own key (ResultStore: path and name; AnnotationStore:
// path and content).
struct SidecarFolder
{
    QString path;
    bool fallback = false;
};
// fallbackKey is only called when the fallback is needed (it may read files).
SidecarFolder sidecarFolder(const QString& runPath, const QString& runName, const std::function<QByteArray()>& fallbackKey);

// The sidecar folder of a run: rerun results and locally edited versions, kept next to the run
// and never inside its files. Where the run's folder cannot be written (read-only, or the
// embedded sample) it falls back to the user's data folder, keyed by the run's path and name.
class ResultStore
{
public:
    static ResultStore forRun(const QString& runPath, const QString& runName);
    explicit ResultStore(QString root, bool fallback = false);

    const QString& root() const { return m_root; }
    bool isFallback() const { return m_fallback; }
    QString workRoot() const; // scratch folders for jobs

    bool save(const RerunResult& result, QString* error, QString* savedPath = nullptr) const;
    QVector<RerunResult> history(const QString& caseName) const; // oldest first

    // Edited copies of a version: the original stays untouched.
    QString saveLocalVersion(const QString& caseName, const QString& name, const QString& text, QString* error) const;
    QMap<QString, QString> localVersions(const QString& caseName) const; // name → path

    static QString safeName(const QString& name); // a file name that cannot leave its folder

private:
    QString caseFolder(const char* kind, const QString& caseName) const;

    QString m_root;
    bool m_fallback = false;
};

} // namespace krw
