// SPDX-License-Identifier: MIT
#include "profile/toolchainprofile.h"

#include <QSettings>
#include <QThread>

#include <algorithm>
#include <unistd.h>

namespace krw {

QString kindName(ToolchainProfile::Kind kind)
{
    switch (kind) {
    case ToolchainProfile::Kind::Rocm:
        return QStringLiteral("rocm");
    case ToolchainProfile::Kind::HipNvidia:
        return QStringLiteral("hip-nvidia");
    case ToolchainProfile::Kind::CompileCheck:
        return QStringLiteral("compile-check");
    case ToolchainProfile::Kind::Cpu:
        break;
    }
    return QStringLiteral("cpu");
}

std::optional<ToolchainProfile::Kind> kindFromName(const QString& name)
{
    for (auto kind : {ToolchainProfile::Kind::Rocm, ToolchainProfile::Kind::HipNvidia, ToolchainProfile::Kind::CompileCheck,
             ToolchainProfile::Kind::Cpu}) {
        if (kindName(kind) == name)
            return kind;
    }
    return std::nullopt;
}

qint64 ToolchainProfile::effectiveMemoryLimitBytes() const
{
    constexpr qint64 mib = 1024 * 1024;
    if (memoryLimitMiB > 0)
        return memoryLimitMiB * mib;
    // Half the memory: a runaway allocation ends as a failure, not in the machine's OOM killer.
    const qint64 machine = qint64(::sysconf(_SC_PHYS_PAGES)) * qint64(::sysconf(_SC_PAGESIZE));
    return std::max(1024 * mib, machine / 2);
}

int ToolchainProfile::effectiveProcessLimit() const
{
    if (processLimit > 0)
        return processLimit;
    // PyTorch starts a thread per core (intra-op, inter-op and OpenMP pools) in the harness and in
    // each side's process, and Triton and hipcc compile in subprocesses: leave room for all of them.
    return std::max(1024, 16 * QThread::idealThreadCount());
}

ToolchainProfile defaultProfile(ToolchainProfile::Kind kind)
{
    ToolchainProfile p;
    p.kind = kind;
    p.name = kindName(kind);
    p.compiler = kind == ToolchainProfile::Kind::Cpu ? QStringLiteral("g++") : QStringLiteral("hipcc");
    p.host.compiler = p.compiler; // on a host, found in its PATH
    if (kind == ToolchainProfile::Kind::CompileCheck)
        p.offloadArch = QStringLiteral("gfx90a"); // the newest target Debian's clang 15 knows
    return p;
}

QVector<ToolchainProfile> defaultProfiles()
{
    return {defaultProfile(ToolchainProfile::Kind::Rocm), defaultProfile(ToolchainProfile::Kind::HipNvidia),
        defaultProfile(ToolchainProfile::Kind::CompileCheck), defaultProfile(ToolchainProfile::Kind::Cpu)};
}

QVector<ToolchainProfile> loadProfiles(QSettings& settings)
{
    QVector<ToolchainProfile> profiles;
    const int count = settings.beginReadArray(QStringLiteral("runner/profiles"));
    for (int i = 0; i < count; ++i) {
        settings.setArrayIndex(i);
        const auto kind = kindFromName(settings.value(QStringLiteral("kind")).toString());
        if (!kind)
            continue;
        ToolchainProfile p = defaultProfile(*kind);
        p.name = settings.value(QStringLiteral("name"), p.name).toString();
        p.compiler = settings.value(QStringLiteral("compiler"), p.compiler).toString();
        p.python = settings.value(QStringLiteral("python"), p.python).toString();
        p.offloadArch = settings.value(QStringLiteral("offloadArch"), p.offloadArch).toString();
        p.extraFlags = settings.value(QStringLiteral("extraFlags"), p.extraFlags).toStringList();
        p.compileTimeoutS = settings.value(QStringLiteral("compileTimeoutS"), p.compileTimeoutS).toInt();
        p.harnessTimeoutS = settings.value(QStringLiteral("harnessTimeoutS"), p.harnessTimeoutS).toInt();
        p.sandbox = settings.value(QStringLiteral("sandbox"), p.sandbox).toBool();
        p.disabledChecks = settings.value(QStringLiteral("disabledChecks"), p.disabledChecks).toStringList();
        p.seeds = settings.value(QStringLiteral("seeds"), p.seeds).toInt();
        p.implausibleSpeedup = settings.value(QStringLiteral("implausibleSpeedup"), p.implausibleSpeedup).toDouble();
        p.peakBandwidthGbs = settings.value(QStringLiteral("peakBandwidthGbs"), p.peakBandwidthGbs).toDouble();
        p.memoryLimitMiB = settings.value(QStringLiteral("memoryLimitMiB"), p.memoryLimitMiB).toInt();
        p.processLimit = settings.value(QStringLiteral("processLimit"), p.processLimit).toInt();
        RemoteHost& h = p.host;
        h.destination = settings.value(QStringLiteral("host/destination"), h.destination).toString();
        h.jumpHost = settings.value(QStringLiteral("host/jumpHost"), h.jumpHost).toString();
        h.port = settings.value(QStringLiteral("host/port"), h.port).toInt();
        h.workFolder = settings.value(QStringLiteral("host/workFolder"), h.workFolder).toString();
        h.python = settings.value(QStringLiteral("host/python"), h.python).toString();
        h.compiler = settings.value(QStringLiteral("host/compiler"), h.compiler).toString();
        h.identityFile = settings.value(QStringLiteral("host/identityFile"), h.identityFile).toString();
        h.extraOptions = settings.value(QStringLiteral("host/extraOptions"), h.extraOptions).toStringList();
        profiles.append(p);
    }
    settings.endArray();
    return profiles.isEmpty() ? defaultProfiles() : profiles;
}

void saveProfiles(QSettings& settings, const QVector<ToolchainProfile>& profiles)
{
    settings.beginWriteArray(QStringLiteral("runner/profiles"), int(profiles.size()));
    for (int i = 0; i < profiles.size(); ++i) {
        const ToolchainProfile& p = profiles.at(i);
        settings.setArrayIndex(i);
        settings.setValue(QStringLiteral("name"), p.name);
        settings.setValue(QStringLiteral("kind"), kindName(p.kind));
        settings.setValue(QStringLiteral("compiler"), p.compiler);
        settings.setValue(QStringLiteral("python"), p.python);
        settings.setValue(QStringLiteral("offloadArch"), p.offloadArch);
        settings.setValue(QStringLiteral("extraFlags"), p.extraFlags);
        settings.setValue(QStringLiteral("compileTimeoutS"), p.compileTimeoutS);
        settings.setValue(QStringLiteral("harnessTimeoutS"), p.harnessTimeoutS);
        settings.setValue(QStringLiteral("sandbox"), p.sandbox);
        settings.setValue(QStringLiteral("disabledChecks"), p.disabledChecks);
        settings.setValue(QStringLiteral("seeds"), p.seeds);
        settings.setValue(QStringLiteral("implausibleSpeedup"), p.implausibleSpeedup);
        settings.setValue(QStringLiteral("peakBandwidthGbs"), p.peakBandwidthGbs);
        settings.setValue(QStringLiteral("memoryLimitMiB"), p.memoryLimitMiB);
        settings.setValue(QStringLiteral("processLimit"), p.processLimit);
        settings.setValue(QStringLiteral("host/destination"), p.host.destination);
        settings.setValue(QStringLiteral("host/jumpHost"), p.host.jumpHost);
        settings.setValue(QStringLiteral("host/port"), p.host.port);
        settings.setValue(QStringLiteral("host/workFolder"), p.host.workFolder);
        settings.setValue(QStringLiteral("host/python"), p.host.python);
        settings.setValue(QStringLiteral("host/compiler"), p.host.compiler);
        settings.setValue(QStringLiteral("host/identityFile"), p.host.identityFile);
        settings.setValue(QStringLiteral("host/extraOptions"), p.host.extraOptions);
    }
    settings.endArray();
}

std::optional<ToolchainProfile> findProfile(const QVector<ToolchainProfile>& profiles, const QString& name)
{
    for (const ToolchainProfile& p : profiles) {
        if (p.name == name)
            return p;
    }
    return std::nullopt;
}

} // namespace krw
