// SPDX-License-Identifier: MIT
#include "widgets/browse/casejumpdialog.h"

#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QStringListModel>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace krw {

CaseJumpDialog::CaseJumpDialog(QStringList names, QWidget* parent)
    : QDialog(parent)
    , m_names(std::move(names))
    , m_field(new QLineEdit(this))
    , m_list(new QListView(this))
    , m_matches(new QStringListModel(this))
    , m_count(new QLabel(this))
{
    setWindowTitle(tr("Jump to Case"));
    setObjectName(QStringLiteral("caseJumpDialog"));
    m_field->setPlaceholderText(tr("Part of a case's name; Enter jumps to the chosen one"));
    m_field->setClearButtonEnabled(true);
    m_list->setModel(m_matches);
    m_list->setUniformItemSizes(true); // thousands of rows
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setFocusPolicy(Qt::NoFocus); // the keys stay in the field
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_field);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_count);
    resize(fontMetrics().averageCharWidth() * 60, fontMetrics().height() * 24);

    connect(m_field, &QLineEdit::textChanged, this, &CaseJumpDialog::refilter);
    connect(m_field, &QLineEdit::returnPressed, this, &CaseJumpDialog::acceptChosen);
    connect(m_list, &QAbstractItemView::doubleClicked, this, &CaseJumpDialog::acceptChosen);
    refilter({});
}

QString CaseJumpDialog::chosen() const
{
    return m_list->currentIndex().data().toString();
}

void CaseJumpDialog::refilter(const QString& text)
{
    const QString wanted = text.trimmed();
    QStringList starting;
    QStringList containing;
    for (const QString& name : std::as_const(m_names)) {
        if (name.startsWith(wanted, Qt::CaseInsensitive))
            starting << name;
        else if (name.contains(wanted, Qt::CaseInsensitive))
            containing << name;
    }
    m_matches->setStringList(starting + containing);
    const int count = m_matches->rowCount();
    if (count > 0)
        m_list->setCurrentIndex(m_matches->index(0));
    m_count->setText(
        wanted.isEmpty() ? tr("%n case(s)", nullptr, int(m_names.size())) : tr("%1 of %2 cases match").arg(count).arg(m_names.size()));
}

void CaseJumpDialog::acceptChosen()
{
    if (!chosen().isEmpty())
        accept();
}

void CaseJumpDialog::keyPressEvent(QKeyEvent* event)
{
    // The field ignores these, so they come here: they move the choice in the list.
    const int rows = m_matches->rowCount();
    auto page = [this] { return std::max(1, m_list->viewport()->height() / std::max(1, m_list->sizeHintForRow(0)) - 1); };
    int step = 0;
    switch (event->key()) {
    case Qt::Key_Up:
        step = -1;
        break;
    case Qt::Key_Down:
        step = 1;
        break;
    case Qt::Key_PageUp:
        step = -page();
        break;
    case Qt::Key_PageDown:
        step = page();
        break;
    default:
        QDialog::keyPressEvent(event);
        return;
    }
    if (rows == 0)
        return;
    const QModelIndex index = m_matches->index(std::clamp(m_list->currentIndex().row() + step, 0, rows - 1));
    m_list->setCurrentIndex(index);
    m_list->scrollTo(index);
}

} // namespace krw
