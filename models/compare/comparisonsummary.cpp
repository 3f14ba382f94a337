// SPDX-License-Identifier: MIT
#include "models/compare/comparisonsummary.h"

#include <QStringList>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace krw {

namespace {

std::string utf8(const QString& text)
{
    return text.toStdString();
}

QString sideText(bool present, Outcome latest, Stage best, int width)
{
    if (!present)
        return QStringLiteral("%1  %2").arg(QStringLiteral("-"), -width).arg(QStringLiteral("-"), -4);
    return QStringLiteral("%1  %2").arg(outcomeName(latest), -width).arg(stageName(best), -4);
}

nlohmann::json sideJson(bool present, Outcome latest, Stage best)
{
    if (!present)
        return nullptr;
    return {{"latest", utf8(outcomeName(latest))}, {"best", utf8(stageName(best))}};
}

} // namespace

QByteArray comparisonText(const RunComparison& comparison, const Run& a, const Run& b)
{
    QString out;
    QTextStream s(&out);
    s << "A: " << a.name << " (" << a.path << "), " << a.cases.size() << " cases\n";
    s << "B: " << b.name << " (" << b.path << "), " << b.cases.size() << " cases\n";
    QStringList counts;
    for (int i = 0; i < CompareBucketCount; ++i)
        counts << QStringLiteral("%1 %2").arg(compareBucketName(CompareBucket(i))).arg(comparison.count(CompareBucket(i)));
    s << "Buckets: " << counts.join(QStringLiteral(", ")) << '\n';
    int width = 8;
    for (const ComparedCase& c : comparison.cases())
        width = std::max(width, int(c.filename.size()));
    const int outcomeWidth = 13;
    for (int i = 0; i < CompareBucketCount; ++i) {
        const auto bucket = CompareBucket(i);
        const QVector<int>& indexes = comparison.casesIn(bucket);
        if (indexes.isEmpty())
            continue;
        s << '\n' << compareBucketTitle(bucket) << " (" << indexes.size() << ")\n";
        s << QStringLiteral("  %1  %2  %3  %4  %5\n")
                 .arg(QStringLiteral("filename"), -width)
                 .arg(QStringLiteral("A latest"), -outcomeWidth)
                 .arg(QStringLiteral("best"), -4)
                 .arg(QStringLiteral("B latest"), -outcomeWidth)
                 .arg(QStringLiteral("best"));
        for (int index : indexes) {
            const ComparedCase& c = comparison.cases().at(index);
            QString line = QStringLiteral("  %1  %2  %3")
                               .arg(c.filename, -width)
                               .arg(sideText(c.inA(), c.latestA, c.bestA, outcomeWidth))
                               .arg(sideText(c.inB(), c.latestB, c.bestB, outcomeWidth));
            while (line.endsWith(QLatin1Char(' ')))
                line.chop(1);
            s << line << '\n';
        }
    }
    s.flush();
    return out.toUtf8();
}

QByteArray comparisonJson(const RunComparison& comparison, const Run& a, const Run& b)
{
    using nlohmann::json;
    json root = json::object();
    root["a"] = {{"run", utf8(a.name)}, {"path", utf8(a.path)}, {"cases", a.cases.size()}};
    root["b"] = {{"run", utf8(b.name)}, {"path", utf8(b.path)}, {"cases", b.cases.size()}};
    root["counts"] = json::object();
    root["buckets"] = json::object();
    for (int i = 0; i < CompareBucketCount; ++i) {
        const auto bucket = CompareBucket(i);
        const std::string name = utf8(compareBucketName(bucket));
        root["counts"][name] = comparison.count(bucket);
        json list = json::array();
        for (int index : comparison.casesIn(bucket)) {
            const ComparedCase& c = comparison.cases().at(index);
            list.push_back({{"filename", utf8(c.filename)}, {"a", sideJson(c.inA(), c.latestA, c.bestA)},
                {"b", sideJson(c.inB(), c.latestB, c.bestB)}});
        }
        root["buckets"][name] = std::move(list);
    }
    return QByteArray::fromStdString(root.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
}

} // namespace krw
