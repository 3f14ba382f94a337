// SPDX-License-Identifier: MIT
#include "widgets/caseview/hintlist.h"

#include "models/lint/linter.h"

namespace krw {

HintList::HintList(QWidget* parent)
    : QListWidget(parent)
{
    setObjectName(QStringLiteral("hintList"));
    setWordWrap(true);
    setToolTip(tr("What a careful reader would catch in this case; click a hint to see its line"));
    connect(this, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        const int i = row(item);
        if (i >= 0 && i < m_hints.size())
            Q_EMIT hintActivated(m_hints.at(i).version, m_hints.at(i).line);
    });
    connect(this, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) { Q_EMIT itemActivated(item); });
    hide();
}

QString HintList::rowText(const LintHint& hint, const QString& versionTitle)
{
    const QString where = hint.line > 0 ? tr("%1, line %2").arg(versionTitle).arg(hint.line) : versionTitle;
    return tr("%1 — %2: %3").arg(Linter::checkTitle(hint.check), where, hint.message);
}

void HintList::setHints(const LintHints& hints, const QHash<QString, QString>& versionTitles)
{
    m_hints = hints;
    clear();
    for (const LintHint& h : hints) {
        auto* item = new QListWidgetItem(rowText(h, versionTitles.value(h.version, h.version)), this);
        item->setToolTip(item->text());
    }
    setVisible(!hints.isEmpty());
    updateGeometry();
}

QSize HintList::sizeHint() const
{
    // As tall as its rows, up to four; more scroll.
    const int rows = std::min(4, std::max(1, count()));
    const int rowHeight = count() > 0 ? std::max(sizeHintForRow(0), fontMetrics().height()) : fontMetrics().height();
    return {QListWidget::sizeHint().width(), rows * rowHeight + 2 * frameWidth() + 4};
}

} // namespace krw
