// SPDX-License-Identifier: MIT
#pragma once

#include "runner/process/processjob.h"
#include "runner/profile/pythonfinder.h"
#include "runner/profile/toolchainprofile.h"
#include "runner/remote/hostprobe.h"
#include "runner/slurm/slurmprobe.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QDoubleSpinBox;
class QPushButton;
class QSpinBox;
class QTabWidget;

namespace krw {

// Edits the toolchain profiles (stored in QSettings) and shows what each one finds on this
// machine: compiler and Python versions, PyTorch, Triton, the GPU, and for ROCm the GPU target.
// A profile runs on this machine, on a host over SSH or on a Slurm cluster ("Runs on"; the rule
// for a profile that has both is ToolchainProfile::runsOn); "Test connection" probes the host
// (HostProbe) or the cluster (SlurmProbe) without blocking.
class ProfileDialog : public QDialog
{
    Q_OBJECT
public:
    enum Tab { ToolchainTab, ChecksTab, HostTab, SlurmTab };

    explicit ProfileDialog(QWidget* parent = nullptr);
    ~ProfileDialog() override;
    void accept() override;
    QPlainTextEdit* detectedView() const { return m_detected; }
    QLabel* pythonLine() const { return m_pythonLine; } // what an empty Python field comes to here
    QLabel* problemLine() const { return m_problem; } // why OK did not close the dialog
    QTabWidget* tabs() const { return m_tabs; }
    void detect();
    void testConnection();

    // Why a profile cannot be saved as the form has it ("Profile gpu: Remote host (SSH) ▸
    // Destination is empty …"), or empty; *field is the object name of the field to fix. Option
    // lists are as typed (RemoteCommand::splitWords).
    static QString problemOf(const ToolchainProfile& profile, ToolchainProfile::RunsOn runsOn, const QString& sshOptions,
        const QString& sbatchOptions, Tab* tab = nullptr, QString* field = nullptr);

Q_SIGNALS:
    void detectionFinished();
    void pythonSearchFinished();
    void connectionTestFinished(bool ok);

private:
    // A profile as the form edits it: the choice and the option lists stay as typed until OK.
    struct Entry
    {
        ToolchainProfile profile;
        ToolchainProfile::RunsOn runsOn = ToolchainProfile::RunsOn::ThisMachine;
        QString sshOptions;
        QString sbatchOptions;
    };

    QWidget* makeToolchainPage();
    QWidget* makeChecksPage();
    QWidget* makeHostPage();
    QWidget* makeSlurmPage();
    void showProfile(int row);
    void storeForm();
    void updateTargetField();
    void updateRunsOn();
    void updateWorkerLine();
    void addProfile();
    void removeProfile();
    void runDetection(QStringList steps);
    void updatePythonLine();
    void chooseIdentityFile();
    void chooseSharedFolder();
    void connectionTestEnded(bool ok, const QString& failure);

    QVector<Entry> m_entries;
    int m_current = -1;
    QListWidget* m_list;
    QLineEdit* m_name;
    QComboBox* m_kind;
    QComboBox* m_runsOn;
    QTabWidget* m_tabs;
    // This machine
    QLineEdit* m_compiler;
    QLineEdit* m_python;
    QLineEdit* m_arch;
    QLineEdit* m_flags;
    QSpinBox* m_compileTimeout;
    QSpinBox* m_harnessTimeout;
    QCheckBox* m_sandbox;
    QSpinBox* m_memoryLimit;
    QSpinBox* m_processLimit;
    QLineEdit* m_passEnvironment;
    QLineEdit* m_disabledChecks;
    QLineEdit* m_suspectFlags;
    QSpinBox* m_seeds;
    QDoubleSpinBox* m_implausible;
    QDoubleSpinBox* m_peakBandwidth;
    // Remote host (SSH)
    QWidget* m_hostFields;
    QLineEdit* m_destination;
    QLineEdit* m_jumpHost;
    QSpinBox* m_port;
    QLineEdit* m_workFolder;
    QLineEdit* m_hostPython;
    QLineEdit* m_hostCompiler;
    QLineEdit* m_identityFile;
    QLineEdit* m_sshOptions;
    // Slurm
    QWidget* m_slurmFields;
    QLineEdit* m_sharedDir;
    QLineEdit* m_partition;
    QLineEdit* m_gres;
    QSpinBox* m_timeLimit;
    QSpinBox* m_maxRunning;
    QLineEdit* m_sbatchOptions;
    QLineEdit* m_worker;
    QLabel* m_workerLine;
    QDoubleSpinBox* m_pollInterval;

    QPushButton* m_test;
    QPlainTextEdit* m_detected;
    QLabel* m_pythonLine;
    QLabel* m_problem;
    PythonFinder m_pythonFinder; // started when the dialog opens, off the UI thread (child processes)
    std::optional<PythonSearch> m_pythonSearch;
    ProcessJob m_job;
    HostProbe m_hostProbe;
    SlurmProbe m_slurmProbe;
};

} // namespace krw
