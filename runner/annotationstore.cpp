// SPDX-License-Identifier: MIT
#include "annotationstore.h"

#include "resultstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLockFile>
#include <QSaveFile>

namespace krw {

AnnotationStore::Location AnnotationStore::locate(const Run& run)
{
    // First version: the result store's folder. (Keyed by content: see the merge work.)
    const ResultStore store = ResultStore::forRun(run.path, run.name);
    return {QDir(store.root()).filePath(QStringLiteral("annotations.json")), store.isFallback()};
}

AnnotationStore::AnnotationStore(Location location, QString runName, QObject* parent)
    : QObject(parent)
    , m_location(std::move(location))
    , m_runName(std::move(runName))
{
}

AnnotationStore::~AnnotationStore() = default;

bool AnnotationStore::load(QString* error)
{
    m_problems.clear();
    QFile file(m_location.path);
    if (!file.exists()) {
        m_annotations.clear();
        m_base.clear();
        return true;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(m_location.path, file.errorString());
        return false;
    }
    QStringList problems;
    m_annotations = annotationsFromJson(file.readAll(), &problems);
    m_base = m_annotations;
    for (const QString& p : problems)
        m_problems.append(QStringLiteral("%1: %2").arg(m_location.path, p));
    return true;
}

int AnnotationStore::reviewedCount() const
{
    int n = 0;
    for (const CaseAnnotation& a : m_annotations)
        n += a.isReviewed() ? 1 : 0;
    return n;
}

bool AnnotationStore::set(const QString& caseName, const CaseAnnotation& annotation, QString* error)
{
    if (annotation.isEmpty())
        m_annotations.remove(caseName);
    else
        m_annotations.insert(caseName, annotation);
    return writeLocked(caseName, error);
}

void AnnotationStore::reload()
{
    QString error;
    load(&error);
}

bool AnnotationStore::writeLocked(const QString& caseName, QString* error)
{
    Q_UNUSED(caseName)
    QDir().mkpath(QFileInfo(m_location.path).path());
    QSaveFile file(m_location.path);
    const QByteArray bytes = annotationsToJson(m_annotations, m_runName);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(m_location.path, file.errorString());
        return false;
    }
    m_base = m_annotations;
    return true;
}

} // namespace krw
