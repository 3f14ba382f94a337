// SPDX-License-Identifier: MIT
#include "runner/slurm/slurmoutput.h"

#include <QRegularExpression>

#include <functional>

namespace krw {

namespace {

// "1234_3" → ("1234", 3); anything else (a range, a plain job, a step) → nullopt.
std::optional<std::pair<QString, int>> arrayTask(const QString& id)
{
    static const QRegularExpression re(QStringLiteral("^(\\d+)_(\\d+)$"));
    const auto m = re.match(id);
    if (!m.hasMatch())
        return std::nullopt;
    return std::make_pair(m.captured(1), m.captured(2).toInt());
}

QStringList lines(const QByteArray& output)
{
    QStringList out;
    for (const QString& line : QString::fromUtf8(output).split(QLatin1Char('\n'))) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            out << trimmed;
    }
    return out;
}

// The one reading of squeue's and sacct's lines: '|'-separated, the first field an array task's id,
// at least six fields. Other lines (a pending range, a job that is no array, a job step, a
// short line) are left out; toState turns the task and the fields into a state.
QVector<SlurmTaskState> taskRows(
    const QByteArray& output, const std::function<SlurmTaskState(const std::pair<QString, int>&, const QStringList&)>& toState)
{
    QVector<SlurmTaskState> tasks;
    for (const QString& line : lines(output)) {
        const QStringList fields = line.split(QLatin1Char('|'));
        if (fields.size() < 6)
            continue;
        if (const auto task = arrayTask(fields.at(0)))
            tasks.append(toState(*task, fields));
    }
    return tasks;
}

} // namespace

std::optional<QString> SlurmOutput::parseSbatch(const QByteArray& output)
{
    static const QRegularExpression re(QStringLiteral("^(\\d+)(;\\S+)?$"));
    for (const QString& line : lines(output)) {
        const auto m = re.match(line);
        if (m.hasMatch())
            return m.captured(1);
    }
    return std::nullopt;
}

QVector<SlurmTaskState> SlurmOutput::parseSqueue(const QByteArray& output)
{
    return taskRows(output, [](const std::pair<QString, int>& task, const QStringList& f) {
        return SlurmTaskState{
            task.first, task.second, f.at(1).trimmed(), f.at(2).trimmed(), f.at(3).trimmed(), f.at(4).trimmed(), f.at(5).trimmed(), {}};
    });
}

QVector<SlurmTaskState> SlurmOutput::parseSacct(const QByteArray& output)
{
    return taskRows(output, [](const std::pair<QString, int>& task, const QStringList& f) {
        const QString state = f.at(1).section(QLatin1Char(' '), 0, 0); // "CANCELLED by 1000"
        const QString node = f.at(2) == QLatin1String("None assigned") ? QString() : f.at(2);
        return SlurmTaskState{task.first, task.second, state, node, {}, f.at(3), f.at(4), f.at(5)};
    });
}

bool SlurmOutput::killedByScheduler(const QString& state)
{
    static const QStringList killed = {QStringLiteral("TIMEOUT"), QStringLiteral("PREEMPTED"), QStringLiteral("NODE_FAIL"),
        QStringLiteral("CANCELLED"), QStringLiteral("OUT_OF_MEMORY"), QStringLiteral("DEADLINE"), QStringLiteral("BOOT_FAIL")};
    return killed.contains(state);
}

bool SlurmOutput::isFinal(const QString& state)
{
    return state == QLatin1String("COMPLETED") || state == QLatin1String("FAILED") || killedByScheduler(state);
}

QString SlurmOutput::failure(const SlurmTaskState& s)
{
    const QString where = s.node.isEmpty() ? QStringLiteral("job %1").arg(s.id()) : QStringLiteral("job %1 on %2").arg(s.id(), s.node);
    QString line = QStringLiteral("slurm: task %1 (%2) ").arg(s.task).arg(where);
    if (killedByScheduler(s.state)) {
        line += s.state;
        if (!s.elapsed.isEmpty())
            line += QStringLiteral(" after %1").arg(s.elapsed);
        if (s.state == QLatin1String("TIMEOUT") && !s.timeLimit.isEmpty())
            line += QStringLiteral(" (limit %1)").arg(s.timeLimit);
        return line;
    }
    line += QStringLiteral("ended %1").arg(s.state);
    if (!s.exitCode.isEmpty())
        line += QStringLiteral(", exit code %1").arg(s.exitCode);
    return line + QStringLiteral(", without writing a result");
}

} // namespace krw
