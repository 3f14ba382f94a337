// SPDX-License-Identifier: MIT
#include "models/layouts/kernelbenchcheckout.h"

#include "models/run/loadsession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QMutexLocker>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace krw {

namespace {

QString levelFolder(const QString& root, int level)
{
    return QDir(root).filePath(QStringLiteral("KernelBench/level%1").arg(level));
}

} // namespace

namespace {

QMutex chosenMutex;
QString chosenRoot; // guarded by chosenMutex

} // namespace

void KernelBenchCheckout::setChosen(const QString& root)
{
    const QMutexLocker lock(&chosenMutex);
    chosenRoot = root;
}

QString KernelBenchCheckout::chosen()
{
    const QMutexLocker lock(&chosenMutex);
    return chosenRoot;
}

bool KernelBenchCheckout::isCheckout(const QString& root)
{
    return !root.isEmpty()
        && !QDir(QDir(root).filePath(QStringLiteral("KernelBench"))).entryList({QStringLiteral("level*")}, QDir::Dirs).isEmpty();
}

KernelBenchCheckout KernelBenchCheckout::find(const QString& folder, int level, LoadSession* session)
{
    KernelBenchCheckout checkout;
    QStringList candidates;
    const QString set = qEnvironmentVariable("KRW_KERNELBENCH_DIR");
    if (!set.isEmpty())
        candidates << set;
    const QString picked = chosen();
    if (!picked.isEmpty())
        candidates << picked;
    QDir dir(folder);
    for (int up = 0; up < 4 && dir.cdUp(); ++up)
        candidates << dir.absolutePath();
    for (const QString& root : qAsConst(candidates)) {
        if (QFileInfo(levelFolder(root, level)).isDir()) {
            checkout.m_root = QDir(root).absolutePath();
            break;
        }
    }
    if (!checkout.found())
        return checkout;
    static const QRegularExpression problemName(QStringLiteral("^(\\d+)_.*\\.py$"));
    const QDir problems(levelFolder(checkout.m_root, level));
    for (const QString& name : problems.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name)) {
        const auto match = problemName.match(name);
        if (match.hasMatch())
            checkout.m_problems.insert(match.captured(1).toInt(), problems.filePath(name));
    }
    checkout.readBaselines(level, session);
    return checkout;
}

// Small files, read whole; a broken one is a warning and gives no baseline.
void KernelBenchCheckout::readBaselines(int level, LoadSession* session)
{
    const QDir timing(QDir(m_root).filePath(QStringLiteral("results/timing")));
    const QString levelKey = QStringLiteral("level%1").arg(level);
    for (const QString& hw : timing.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString path = timing.filePath(hw + QStringLiteral("/baseline_time_torch.json"));
        QFile file(path);
        if (!file.exists())
            continue;
        if (!file.open(QIODevice::ReadOnly)) {
            session->warnings().append({path, 0, -1, QString(), QStringLiteral("cannot be read: %1").arg(file.errorString())});
            continue;
        }
        const QByteArray bytes = file.readAll();
        const nlohmann::json root = nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
        if (root.is_discarded() || !root.is_object()) {
            session->warnings().append({path, 0, -1, QString(), QStringLiteral("not a JSON object; its baselines are not used")});
            continue;
        }
        const auto levelIt = root.find(levelKey.toStdString());
        if (levelIt == root.end() || !levelIt->is_object())
            continue;
        for (auto it = levelIt->begin(); it != levelIt->end(); ++it) {
            const nlohmann::json& entry = it.value();
            if (!entry.is_object() || !entry.contains("mean") || !entry["mean"].is_number() || !entry.contains("hardware")
                || !entry["hardware"].is_string()) {
                session->warnings().append({path, 0, -1, levelKey + QLatin1Char('.') + QString::fromStdString(it.key()),
                    QStringLiteral("no mean (ms) and hardware; this problem has no baseline here")});
                continue;
            }
            m_baselines[QString::fromStdString(entry["hardware"].get<std::string>())].insert(
                QString::fromStdString(it.key()), entry["mean"].get<double>());
        }
    }
}

std::optional<double> KernelBenchCheckout::baselineMs(const QString& problemFileName, const QString& hardware) const
{
    const auto hw = m_baselines.constFind(hardware);
    if (hw == m_baselines.cend())
        return std::nullopt;
    const auto it = hw->constFind(problemFileName);
    if (it == hw->cend())
        return std::nullopt;
    return *it;
}

QStringList KernelBenchCheckout::baselineHardware() const
{
    QStringList names = m_baselines.keys();
    names.sort();
    return names;
}

} // namespace krw
