// SPDX-License-Identifier: MIT
#include "widgets/rerun/editcopydialog.h"

#include "widgets/code/codeview.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace krw {

EditCopyDialog::EditCopyDialog(SyntaxSupport* syntax, const QString& versionTitle, const QString& text, const QString& suggestedName,
    const QStringList& existingNames, QWidget* parent)
    : QDialog(parent)
    , m_name(new QLineEdit(suggestedName, this))
    , m_editor(new CodeView(syntax, this))
    , m_existing(existingNames)
{
    setObjectName(QStringLiteral("editCopyDialog"));
    setWindowTitle(tr("Edit a copy of %1").arg(versionTitle));
    m_name->setObjectName(QStringLiteral("localVersionName"));
    m_editor->setObjectName(QStringLiteral("editCopyEditor"));
    m_editor->setCode(text, detectLanguage(text));
    m_editor->setReadOnly(false); // a CodeView is read-only unless told otherwise
    m_editor->document()->setModified(false);
    auto* note = new QLabel(tr("The copy is saved beside the run's rerun results; %1 stays as it is.").arg(versionTitle), this);
    note->setWordWrap(true);
    note->setTextFormat(Qt::PlainText);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_save = buttons->addButton(tr("Save as local version"), QDialogButtonBox::AcceptRole);
    m_save->setDefault(false); // Enter belongs to the editor
    m_save->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &EditCopyDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &EditCopyDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, &EditCopyDialog::updateSaveButton);

    auto* form = new QFormLayout;
    form->addRow(tr("Name of the local version:"), m_name);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(m_editor, 1);
    layout->addWidget(buttons);
    updateSaveButton();
    resize(900, 700);
    m_editor->setFocus();
}

QString EditCopyDialog::name() const
{
    return m_name->text().trimmed();
}

QString EditCopyDialog::text() const
{
    return m_editor->toPlainText();
}

bool EditCopyDialog::isModified() const
{
    return m_editor->document()->isModified();
}

void EditCopyDialog::updateSaveButton()
{
    m_save->setEnabled(!name().isEmpty());
    m_save->setToolTip(name().isEmpty() ? tr("Name the local version first.") : QString());
}

void EditCopyDialog::accept()
{
    if (name().isEmpty())
        return;
    if (m_existing.contains(name())) {
        const auto answer = QMessageBox::question(this, tr("Replace local version?"),
            tr("A local version named %1 exists. Replace it with this text?").arg(name()), QMessageBox::Yes | QMessageBox::No,
            QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return;
    }
    QDialog::accept();
}

void EditCopyDialog::reject()
{
    if (isModified()) {
        QMessageBox box(
            QMessageBox::Question, tr("Discard your edits?"), tr("The edited copy has not been saved."), QMessageBox::NoButton, this);
        box.setObjectName(QStringLiteral("discardEditsQuestion"));
        QPushButton* discard = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        QPushButton* keep = box.addButton(tr("Keep editing"), QMessageBox::RejectRole);
        box.setDefaultButton(keep);
        box.setEscapeButton(keep);
        box.exec();
        if (box.clickedButton() != discard)
            return;
    }
    QDialog::reject();
}

} // namespace krw
