// SPDX-License-Identifier: MIT
#include "runner/pipeline/rerunrequestformat.h"

#include "runner/pipeline/rerunpipeline.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

namespace krw {

QByteArray RerunRequestFormat::toJson(const RerunRequest& r)
{
    const QJsonObject o{{QStringLiteral("format"), QStringLiteral("krw-rerun-request")}, {QStringLiteral("version"), Version},
        {QStringLiteral("case"), r.caseName}, {QStringLiteral("candidate_id"), r.candidateId},
        {QStringLiteral("candidate_title"), r.candidateTitle}, {QStringLiteral("candidate_text"), r.candidateText},
        {QStringLiteral("baseline_id"), r.baselineId}, {QStringLiteral("baseline_title"), r.baselineTitle},
        {QStringLiteral("baseline_text"), r.baselineText}, {QStringLiteral("test_code"), r.testCode},
        {QStringLiteral("profile"), profileToJson(r.profile)}, {QStringLiteral("rtol"), r.rtol}, {QStringLiteral("atol"), r.atol},
        {QStringLiteral("seed"), r.seed}, {QStringLiteral("timing"), r.timing},
        {QStringLiteral("unsandboxed_allowed"), r.unsandboxedAllowed}};
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

std::optional<RerunRequest> RerunRequestFormat::fromJson(const QByteArray& json, QString* error)
{
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    const auto fail = [error](const QString& message) -> std::optional<RerunRequest> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (parseError.error != QJsonParseError::NoError)
        return fail(QStringLiteral("not a rerun request: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset));
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("format")).toString() != QLatin1String("krw-rerun-request"))
        return fail(QStringLiteral("not a rerun request (no \"format\": \"krw-rerun-request\")"));
    if (o.value(QStringLiteral("version")).toInt() != Version)
        return fail(QStringLiteral("a rerun request of version %1; this program reads version %2")
                        .arg(o.value(QStringLiteral("version")).toVariant().toString())
                        .arg(Version));
    for (const char* key : {"case", "candidate_text", "baseline_text", "test_code"}) {
        if (!o.value(QLatin1String(key)).isString())
            return fail(QStringLiteral("the rerun request has no \"%1\"").arg(QLatin1String(key)));
    }
    QString profileError;
    const auto profile = profileFromJson(o.value(QStringLiteral("profile")).toObject(), &profileError);
    if (!profile)
        return fail(QStringLiteral("the rerun request's profile: %1").arg(profileError));
    RerunRequest r;
    r.caseName = o.value(QStringLiteral("case")).toString();
    r.candidateId = o.value(QStringLiteral("candidate_id")).toString();
    r.candidateTitle = o.value(QStringLiteral("candidate_title")).toString();
    r.candidateText = o.value(QStringLiteral("candidate_text")).toString();
    r.baselineId = o.value(QStringLiteral("baseline_id")).toString(r.baselineId);
    r.baselineTitle = o.value(QStringLiteral("baseline_title")).toString();
    r.baselineText = o.value(QStringLiteral("baseline_text")).toString();
    r.testCode = o.value(QStringLiteral("test_code")).toString();
    r.profile = *profile;
    r.rtol = o.value(QStringLiteral("rtol")).toDouble(r.rtol);
    r.atol = o.value(QStringLiteral("atol")).toDouble(r.atol);
    r.seed = o.value(QStringLiteral("seed")).toInt(r.seed);
    r.timing = o.value(QStringLiteral("timing")).toBool(r.timing);
    r.unsandboxedAllowed = o.value(QStringLiteral("unsandboxed_allowed")).toBool(r.unsandboxedAllowed);
    return r;
}

RerunRequest RerunRequestFormat::withLocalPaths(RerunRequest request, const QString& workRoot)
{
    const QString runnerDir = RerunPipeline::runnerDataDir();
    request.harnessPath = runnerDir + QStringLiteral("/harness/krw_harness.py");
    request.compatRoot = runnerDir + QStringLiteral("/compat");
    request.cacheRoot = QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).filePath(QStringLiteral("modules"));
    request.workRoot = workRoot;
    request.waitForDevice = false;
    return request;
}

} // namespace krw
