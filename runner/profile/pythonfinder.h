// SPDX-License-Identifier: MIT
#pragma once

#include <QMetaType>
#include <QObject>
#include <QProcessEnvironment>
#include <QString>
#include <QVector>

#include <memory>
#include <optional>

class QProcess;
class QTimer;

namespace krw {

// One Python that PythonFinder looked at, and what its probe said.
struct PythonCandidate
{
    QString path;
    QString source; // "virtualenv" ($VIRTUAL_ENV), "conda" ($CONDA_PREFIX), "PATH", "system" (/usr/bin/python3)
    QString pythonVersion;
    QString torchVersion; // empty when torch did not import
    QString torchCuda; // torch.version.cuda
    QString torchHip; // torch.version.hip
    bool cudaAvailable = false;
    QString error; // why this one cannot run the harness, in words; empty when it can

    bool works() const { return error.isEmpty() && !torchVersion.isEmpty(); }
    // "/venv/bin/python (virtualenv): Python 3.12.3, torch 2.5.1+rocm6.2, HIP 6.2, GPU available"
    QString describe() const;
};

// What a search found: every candidate probed, in order, and the chosen one.
struct PythonSearch
{
    QVector<PythonCandidate> tried; // probing stops at the first that works: it is the last here
    int chosen = -1; // index into tried; -1 when none works

    bool found() const { return chosen >= 0; }
    std::optional<PythonCandidate> choice() const;
    // Why none works: every tried path with its error, and how to choose one by hand.
    QString failureText() const;
};

// Finds the Python that runs the harness when a profile names none (docs/RUNNER.md "Which
// Python"): $VIRTUAL_ENV/bin/python, $CONDA_PREFIX/bin/python, every python3 on PATH in PATH order,
// /usr/bin/python3 — the same interpreter found twice is probed once — and the first that imports
// torch is chosen. Each is probed in its own process with a timeout; a timeout or crash is a
// failed candidate. start() works from the event loop (finished() when done); nothing waits on it.
class PythonFinder : public QObject
{
    Q_OBJECT
public:
    static constexpr int DefaultTimeoutMs = 60000; // importing torch from a cold disk takes a while

    explicit PythonFinder(QObject* parent = nullptr);
    ~PythonFinder() override;

    // The environment whose VIRTUAL_ENV, CONDA_PREFIX and PATH are searched, and that the probes
    // run in; the process's own by default.
    void setEnvironment(const QProcessEnvironment& environment) { m_environment = environment; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    void setSystemPython(const QString& path) { m_systemPython = path; } // tests: a machine without /usr/bin/python3

    void start();
    void cancel(); // no finished() after this
    bool isRunning() const { return m_process != nullptr; }

    // The candidates in search order, not yet probed: only the file system is looked at. Missing
    // files of VIRTUAL_ENV, CONDA_PREFIX and the system are listed with the error "not found".
    static QVector<PythonCandidate> candidates(
        const QProcessEnvironment& environment, const QString& systemPython = QStringLiteral("/usr/bin/python3"));
    // The `-c` program each candidate runs: prints one JSON object.
    static QString probeScript();
    // Fills a candidate from its probe's output (pure; exitCode != 0 or no JSON is an error).
    static PythonCandidate parseProbe(PythonCandidate candidate, const QByteArray& output, const QByteArray& errors);

Q_SIGNALS:
    void finished(const krw::PythonSearch& search);

private:
    void probeNext();
    void probeEnded(const PythonCandidate& candidate);

    QProcessEnvironment m_environment = QProcessEnvironment::systemEnvironment();
    int m_timeoutMs = DefaultTimeoutMs;
    QString m_systemPython = QStringLiteral("/usr/bin/python3");
    QVector<PythonCandidate> m_pending;
    PythonSearch m_search;
    QProcess* m_process = nullptr;
    QTimer* m_timer;
};

} // namespace krw

Q_DECLARE_METATYPE(krw::PythonSearch)
