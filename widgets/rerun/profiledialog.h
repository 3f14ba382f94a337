// SPDX-License-Identifier: MIT
#pragma once

#include "process/processjob.h"
#include "profile/pythonfinder.h"
#include "profile/toolchainprofile.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QDoubleSpinBox;
class QSpinBox;

namespace krw {

// Edits the toolchain profiles (stored in QSettings) and shows what each one finds on this
// machine: compiler and Python versions, PyTorch, Triton, the GPU, and for ROCm the GPU target.
class ProfileDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ProfileDialog(QWidget* parent = nullptr);
    void accept() override;
    QPlainTextEdit* detectedView() const { return m_detected; }
    QLabel* pythonLine() const { return m_pythonLine; } // what an empty Python field comes to here
    void detect();

Q_SIGNALS:
    void detectionFinished();
    void pythonSearchFinished();

private:
    void showProfile(int row);
    void storeForm();
    void updateTargetField();
    void addProfile();
    void removeProfile();
    void runDetection(QStringList steps);
    void updatePythonLine();

    QVector<ToolchainProfile> m_profiles;
    int m_current = -1;
    QListWidget* m_list;
    QLineEdit* m_name;
    QComboBox* m_kind;
    QLineEdit* m_compiler;
    QLineEdit* m_python;
    QLineEdit* m_arch;
    QLineEdit* m_flags;
    QSpinBox* m_compileTimeout;
    QSpinBox* m_harnessTimeout;
    QCheckBox* m_sandbox;
    QSpinBox* m_memoryLimit;
    QSpinBox* m_processLimit;
    QLineEdit* m_disabledChecks;
    QSpinBox* m_seeds;
    QDoubleSpinBox* m_implausible;
    QDoubleSpinBox* m_peakBandwidth;
    QPlainTextEdit* m_detected;
    QLabel* m_pythonLine;
    PythonFinder m_pythonFinder; // started when the dialog opens, off the UI thread (child processes)
    std::optional<PythonSearch> m_pythonSearch;
    ProcessJob m_job;
};

} // namespace krw
