// SPDX-License-Identifier: MIT
#include "browse/errorlinks.h"

#include <QFileInfo>

namespace krw {

RefTarget refTarget(const SourceRef& ref, int predictLineCount)
{
    const QString name = QFileInfo(ref.file).fileName();
    const bool python = name.endsWith(QStringLiteral(".py"));
    if (!python)
        return {RefTarget::Where::Predict, ref.line};
    if (name.startsWith(QStringLiteral("test_")) || name.contains(QStringLiteral("_test")))
        return {RefTarget::Where::TestCode, ref.line};
    if (ref.line > predictLineCount && predictLineCount > 0)
        return {RefTarget::Where::TestCode, ref.line - predictLineCount};
    return {RefTarget::Where::Predict, ref.line};
}

} // namespace krw
