// SPDX-License-Identifier: MIT
#include "models/layouts/patchcandidate.h"

#include "models/diff/patchapplier.h"
#include "models/layouts/rawfiles.h"
#include "models/layouts/runlayout.h"
#include "models/run/loadsession.h"
#include "models/run/textstore.h"

#include <QFile>
#include <QFileInfo>

namespace krw {

PatchCandidate::PatchCandidate(LoadSession* session, RawFiles* raw)
    : m_session(session)
    , m_raw(raw)
{
}

TextRef PatchCandidate::ref(const QString& patch, const QString& base, const QString& field, IterationRecord* record)
{
    if (patch.isEmpty())
        return {};
    const QString key = patch + QLatin1Char('\n') + base;
    int index = m_sources.value(key, -1);
    if (index < 0 && !base.isEmpty()) {
        QFile patchFile(patch);
        QFile baseFile(base);
        const qint64 limit = m_session->limits().maxFileBytes;
        QString why;
        if (!patchFile.open(QIODevice::ReadOnly) || !baseFile.open(QIODevice::ReadOnly)) {
            why = QStringLiteral("cannot be read");
        } else if (patchFile.size() > limit || baseFile.size() > limit) {
            why = QStringLiteral("larger than %1 bytes; not applied").arg(limit);
        } else {
            const PatchApplier::Result applied = PatchApplier::apply(patchFile.readAll(), baseFile.readAll(), QFileInfo(base).fileName());
            if (applied.applied) {
                SourceFile source;
                source.path = QFileInfo(patch).absoluteFilePath();
                source.basePath = QFileInfo(base).absoluteFilePath();
                source.kind = SourceFile::Kind::Patched;
                source.size = patchFile.size();
                TextStore::stamp(&source, source.path);
                index = m_session->addSource(source);
                m_sources.insert(key, index);
            } else {
                why = applied.error;
            }
        }
        if (index < 0) {
            m_session->warnings().append(
                {patch, 0, -1, field, QStringLiteral("does not apply to %1 (%2): the patch itself is shown").arg(base, why)});
            record->extra.append(
                RunLayout::note(QStringLiteral("patch"), QStringLiteral("%1 does not apply to %2: %3").arg(patch, base, why)));
            return m_raw->ref(patch);
        }
    }
    if (index < 0) {
        m_session->warnings().append({patch, 0, -1, field,
            QStringLiteral("the file this patch changes is not in the run's folder: the patch itself is shown, not the patched file")});
        return m_raw->ref(patch);
    }
    record->extra.append(RunLayout::note(QStringLiteral("patch"), QStringLiteral("%1, applied to %2").arg(patch, base)));
    TextRef ref;
    ref.source = index;
    ref.length = m_session->sources().at(index).size;
    ref.isEmptyString = ref.length == 0;
    return ref;
}

} // namespace krw
