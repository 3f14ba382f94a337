// SPDX-License-Identifier: MIT
#include "models/run/jsonscalars_p.h"

#include <QByteArray>
#include <QtGlobal>

#if QT_VERSION >= QT_VERSION_CHECK(6, 3, 0)
#include <QByteArrayView>
#endif

#include <nlohmann/json.hpp>

#include <limits>

namespace krw::json_scalars {

using nlohmann::json;

bool isValidUtf8(std::string_view bytes)
{
#if QT_VERSION >= QT_VERSION_CHECK(6, 3, 0)
    return QByteArrayView(bytes.data(), qsizetype(bytes.size())).isValidUtf8();
#else
    // Qt 5 has no validator; a round trip through QString replaces what is invalid.
    const QByteArray raw = QByteArray::fromRawData(bytes.data(), int(bytes.size()));
    return QString::fromUtf8(raw).toUtf8() == raw;
#endif
}

QString typeName(std::string_view value)
{
    if (value.empty())
        return QStringLiteral("nothing");
    switch (value.front()) {
    case '"':
        return QStringLiteral("a string");
    case '{':
        return QStringLiteral("an object");
    case '[':
        return QStringLiteral("a list");
    case 't':
    case 'f':
        return QStringLiteral("a boolean");
    case 'n':
        return QStringLiteral("null");
    default:
        return QStringLiteral("a number");
    }
}

std::optional<double> parseNumber(std::string_view value)
{
    if (value == "NaN" || value == "-NaN")
        return std::numeric_limits<double>::quiet_NaN();
    if (value == "Infinity")
        return std::numeric_limits<double>::infinity();
    if (value == "-Infinity")
        return -std::numeric_limits<double>::infinity();
    const json parsed = json::parse(value.begin(), value.end(), nullptr, false);
    if (parsed.is_number())
        return parsed.get<double>();
    return std::nullopt;
}

std::optional<std::string> parseString(std::string_view value)
{
    const json parsed = json::parse(value.begin(), value.end(), nullptr, false);
    if (parsed.is_string())
        return parsed.get<std::string>();
    return std::nullopt;
}

} // namespace krw::json_scalars
