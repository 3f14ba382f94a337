// SPDX-License-Identifier: MIT
#include "models/review/filelock.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QSysInfo>
#include <QThread>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace krw {

namespace {

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// "<pid> <host> <program>": read back only to name the holder in a timeout message.
QByteArray holderLine()
{
    return QByteArray::number(qint64(::getpid())) + ' ' + QSysInfo::machineHostName().toUtf8() + ' '
        + QCoreApplication::applicationName().toUtf8() + '\n';
}

} // namespace

FileLock::FileLock(QString path)
    : m_path(std::move(path))
{
}

FileLock::~FileLock()
{
    unlock();
}

bool FileLock::lock(int timeoutMs, QString* error)
{
    const QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        QString openError;
        if (tryOnce(&openError))
            return true;
        if (!openError.isEmpty()) {
            *error = openError;
            return false;
        }
        if (deadline.hasExpired()) {
            *error = QStringLiteral("%1 stayed locked for %2 s (%3)").arg(m_path).arg(timeoutMs / 1000.0).arg(lastHolder());
            return false;
        }
        // QLockFile-style doubling pauses let one writer starve; short random ones take turns.
        QThread::msleep(1 + QRandomGenerator::global()->bounded(5));
    }
}

FileLock::Attempt FileLock::tryLock(QString* error)
{
    QString problem;
    if (tryOnce(&problem))
        return Attempt::Locked;
    if (problem.isEmpty())
        return Attempt::Busy;
    if (error)
        *error = problem;
    return Attempt::Failed;
}

QString FileLock::busyMessage() const
{
    return QStringLiteral("%1 is locked (%2)").arg(m_path, lastHolder());
}

// True when locked; false with error set when the file cannot be opened, without when taken.
bool FileLock::tryOnce(QString* error)
{
    if (m_fd >= 0)
        return true;
    const QByteArray name = QFile::encodeName(m_path);
    int fd;
    do {
        fd = ::open(name.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        *error = QStringLiteral("cannot create the lock file %1 (%2)").arg(m_path, systemError(errno));
        return false;
    }
    int locked;
    do {
        locked = ::flock(fd, LOCK_EX | LOCK_NB);
    } while (locked != 0 && errno == EINTR);
    if (locked != 0) {
        const int why = errno;
        ::close(fd);
        if (why != EWOULDBLOCK)
            *error = QStringLiteral("cannot lock %1 (%2)").arg(m_path, systemError(why));
        return false;
    }
    m_fd = fd;
    const QByteArray line = holderLine();
    // Best effort: the line only names us in another waiter's message.
    [[maybe_unused]] const bool named
        = ::ftruncate(m_fd, 0) == 0 && ::pwrite(m_fd, line.constData(), size_t(line.size()), 0) == line.size();
    return true;
}

void FileLock::unlock()
{
    if (m_fd < 0)
        return;
    ::close(m_fd); // releases the flock
    m_fd = -1;
}

QString FileLock::lastHolder() const
{
    QFile file(m_path);
    const QList<QByteArray> parts = file.open(QIODevice::ReadOnly) ? file.readLine(512).trimmed().split(' ') : QList<QByteArray>();
    if (parts.size() < 2 || parts[0].toLongLong() <= 0)
        return QStringLiteral("held by another process");
    QString holder = QStringLiteral("last taken by process %1 on %2").arg(QString::fromUtf8(parts[0]), QString::fromUtf8(parts[1]));
    if (parts.size() > 2 && !parts[2].isEmpty())
        holder += QStringLiteral(", ") + QString::fromUtf8(parts.mid(2).join(' '));
    return holder;
}

} // namespace krw
