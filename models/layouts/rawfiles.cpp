// SPDX-License-Identifier: MIT
#include "models/layouts/rawfiles.h"

#include "models/run/filewarnings.h"
#include "models/run/loadsession.h"
#include "models/run/textstore.h"

#include <QFile>
#include <QFileInfo>

namespace krw {

RawFiles::RawFiles(LoadSession* session)
    : m_session(session)
{
}

TextRef RawFiles::ref(const QString& path)
{
    if (path.isEmpty())
        return {};
    const QFileInfo info(path);
    int index = m_sources.value(path, -1);
    if (index < 0) {
        SourceFile source;
        source.path = info.absoluteFilePath();
        source.kind = SourceFile::Kind::Raw;
        source.size = info.size();
        TextStore::stamp(&source, source.path); // read later: the file as it is now
        index = m_session->addSource(source);
        m_sources.insert(path, index);
    }
    TextRef ref;
    ref.source = index;
    ref.length = m_session->sources().at(index).size;
    ref.isEmptyString = ref.length == 0;
    return ref;
}

QString RawFiles::remap(const QString& recorded, const QDir& relativeTo, const QDir& folder, const QString& root)
{
    if (recorded.isEmpty())
        return {};
    const QString direct = QDir::cleanPath(relativeTo.absoluteFilePath(recorded));
    if (isFileInside(direct, root))
        return direct;
    const QString marker = QLatin1Char('/') + folder.dirName() + QLatin1Char('/');
    const int at = recorded.lastIndexOf(marker);
    if (at >= 0) {
        const QString inside = folder.filePath(recorded.mid(at + marker.size()));
        if (isFileInside(inside, root))
            return inside;
    }
    return {};
}

std::optional<QByteArray> RawFiles::readWhole(const QString& path, LoadSession* session, std::unique_ptr<FileWarnings>* warnings)
{
    QFile file(path);
    if (!file.exists())
        return std::nullopt;
    *warnings = std::make_unique<FileWarnings>(path, &session->warnings());
    if (!file.open(QIODevice::ReadOnly)) {
        (*warnings)->warnFile(QStringLiteral("cannot be read: %1").arg(file.errorString()));
        return std::nullopt;
    }
    if (file.size() > session->limits().maxFileBytes) {
        (*warnings)->warnFile(QStringLiteral("larger than %1 bytes; not read").arg(session->limits().maxFileBytes));
        return std::nullopt;
    }
    return file.readAll();
}

bool RawFiles::isFileInside(const QString& path, const QString& root)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    const QString canonicalRoot = QFileInfo(root).canonicalFilePath();
    return info.isFile() && !canonical.isEmpty() && !canonicalRoot.isEmpty() && canonical.startsWith(canonicalRoot + QLatin1Char('/'));
}

} // namespace krw
