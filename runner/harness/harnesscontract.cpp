// SPDX-License-Identifier: MIT
#include "runner/harness/harnesscontract.h"

#include "runner/harness/harnessschema.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace krw {

namespace {

// The schema node that describes a side of the given kind ("python", "extension"), or an empty one.
QJsonObject sideSchema(const QJsonObject& schema, const QString& kind)
{
    return schema.value(QStringLiteral("$defs")).toObject().value(kind + QStringLiteral("_side")).toObject();
}

void check(const QJsonObject& object, const QJsonObject& node, const QString& prefix, QStringList* out)
{
    const QJsonObject properties = node.value(QStringLiteral("properties")).toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!properties.contains(it.key()))
            out->append(prefix + it.key());
    }
    for (const QJsonValue& required : node.value(QStringLiteral("required")).toArray()) {
        if (!object.contains(required.toString()))
            out->append(QStringLiteral("missing: ") + prefix + required.toString());
    }
}

} // namespace

const QJsonObject& HarnessContract::schema()
{
    static const QJsonObject parsed = QJsonDocument::fromJson(QByteArray(generated::harnessSpecSchema)).object();
    Q_ASSERT(!parsed.isEmpty());
    return parsed;
}

QJsonValue HarnessContract::defaultOf(const QString& path)
{
    QJsonObject node = schema();
    const QStringList parts = path.split(QLatin1Char('/'));
    for (const QString& part : parts)
        node = node.value(QStringLiteral("properties")).toObject().value(part).toObject();
    const QJsonValue value = node.value(QStringLiteral("default"));
    Q_ASSERT_X(!value.isUndefined(), "HarnessContract::defaultOf", qPrintable(path));
    return value;
}

QStringList HarnessContract::violations(const QJsonObject& spec)
{
    QStringList out;
    const QJsonObject& top = schema();
    check(spec, top, {}, &out);
    const QJsonObject properties = top.value(QStringLiteral("properties")).toObject();
    for (const QString& section : {QStringLiteral("timing"), QStringLiteral("checks")}) {
        if (spec.value(section).isObject())
            check(spec.value(section).toObject(), properties.value(section).toObject(), section + QLatin1Char('/'), &out);
    }
    for (const QString& side : {QStringLiteral("baseline"), QStringLiteral("candidate")}) {
        const QJsonObject object = spec.value(side).toObject();
        const QJsonObject node = sideSchema(top, object.value(QStringLiteral("kind")).toString());
        if (node.isEmpty())
            out.append(side + QStringLiteral("/kind"));
        else
            check(object, node, side + QLatin1Char('/'), &out);
    }
    return out;
}

} // namespace krw
