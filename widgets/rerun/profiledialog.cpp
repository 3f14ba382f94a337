// SPDX-License-Identifier: MIT
#include "rerun/profiledialog.h"

#include "pipeline/rerunpipeline.h"
#include "settings/settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace krw {

ProfileDialog::ProfileDialog(QWidget* parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_name(new QLineEdit(this))
    , m_kind(new QComboBox(this))
    , m_compiler(new QLineEdit(this))
    , m_python(new QLineEdit(this))
    , m_arch(new QLineEdit(this))
    , m_flags(new QLineEdit(this))
    , m_compileTimeout(new QSpinBox(this))
    , m_harnessTimeout(new QSpinBox(this))
    , m_sandbox(new QCheckBox(tr("Compile and run in bubblewrap (no network, read-only system, home hidden)"), this))
    , m_memoryLimit(new QSpinBox(this))
    , m_processLimit(new QSpinBox(this))
    , m_disabledChecks(new QLineEdit(this))
    , m_seeds(new QSpinBox(this))
    , m_implausible(new QDoubleSpinBox(this))
    , m_peakBandwidth(new QDoubleSpinBox(this))
    , m_detected(new QPlainTextEdit(this))
    , m_pythonLine(new QLabel(this))
{
    setWindowTitle(tr("Toolchain profiles"));
    m_profiles = Settings::instance()->toolchainProfiles();
    for (auto kind : {ToolchainProfile::Kind::Rocm, ToolchainProfile::Kind::HipNvidia, ToolchainProfile::Kind::CompileCheck,
             ToolchainProfile::Kind::Cpu})
        m_kind->addItem(kindName(kind), int(kind));
    m_python->setObjectName(QStringLiteral("python"));
    m_python->setPlaceholderText(tr("automatic: the first Python that imports torch"));
    m_python->setToolTip(tr("Empty: the first of $VIRTUAL_ENV/bin/python, $CONDA_PREFIX/bin/python, every python3 on PATH and "
                            "/usr/bin/python3 that imports torch. A path: that Python."));
    m_pythonLine->setWordWrap(true);
    m_pythonLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pythonLine->setText(tr("Automatic: looking for a Python that imports torch…"));
    m_flags->setPlaceholderText(tr("extra compiler flags, separated by spaces"));
    for (QSpinBox* box : {m_compileTimeout, m_harnessTimeout}) {
        box->setRange(10, 7200);
        box->setSuffix(tr(" s"));
    }
    // 0 is "automatic": what that comes to on this machine is in the tooltip.
    const ToolchainProfile automatic = defaultProfile(ToolchainProfile::Kind::Cpu);
    m_memoryLimit->setRange(0, 64 * 1024 * 1024);
    m_memoryLimit->setSingleStep(1024);
    m_memoryLimit->setSuffix(tr(" MiB"));
    m_memoryLimit->setSpecialValueText(tr("automatic (half the memory)"));
    m_memoryLimit->setToolTip(tr("Memory of everything a compile or the harness starts, files in its /tmp included; past it the "
                                 "step is stopped. Automatic here: %1 MiB.")
                                  .arg(automatic.effectiveMemoryLimitBytes() / (1024 * 1024)));
    // The battery's check names belong to the harness (docs/RUNNER.md "Checks"); an unknown name
    // fails the rerun with a message naming it.
    m_disabledChecks->setPlaceholderText(tr("none: every check of the cheat battery runs"));
    m_disabledChecks->setToolTip(tr("Names of checks to skip, separated by spaces, e.g. seed_sensitive nondeterministic "
                                    "(docs/RUNNER.md lists them)"));
    m_seeds->setRange(0, 50);
    m_seeds->setSpecialValueText(tr("off"));
    m_seeds->setToolTip(tr("seed_sensitive: how many sets of new random inputs correctness is checked on"));
    m_implausible->setRange(1.0, 1e6);
    m_implausible->setDecimals(1);
    m_implausible->setSuffix(tr("\u00d7"));
    m_implausible->setToolTip(tr("implausible_speedup: device-time speedups above this are flagged"));
    m_peakBandwidth->setRange(0, 1e6);
    m_peakBandwidth->setDecimals(0);
    m_peakBandwidth->setSuffix(tr(" GB/s"));
    m_peakBandwidth->setSpecialValueText(tr("by device name"));
    m_peakBandwidth->setToolTip(tr("The device's peak memory bandwidth for the achieved-bandwidth figure and beyond_peak; "
                                   "0 takes it from the harness's table by device name"));
    m_processLimit->setRange(0, 1000000);
    m_processLimit->setSingleStep(256);
    m_processLimit->setSpecialValueText(tr("automatic"));
    m_processLimit->setToolTip(tr("Processes and threads of a compile or the harness (PyTorch starts a thread per core, Triton "
                                  "compiles in subprocesses); at the limit the step is stopped. Automatic here: %1.")
                                   .arg(automatic.effectiveProcessLimit()));
    m_detected->setReadOnly(true);
    m_detected->setPlaceholderText(tr("Press Detect to see what this profile finds on this machine."));

    auto* form = new QFormLayout;
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Kind:"), m_kind);
    form->addRow(tr("Compiler:"), m_compiler);
    form->addRow(tr("Python:"), m_python);
    form->addRow(QString(), m_pythonLine);
    form->addRow(tr("GPU target:"), m_arch);
    form->addRow(tr("Extra flags:"), m_flags);
    form->addRow(tr("Compile timeout:"), m_compileTimeout);
    form->addRow(tr("Harness timeout:"), m_harnessTimeout);
    form->addRow(QString(), m_sandbox);
    form->addRow(tr("Memory limit:"), m_memoryLimit);
    form->addRow(tr("Process limit:"), m_processLimit);
    form->addRow(tr("Checks turned off:"), m_disabledChecks);
    form->addRow(tr("Seeds:"), m_seeds);
    form->addRow(tr("Implausible above:"), m_implausible);
    form->addRow(tr("Peak bandwidth:"), m_peakBandwidth);
    auto* detect = new QPushButton(tr("Detect"), this);
    auto* add = new QPushButton(tr("Add"), this);
    auto* remove = new QPushButton(tr("Remove"), this);
    auto* listButtons = new QHBoxLayout;
    listButtons->addWidget(add);
    listButtons->addWidget(remove);
    auto* left = new QVBoxLayout;
    left->addWidget(m_list, 1);
    left->addLayout(listButtons);
    auto* right = new QVBoxLayout;
    right->addLayout(form);
    right->addWidget(detect, 0, Qt::AlignLeft);
    right->addWidget(m_detected, 1);
    auto* columns = new QHBoxLayout;
    columns->addLayout(left, 1);
    columns->addLayout(right, 3);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ProfileDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ProfileDialog::reject);
    connect(detect, &QPushButton::clicked, this, &ProfileDialog::detect);
    connect(add, &QPushButton::clicked, this, &ProfileDialog::addProfile);
    connect(remove, &QPushButton::clicked, this, &ProfileDialog::removeProfile);
    connect(m_list, &QListWidget::currentRowChanged, this, &ProfileDialog::showProfile);
    connect(m_kind, qOverload<int>(&QComboBox::currentIndexChanged), this, &ProfileDialog::updateTargetField);
    for (const ToolchainProfile& p : qAsConst(m_profiles))
        m_list->addItem(p.name);
    m_list->setCurrentRow(0);
    resize(900, 560);
    connect(m_python, &QLineEdit::textChanged, this, &ProfileDialog::updatePythonLine);
    connect(&m_pythonFinder, &PythonFinder::finished, this, [this](const PythonSearch& search) {
        m_pythonSearch = search;
        updatePythonLine();
        Q_EMIT pythonSearchFinished();
    });
    m_pythonFinder.start();
}

// What an empty Python field comes to on this machine: the Python found and its versions, or
// every one tried and why it does not do.
void ProfileDialog::updatePythonLine()
{
    if (!m_pythonSearch)
        return;
    const QString prefix = m_python->text().trimmed().isEmpty() ? tr("Automatic: ") : tr("Automatic (when empty) would be: ");
    const auto choice = m_pythonSearch->choice();
    m_pythonLine->setText(choice ? prefix + choice->describe() : m_pythonSearch->failureText());
}

void ProfileDialog::showProfile(int row)
{
    storeForm();
    m_current = row;
    if (row < 0 || row >= m_profiles.size())
        return;
    const ToolchainProfile& p = m_profiles.at(row);
    m_name->setText(p.name);
    m_kind->setCurrentIndex(m_kind->findData(int(p.kind)));
    m_compiler->setText(p.compiler);
    m_python->setText(p.python);
    m_arch->setText(p.offloadArch);
    m_flags->setText(p.extraFlags.join(QLatin1Char(' ')));
    m_compileTimeout->setValue(p.compileTimeoutS);
    m_harnessTimeout->setValue(p.harnessTimeoutS);
    m_sandbox->setChecked(p.sandbox);
    m_memoryLimit->setValue(p.memoryLimitMiB);
    m_processLimit->setValue(p.processLimit);
    m_disabledChecks->setText(p.disabledChecks.join(QLatin1Char(' ')));
    updateTargetField();
    m_seeds->setValue(p.seeds);
    m_implausible->setValue(p.implausibleSpeedup);
    m_peakBandwidth->setValue(p.peakBandwidthGbs);
    m_detected->clear();
}

// Only profiles that compile for a GPU have a target (ToolchainProfile::compilesHip): cpu builds
// for the host. What an empty field means depends on the kind (runner/build/buildplan.cpp).
void ProfileDialog::updateTargetField()
{
    ToolchainProfile p;
    p.kind = ToolchainProfile::Kind(m_kind->currentData().toInt());
    m_arch->setEnabled(p.compilesHip());
    switch (p.kind) {
    case ToolchainProfile::Kind::Rocm:
        m_arch->setPlaceholderText(tr("gfx90a, gfx942 … (empty: detect with amdgpu-arch/rocminfo)"));
        break;
    case ToolchainProfile::Kind::CompileCheck:
        m_arch->setPlaceholderText(tr("gfx90a, gfx942 … (empty: gfx90a)"));
        break;
    case ToolchainProfile::Kind::HipNvidia:
        m_arch->setPlaceholderText(tr("sm_80, sm_90 … (empty: the GPU of this machine)"));
        break;
    case ToolchainProfile::Kind::Cpu:
        m_arch->setPlaceholderText(tr("none: builds for this machine's CPU"));
        break;
    }
    m_arch->setToolTip(p.compilesHip() ? tr("The GPU architecture the kernels are compiled for")
                                       : tr("A %1 profile compiles for the host CPU: it has no GPU target.").arg(kindName(p.kind)));
}

void ProfileDialog::storeForm()
{
    if (m_current < 0 || m_current >= m_profiles.size())
        return;
    ToolchainProfile& p = m_profiles[m_current];
    p.name = m_name->text().trimmed().isEmpty() ? p.name : m_name->text().trimmed();
    p.kind = ToolchainProfile::Kind(m_kind->currentData().toInt());
    p.compiler = m_compiler->text().trimmed();
    p.python = m_python->text().trimmed();
    p.offloadArch = m_arch->text().trimmed();
    p.extraFlags = m_flags->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    p.compileTimeoutS = m_compileTimeout->value();
    p.harnessTimeoutS = m_harnessTimeout->value();
    p.sandbox = m_sandbox->isChecked();
    p.memoryLimitMiB = m_memoryLimit->value();
    p.processLimit = m_processLimit->value();
    p.disabledChecks = m_disabledChecks->text().split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
    p.seeds = m_seeds->value();
    p.implausibleSpeedup = m_implausible->value();
    p.peakBandwidthGbs = m_peakBandwidth->value();
    m_list->item(m_current)->setText(p.name);
}

void ProfileDialog::addProfile()
{
    storeForm();
    ToolchainProfile p = defaultProfile(ToolchainProfile::Kind::Cpu);
    p.name = QStringLiteral("profile-%1").arg(m_profiles.size() + 1);
    m_profiles.append(p);
    m_list->addItem(p.name);
    m_list->setCurrentRow(m_list->count() - 1);
}

void ProfileDialog::removeProfile()
{
    if (m_current < 0 || m_profiles.size() <= 1)
        return;
    const int row = m_current;
    m_current = -1; // the form belongs to the removed profile
    m_profiles.remove(row);
    delete m_list->takeItem(row);
}

void ProfileDialog::accept()
{
    storeForm();
    Settings::instance()->setToolchainProfiles(m_profiles);
    QDialog::accept();
}

// Runs the detection commands one after the other, showing each one's output.
void ProfileDialog::detect()
{
    storeForm();
    ToolchainProfile p = m_profiles.value(m_current);
    if (p.python.isEmpty() && m_pythonSearch && m_pythonSearch->found())
        p.python = m_pythonSearch->choice()->path;
    const QString harness = RerunPipeline::runnerDataDir() + QStringLiteral("/harness/krw_harness.py");
    QStringList steps = {p.compiler + QStringLiteral("\n--version"), p.python + QLatin1Char('\n') + harness + QStringLiteral("\nprobe")};
    if (p.kind == ToolchainProfile::Kind::Rocm && p.offloadArch.isEmpty()) {
        const bool haveAmdgpuArch = !QStandardPaths::findExecutable(QStringLiteral("amdgpu-arch")).isEmpty();
        steps << (haveAmdgpuArch ? QStringLiteral("amdgpu-arch") : QStringLiteral("rocminfo"));
    }
    m_detected->clear();
    if (p.python.isEmpty()) {
        steps.removeAt(1);
        m_detected->appendPlainText(m_pythonSearch ? m_pythonSearch->failureText() : tr("Still looking for a Python (automatic)…"));
    }
    runDetection(steps);
}

void ProfileDialog::runDetection(QStringList steps)
{
    if (steps.isEmpty()) {
        Q_EMIT detectionFinished();
        return;
    }
    const QStringList parts = steps.takeFirst().split(QLatin1Char('\n'));
    m_detected->appendPlainText(QStringLiteral("$ %1").arg(parts.join(QLatin1Char(' '))));
    m_job.disconnect(this);
    connect(&m_job, &ProcessJob::output, this, [this](const QString& text) { m_detected->appendPlainText(text.trimmed()); });
    connect(&m_job, &ProcessJob::finished, this, [this, steps](const ProcessOutcome& outcome) {
        if (outcome.kind != ProcessOutcome::Kind::Ok)
            m_detected->appendPlainText(QStringLiteral("→ %1").arg(outcome.message));
        runDetection(steps);
    });
    m_job.start({parts.first(), parts.mid(1), {}, {}, 120000, {}});
}

} // namespace krw
