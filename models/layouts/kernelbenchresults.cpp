// SPDX-License-Identifier: MIT
#include "models/layouts/kernelbenchresults.h"

#include "models/run/fieldreader.h"
#include "models/run/filewarnings.h"
#include "models/run/jsonspans.h"
#include "models/run/loadsession.h"
#include "models/run/textstore.h"

#include <QFile>
#include <QFileInfo>

#include <string>
#include <string_view>

namespace krw {

namespace {

using json_spans::Member;

QString keyOf(const Member& m)
{
    return QString::fromStdString(m.key);
}

class ResultsReader
{
public:
    ResultsReader(std::string_view text, FileWarnings* warnings, int source, const LoadLimits* limits)
        : m_text(text)
        , m_warnings(warnings)
        , m_source(source)
        , m_limits(limits)
    {
    }

    QHash<int, KernelBenchResults::Samples> read()
    {
        QHash<int, KernelBenchResults::Samples> problems;
        const std::size_t start = json_spans::skipSpace(m_text, 0);
        if (start >= m_text.size() || m_text[start] != '{') {
            m_warnings->warn(start, QString(), QStringLiteral("not a JSON object of problems; nothing read"));
            return problems;
        }
        const json_spans::ScanResult top = json_spans::scanContainer(m_text, m_limits->maxDepth);
        if (!top.ok())
            m_warnings->warn(top.errorOffset, QString::fromStdString(top.errorKey), QString::fromStdString(top.error));
        for (const Member& problem : top.members) {
            bool isNumber = false;
            const int problemId = keyOf(problem).toInt(&isNumber);
            if (!isNumber) {
                m_warnings->warn(problem.keySpan.offset, keyOf(problem), QStringLiteral("not a problem id (a whole number); skipped"));
                continue;
            }
            readProblem(problemId, problem, &problems[problemId]);
        }
        return problems;
    }

private:
    std::string_view valueText(std::size_t offset, std::size_t length) const { return m_text.substr(offset, length); }

    void readProblem(int problemId, const Member& problem, KernelBenchResults::Samples* samples)
    {
        const std::string_view value = valueText(problem.value.offset, problem.value.length);
        const QString field = keyOf(problem);
        if (value.empty() || (value.front() != '[' && value.front() != '{')) {
            m_warnings->warn(problem.value.offset, field, QStringLiteral("not a list of samples; skipped"));
            return;
        }
        if (value.front() == '{') { // the older writer: one sample per problem
            readSample(problemId, problem.value.offset, field, samples);
            return;
        }
        const json_spans::ScanResult list = json_spans::scanContainer(value, m_limits->maxDepth);
        if (!list.ok())
            m_warnings->warn(problem.value.offset + list.errorOffset, field, QString::fromStdString(list.error));
        for (std::size_t i = 0; i < list.members.size(); ++i) {
            const Member& element = list.members[i];
            const QString elementField = QStringLiteral("%1[%2]").arg(field).arg(i);
            if (valueText(problem.value.offset + element.value.offset, 1) != "{") {
                m_warnings->warn(problem.value.offset + element.value.offset, elementField, QStringLiteral("not a sample object; skipped"));
                continue;
            }
            readSample(problemId, problem.value.offset + element.value.offset, elementField, samples);
        }
    }

    void readSample(int problemId, std::size_t base, const QString& field, KernelBenchResults::Samples* samples)
    {
        const std::string_view text = m_text.substr(base);
        const json_spans::ScanResult object = json_spans::scanContainer(text, m_limits->maxDepth);
        if (!object.ok())
            m_warnings->warn(base + object.errorOffset, field, QString::fromStdString(object.error));
        const FieldReader reader(m_warnings, m_source, 0, base, m_limits);
        KernelBenchResults::Sample sample;
        std::optional<int> sampleId;
        for (const Member& m : object.members) {
            const QString name = field + QLatin1Char('.') + keyOf(m);
            if (m.key == "sample_id")
                sampleId = reader.intField(text, m, name);
            else if (m.key == "compiled")
                sample.compiled = reader.boolField(text, m, name);
            else if (m.key == "correctness")
                sample.correct = reader.boolField(text, m, name);
            else if (m.key == "runtime")
                sample.runtimeMs = reader.numberField(text, m, name);
            else if (m.key == "metadata")
                readMetadata(base + m.value.offset, name, &sample);
            else
                sample.extra.append(reader.extraField(text, m));
        }
        if (!sampleId) {
            m_warnings->warn(base, field, QStringLiteral("no sample_id; skipped"));
            return;
        }
        if (samples->contains(*sampleId))
            m_warnings->warn(base, field,
                QStringLiteral("problem %1, sample %2 is in the file more than once (evaluated again); its last entry is used")
                    .arg(problemId)
                    .arg(*sampleId));
        samples->insert(*sampleId, sample);
    }

    void readMetadata(std::size_t base, const QString& field, KernelBenchResults::Sample* sample)
    {
        const std::string_view text = m_text.substr(base);
        if (text.empty() || text.front() != '{') {
            m_warnings->warn(base, field, QStringLiteral("not an object; skipped"));
            return;
        }
        const json_spans::ScanResult object = json_spans::scanContainer(text, m_limits->maxDepth);
        if (!object.ok())
            m_warnings->warn(base + object.errorOffset, field, QString::fromStdString(object.error));
        const FieldReader reader(m_warnings, m_source, 0, base, m_limits);
        TextRef correctnessIssue;
        for (const Member& m : object.members) {
            const QString name = field + QLatin1Char('.') + keyOf(m);
            if (m.key == "compilation_error")
                sample->compilationError = reader.errorField(text, m, name);
            else if (m.key == "runtime_error")
                sample->runtimeError = reader.errorField(text, m, name);
            else if (m.key == "correctness_issue")
                correctnessIssue = reader.errorField(text, m, name);
            else if (m.key == "excessive_speedup")
                sample->excessiveSpeedup = reader.boolField(text, m, name).value_or(false);
            else {
                const ExtraField extra = reader.extraField(text, m);
                if (m.key == "hardware")
                    sample->hardware = extra.shortValue;
                sample->extra.append(extra);
            }
        }
        if (!sample->runtimeError.hasContent())
            sample->runtimeError = correctnessIssue;
    }

    std::string_view m_text;
    FileWarnings* m_warnings;
    int m_source;
    const LoadLimits* m_limits;
};

} // namespace

QHash<int, KernelBenchResults::Samples> KernelBenchResults::read(const QString& path, LoadSession* session)
{
    QFile file(path);
    if (!file.exists())
        return {};
    FileWarnings warnings(path, &session->warnings());
    if (!file.open(QIODevice::ReadOnly)) {
        warnings.warnFile(QStringLiteral("cannot be read: %1").arg(file.errorString()));
        return {};
    }
    if (file.size() > session->limits().maxFileBytes) {
        warnings.warnFile(QStringLiteral("larger than %1 bytes; not read").arg(session->limits().maxFileBytes));
        return {};
    }
    const QByteArray bytes = file.readAll();
    SourceFile source;
    source.path = QFileInfo(path).absoluteFilePath();
    source.kind = SourceFile::Kind::Json;
    source.size = bytes.size();
    TextStore::stamp(&source, source.path);
    const int index = session->addSource(source);
    const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    warnings.setText(text);
    session->advance(bytes.size());
    return ResultsReader(text, &warnings, index, &session->limits()).read();
}

} // namespace krw
