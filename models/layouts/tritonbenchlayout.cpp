// SPDX-License-Identifier: MIT
#include "models/layouts/tritonbenchlayout.h"

#include "models/layouts/jsonfile.h"
#include "models/run/loadsession.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace krw {

namespace {

constexpr qint64 FirstRowBytes = 4 * 1024 * 1024; // a row holds a few kernels' code
constexpr int FirstRows = 5; // rows looked at to tell the layout

} // namespace

QString TritonBenchLayout::lookedFor() const
{
    return QStringLiteral("a TritonBench output (.jsonl rows of instruction, predict, label without filename) or a folder of them");
}

bool TritonBenchLayout::isOutputFile(const QString& path)
{
    if (!path.endsWith(QLatin1String(".jsonl")))
        return false;
    // A GEAK series' JSONL beside its memory file is GEAK's, whatever its lines hold (a first line
    // that lost its filename is a warning there, not another layout).
    static const QRegularExpression series(QStringLiteral("^(.*)_(\\d+)\\.jsonl$"));
    const QFileInfo info(path);
    const auto match = series.match(info.fileName());
    if (match.hasMatch() && info.dir().exists(QStringLiteral("%1_mem_%2.json").arg(match.captured(1), match.captured(2))))
        return false;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    // The first rows: none names a file, and one has a candidate or a reference and an instruction.
    bool rows = false;
    for (int read = 0; read < FirstRows && !file.atEnd();) {
        const QByteArray line = file.readLine(FirstRowBytes);
        if (line.trimmed().isEmpty())
            continue;
        ++read;
        const nlohmann::json row = nlohmann::json::parse(line.constData(), line.constData() + line.size(), nullptr, false);
        if (!row.is_object())
            continue;
        if (row.contains("filename"))
            return false;
        rows = rows || ((row.contains("predict") || row.contains("label")) && (row.contains("instruction") || row.contains("prompt")));
    }
    return rows;
}

QVector<RunSource> TritonBenchLayout::locate(const QFileInfo& path) const
{
    auto runOf = [this](const QFileInfo& file) {
        RunSource source = runAt(file.absolutePath());
        source.path = file.absoluteFilePath();
        source.name = file.completeBaseName();
        return source;
    };
    if (path.isFile())
        return isOutputFile(path.absoluteFilePath()) ? QVector<RunSource>{runOf(path)} : QVector<RunSource>{};
    if (!path.isDir())
        return {};
    // A folder of outputs (one per model): each is a run.
    QVector<RunSource> runs;
    const QDir dir(path.absoluteFilePath());
    for (const QFileInfo& file : dir.entryInfoList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name)) {
        if (isOutputFile(file.absoluteFilePath()))
            runs.append(runOf(file));
    }
    return runs;
}

QVector<IterationRecords> TritonBenchLayout::read(const RunSource& source, LoadSession* session) const
{
    IterationRecords records;
    JsonFile file(source.path, session);
    if (!file.isOpen())
        return {records};
    QFile bytes(source.path);
    if (!bytes.open(QIODevice::ReadOnly))
        return {records};
    // Where each row starts; rows are named by their number among the rows (blank lines skipped).
    QVector<QPair<qint64, qint64>> rows; // start, length
    qint64 offset = 0;
    while (!bytes.atEnd()) {
        const QByteArray line = bytes.readLine();
        if (!line.trimmed().isEmpty())
            rows.append({offset, line.size()});
        offset += line.size();
    }
    const int width = int(QString::number(rows.size()).size());
    for (int row = 0; row < rows.size(); ++row) {
        if (session->isCancelled())
            return {};
        const std::size_t before = std::size_t(session->warnings().size());
        const JsonFile::Object o = file.row(std::size_t(rows.at(row).first), std::size_t(rows.at(row).second), QStringLiteral("row"));
        if (o.members.empty() || std::size_t(session->warnings().size()) > before)
            continue; // warned: not a whole JSON object
        IterationRecord record;
        record.instruction = file.text(o, "instruction", QStringLiteral("instruction"));
        if (!record.instruction.isPresent())
            record.instruction = file.text(o, "prompt", QStringLiteral("prompt"));
        record.predict = file.text(o, "predict", QStringLiteral("predict"));
        record.label = file.text(o, "label", QStringLiteral("label"));
        record.extra = file.extras(o, {"instruction", "prompt", "predict", "label"});
        const QString name = QStringLiteral("row %1").arg(row + 1, width, 10, QLatin1Char('0'));
        records.byName.insert(name, records.records.size());
        records.records.append({name, record});
    }
    return {records};
}

} // namespace krw
