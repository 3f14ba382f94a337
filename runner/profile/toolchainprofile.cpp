// SPDX-License-Identifier: MIT
#include "profile/toolchainprofile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

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

ToolchainProfile defaultProfile(ToolchainProfile::Kind kind)
{
    ToolchainProfile p;
    p.kind = kind;
    p.name = kindName(kind);
    p.compiler = kind == ToolchainProfile::Kind::Cpu ? QStringLiteral("g++") : QStringLiteral("hipcc");
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

QString compilerVersionText(const QString& output)
{
    QStringList kept;
    bool inTraceback = false;
    for (const QString& line : output.split(QLatin1Char('\n'))) {
        if (line.trimmed().isEmpty())
            continue;
        if (line.startsWith(QLatin1String("Traceback (most recent call last):"))) {
            inTraceback = true;
            continue;
        }
        if (inTraceback) {
            // Frames are indented; the first line that is not ends the traceback (the exception).
            inTraceback = line.at(0).isSpace();
            continue;
        }
        kept.append(line.trimmed());
    }
    return kept.join(QLatin1Char('\n'));
}

QString compilerVersionLine(const QString& versionText)
{
    const QStringList lines = versionText.split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (line.contains(QLatin1String("version"), Qt::CaseInsensitive) || line.contains(QLatin1String("release"), Qt::CaseInsensitive))
            return line;
    }
    return lines.first();
}

ToolchainInfo parseProbe(const QByteArray& json)
{
    ToolchainInfo info;
    // The probe's output may carry library warnings (torch prints some on import) around the
    // object: take the outermost braces.
    const int open = int(json.startsWith('{') ? 0 : json.indexOf("\n{") + 1);
    const int close = int(json.lastIndexOf('}'));
    QJsonParseError parseError;
    const QJsonObject o = QJsonDocument::fromJson(close > open ? json.mid(open, close - open + 1) : QByteArray(), &parseError).object();
    if (parseError.error != QJsonParseError::NoError || o.isEmpty()) {
        info.error = QStringLiteral("the Python probe printed no JSON: %1").arg(QString::fromUtf8(json.left(300)));
        return info;
    }
    auto strings = [&o](const char* key) {
        QStringList out;
        const QJsonArray array = o.value(QLatin1String(key)).toArray();
        for (const QJsonValue& v : array)
            out << v.toString();
        return out;
    };
    auto text = [&o](const char* key) { return o.value(QLatin1String(key)).toString(); };
    info.pythonVersion = text("python");
    info.torchVersion = text("torch");
    info.torchCuda = text("cuda");
    info.torchHip = text("hip");
    info.tritonVersion = text("triton");
    info.cudaAvailable = o.value(QStringLiteral("cuda_available")).toBool();
    info.deviceName = o.value(QStringLiteral("device_name")).isString() ? text("device_name") : QStringLiteral("cpu");
    info.torchIncludePaths = strings("torch_include_paths");
    info.torchLibraryPaths = strings("torch_library_paths");
    info.pythonInclude = text("python_include");
    if (!text("ext_suffix").isEmpty())
        info.extensionSuffix = text("ext_suffix");
    info.cxx11Abi = o.value(QStringLiteral("cxx11_abi")).toBool(true);
    info.error = text("error");
    if (info.error.isEmpty() && info.torchVersion.isEmpty())
        info.error = QStringLiteral("PyTorch is not importable from this Python");
    return info;
}

} // namespace krw
