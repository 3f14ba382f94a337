// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

class QLineEdit;
class QPushButton;

namespace krw {

class CodeView;
class SyntaxSupport;

// "Edit copy": a version of a case opened in a code editor (the project's CodeView, editable: line
// numbers, highlighting where the build has it), to be saved as a new local version under a name.
// The original stays untouched. Cancel, Escape or closing the window ask before edits are thrown
// away; saving under the name of an existing local version asks before replacing it.
class EditCopyDialog : public QDialog
{
    Q_OBJECT
public:
    EditCopyDialog(SyntaxSupport* syntax, const QString& versionTitle, const QString& text, const QString& suggestedName,
        const QStringList& existingNames, QWidget* parent = nullptr);

    QString name() const; // trimmed
    QString text() const;
    CodeView* editor() const { return m_editor; }
    bool isModified() const;

    void accept() override;
    void reject() override;

private:
    void updateSaveButton();

    QLineEdit* m_name;
    CodeView* m_editor;
    QPushButton* m_save;
    QStringList m_existing;
};

} // namespace krw
