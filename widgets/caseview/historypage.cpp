// SPDX-License-Identifier: MIT
#include "widgets/caseview/historypage.h"

#include "models/run/outcomes.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace krw {

namespace {

enum Column { VersionColumn, OutcomeColumn, FlagsColumn, PreviousColumn };
constexpr int IdRole = Qt::UserRole;
constexpr int PreviousIdRole = Qt::UserRole + 1;

QString flags(const IterationRecord& r)
{
    if (!r.memory)
        return QCoreApplication::translate("krw::HistoryPage", "no memory entry");
    auto mark = [](const std::optional<bool>& f) { return f ? (*f ? QStringLiteral("✓") : QStringLiteral("✗")) : QStringLiteral("–"); };
    return QCoreApplication::translate("krw::HistoryPage", "call %1  exe %2  perf %3")
        .arg(mark(r.memory->passCall), mark(r.memory->passExe), mark(r.memory->passPerf));
}

} // namespace

HistoryPage::HistoryPage(QWidget* parent)
    : QWidget(parent)
    , m_tree(new QTreeWidget(this))
    , m_compareButton(new QPushButton(tr("Diff with previous iteration"), this))
{
    m_tree->setObjectName(QStringLiteral("historyTree"));
    m_tree->setHeaderLabels({tr("Iteration / version"), tr("Outcome"), tr("Flags"), tr("Previous")});
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* hint = new QLabel(tr("Double-click a version (or press Enter) to diff it against the same version one iteration earlier."), this);
    hint->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(hint);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_compareButton, 0, Qt::AlignLeft);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this] { compareSelectedWithPrevious(); });
    connect(m_tree, &QTreeWidget::currentItemChanged, this, &HistoryPage::updateButton);
    connect(m_compareButton, &QPushButton::clicked, this, &HistoryPage::compareSelectedWithPrevious);
    updateButton();
}

void HistoryPage::setCase(const Case& c, const QVector<CodeVersion>& versions)
{
    m_case = c;
    m_tree->clear();
    for (auto it = c.history.crbegin(); it != c.history.crend(); ++it) {
        auto* iteration
            = new QTreeWidgetItem(m_tree, {attemptTitle(it->iteration, it->attempt), outcomeTitle(latestOutcome(*it)), flags(*it)});
        for (const CodeVersion& v : versions) {
            if (v.iteration != it->iteration || v.kind == CodeVersion::Kind::Label || v.kind == CodeVersion::Kind::TestCode)
                continue;
            const auto previous = previousVersion(c, v);
            auto* item
                = new QTreeWidgetItem(iteration, {v.title(), QString(), QString(), previous ? previous->title() : QStringLiteral("—")});
            item->setData(VersionColumn, IdRole, v.id());
            item->setData(VersionColumn, PreviousIdRole, previous ? previous->id() : QString());
        }
        iteration->setExpanded(true);
    }
    updateButton();
}

void HistoryPage::compareSelectedWithPrevious()
{
    const QTreeWidgetItem* item = m_tree->currentItem();
    if (!item)
        return;
    const QString previous = item->data(VersionColumn, PreviousIdRole).toString();
    if (!previous.isEmpty())
        Q_EMIT compareRequested(previous, item->data(VersionColumn, IdRole).toString());
}

void HistoryPage::updateButton()
{
    const QTreeWidgetItem* item = m_tree->currentItem();
    m_compareButton->setEnabled(item && !item->data(VersionColumn, PreviousIdRole).toString().isEmpty());
}

} // namespace krw
