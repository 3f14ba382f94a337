// SPDX-License-Identifier: MIT
#include "models/run/loadsession.h"

namespace krw {

LoadSession::LoadSession(const LoadControl& control, const LoadLimits& limits)
    : m_control(control)
    , m_limits(limits)
{
}

int LoadSession::addSource(const SourceFile& file)
{
    m_sources.append(file);
    return int(m_sources.size() - 1);
}

bool LoadSession::isCancelled()
{
    if (!m_cancelled && m_control.isCancelled && m_control.isCancelled())
        m_cancelled = true;
    return m_cancelled;
}

void LoadSession::advance(qint64 bytes)
{
    QMutexLocker lock(&m_progressMutex);
    m_doneBytes += bytes;
    if (m_control.progress)
        m_control.progress(m_doneBytes, m_totalBytes);
}

} // namespace krw
