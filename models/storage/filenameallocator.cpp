// SPDX-License-Identifier: MIT
#include "models/storage/filenameallocator.h"

namespace krw {

void FileNameAllocator::reserve(const QString& name)
{
    m_taken.insert(name.toCaseFolded());
}

AllocatedName FileNameAllocator::allocate(const QString& wanted)
{
    AllocatedName result = sanitizedFileName(wanted);
    if (!m_taken.contains(result.name.toCaseFolded())) {
        reserve(result.name);
        return result;
    }
    for (int n = 2;; ++n) {
        const QString suffix = QStringLiteral("-%1").arg(n);
        const QString candidate = cutToUtf8Bytes(result.name, MaxFileNameBytes - int(suffix.size())) + suffix;
        if (!m_taken.contains(candidate.toCaseFolded())) {
            reserve(candidate);
            const QString collision = QStringLiteral("name taken (case-insensitively)");
            result.reason = result.reason.isEmpty() ? collision : result.reason + QStringLiteral("; ") + collision;
            result.name = candidate;
            return result;
        }
    }
}

} // namespace krw
