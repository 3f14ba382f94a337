// SPDX-License-Identifier: MIT
#include "widgets/shell/screenshottaker.h"

#include "widgets/caseview/caseview.h"
#include "widgets/caseview/comparepage.h"

#include <QPixmap>
#include <QTimer>
#include <QWidget>

#include <memory>

namespace krw {

ScreenshotTaker::ScreenshotTaker(QWidget* window, CaseView* caseView, QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_caseView(caseView)
{
}

void ScreenshotTaker::arm(const QString& pngPath, const QString& caseName, int tab)
{
    m_path = pngPath;
    m_caseName = caseName;
    m_tab = tab;
}

// Case texts read → the tab → newest diff shown → grab.
void ScreenshotTaker::takeWhenShown(const RunPtr& run)
{
    if (!run || run->cases.isEmpty()) {
        Q_EMIT saved(false, tr("no case could be loaded"));
        return;
    }
    auto grabNow = [this] {
        m_caseView->showTab(m_tab >= 0 ? CaseView::Tab(m_tab) : CaseView::CompareTab);
        // Let the layout settle before rendering.
        QTimer::singleShot(300, this, [this] {
            const bool ok = m_window->grab().save(m_path);
            Q_EMIT saved(ok, ok ? m_path : tr("cannot write %1").arg(m_path));
        });
    };
    // Once only (Qt 5 has no Qt::SingleShotConnection).
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(m_caseView->comparePage(), &ComparePage::diffShown, this, [connection, grabNow] {
        QObject::disconnect(*connection);
        grabNow();
    });
}

} // namespace krw
