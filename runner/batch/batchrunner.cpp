// SPDX-License-Identifier: MIT
#include "runner/batch/batchrunner.h"

namespace krw {

BatchRunner::BatchRunner(QObject* parent)
    : QObject(parent)
{
    // The signals carry results: Qt 5 queues and spies on them only once the type is registered.
    qRegisterMetaType<krw::RerunResult>();
}

} // namespace krw
