// SPDX-License-Identifier: MIT
#include "models/storage/safefilename.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QStringList>

namespace krw {

namespace {

bool isForbidden(QChar c)
{
    return c.unicode() < 0x20 || c.unicode() == 0x7f || QStringLiteral("/\\<>:\"|?*").contains(c) || c.category() == QChar::Other_Control;
}

QString hashSuffix(const QString& wanted)
{
    return QLatin1Char('-') + QString::fromLatin1(QCryptographicHash::hash(wanted.toUtf8(), QCryptographicHash::Sha256).toHex().left(8));
}

void addReason(QStringList* reasons, const QString& reason)
{
    if (!reasons->contains(reason))
        reasons->append(reason);
}

} // namespace

QString cutToUtf8Bytes(const QString& text, int maxBytes)
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
    static const QRegularExpression device(
        QStringLiteral("^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(\\..*)?$"), QRegularExpression::CaseInsensitiveOption);
    if (device.match(name).hasMatch()) {
        const auto m = device.match(name);
        name = m.captured(1) + QLatin1Char('_') + m.captured(2);
        addReason(&reasons, QStringLiteral("Windows device name"));
    }
    if (name.toUtf8().size() > MaxFileNameBytes) {
        name = cutToUtf8Bytes(name, MaxFileNameBytes - 9) + hashSuffix(wanted);
        addReason(&reasons, QStringLiteral("longer than %1 bytes").arg(MaxFileNameBytes));
    }
    return {name, reasons.join(QStringLiteral("; "))};
}

QString keyedFileName(const QString& wanted)
{
    const AllocatedName safe = sanitizedFileName(wanted);
    if (safe.reason.isEmpty() && safe.name == safe.name.toLower())
        return safe.name;
    if (!safe.reason.isEmpty() && safe.name.endsWith(hashSuffix(wanted)))
        return safe.name; // cut for length: already keyed
    return cutToUtf8Bytes(safe.name, MaxFileNameBytes - 9) + hashSuffix(wanted);
}

} // namespace krw
