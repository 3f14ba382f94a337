// SPDX-License-Identifier: MIT
#include "widgets/failures/failuresdock.h"

#include "models/session/runsession.h"
#include "widgets/failures/failurespanel.h"

#include <QTimer>

namespace krw {

FailuresDock::FailuresDock(const RunSession* session, QWidget* parent)
    : QDockWidget(tr("Failures"), parent)
    , m_session(session)
    , m_panel(new FailuresPanel(this))
    , m_refresh(new QTimer(this))
{
    setObjectName(QStringLiteral("failuresDock"));
    setWidget(m_panel);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            readIfShown();
    });
    m_refresh->setSingleShot(true);
    m_refresh->setInterval(300);
    connect(m_refresh, &QTimer::timeout, this, &FailuresDock::readIfShown);
}

void FailuresDock::clear()
{
    m_stale = true;
    m_refresh->stop();
    m_panel->clear();
}

void FailuresDock::readAgain()
{
    m_stale = true;
    readIfShown();
}

void FailuresDock::readAgainSoon()
{
    m_stale = true;
    m_refresh->start();
}

void FailuresDock::readIfShown()
{
    if (!m_session->run() || !m_stale || !isVisible())
        return;
    m_stale = false;
    m_panel->setRun(m_session->run(), m_session->latestReruns());
}

} // namespace krw
