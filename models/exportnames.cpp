// SPDX-License-Identifier: MIT
#include "exportnames.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QStringList>

namespace krw {

namespace {

bool isForbidden(QChar c)
{
    return c.unicode() < 0x20 || c.unicode() == 0x7f || QStringLiteral("/\\<>:\"|?*").contains(c)
        || c.category() == QChar::Other_Control;
}

// Cuts text to at most maxBytes of UTF-8 without splitting a character.
QString cutToBytes(const QString& text, int maxBytes)
{
    QString out;
    int bytes = 0;
    for (int i = 0; i < text.size(); ++i) {
        const int width = text.at(i).isHighSurrogate() && i + 1 < text.size() ? 2 : 1;
        const int size = int(text.mid(i, width).toUtf8().size());
        if (bytes + size > maxBytes)
            break;
        out += text.mid(i, width);
        bytes += size;
        i += width - 1;
    }
    return out;
}

void addReason(QStringList* reasons, const QString& reason)
{
    if (!reasons->contains(reason))
        reasons->append(reason);
}

} // namespace

AllocatedName sanitizedFileName(const QString& wanted)
{
    QStringList reasons;
    QString name;
    for (const QChar c : wanted) {
        if (isForbidden(c)) {
            name += QLatin1Char('_');
            addReason(&reasons, QStringLiteral("separators or forbidden characters replaced"));
        } else {
            name += c;
        }
    }
    while (name.endsWith(QLatin1Char('.')) || name.endsWith(QLatin1Char(' '))) {
        name.chop(1);
        addReason(&reasons, QStringLiteral("trailing dots or spaces removed"));
    }
    if (name.isEmpty()) {
        name = QStringLiteral("unnamed");
        addReason(&reasons, QStringLiteral("empty name"));
    } else if (name.startsWith(QLatin1Char('.'))) {
        name[0] = QLatin1Char('_');
        addReason(&reasons, QStringLiteral("leading dot replaced"));
    }
    static const QRegularExpression device(QStringLiteral("^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(\\..*)?$"),
                                           QRegularExpression::CaseInsensitiveOption);
    if (device.match(name).hasMatch()) {
        const auto m = device.match(name);
        name = m.captured(1) + QLatin1Char('_') + m.captured(2);
        addReason(&reasons, QStringLiteral("Windows device name"));
    }
    if (name.toUtf8().size() > FileNameAllocator::MaxBytes) {
        const QString hash = QString::fromLatin1(
            QCryptographicHash::hash(wanted.toUtf8(), QCryptographicHash::Sha256).toHex().left(8));
        name = cutToBytes(name, FileNameAllocator::MaxBytes - 9) + QLatin1Char('-') + hash;
        addReason(&reasons, QStringLiteral("longer than %1 bytes").arg(FileNameAllocator::MaxBytes));
    }
    return {name, reasons.join(QStringLiteral("; "))};
}

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
        const QString candidate = cutToBytes(result.name, MaxBytes - int(suffix.size())) + suffix;
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
