// SPDX-License-Identifier: MIT
//
// Review ▸ Verdict / Tags for Many Cases…: one verdict and tags to add or remove, for the
// selected cases or a failure group's, with a preview of how many cases change (counted from
// what each case holds now: BulkChange::edits). Applying is the ReviewController's (one undo
// step, asking first above BulkChange::ConfirmAbove cases).
#pragma once

#include "models/review/annotations.h"
#include "models/review/bulkchange.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace krw {

class BulkEditDialog : public QDialog
{
    Q_OBJECT
public:
    // cases: the filenames to change; what: where they come from, for the title ("3 selected
    // cases", "group “use of undeclared identifier <ID>”").
    BulkEditDialog(const QStringList& cases, const AnnotationMap& current, const QString& what, QWidget* parent = nullptr);

    BulkChange change() const;
    int changingCases() const; // what the preview says
    static QString previewText(int changing, int total); // "4 of 9 cases change"

    QComboBox* verdictBox() const { return m_verdict; }
    QLineEdit* addTagsEdit() const { return m_addTags; }
    QLineEdit* removeTagsEdit() const { return m_removeTags; }
    QLabel* previewLabel() const { return m_preview; }
    QPushButton* applyButton() const { return m_apply; }

private:
    void updatePreview();

    QStringList m_cases;
    AnnotationMap m_current;
    QComboBox* m_verdict;
    QLineEdit* m_addTags;
    QLineEdit* m_removeTags;
    QLabel* m_preview;
    QDialogButtonBox* m_buttons;
    QPushButton* m_apply;
    int m_changing = 0;
};

} // namespace krw
