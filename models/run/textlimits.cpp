// SPDX-License-Identifier: MIT
#include "models/run/textlimits.h"

#include <QCoreApplication>
#include <QLocale>

namespace krw {

QString TextLimits::size(qint64 bytes)
{
    // The C locale's IEC units ("MiB") with one decimal, whatever the user's locale.
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

QString TextLimits::tooLargeToCompare(const QString& what, qint64 bytes)
{
    return QCoreApplication::translate("krw::TextLimits", "%1 is too large to compare (%2); limit %3")
        .arg(what, size(bytes), size(RichBytes));
}

} // namespace krw
