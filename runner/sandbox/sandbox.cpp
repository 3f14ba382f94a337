// SPDX-License-Identifier: MIT
#include "runner/sandbox/sandbox.h"

#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QStandardPaths>

#include <algorithm>
#include <unistd.h>

namespace krw {

namespace {

QString canonical(const QString& path)
{
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QDir::cleanPath(path) : c;
}

bool isInside(const QString& path, const QString& folder)
{
    return path == folder || path.startsWith(folder.endsWith(QLatin1Char('/')) ? folder : folder + QLatin1Char('/'));
}

QString resolveProgram(const QString& program)
{
    if (program.contains(QLatin1Char('/')))
        return program;
    const QString found = QStandardPaths::findExecutable(program);
    return found.isEmpty() ? program : found;
}

// Where a program is installed: the folder above bin/ (a venv, a conda environment, a ROCm
// tree), else its own folder; for the path as given and for where its links lead.
QStringList installPrefixes(const QString& program)
{
    QStringList prefixes;
    for (const QString& path : {program, QFileInfo(program).canonicalFilePath()}) {
        if (!path.startsWith(QLatin1Char('/')))
            continue;
        QDir dir = QFileInfo(path).absoluteDir();
        if (dir.dirName() == QLatin1String("bin"))
            dir.cdUp();
        prefixes << dir.absolutePath();
    }
    return prefixes;
}

// The absolute paths an argument names: "/x", "-I/x", "-L/x", "-Wl,-rpath,/x", "--flag=/x".
QStringList pathsNamedBy(const QString& argument)
{
    QStringList paths;
    auto add = [&paths](const QString& p) {
        if (p.startsWith(QLatin1Char('/')))
            paths << p;
    };
    add(argument);
    if (argument.startsWith(QLatin1String("-I")) || argument.startsWith(QLatin1String("-L")))
        add(argument.mid(2));
    if (argument.contains(QLatin1Char('=')))
        add(argument.section(QLatin1Char('='), -1));
    if (argument.contains(QLatin1Char(',')))
        add(argument.section(QLatin1Char(','), -1));
    return paths;
}

QString pythonPath(const ProcessSpec& spec)
{
    for (const QString& entry : spec.environment) {
        if (entry.startsWith(QLatin1String("PYTHONPATH=")))
            return entry.mid(11);
    }
    return qEnvironmentVariable("PYTHONPATH");
}

} // namespace

QString Sandbox::bwrapPath()
{
    return QStandardPaths::findExecutable(QStringLiteral("bwrap"));
}

ResourceLimits Sandbox::limitsOf(const ToolchainProfile& profile)
{
    ResourceLimits limits;
    limits.memoryBytes = profile.effectiveMemoryLimitBytes();
    limits.tasks = profile.effectiveProcessLimit();
    return limits;
}

QString Sandbox::limitsText(const ResourceLimits& limits, bool sandboxed)
{
    QString how;
    if (!sandboxed)
        how = QStringLiteral("both watched, not enforced by the kernel");
    else if (::geteuid() == 0)
        how = QStringLiteral("both watched; running as root, the kernel does not count the processes");
    else if (QStandardPaths::findExecutable(QStringLiteral("prlimit")).isEmpty())
        how = QStringLiteral("both watched; prlimit (util-linux) is missing, so the kernel does not count the processes");
    else
        how = QStringLiteral("processes capped by the kernel, memory watched");
    return QStringLiteral("limits: %1 of memory, %2 processes and threads (%3)")
        .arg(ResourceWatch::sizeText(limits.memoryBytes))
        .arg(limits.tasks)
        .arg(how);
}

QString Sandbox::installHint()
{
    return QStringLiteral("install bubblewrap (Debian, Ubuntu: sudo apt install bubblewrap; Fedora: sudo dnf install bubblewrap)");
}

SandboxChoice Sandbox::choose(const ToolchainProfile& profile, bool bwrapFound, bool unsandboxedAllowed, const ResourceLimits& limits)
{
    if (profile.remote())
        return chooseOnHost(profile, unsandboxedAllowed);
    if (!profile.sandbox)
        return {false, false,
            QStringLiteral("not sandboxed: the sandbox is turned off in profile %1; %2").arg(profile.name, limitsText(limits, false)), {}};
    if (bwrapFound)
        return {true, false,
            QStringLiteral("sandboxed with bubblewrap: no network, read-only system, home and /run hidden, private /tmp, "
                           "only the work folder writable; %1")
                .arg(limitsText(limits, true)),
            {}};
    if (!profile.runsCode())
        return {false, false,
            QStringLiteral("not sandboxed: bubblewrap (bwrap) is not installed; the code was only compiled, never run; %1")
                .arg(limitsText(limits, false)),
            {}};
    if (unsandboxedAllowed)
        return {false, false,
            QStringLiteral("not sandboxed: bubblewrap (bwrap) is not installed, and running without it was allowed; %1")
                .arg(limitsText(limits, false)),
            {}};
    return {false, true, QStringLiteral("not sandboxed: nothing was run"),
        QStringLiteral("not run: bubblewrap (bwrap) is not installed, so the code would run unsandboxed, as you: with your files, "
                       "your home folder and the network. To run it sandboxed, %1. To run it anyway, allow running unsandboxed: "
                       "kernel-review-cli rerun --no-sandbox, or answer yes when the runner panel asks; or turn the sandbox off "
                       "in profile %2.")
            .arg(installHint(), profile.name)};
}

// A profile with a host runs its steps there (docs/RUNNER.md "Remote host (SSH)"): this machine's
// bubblewrap guards nothing on the host, and the host's is not used (yet), nor are the limits
// carried over. So a host runs the code unsandboxed, and only with the same leave as here.
SandboxChoice Sandbox::chooseOnHost(const ToolchainProfile& profile, bool unsandboxedAllowed)
{
    const QString host = profile.host.displayName();
    const QString noLimits = QStringLiteral("the profile's memory and process limits are not applied on a host");
    if (!profile.sandbox)
        return {false, false,
            QStringLiteral("not sandboxed: the sandbox is turned off in profile %1; host %2 ran it; %3").arg(profile.name, host, noLimits),
            {}};
    if (!profile.runsCode())
        return {false, false,
            QStringLiteral("not sandboxed: host %1 compiled the code without bubblewrap (not used on a host); the code was only "
                           "compiled, never run; %2")
                .arg(host, noLimits),
            {}};
    if (unsandboxedAllowed)
        return {false, false,
            QStringLiteral("not sandboxed: host %1 ran the code unsandboxed (bubblewrap is not used on a host), as your user there, "
                           "and running without it was allowed; %2")
                .arg(host, noLimits),
            {}};
    return {false, true, QStringLiteral("not sandboxed: nothing was run"),
        QStringLiteral("not run: host %1 would run the code unsandboxed (bubblewrap is not used on a host), as your user there: with "
                       "its files and network. To run it anyway, allow running unsandboxed: kernel-review-cli rerun --no-sandbox, or "
                       "answer yes when the runner panel asks; or turn the sandbox off in profile %2.")
            .arg(host, profile.name)};
}

Sandbox::Sandbox(const QString& writableDir, const ResourceLimits& limits)
    : m_writable(canonical(writableDir))
    , m_limits(limits)
    , m_home(QDir::homePath())
{
}

void Sandbox::setHome(const QString& home)
{
    m_home = home;
}

void Sandbox::addReadOnly(const QString& path)
{
    if (!path.isEmpty())
        m_readOnly << path;
}

QStringList Sandbox::hiddenFolders() const
{
    QStringList hidden = {QStringLiteral("/tmp")};
    if (QFileInfo(QStringLiteral("/run")).isDir())
        hidden << QStringLiteral("/run");
    const QString home = canonical(m_home);
    // A home of "/" (or none) hides nothing: the read-only system is all there is.
    if (!m_home.isEmpty() && home != QLatin1String("/") && QFileInfo(home).isDir())
        hidden << home;
    std::sort(hidden.begin(), hidden.end());
    hidden.erase(std::unique(hidden.begin(), hidden.end()), hidden.end());
    return hidden;
}

bool Sandbox::isHidden(const QString& path) const
{
    const QStringList hidden = hiddenFolders();
    return std::any_of(hidden.begin(), hidden.end(), [&path](const QString& folder) { return isInside(path, folder); });
}

ProcessSpec Sandbox::wrap(ProcessSpec spec) const
{
    const QString program = resolveProgram(spec.program);
    QStringList wanted = m_readOnly + installPrefixes(program);
    for (const QString& argument : spec.arguments)
        wanted += pathsNamedBy(argument);
    wanted += pythonPath(spec).split(QLatin1Char(':'), Qt::SkipEmptyParts);

    // Only what lies in a hidden folder needs binding back, and nothing twice.
    QStringList readOnly;
    for (const QString& path : qAsConst(wanted)) {
        if (!path.startsWith(QLatin1Char('/')) || !QFileInfo::exists(path))
            continue;
        const QString real = canonical(path);
        if (isHidden(real) && !isInside(real, m_writable) && real != QLatin1String("/tmp"))
            readOnly << real;
    }
    std::sort(readOnly.begin(), readOnly.end());
    readOnly.erase(std::unique(readOnly.begin(), readOnly.end()), readOnly.end());
    QStringList outermost;
    for (const QString& path : qAsConst(readOnly)) {
        if (outermost.isEmpty() || !isInside(path, outermost.last()))
            outermost << path;
    }

    const QStringList hidden = hiddenFolders();
    QStringList args = {QStringLiteral("--unshare-user"), QStringLiteral("--unshare-pid"), QStringLiteral("--unshare-net"),
        QStringLiteral("--unshare-ipc"), QStringLiteral("--new-session"), QStringLiteral("--die-with-parent"), QStringLiteral("--ro-bind"),
        QStringLiteral("/"), QStringLiteral("/"), QStringLiteral("--dev-bind"), QStringLiteral("/dev"), QStringLiteral("/dev"),
        QStringLiteral("--tmpfs"), QStringLiteral("/dev/shm"), QStringLiteral("--proc"), QStringLiteral("/proc")};
    for (const QString& folder : hidden)
        args << QStringLiteral("--tmpfs") << folder;
    // Parents before what lies in them: sorted paths put a folder before its contents.
    QStringList binds = outermost;
    binds << m_writable;
    std::sort(binds.begin(), binds.end());
    for (const QString& path : qAsConst(binds))
        args << (path == m_writable ? QStringLiteral("--bind") : QStringLiteral("--ro-bind")) << path << path;
    // The hidden home and /run stay empty and read-only; /tmp is the step's scratch space.
    for (const QString& folder : hidden) {
        if (folder != QLatin1String("/tmp"))
            args << QStringLiteral("--remount-ro") << folder;
    }
    args << QStringLiteral("--setenv") << QStringLiteral("HOME") << m_writable << QStringLiteral("--chdir") << m_writable
         << QStringLiteral("--");
    const QString prlimit = QStandardPaths::findExecutable(QStringLiteral("prlimit"));
    if (m_limits.tasks > 1 && !prlimit.isEmpty()) {
        // Inside bwrap's user namespace the kernel counts only the sandbox's tasks (bwrap's reaper
        // included). The ResourceWatch counts the outer bwrap too, which lives outside: one less
        // here makes both stop at the same number.
        args << prlimit << QStringLiteral("--nproc=%1:%1").arg(m_limits.tasks - 1) << QStringLiteral("--");
    }
    args << program << spec.arguments;
    spec.program = bwrapPath();
    spec.arguments = args;
    spec.workingDirectory = m_writable;
    spec.limits = m_limits;
    spec.limits.fileSystems = QStringList{QStringLiteral("/tmp"), QStringLiteral("/dev/shm")};
    return spec;
}

} // namespace krw
