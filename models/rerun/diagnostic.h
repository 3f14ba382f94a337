// SPDX-License-Identifier: MIT
#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace krw {

// One compiler message: "file:line:col: severity: message", with the note lines that follow it.
struct Diagnostic
{
    enum class Severity { Error, Warning, Note, Remark };
    QString file;
    int line = 0;
    int column = 0;
    Severity severity = Severity::Error;
    QString message;
    QStringList context; // notes and source excerpts that belong to this message

    bool operator==(const Diagnostic& o) const
    {
        return file == o.file && line == o.line && column == o.column && severity == o.severity && message == o.message;
    }
};

QString severityName(Diagnostic::Severity severity);
// "error", "fatal error", "warning", "note", "remark"; nullopt for anything else.
std::optional<Diagnostic::Severity> severityFromName(const QString& word);

} // namespace krw

Q_DECLARE_METATYPE(krw::Diagnostic)
