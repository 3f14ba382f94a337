// SPDX-License-Identifier: MIT
//
// File ▸ Export report…: format, scope (all, failing, annotated, the current selection),
// destination; runs a ReportExportJob with a progress bar and Cancel, and on success offers a
// link to the folder that holds the result. Errors are shown in the dialog, naming the file.
#pragma once

#include "report/exportrequest.h"
#include "report/exportresult.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace krw {

class ReportExportJob;

class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    ExportDialog(RunPtr run, QVector<int> selection, QWidget* parent = nullptr);

    // For tests: the widgets a user drives.
    QComboBox* formatBox() const { return m_format; }
    QComboBox* scopeBox() const { return m_scope; }
    QLineEdit* destinationEdit() const { return m_destination; }
    QPushButton* exportButton() const { return m_export; }
    QLabel* statusLabel() const { return m_status; }
    ReportExportJob* job() const { return m_job; }

private:
    ExportFormat currentFormat() const;
    void formatChanged();
    void browse();
    void startExport();
    void exportFinished(const ExportResult& result);
    void reject() override; // Cancel during an export cancels it first

    RunPtr m_run;
    QVector<int> m_selection;
    QComboBox* m_format;
    QComboBox* m_scope;
    QLineEdit* m_destination;
    QProgressBar* m_progress;
    QLabel* m_status;
    QPushButton* m_export;
    QDialogButtonBox* m_buttons;
    ReportExportJob* m_job;
};

} // namespace krw
