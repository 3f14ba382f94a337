// SPDX-License-Identifier: MIT
#include "models/layouts/rawfiles.h"

#include "models/run/loadsession.h"
#include "models/run/textstore.h"

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

bool RawFiles::isFileInside(const QString& path, const QString& root)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    const QString canonicalRoot = QFileInfo(root).canonicalFilePath();
    return info.isFile() && !canonical.isEmpty() && !canonicalRoot.isEmpty() && canonical.startsWith(canonicalRoot + QLatin1Char('/'));
}

} // namespace krw
