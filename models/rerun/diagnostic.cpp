// SPDX-License-Identifier: MIT
#include "models/rerun/diagnostic.h"

#include <QRegularExpression>

#include <optional>

namespace krw {

std::optional<Diagnostic::Severity> severityFromName(const QString& word)
{
    if (word == QLatin1String("error") || word == QLatin1String("fatal error"))
        return Diagnostic::Severity::Error;
    if (word == QLatin1String("warning"))
        return Diagnostic::Severity::Warning;
    if (word == QLatin1String("note"))
        return Diagnostic::Severity::Note;
    if (word == QLatin1String("remark"))
        return Diagnostic::Severity::Remark;
    return std::nullopt;
}

QString severityName(Diagnostic::Severity severity)
{
    switch (severity) {
    case Diagnostic::Severity::Error:
        return QStringLiteral("error");
    case Diagnostic::Severity::Warning:
        return QStringLiteral("warning");
    case Diagnostic::Severity::Note:
        return QStringLiteral("note");
    case Diagnostic::Severity::Remark:
        break;
    }
    return QStringLiteral("remark");
}

} // namespace krw
