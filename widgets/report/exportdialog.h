// SPDX-License-Identifier: MIT
//
// File ▸ Export report…: format, scope (all, failing, annotated, the current selection),
// destination (first where the last report went, never the run's folder; a format change changes
// only the extension); runs a ReportExportJob with a progress bar and Cancel, and on success offers
// a link to the folder that holds the result. A report estimated above LargeReportBytes
// (models/report/reportsize.h) is written only after a question naming the estimate. Errors are
// shown in the dialog, naming the file.
#pragma once

#include "models/report/exportrequest.h"
#include "models/report/exportresult.h"

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
    // Comparing runs: the run compared with; the report's summary page lists the buckets.
    void setComparedRun(const RunPtr& other) { m_comparedRun = other; }

    // For tests: the widgets a user drives.
    QComboBox* formatBox() const { return m_format; }
    QComboBox* scopeBox() const { return m_scope; }
    QLineEdit* destinationEdit() const { return m_destination; }
    QPushButton* exportButton() const { return m_export; }
    QLabel* statusLabel() const { return m_status; }
    ReportExportJob* job() const { return m_job; }
    // Reports estimated above this many bytes are written only after a question (tests lower it).
    void setLargeReportBytes(qint64 bytes) { m_largeReportBytes = bytes; }

private:
    ExportFormat currentFormat() const;
    void formatChanged();
    void choiceChanged(); // the last export's status and progress go
    void browse();
    void startExport();
    bool confirmSize(const ExportRequest& request);
    void exportFinished(const ExportResult& result);
    void reject() override; // Cancel during an export cancels it first

    RunPtr m_run;
    RunPtr m_comparedRun;
    QVector<int> m_selection;
    QComboBox* m_format;
    QComboBox* m_scope;
    QLineEdit* m_destination;
    QProgressBar* m_progress;
    QLabel* m_status;
    QPushButton* m_export;
    QDialogButtonBox* m_buttons;
    ReportExportJob* m_job;
    qint64 m_largeReportBytes;
};

} // namespace krw
