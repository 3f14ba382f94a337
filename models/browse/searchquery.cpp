// SPDX-License-Identifier: MIT
#include "models/browse/searchquery.h"

namespace krw {

QString scopeTitle(SearchScope scope)
{
    switch (scope) {
    case SearchScope::Everything:
        return QStringLiteral("All fields");
    case SearchScope::Errors:
        return QStringLiteral("Error messages");
    case SearchScope::Instruction:
        return QStringLiteral("Instruction");
    case SearchScope::Code:
        return QStringLiteral("Prediction and candidates");
    case SearchScope::Label:
        return QStringLiteral("Label");
    case SearchScope::TestCode:
        return QStringLiteral("Test code");
    case SearchScope::Reflection:
        return QStringLiteral("Reflections and strategies");
    case SearchScope::Metadata:
        return QStringLiteral("Metadata (key=value)");
    }
    return {};
}

} // namespace krw
