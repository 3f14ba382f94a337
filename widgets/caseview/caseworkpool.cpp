// SPDX-License-Identifier: MIT
#include "caseview/caseworkpool.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

namespace krw {

QThreadPool* CaseWorkPool::instance()
{
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool(QCoreApplication::instance());
        p->setMaxThreadCount(QThread::idealThreadCount());
        return p;
    }();
    return pool;
}

} // namespace krw
