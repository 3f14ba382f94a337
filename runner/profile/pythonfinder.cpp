// SPDX-License-Identifier: MIT
#include "runner/profile/pythonfinder.h"

#include "runner/process/processjob.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTimer>

namespace krw {

namespace {

// The same interpreter reached twice (/bin/python3 and /usr/bin/python3 on a merged /usr) is one
// candidate. A virtualenv's python is a link to the system's, but another interpreter: it reads
// the pyvenv.cfg beside it or one folder up, so that file is part of what it is.
QString identity(const QString& path)
{
    const QFileInfo file(path);
    const QString binary = file.canonicalFilePath().isEmpty() ? file.absoluteFilePath() : file.canonicalFilePath();
    const QDir dir = file.absoluteDir();
    for (const QString& cfg : {dir.filePath(QStringLiteral("pyvenv.cfg")), dir.filePath(QStringLiteral("../pyvenv.cfg"))}) {
        if (QFileInfo::exists(cfg))
            return binary + QLatin1Char('\n') + QFileInfo(cfg).canonicalFilePath();
    }
    return binary;
}

QString lastLine(const QByteArray& text)
{
    const QStringList lines = QString::fromUtf8(text).trimmed().split(QLatin1Char('\n'));
    return lines.isEmpty() ? QString() : lines.last().trimmed();
}

// A probe that ended on its own: what it printed, or how it ended when it printed no answer.
PythonCandidate ended(const PythonCandidate& candidate, QProcess& process)
{
    PythonCandidate c = PythonFinder::parseProbe(candidate, process.readAllStandardOutput(), process.readAllStandardError());
    if (process.exitStatus() == QProcess::CrashExit)
        c.error = QStringLiteral("the probe crashed");
    else if (process.exitCode() != 0 && c.error.isEmpty())
        c.error = QStringLiteral("the probe exited with code %1").arg(process.exitCode());
    return c;
}

// A probe no longer wanted: killed without waiting (the UI thread never blocks), gone when it ends.
void discard(QProcess* process, QObject* receiver)
{
    process->disconnect(receiver);
    if (process->state() == QProcess::NotRunning)
        return process->deleteLater();
    // Its own owner until it ends, so that a finder destroyed meanwhile does not wait for it.
    process->setParent(nullptr);
    QObject::connect(process, QOverload<int, QProcess::ExitStatus>::of(&QProcess::finished), process, &QObject::deleteLater);
    process->kill();
}

QString timedOut(int timeoutMs)
{
    return QStringLiteral("the probe ") + ProcessOutcome::timedOutAfter(timeoutMs);
}

} // namespace

QString PythonCandidate::describe() const
{
    QString text = QStringLiteral("%1 (%2): ").arg(path, source);
    if (!works())
        return text + error;
    text += QStringLiteral("Python %1, torch %2").arg(pythonVersion, torchVersion);
    if (!torchHip.isEmpty())
        text += QStringLiteral(", HIP %1").arg(torchHip);
    else if (!torchCuda.isEmpty())
        text += QStringLiteral(", CUDA %1").arg(torchCuda);
    return text + (cudaAvailable ? QStringLiteral(", GPU available") : QStringLiteral(", no GPU"));
}

std::optional<PythonCandidate> PythonSearch::choice() const
{
    if (chosen < 0 || chosen >= tried.size())
        return std::nullopt;
    return tried.at(chosen);
}

QString PythonSearch::failureText() const
{
    QString text = QStringLiteral("no Python that imports torch was found");
    if (tried.isEmpty())
        text += QStringLiteral(" (VIRTUAL_ENV, CONDA_PREFIX and PATH name no Python)");
    else
        text += QStringLiteral("; tried:");
    for (const PythonCandidate& c : tried)
        text += QStringLiteral("\n  ") + c.describe();
    return text
        + QStringLiteral("\nChoose one by hand: kernel-review-cli rerun --python PATH, or the Python field of the runner panel's "
                         "Profiles… dialog (Toolchain profiles).");
}

PythonFinder::PythonFinder(QObject* parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    qRegisterMetaType<krw::PythonSearch>();
    m_timer->setSingleShot(true);
}

PythonFinder::~PythonFinder()
{
    cancel();
}

QVector<PythonCandidate> PythonFinder::candidates(const QProcessEnvironment& environment, const QString& systemPython)
{
    QVector<PythonCandidate> out;
    QSet<QString> seen;
    auto add = [&](const QString& path, const QString& source) {
        if (seen.contains(identity(path)))
            return;
        seen.insert(identity(path));
        PythonCandidate c;
        c.path = path;
        c.source = source;
        if (!QFileInfo(path).isFile())
            c.error = QStringLiteral("not found");
        else if (!QFileInfo(path).isExecutable())
            c.error = QStringLiteral("not executable");
        out.append(c);
    };
    const QString venv = environment.value(QStringLiteral("VIRTUAL_ENV"));
    if (!venv.isEmpty())
        add(QDir(venv).filePath(QStringLiteral("bin/python")), QStringLiteral("virtualenv"));
    const QString conda = environment.value(QStringLiteral("CONDA_PREFIX"));
    if (!conda.isEmpty())
        add(QDir(conda).filePath(QStringLiteral("bin/python")), QStringLiteral("conda"));
    const QStringList path = environment.value(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    for (const QString& dir : path) {
        const QFileInfo python(QDir(dir).filePath(QStringLiteral("python3")));
        if (python.isFile() && python.isExecutable()) // PATH names many folders without one
            add(python.absoluteFilePath(), QStringLiteral("PATH"));
    }
    if (!systemPython.isEmpty())
        add(systemPython, QStringLiteral("system"));
    return out;
}

QString PythonFinder::probeScript()
{
    return QStringLiteral("import json, platform\n"
                          "r = {'python': platform.python_version()}\n"
                          "try:\n"
                          "    import torch\n"
                          "    r['torch'] = str(torch.__version__)\n"
                          "    r['cuda_available'] = bool(torch.cuda.is_available())\n"
                          "    r['cuda'] = torch.version.cuda\n"
                          "    r['hip'] = getattr(torch.version, 'hip', None)\n"
                          "except BaseException as e:\n"
                          "    r['error'] = '%s: %s' % (type(e).__name__, e)\n"
                          "print('KRW-PYTHON ' + json.dumps(r), flush=True)\n");
}

PythonCandidate PythonFinder::parseProbe(PythonCandidate c, const QByteArray& output, const QByteArray& errors)
{
    // torch may print warnings on import: the answer is the marked line.
    const int at = int(output.lastIndexOf("KRW-PYTHON "));
    const QByteArray line = at < 0 ? QByteArray() : output.mid(at + 11).split('\n').first();
    QJsonParseError parseError;
    const QJsonObject o = QJsonDocument::fromJson(line, &parseError).object();
    if (at < 0 || parseError.error != QJsonParseError::NoError) {
        const QString said = lastLine(errors).isEmpty() ? lastLine(output) : lastLine(errors);
        c.error = QStringLiteral("the probe printed no answer%1").arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said);
        return c;
    }
    c.pythonVersion = o.value(QStringLiteral("python")).toString();
    c.torchVersion = o.value(QStringLiteral("torch")).toString();
    c.torchCuda = o.value(QStringLiteral("cuda")).toString();
    c.torchHip = o.value(QStringLiteral("hip")).toString();
    c.cudaAvailable = o.value(QStringLiteral("cuda_available")).toBool();
    c.error = o.value(QStringLiteral("error")).toString();
    if (c.error.isEmpty() && c.torchVersion.isEmpty())
        c.error = QStringLiteral("torch did not import");
    return c;
}

void PythonFinder::start()
{
    cancel();
    m_search = PythonSearch();
    m_pending = candidates(m_environment, m_systemPython);
    // Always answer from the event loop, even when there is nothing to probe.
    QTimer::singleShot(0, this, [this] { probeNext(); });
    m_process = new QProcess(this); // marks the search as running until finished()
}

void PythonFinder::cancel()
{
    m_timer->stop();
    m_timer->disconnect(this);
    m_pending.clear();
    if (!m_process)
        return;
    discard(m_process, this);
    m_process = nullptr;
}

void PythonFinder::probeNext()
{
    if (!m_process) // cancelled
        return;
    while (!m_pending.isEmpty() && !m_pending.first().error.isEmpty()) // missing files need no probe
        m_search.tried.append(m_pending.takeFirst());
    if (m_pending.isEmpty()) {
        m_process->deleteLater();
        m_process = nullptr;
        Q_EMIT finished(m_search);
        return;
    }
    const PythonCandidate candidate = m_pending.takeFirst();
    QProcess* process = m_process;
    process->setProcessEnvironment(m_environment);
    connect(process, QOverload<int, QProcess::ExitStatus>::of(&QProcess::finished), this, [this, process, candidate] {
        if (process != m_process)
            return;
        m_timer->stop();
        probeEnded(ended(candidate, *process));
    });
    connect(process, &QProcess::errorOccurred, this, [this, process, candidate](QProcess::ProcessError error) {
        if (process != m_process || error != QProcess::FailedToStart)
            return; // the rest end in finished()
        m_timer->stop();
        PythonCandidate c = candidate;
        c.error = QStringLiteral("could not start: %1").arg(process->errorString());
        probeEnded(c);
    });
    m_timer->disconnect(this);
    connect(m_timer, &QTimer::timeout, this, [this, process, candidate] {
        if (process != m_process)
            return;
        PythonCandidate c = candidate;
        c.error = timedOut(m_timeoutMs);
        probeEnded(c);
    });
    m_timer->start(m_timeoutMs);
    process->start(candidate.path, {QStringLiteral("-c"), probeScript()});
}

void PythonFinder::probeEnded(const PythonCandidate& candidate)
{
    // A fresh process for the next candidate: no late signal of this one can land.
    discard(m_process, this); // killed if it timed out
    m_process = new QProcess(this);
    m_search.tried.append(candidate);
    if (candidate.works()) {
        m_search.chosen = int(m_search.tried.size()) - 1;
        m_pending.clear();
    }
    probeNext();
}

} // namespace krw
