// SPDX-License-Identifier: MIT
#include "runner/profile/toolchainprofile.h"

#include <QJsonArray>
#include <QJsonObject>
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

bool SlurmSettings::operator==(const SlurmSettings& o) const
{
    return enabled == o.enabled && sharedDir == o.sharedDir && partition == o.partition && gres == o.gres
        && timeLimitMinutes == o.timeLimitMinutes && maxRunning == o.maxRunning && sbatchOptions == o.sbatchOptions && worker == o.worker
        && pollIntervalMs == o.pollIntervalMs;
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

ToolchainProfile::RunsOn ToolchainProfile::runsOn() const
{
    if (slurm.enabled)
        return RunsOn::Slurm;
    return remote() ? RunsOn::Host : RunsOn::ThisMachine;
}

void ToolchainProfile::setRunsOn(RunsOn where)
{
    slurm.enabled = where == RunsOn::Slurm;
    if (where != RunsOn::Host)
        host.destination.clear();
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
        p.suspectFlags = settings.value(QStringLiteral("suspectFlags"), p.suspectFlags).toStringList();
        p.passEnvironment = settings.value(QStringLiteral("passEnvironment"), p.passEnvironment).toStringList();
        p.seeds = settings.value(QStringLiteral("seeds"), p.seeds).toInt();
        p.implausibleSpeedup = settings.value(QStringLiteral("implausibleSpeedup"), p.implausibleSpeedup).toDouble();
        p.peakBandwidthGbs = settings.value(QStringLiteral("peakBandwidthGbs"), p.peakBandwidthGbs).toDouble();
        p.memoryLimitMiB = settings.value(QStringLiteral("memoryLimitMiB"), p.memoryLimitMiB).toInt();
        p.processLimit = settings.value(QStringLiteral("processLimit"), p.processLimit).toInt();
        p.slurm.enabled = settings.value(QStringLiteral("slurm/enabled"), p.slurm.enabled).toBool();
        p.slurm.sharedDir = settings.value(QStringLiteral("slurm/sharedDir"), p.slurm.sharedDir).toString();
        p.slurm.partition = settings.value(QStringLiteral("slurm/partition"), p.slurm.partition).toString();
        p.slurm.gres = settings.value(QStringLiteral("slurm/gres"), p.slurm.gres).toString();
        p.slurm.timeLimitMinutes = settings.value(QStringLiteral("slurm/timeLimitMinutes"), p.slurm.timeLimitMinutes).toInt();
        p.slurm.maxRunning = settings.value(QStringLiteral("slurm/maxRunning"), p.slurm.maxRunning).toInt();
        p.slurm.sbatchOptions = settings.value(QStringLiteral("slurm/sbatchOptions"), p.slurm.sbatchOptions).toStringList();
        p.slurm.worker = settings.value(QStringLiteral("slurm/worker"), p.slurm.worker).toString();
        p.slurm.pollIntervalMs = settings.value(QStringLiteral("slurm/pollIntervalMs"), p.slurm.pollIntervalMs).toInt();
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
        settings.setValue(QStringLiteral("suspectFlags"), p.suspectFlags);
        settings.setValue(QStringLiteral("passEnvironment"), p.passEnvironment);
        settings.setValue(QStringLiteral("seeds"), p.seeds);
        settings.setValue(QStringLiteral("implausibleSpeedup"), p.implausibleSpeedup);
        settings.setValue(QStringLiteral("peakBandwidthGbs"), p.peakBandwidthGbs);
        settings.setValue(QStringLiteral("memoryLimitMiB"), p.memoryLimitMiB);
        settings.setValue(QStringLiteral("processLimit"), p.processLimit);
        settings.setValue(QStringLiteral("slurm/enabled"), p.slurm.enabled);
        settings.setValue(QStringLiteral("slurm/sharedDir"), p.slurm.sharedDir);
        settings.setValue(QStringLiteral("slurm/partition"), p.slurm.partition);
        settings.setValue(QStringLiteral("slurm/gres"), p.slurm.gres);
        settings.setValue(QStringLiteral("slurm/timeLimitMinutes"), p.slurm.timeLimitMinutes);
        settings.setValue(QStringLiteral("slurm/maxRunning"), p.slurm.maxRunning);
        settings.setValue(QStringLiteral("slurm/sbatchOptions"), p.slurm.sbatchOptions);
        settings.setValue(QStringLiteral("slurm/worker"), p.slurm.worker);
        settings.setValue(QStringLiteral("slurm/pollIntervalMs"), p.slurm.pollIntervalMs);
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

namespace {

QJsonArray jsonStrings(const QStringList& list)
{
    return QJsonArray::fromStringList(list);
}

QStringList stringsOf(const QJsonValue& value, const QStringList& fallback)
{
    if (!value.isArray())
        return fallback;
    QStringList out;
    const QJsonArray array = value.toArray();
    for (const QJsonValue& v : array)
        out << v.toString();
    return out;
}

} // namespace

QJsonObject profileToJson(const ToolchainProfile& p)
{
    const QJsonObject slurm{{QStringLiteral("enabled"), p.slurm.enabled}, {QStringLiteral("shared_dir"), p.slurm.sharedDir},
        {QStringLiteral("partition"), p.slurm.partition}, {QStringLiteral("gres"), p.slurm.gres},
        {QStringLiteral("time_limit_minutes"), p.slurm.timeLimitMinutes}, {QStringLiteral("max_running"), p.slurm.maxRunning},
        {QStringLiteral("sbatch_options"), jsonStrings(p.slurm.sbatchOptions)}, {QStringLiteral("worker"), p.slurm.worker},
        {QStringLiteral("poll_interval_ms"), p.slurm.pollIntervalMs}};
    return {{QStringLiteral("name"), p.name}, {QStringLiteral("kind"), kindName(p.kind)}, {QStringLiteral("compiler"), p.compiler},
        {QStringLiteral("python"), p.python}, {QStringLiteral("offload_arch"), p.offloadArch},
        {QStringLiteral("extra_flags"), jsonStrings(p.extraFlags)}, {QStringLiteral("compile_timeout_s"), p.compileTimeoutS},
        {QStringLiteral("harness_timeout_s"), p.harnessTimeoutS}, {QStringLiteral("disabled_checks"), jsonStrings(p.disabledChecks)},
        {QStringLiteral("suspect_flags"), jsonStrings(p.suspectFlags)},
        {QStringLiteral("pass_environment"), jsonStrings(p.passEnvironment)}, {QStringLiteral("seeds"), p.seeds},
        {QStringLiteral("implausible_speedup"), p.implausibleSpeedup}, {QStringLiteral("peak_bandwidth_gbs"), p.peakBandwidthGbs},
        {QStringLiteral("sandbox"), p.sandbox}, {QStringLiteral("memory_limit_mib"), p.memoryLimitMiB},
        {QStringLiteral("process_limit"), p.processLimit}, {QStringLiteral("slurm"), slurm}};
}

std::optional<ToolchainProfile> profileFromJson(const QJsonObject& o, QString* error)
{
    const QString kindText = o.value(QStringLiteral("kind")).toString();
    const auto kind = kindFromName(kindText);
    if (!kind) {
        if (error)
            *error = QStringLiteral("unknown profile kind \"%1\"").arg(kindText);
        return std::nullopt;
    }
    ToolchainProfile p = defaultProfile(*kind);
    p.name = o.value(QStringLiteral("name")).toString(p.name);
    p.compiler = o.value(QStringLiteral("compiler")).toString(p.compiler);
    p.python = o.value(QStringLiteral("python")).toString(p.python);
    p.offloadArch = o.value(QStringLiteral("offload_arch")).toString(p.offloadArch);
    p.extraFlags = stringsOf(o.value(QStringLiteral("extra_flags")), p.extraFlags);
    p.compileTimeoutS = o.value(QStringLiteral("compile_timeout_s")).toInt(p.compileTimeoutS);
    p.harnessTimeoutS = o.value(QStringLiteral("harness_timeout_s")).toInt(p.harnessTimeoutS);
    p.disabledChecks = stringsOf(o.value(QStringLiteral("disabled_checks")), p.disabledChecks);
    p.suspectFlags = stringsOf(o.value(QStringLiteral("suspect_flags")), p.suspectFlags);
    p.passEnvironment = stringsOf(o.value(QStringLiteral("pass_environment")), p.passEnvironment);
    p.seeds = o.value(QStringLiteral("seeds")).toInt(p.seeds);
    p.implausibleSpeedup = o.value(QStringLiteral("implausible_speedup")).toDouble(p.implausibleSpeedup);
    p.peakBandwidthGbs = o.value(QStringLiteral("peak_bandwidth_gbs")).toDouble(p.peakBandwidthGbs);
    p.sandbox = o.value(QStringLiteral("sandbox")).toBool(p.sandbox);
    p.memoryLimitMiB = o.value(QStringLiteral("memory_limit_mib")).toInt(p.memoryLimitMiB);
    p.processLimit = o.value(QStringLiteral("process_limit")).toInt(p.processLimit);
    const QJsonObject s = o.value(QStringLiteral("slurm")).toObject();
    p.slurm.enabled = s.value(QStringLiteral("enabled")).toBool(p.slurm.enabled);
    p.slurm.sharedDir = s.value(QStringLiteral("shared_dir")).toString(p.slurm.sharedDir);
    p.slurm.partition = s.value(QStringLiteral("partition")).toString(p.slurm.partition);
    p.slurm.gres = s.value(QStringLiteral("gres")).toString(p.slurm.gres);
    p.slurm.timeLimitMinutes = s.value(QStringLiteral("time_limit_minutes")).toInt(p.slurm.timeLimitMinutes);
    p.slurm.maxRunning = s.value(QStringLiteral("max_running")).toInt(p.slurm.maxRunning);
    p.slurm.sbatchOptions = stringsOf(s.value(QStringLiteral("sbatch_options")), p.slurm.sbatchOptions);
    p.slurm.worker = s.value(QStringLiteral("worker")).toString(p.slurm.worker);
    p.slurm.pollIntervalMs = s.value(QStringLiteral("poll_interval_ms")).toInt(p.slurm.pollIntervalMs);
    return p;
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
