// SPDX-License-Identifier: MIT
#include "models/work/workpools.h"

#include <QCoreApplication>
#include <QFuture>
#include <QThread>
#include <QThreadPool>
#include <QVector>
#include <QtConcurrent>

#include <algorithm>
#include <exception>
#include <vector>

namespace krw {

namespace {

QThreadPool* makePool(int threads)
{
    // Owned by the application when there is one, so its threads end before Qt's do. That needs the
    // application's thread: createPools below makes them there, as the application starts.
    QCoreApplication* app = QCoreApplication::instance();
    auto* pool = new QThreadPool(app && QThread::currentThread() == app->thread() ? app : nullptr);
    pool->setMaxThreadCount(threads);
    return pool;
}

// The first to ask for a pool is often a job's thread (a run loaded asks for parts): made there,
// a pool could not be the application's child (Qt refused with a warning, and it was never
// deleted), so every pool is made when the application object is.
void createPools()
{
    WorkPools::jobs();
    WorkPools::parts();
    WorkPools::background();
}

} // namespace

Q_COREAPP_STARTUP_FUNCTION(createPools)

QThreadPool* WorkPools::jobs()
{
    static QThreadPool* pool = makePool(MaxJobs);
    return pool;
}

QThreadPool* WorkPools::parts()
{
    static QThreadPool* pool = makePool(std::max(1, QThread::idealThreadCount()));
    return pool;
}

QThreadPool* WorkPools::background()
{
    static QThreadPool* pool = makePool(std::max(1, QThread::idealThreadCount()));
    return pool;
}

void WorkPools::runParts(int count, const std::function<void(int part)>& work, QThreadPool* pool)
{
    if (!pool)
        pool = parts();
    std::vector<std::exception_ptr> failures(size_t(std::max(count, 0)));
    const auto guarded = [&work, &failures](int part) {
        try {
            work(part);
        } catch (...) {
            failures[size_t(part)] = std::current_exception();
        }
    };
    QVector<QFuture<void>> others;
    for (int p = 0; p + 1 < count; ++p)
        others.append(QtConcurrent::run(pool, [&guarded, p] { guarded(p); }));
    if (count > 0)
        guarded(count - 1);
    // QFuture::waitForFinished runs a task of QtConcurrent::run here when no thread has taken it.
    for (QFuture<void>& other : others)
        other.waitForFinished();
    for (const std::exception_ptr& failure : failures) {
        if (failure)
            std::rethrow_exception(failure);
    }
}

} // namespace krw
