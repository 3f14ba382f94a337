// SPDX-License-Identifier: MIT
#include "models/work/jobtracker.h"

namespace krw {

JobTracker::JobTracker(QObject* owner)
    : QObject(owner)
{
}

void JobTracker::cancel()
{
    ++m_generation;
    m_running = 0;
}

} // namespace krw
