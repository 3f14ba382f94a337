// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QDialog>

class QLabel;
class QPushButton;

namespace krw {

class CodeView;

// A load warning's place in its file: the lines around it, read-only, with their real line
// numbers and the cursor on the warning's line (a run's file can be hundreds of megabytes with
// one record per line, and the embedded sample is no file at all, so an outside viewer at the
// right line is not to be had; it is offered as well, for files on disk). The lines are read on
// a worker.
class WarningSourceDialog : public QDialog
{
    Q_OBJECT
public:
    explicit WarningSourceDialog(const LoadWarning& warning, QWidget* parent = nullptr);
    ~WarningSourceDialog() override;

    CodeView* codeView() const { return m_code; }

Q_SIGNALS:
    void shown(bool ok); // the lines are in the view (ok), or why not is

private:
    LoadWarning m_warning;
    QLabel* m_message;
    QLabel* m_status;
    CodeView* m_code;
    QPushButton* m_external;
};

} // namespace krw
