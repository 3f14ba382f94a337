// SPDX-License-Identifier: MIT
//
// One thing a careful reader would catch in a case (issue 13, "Lint"): which check saw it, the
// version of the case's code it points into (a CodeVersion id: "label", "test", "it3:predict") and
// the line there (1-based; 0 when it is about the version as a whole), in words.
#pragma once

#include <QMetaType>
#include <QString>
#include <QVector>

namespace krw {

struct LintHint
{
    QString check; // a Linter::checkNames() entry: "binding", "constant", ...
    QString version; // CodeVersion::id() of the code it points into
    int line = 0;
    QString message;

    bool operator==(const LintHint& other) const
    {
        return check == other.check && version == other.version && line == other.line && message == other.message;
    }
};

using LintHints = QVector<LintHint>;

} // namespace krw

Q_DECLARE_METATYPE(krw::LintHint)
