// SPDX-License-Identifier: MIT
#include "models/rerun/rerunresult.h"

#include "models/rerun/verdictlevel.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>

namespace krw {

namespace {

using nlohmann::json;

QString str(const json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

std::optional<double> num(const json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? std::optional<double>(it->get<double>()) : std::nullopt;
}

// A JSON number as an integer of type T, when it is one and T holds it: a hand-edited or corrupt
// file must not overflow the conversion (tests/fuzz found it did). With allowFloat a float is
// truncated (fields some writers store as doubles).
template<typename T>
std::optional<T> integerIn(const json& v, bool allowFloat)
{
    using Limits = std::numeric_limits<T>;
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        return u <= std::uint64_t(Limits::max()) ? std::optional<T>(T(u)) : std::nullopt;
    }
    if (v.is_number_integer()) {
        const auto i = v.get<std::int64_t>();
        return i >= std::int64_t(Limits::min()) && i <= std::int64_t(Limits::max()) ? std::optional<T>(T(i)) : std::nullopt;
    }
    if (allowFloat && v.is_number_float()) {
        const double d = v.get<double>();
        // -min() (2^31, 2^63) is exact as a double, unlike max(); NaN fails both tests.
        return d >= double(Limits::min()) && d < -double(Limits::min()) ? std::optional<T>(T(d)) : std::nullopt;
    }
    return std::nullopt;
}

template<typename T>
std::optional<T> integerField(const json& j, const char* key, bool allowFloat = true)
{
    const auto it = j.find(key);
    return it != j.end() ? integerIn<T>(*it, allowFloat) : std::nullopt;
}

bool flag(const json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_boolean() && it->get<bool>();
}

QStringList strings(const json& j, const char* key)
{
    QStringList out;
    const auto it = j.find(key);
    if (it != j.end() && it->is_array()) {
        for (const json& v : *it) {
            if (v.is_string())
                out << QString::fromStdString(v.get<std::string>());
        }
    }
    return out;
}

QVector<qint64> shape(const json& j, const char* key)
{
    QVector<qint64> out;
    const auto it = j.find(key);
    if (it != j.end() && it->is_array()) {
        for (const json& v : *it) {
            if (const auto n = integerIn<qint64>(v, false))
                out << *n;
        }
    }
    return out;
}

json optionalNumber(const std::optional<double>& v)
{
    return v ? json(*v) : json(nullptr);
}

json toJson(const QStringList& list)
{
    json out = json::array();
    for (const QString& s : list)
        out.push_back(s.toStdString());
    return out;
}

json toJson(const QVector<qint64>& list)
{
    json out = json::array();
    for (qint64 v : list)
        out.push_back(v);
    return out;
}

std::optional<TimingStats> stats(const json& j)
{
    if (!j.is_object())
        return std::nullopt;
    return TimingStats{
        num(j, "p10").value_or(0), num(j, "p50").value_or(0), num(j, "p90").value_or(0), integerField<int>(j, "reps").value_or(0)};
}

json toJson(const std::optional<TimingStats>& s)
{
    if (!s)
        return nullptr;
    return {{"p10", s->p10}, {"p50", s->p50}, {"p90", s->p90}, {"reps", s->reps}};
}

std::optional<QPair<double, double>> interval(const json& j, const char* key)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_array() || it->size() != 2 || !(*it)[0].is_number() || !(*it)[1].is_number())
        return std::nullopt;
    return qMakePair((*it)[0].get<double>(), (*it)[1].get<double>());
}

json toJson(const std::optional<QPair<double, double>>& i)
{
    return i ? json::array({i->first, i->second}) : json(nullptr);
}

QMap<QString, QString> stringMap(const json& j, const char* key)
{
    QMap<QString, QString> out;
    const auto it = j.find(key);
    if (it != j.end() && it->is_object()) {
        for (auto e = it->begin(); e != it->end(); ++e) {
            if (e->is_string())
                out.insert(QString::fromStdString(e.key()), QString::fromStdString(e->get<std::string>()));
        }
    }
    return out;
}

json toJson(const QMap<QString, QString>& map)
{
    json out = json::object();
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        out[it.key().toStdString()] = it.value().toStdString();
    return out;
}

json optionalInteger(const std::optional<qint64>& v)
{
    return v ? json(*v) : json(nullptr);
}

// A side of a timed call: {"device": stats, "call": stats, ...}, or in results older than device timing
// the stats themselves.
void sideTimingFrom(const json& j, std::optional<TimingStats>* device, SideEvidence* evidence)
{
    if (!j.is_object())
        return;
    if (!j.contains("device")) {
        *device = stats(j);
        return;
    }
    *device = stats(j["device"]);
    evidence->call = stats(j.value("call", json()));
    evidence->events = stats(j.value("events", json()));
    evidence->bytes = integerField<qint64>(j, "bytes");
    evidence->gbs = num(j, "gbs");
    evidence->peakFraction = num(j, "peak_fraction");
    evidence->launchBound = flag(j, "launch_bound");
    if (j.contains("kernels") && j["kernels"].is_array()) {
        for (const json& k : j["kernels"]) {
            const auto own = k.find("own");
            evidence->kernels << KernelTime{str(k, "name"), num(k, "ms").value_or(0),
                own != k.end() && own->is_boolean() ? std::optional<bool>(own->get<bool>()) : std::nullopt};
        }
    }
}

json sideTimingToJson(const std::optional<TimingStats>& device, const SideEvidence& e)
{
    if (!device)
        return nullptr;
    json kernels = json::array();
    for (const KernelTime& k : e.kernels)
        kernels.push_back({{"name", k.name.toStdString()}, {"ms", k.ms}, {"own", k.own ? json(*k.own) : json(nullptr)}});
    return {{"device", toJson(device)}, {"call", toJson(e.call)}, {"events", toJson(e.events)}, {"bytes", optionalInteger(e.bytes)},
        {"gbs", optionalNumber(e.gbs)}, {"peak_fraction", optionalNumber(e.peakFraction)}, {"launch_bound", e.launchBound},
        {"kernels", kernels}};
}

OutputComparison outputFrom(const json& o)
{
    OutputComparison out;
    out.name = str(o, "name");
    out.ok = flag(o, "ok");
    out.shape = shape(o, "shape");
    out.baselineShape = shape(o, "baseline_shape");
    out.dtype = str(o, "dtype");
    out.baselineDtype = str(o, "baseline_dtype");
    out.maxAbsErr = num(o, "max_abs_err");
    out.maxRelErr = num(o, "max_rel_err");
    out.maxAbsBaseline = num(o, "max_abs_baseline");
    out.mismatched = integerField<qint64>(o, "mismatched").value_or(0);
    out.total = integerField<qint64>(o, "total").value_or(0);
    out.allclose = flag(o, "allclose");
    out.flags = strings(o, "flags");
    return out;
}

json toJson(const OutputComparison& o)
{
    return {{"name", o.name.toStdString()}, {"ok", o.ok}, {"shape", toJson(o.shape)}, {"baseline_shape", toJson(o.baselineShape)},
        {"dtype", o.dtype.toStdString()}, {"baseline_dtype", o.baselineDtype.toStdString()}, {"max_abs_err", optionalNumber(o.maxAbsErr)},
        {"max_rel_err", optionalNumber(o.maxRelErr)}, {"max_abs_baseline", optionalNumber(o.maxAbsBaseline)}, {"mismatched", o.mismatched},
        {"total", o.total}, {"allclose", o.allclose}, {"flags", toJson(o.flags)}};
}

AccuracyStage accuracyFrom(const json& a)
{
    AccuracyStage acc;
    acc.ok = flag(a, "ok");
    acc.rtol = num(a, "rtol").value_or(0);
    acc.atol = num(a, "atol").value_or(0);
    acc.flags = strings(a, "flags");
    if (a.contains("outputs") && a["outputs"].is_array()) {
        for (const json& o : a["outputs"])
            acc.outputs << outputFrom(o);
    }
    if (a.contains("seeds") && a["seeds"].is_array()) {
        for (const json& s : a["seeds"]) {
            const auto ok = s.find("ok");
            acc.seeds << SeedCheck{str(s, "call"), integerField<int>(s, "index").value_or(0), integerField<int>(s, "seed").value_or(0),
                ok != s.end() && ok->is_boolean() ? std::optional<bool>(ok->get<bool>()) : std::nullopt, strings(s, "failed_outputs"),
                num(s, "max_abs_err"), str(s, "note")};
        }
    }
    return acc;
}

json toJson(const AccuracyStage& a)
{
    json outputs = json::array();
    for (const OutputComparison& o : a.outputs)
        outputs.push_back(toJson(o));
    json seeds = json::array();
    for (const SeedCheck& s : a.seeds)
        seeds.push_back({{"call", s.call.toStdString()}, {"index", s.index}, {"seed", s.seed}, {"ok", s.ok ? json(*s.ok) : json(nullptr)},
            {"failed_outputs", toJson(s.failedOutputs)}, {"max_abs_err", optionalNumber(s.maxAbsErr)}, {"note", s.note.toStdString()}});
    return {{"ok", a.ok}, {"rtol", a.rtol}, {"atol", a.atol}, {"flags", toJson(a.flags)}, {"outputs", outputs}, {"seeds", seeds}};
}

TimingStage timingFrom(const json& t)
{
    TimingStage timing;
    timing.baselineMs = num(t, "baseline_ms").value_or(0);
    timing.candidateMs = num(t, "candidate_ms").value_or(0);
    timing.speedup = num(t, "speedup");
    timing.ci95 = interval(t, "ci95");
    timing.withinNoise = flag(t, "within_noise");
    timing.baselineCallMs = num(t, "baseline_call_ms");
    timing.candidateCallMs = num(t, "candidate_call_ms");
    timing.callSpeedup = num(t, "call_speedup");
    timing.deviceTimeSource = str(t, "device_time_source");
    timing.error = str(t, "error");
    if (t.contains("flush") && t["flush"].is_object()) {
        timing.flushBytes = integerField<qint64>(t["flush"], "bytes").value_or(0);
        timing.cacheBytes = integerField<qint64>(t["flush"], "llc_bytes");
        timing.flushMethod = str(t["flush"], "method");
    }
    if (t.contains("peak") && t["peak"].is_object()) {
        timing.peakGbs = num(t["peak"], "gbs");
        timing.peakSource = str(t["peak"], "source");
    }
    if (t.contains("calls") && t["calls"].is_array()) {
        for (const json& c : t["calls"]) {
            if (!c.is_object())
                continue; // value() below would throw on anything else
            CallTiming call;
            call.name = str(c, "name");
            call.index = integerField<int>(c, "index").value_or(0);
            sideTimingFrom(c.value("baseline", json()), &call.baseline, &call.baselineEvidence);
            sideTimingFrom(c.value("candidate", json()), &call.candidate, &call.candidateEvidence);
            call.speedup = num(c, "speedup");
            call.callSpeedup = num(c, "call_speedup");
            call.ci95 = interval(c, "ci95");
            call.withinNoise = flag(c, "within_noise");
            call.flags = strings(c, "flags");
            call.flagNotes = stringMap(c, "notes");
            call.note = str(c, "note").isEmpty() ? str(c, "error") : str(c, "note");
            timing.calls << call;
        }
    }
    return timing;
}

json toJson(const TimingStage& t)
{
    json calls = json::array();
    for (const CallTiming& c : t.calls)
        calls.push_back({{"name", c.name.toStdString()}, {"index", c.index}, {"baseline", sideTimingToJson(c.baseline, c.baselineEvidence)},
            {"candidate", sideTimingToJson(c.candidate, c.candidateEvidence)}, {"speedup", optionalNumber(c.speedup)},
            {"call_speedup", optionalNumber(c.callSpeedup)}, {"ci95", toJson(c.ci95)}, {"within_noise", c.withinNoise},
            {"flags", toJson(c.flags)}, {"notes", toJson(c.flagNotes)}, {"note", c.note.toStdString()}});
    return {{"baseline_ms", t.baselineMs}, {"candidate_ms", t.candidateMs}, {"speedup", optionalNumber(t.speedup)},
        {"ci95", toJson(t.ci95)}, {"within_noise", t.withinNoise}, {"baseline_call_ms", optionalNumber(t.baselineCallMs)},
        {"candidate_call_ms", optionalNumber(t.candidateCallMs)}, {"call_speedup", optionalNumber(t.callSpeedup)},
        {"device_time_source", t.deviceTimeSource.toStdString()},
        {"flush", {{"bytes", t.flushBytes}, {"llc_bytes", optionalInteger(t.cacheBytes)}, {"method", t.flushMethod.toStdString()}}},
        {"peak", t.peakGbs ? json{{"gbs", *t.peakGbs}, {"source", t.peakSource.toStdString()}} : json(nullptr)},
        {"error", t.error.toStdString()}, {"calls", calls}};
}

QVector<CheckSummary> checksFrom(const json& j)
{
    QVector<CheckSummary> out;
    if (!j.is_array())
        return out;
    for (const json& c : j) {
        if (c.is_object())
            out << CheckSummary{str(c, "name"), !c.contains("enabled") || flag(c, "enabled"), flag(c, "flagged"), strings(c, "where"),
                strings(c, "notes"), strings(c, "errors")};
    }
    return out;
}

json toJson(const QVector<CheckSummary>& checks)
{
    json out = json::array();
    for (const CheckSummary& c : checks)
        out.push_back({{"name", c.name.toStdString()}, {"enabled", c.enabled}, {"flagged", c.flagged}, {"where", toJson(c.where)},
            {"notes", toJson(c.notes)}, {"errors", toJson(c.errors)}});
    return out;
}

std::optional<SideRun> sideFrom(const json& sides, const char* key)
{
    const auto it = sides.find(key);
    if (it == sides.end() || !it->is_object())
        return std::nullopt;
    return SideRun{flag(*it, "ok"), str(*it, "error"), num(*it, "seconds").value_or(0)};
}

json toJson(const std::optional<SideRun>& s)
{
    if (!s)
        return nullptr;
    return {{"ok", s->ok}, {"error", s->error.toStdString()}, {"seconds", s->seconds}};
}

json toJson(const Diagnostic& d)
{
    return {{"file", d.file.toStdString()}, {"line", d.line}, {"column", d.column}, {"severity", severityName(d.severity).toStdString()},
        {"message", d.message.toStdString()}, {"context", toJson(d.context)}};
}

Diagnostic diagnosticFrom(const json& j)
{
    Diagnostic d;
    d.file = str(j, "file");
    d.line = integerField<int>(j, "line").value_or(0);
    d.column = integerField<int>(j, "column").value_or(0);
    d.severity = severityFromName(str(j, "severity")).value_or(Diagnostic::Severity::Error);
    d.message = str(j, "message");
    d.context = strings(j, "context");
    return d;
}

template<typename T>
json optionalValue(const std::optional<T>& v)
{
    return v ? json(*v) : json(nullptr);
}

json toJson(const KernelResourceUsage& k)
{
    return {{"name", k.name.toStdString()}, {"demangled", k.demangledName.toStdString()},
        {"source", kernelSourceName(k.source).toStdString()}, {"target", k.target.toStdString()}, {"sgprs", optionalValue(k.sgprs)},
        {"vgprs", optionalValue(k.vgprs)}, {"agprs", optionalValue(k.agprs)}, {"registers", optionalValue(k.registers)},
        {"shared_bytes", optionalValue(k.sharedBytes)}, {"shared_limit_bytes", optionalValue(k.sharedLimitBytes)},
        {"scratch_bytes", optionalValue(k.scratchBytes)}, {"sgpr_spills", optionalValue(k.sgprSpills)},
        {"vgpr_spills", optionalValue(k.vgprSpills)}, {"spill_store_bytes", optionalValue(k.spillStoreBytes)},
        {"spill_load_bytes", optionalValue(k.spillLoadBytes)}, {"occupancy", optionalValue(k.occupancy)}, {"flags", toJson(k.flags)}};
}

KernelResourceUsage kernelFrom(const json& j)
{
    KernelResourceUsage k;
    k.name = str(j, "name");
    k.demangledName = str(j, "demangled");
    k.source = kernelSourceFromName(str(j, "source")).value_or(KernelResourceUsage::Source::AmdRemarks);
    k.target = str(j, "target");
    k.sgprs = integerField<int>(j, "sgprs", false);
    k.vgprs = integerField<int>(j, "vgprs", false);
    k.agprs = integerField<int>(j, "agprs", false);
    k.registers = integerField<int>(j, "registers", false);
    k.sharedBytes = integerField<qint64>(j, "shared_bytes", false);
    k.sharedLimitBytes = integerField<qint64>(j, "shared_limit_bytes", false);
    k.scratchBytes = integerField<qint64>(j, "scratch_bytes", false);
    k.sgprSpills = integerField<int>(j, "sgpr_spills", false);
    k.vgprSpills = integerField<int>(j, "vgpr_spills", false);
    k.spillStoreBytes = integerField<qint64>(j, "spill_store_bytes", false);
    k.spillLoadBytes = integerField<qint64>(j, "spill_load_bytes", false);
    k.occupancy = integerField<int>(j, "occupancy", false);
    k.flags = strings(j, "flags");
    return k;
}

json toJson(const QVector<KernelResourceUsage>& kernels)
{
    json out = json::array();
    for (const KernelResourceUsage& k : kernels)
        out.push_back(toJson(k));
    return out;
}

QVector<KernelResourceUsage> kernelsFrom(const json& array)
{
    QVector<KernelResourceUsage> kernels;
    for (const json& k : array) {
        if (k.is_object())
            kernels << kernelFrom(k);
    }
    return kernels;
}

json toJson(const CompileStage& c)
{
    json diagnostics = json::array();
    for (const Diagnostic& d : c.diagnostics)
        diagnostics.push_back(toJson(d));
    return {{"ok", c.ok}, {"cached", c.cached}, {"seconds", c.seconds}, {"command", toJson(c.command)}, {"diagnostics", diagnostics},
        {"error", c.error.toStdString()}, {"module", c.modulePath.toStdString()}, {"log", c.log.toStdString()},
        {"kernels", toJson(c.kernels)}};
}

CompileStage compileFrom(const json& j)
{
    CompileStage c;
    c.ok = flag(j, "ok");
    c.cached = flag(j, "cached");
    c.seconds = num(j, "seconds").value_or(0);
    c.command = strings(j, "command");
    c.error = str(j, "error");
    c.modulePath = str(j, "module");
    c.log = str(j, "log");
    if (j.contains("diagnostics") && j["diagnostics"].is_array()) {
        for (const json& d : j["diagnostics"])
            c.diagnostics << diagnosticFrom(d);
    }
    if (j.contains("kernels") && j["kernels"].is_array())
        c.kernels = kernelsFrom(j["kernels"]);
    return c;
}

std::optional<RerunResult::Status> statusFrom(const QString& name)
{
    for (auto s : {RerunResult::Status::Completed, RerunResult::Status::Cancelled, RerunResult::Status::Failed}) {
        if (statusName(s) == name)
            return s;
    }
    return std::nullopt;
}

} // namespace

QString statusName(RerunResult::Status status)
{
    switch (status) {
    case RerunResult::Status::Completed:
        return QStringLiteral("completed");
    case RerunResult::Status::Cancelled:
        return QStringLiteral("cancelled");
    case RerunResult::Status::Failed:
        break;
    }
    return QStringLiteral("failed");
}

QString RerunResult::verdict() const
{
    if (status == Status::Cancelled)
        return QStringLiteral("cancelled");
    if (compile && !compile->ok)
        return QStringLiteral("compile_failed");
    if (status == Status::Failed)
        return QStringLiteral("could_not_run");
    if (baselineRun && !baselineRun->ok)
        return QStringLiteral("baseline_failed");
    if (candidateRun && !candidateRun->ok)
        return QStringLiteral("candidate_failed");
    if (accuracy)
        return accuracy->ok ? QStringLiteral("passed") : QStringLiteral("wrong_output");
    return compile && compile->ok ? QStringLiteral("compiled") : QStringLiteral("not_run");
}

QString verdictTitle(const QString& verdict)
{
    static const std::pair<const char*, const char*> titles[] = {
        {"passed", QT_TRANSLATE_NOOP("krw::RerunResult", "Passed")},
        // Levels of a pass (VerdictLevel)
        {"clean", QT_TRANSLATE_NOOP("krw::RerunResult", "Passed")},
        {"notes", QT_TRANSLATE_NOOP("krw::RerunResult", "Passed with notes")},
        {"suspect", QT_TRANSLATE_NOOP("krw::RerunResult", "Suspect")},
        {"compiled", QT_TRANSLATE_NOOP("krw::RerunResult", "Compiled")},
        {"compile_failed", QT_TRANSLATE_NOOP("krw::RerunResult", "Compile failed")},
        {"could_not_run", QT_TRANSLATE_NOOP("krw::RerunResult", "Could not run")},
        {"baseline_failed", QT_TRANSLATE_NOOP("krw::RerunResult", "Baseline failed")},
        {"candidate_failed", QT_TRANSLATE_NOOP("krw::RerunResult", "Candidate failed")},
        {"wrong_output", QT_TRANSLATE_NOOP("krw::RerunResult", "Wrong output")},
        {"not_run", QT_TRANSLATE_NOOP("krw::RerunResult", "Not run")},
        {"not_rerun", QT_TRANSLATE_NOOP("krw::RerunResult", "Not rerun")},
        {"cancelled", QT_TRANSLATE_NOOP("krw::RerunResult", "Cancelled")},
    };
    for (const auto& [token, title] : titles) {
        if (verdict == QLatin1String(token))
            return QCoreApplication::translate("krw::RerunResult", title);
    }
    return verdict;
}

QString RerunResult::verdictLine(bool inWords) const
{
    return VerdictLevel::line(verdict(), flags, raisedFlags, inWords);
}

QString RerunResult::where() const
{
    // "ssh_host" is set by the pipeline when the steps ran on a GPU host over SSH ("host" is the
    // harness's own hostname, recorded everywhere).
    const QString host = environment.value(QStringLiteral("ssh_host"));
    QString place = host.isEmpty() ? QStringLiteral("local") : QStringLiteral("host %1").arg(host);
    const QString devices = environment.value(QStringLiteral("visible_devices"));
    // A Slurm task: the job array's id and index, and the node (set by the worker or SlurmBatch).
    const QString job = environment.value(QStringLiteral("slurm_job"));
    if (environment.value(QStringLiteral("slurm_submitted")) == QLatin1String("no")) // it never left this machine's queue
        place = QStringLiteral("Slurm, not submitted");
    else if (!job.isEmpty()) {
        const QString node = environment.value(QStringLiteral("slurm_node"));
        place = node.isEmpty() ? QStringLiteral("slurm job %1").arg(job) : QStringLiteral("slurm job %1 on %2").arg(job, node);
    }
    return devices.isEmpty() ? place : QStringLiteral("%1, %2").arg(place, devices);
}

bool applyHarnessResult(const QByteArray& bytes, RerunResult* result, QString* error)
{
    const json j = json::parse(bytes.cbegin(), bytes.cend(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("ok")) {
        *error = QStringLiteral("the harness's result is not valid JSON");
        return false;
    }
    if (!flag(j, "ok")) {
        *error = str(j, "error").isEmpty() ? QStringLiteral("the harness reported a failure without a message") : str(j, "error");
        return false;
    }
    if (j.contains("environment") && j["environment"].is_object()) {
        for (auto it = j["environment"].begin(); it != j["environment"].end(); ++it)
            result->environment.insert(QString::fromStdString(it.key()),
                it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString::fromStdString(it->dump()));
    }
    const json sides = j.value("sides", json::object());
    result->baselineRun = sideFrom(sides, "baseline");
    result->candidateRun = sideFrom(sides, "candidate");
    if (j.contains("accuracy") && j["accuracy"].is_object())
        result->accuracy = accuracyFrom(j["accuracy"]);
    if (j.contains("timing") && j["timing"].is_object())
        result->timing = timingFrom(j["timing"]);
    result->flags = strings(j, "flags");
    result->checks = checksFrom(j.value("checks", json()));
    return true;
}

QByteArray rerunToJson(const RerunResult& r)
{
    json environment = json::object();
    for (auto it = r.environment.cbegin(); it != r.environment.cend(); ++it)
        environment[it.key().toStdString()] = it.value().toStdString();
    json stages = json::object();
    if (r.compile)
        stages["compile"] = toJson(*r.compile);
    if (r.baselineRun || r.candidateRun)
        stages["run"] = {{"baseline", toJson(r.baselineRun)}, {"candidate", toJson(r.candidateRun)}};
    if (r.accuracy)
        stages["accuracy"] = toJson(*r.accuracy);
    if (r.timing)
        stages["timing"] = toJson(*r.timing);
    const json root
        = {{"case", r.caseName.toStdString()}, {"version", r.versionId.toStdString()}, {"version_title", r.versionTitle.toStdString()},
            {"version_hash", r.versionHash.toStdString()}, {"baseline", r.baselineId.toStdString()}, {"profile", r.profile.toStdString()},
            {"status", statusName(r.status).toStdString()}, {"verdict", r.verdict().toStdString()}, {"failure", r.failure.toStdString()},
            {"started", r.started.toString(Qt::ISODateWithMs).toStdString()}, {"seconds", r.seconds}, {"sandboxed", r.sandboxed},
            {"sandbox_note", r.sandboxNote.toStdString()}, {"python_path", r.pythonPath.toStdString()},
            {"python_automatic", r.pythonAutomatic}, {"flags", toJson(r.flags)}, {"raised_to_suspect", toJson(r.raisedFlags)},
            {"verdict_level", VerdictLevel::of(r).toStdString()}, {"verdict_line", r.verdictLine().toStdString()},
            {"checks", toJson(r.checks)}, {"environment", environment}, {"stages", stages}, {"harness_log", r.harnessLog.toStdString()}};
    return QByteArray::fromStdString(root.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
}

std::optional<RerunResult> rerunFromJson(const QByteArray& bytes, QString* error)
{
    json j;
    try {
        j = json::parse(bytes.cbegin(), bytes.cend());
    } catch (const json::parse_error& e) {
        // A truncated or damaged file: where it breaks, by line, as every reader of the project says it.
        const auto at = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, std::size_t(bytes.size()));
        const int line = 1 + int(std::count(bytes.cbegin(), bytes.cbegin() + qsizetype(at), '\n'));
        *error = QStringLiteral("not a rerun result: line %1: not JSON (%2)").arg(line).arg(QString::fromStdString(e.what()));
        return std::nullopt;
    } catch (const json::exception& e) {
        // Valid syntax the parser still refuses: a number past a double's range ("1e999").
        *error = QStringLiteral("not a rerun result: %1").arg(QString::fromStdString(e.what()));
        return std::nullopt;
    }
    if (!j.is_object() || !j.contains("stages") || !j["stages"].is_object()) {
        *error = QStringLiteral("not a rerun result: no \"stages\" object");
        return std::nullopt;
    }
    RerunResult r;
    r.status = statusFrom(str(j, "status")).value_or(RerunResult::Status::Failed);
    r.failure = str(j, "failure");
    r.caseName = str(j, "case");
    r.versionId = str(j, "version");
    r.versionTitle = str(j, "version_title");
    r.versionHash = str(j, "version_hash");
    r.baselineId = str(j, "baseline");
    r.profile = str(j, "profile");
    r.started = QDateTime::fromString(str(j, "started"), Qt::ISODateWithMs);
    r.seconds = num(j, "seconds").value_or(0);
    r.sandboxed = flag(j, "sandboxed");
    r.sandboxNote = str(j, "sandbox_note");
    r.pythonPath = str(j, "python_path");
    r.pythonAutomatic = flag(j, "python_automatic");
    r.harnessLog = str(j, "harness_log");
    if (j.contains("environment") && j["environment"].is_object()) {
        for (auto it = j["environment"].begin(); it != j["environment"].end(); ++it) {
            if (it->is_string())
                r.environment.insert(QString::fromStdString(it.key()), QString::fromStdString(it->get<std::string>()));
        }
    }
    const json& stages = j["stages"];
    if (stages.contains("compile"))
        r.compile = compileFrom(stages["compile"]);
    if (stages.contains("run")) {
        r.baselineRun = sideFrom(stages["run"], "baseline");
        r.candidateRun = sideFrom(stages["run"], "candidate");
    }
    if (stages.contains("accuracy"))
        r.accuracy = accuracyFrom(stages["accuracy"]);
    if (stages.contains("timing"))
        r.timing = timingFrom(stages["timing"]);
    r.flags = strings(j, "flags");
    r.raisedFlags = strings(j, "raised_to_suspect");
    r.checks = checksFrom(j.value("checks", json()));
    return r;
}

QByteArray kernelsToJson(const QVector<KernelResourceUsage>& kernels)
{
    return QByteArray::fromStdString(toJson(kernels).dump(2, ' ', false, json::error_handler_t::replace) + "\n");
}

std::optional<QVector<KernelResourceUsage>> kernelsFromJson(const QByteArray& bytes, QString* error)
{
    const json j = json::parse(bytes.cbegin(), bytes.cend(), nullptr, false);
    if (j.is_discarded() || !j.is_array()) {
        *error = QStringLiteral("not a kernel list");
        return std::nullopt;
    }
    return kernelsFrom(j);
}

} // namespace krw
