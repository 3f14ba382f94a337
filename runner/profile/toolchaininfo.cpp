// SPDX-License-Identifier: MIT
#include "runner/profile/toolchaininfo.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace krw {

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

QString compilerVersionLog(const QString& output)
{
    QStringList kept;
    QStringList traceback; // the one being read, until its last line shows whose it is
    bool leftOut = false;
    const QStringList lines = output.split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (traceback.isEmpty() && !line.startsWith(QLatin1String("Traceback (most recent call last):"))) {
            kept.append(line);
            continue;
        }
        traceback.append(line);
        // Frames are indented; the first line that is not ends the traceback (the exception).
        if (traceback.size() == 1 || (!line.isEmpty() && line.at(0).isSpace()))
            continue;
        if (traceback.join(QLatin1Char('\n')).contains(QLatin1String("rocm_agent_enumerator")))
            leftOut = true;
        else
            kept += traceback;
        traceback.clear();
    }
    kept += traceback; // cut short: kept as it is
    if (leftOut)
        kept.prepend(QStringLiteral("[kernel-review: rocm_agent_enumerator's traceback left out: it finds no AMD GPU here (no "
                                    "/sys/class/kfd), which changes nothing for this compiler]"));
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

bool readCompilerVersion(ToolchainInfo* info, const QString& output, bool answered)
{
    if (!answered) {
        info->compilerPath.clear();
        return false;
    }
    info->compilerVersionText = compilerVersionText(output);
    info->compilerVersion = compilerVersionLine(info->compilerVersionText);
    return true;
}

} // namespace krw
