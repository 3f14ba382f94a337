// SPDX-License-Identifier: MIT
#include "widgets/rerun/profiledialog.h"

#include "models/rerun/verdictlevel.h"
#include "runner/pipeline/rerunpipeline.h"
#include "runner/process/terminaltext.h"
#include "runner/remote/remotecommand.h"
#include "runner/slurm/slurmbatch.h"
#include "widgets/settings/settings.h"
#include "widgets/theme/themes.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QVBoxLayout>

namespace krw {

namespace {

// A line edit with a "Choose…" button beside it, as one field of a form.
QWidget* withChooser(QLineEdit* edit, QPushButton* button, QWidget* parent)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    layout->addWidget(button);
    return row;
}

QLabel* noteLabel(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString runsOnText(ToolchainProfile::RunsOn where)
{
    switch (where) {
    case ToolchainProfile::RunsOn::ThisMachine:
        return ProfileDialog::tr("This machine");
    case ToolchainProfile::RunsOn::Host:
        return ProfileDialog::tr("A host over SSH");
    case ToolchainProfile::RunsOn::Slurm:
        return ProfileDialog::tr("A Slurm cluster");
    }
    return {};
}

} // namespace

ProfileDialog::ProfileDialog(QWidget* parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_name(new QLineEdit(this))
    , m_kind(new QComboBox(this))
    , m_runsOn(new QComboBox(this))
    , m_tabs(new QTabWidget(this))
    , m_compiler(new QLineEdit(this))
    , m_python(new QLineEdit(this))
    , m_arch(new QLineEdit(this))
    , m_flags(new QLineEdit(this))
    , m_compileTimeout(new QSpinBox(this))
    , m_harnessTimeout(new QSpinBox(this))
    , m_sandbox(new QCheckBox(tr("Compile and run in bubblewrap (no network, read-only system, home hidden)"), this))
    , m_memoryLimit(new QSpinBox(this))
    , m_processLimit(new QSpinBox(this))
    , m_passEnvironment(new QLineEdit(this))
    , m_disabledChecks(new QLineEdit(this))
    , m_suspectFlags(new QLineEdit(this))
    , m_seeds(new QSpinBox(this))
    , m_implausible(new QDoubleSpinBox(this))
    , m_peakBandwidth(new QDoubleSpinBox(this))
    , m_hostFields(new QWidget(this))
    , m_destination(new QLineEdit(this))
    , m_jumpHost(new QLineEdit(this))
    , m_port(new QSpinBox(this))
    , m_workFolder(new QLineEdit(this))
    , m_hostPython(new QLineEdit(this))
    , m_hostCompiler(new QLineEdit(this))
    , m_identityFile(new QLineEdit(this))
    , m_sshOptions(new QLineEdit(this))
    , m_slurmFields(new QWidget(this))
    , m_sharedDir(new QLineEdit(this))
    , m_partition(new QLineEdit(this))
    , m_gres(new QLineEdit(this))
    , m_timeLimit(new QSpinBox(this))
    , m_maxRunning(new QSpinBox(this))
    , m_sbatchOptions(new QLineEdit(this))
    , m_worker(new QLineEdit(this))
    , m_workerLine(new QLabel(this))
    , m_pollInterval(new QDoubleSpinBox(this))
    , m_test(new QPushButton(tr("Test connection"), this))
    , m_detected(new QPlainTextEdit(this))
    , m_pythonLine(new QLabel(this))
    , m_problem(new QLabel(this))
{
    setWindowTitle(tr("Toolchain profiles"));
    const QVector<ToolchainProfile> profiles = Settings::instance()->toolchainProfiles();
    for (const ToolchainProfile& p : profiles)
        m_entries.append({p, p.runsOn(), RemoteCommand::wordsLine(p.host.extraOptions), RemoteCommand::wordsLine(p.slurm.sbatchOptions)});
    m_kind->setObjectName(QStringLiteral("kind"));
    for (auto kind : {ToolchainProfile::Kind::Rocm, ToolchainProfile::Kind::HipNvidia, ToolchainProfile::Kind::CompileCheck,
             ToolchainProfile::Kind::Cpu})
        m_kind->addItem(kindName(kind), int(kind));
    m_runsOn->setObjectName(QStringLiteral("runsOn"));
    for (auto where : {ToolchainProfile::RunsOn::ThisMachine, ToolchainProfile::RunsOn::Host, ToolchainProfile::RunsOn::Slurm})
        m_runsOn->addItem(runsOnText(where), int(where));
    m_runsOn->setToolTip(tr("Where reruns of this profile run: here; every step on a GPU host over SSH; or, for batches, one Slurm "
                            "job array on a cluster. A host and Slurm exclude each other."));
    m_detected->setReadOnly(true);
    m_detected->setPlaceholderText(tr("Detect shows what this profile finds on this machine; Test connection reaches its host or "
                                      "cluster."));
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->hide();

    m_tabs->addTab(makeToolchainPage(), tr("This machine"));
    m_tabs->addTab(makeChecksPage(), tr("Timeouts and checks"));
    m_tabs->addTab(makeHostPage(), tr("Remote host (SSH)"));
    m_tabs->addTab(makeSlurmPage(), tr("Slurm"));

    auto* top = new QFormLayout;
    top->addRow(tr("Name:"), m_name);
    top->addRow(tr("Kind:"), m_kind);
    top->addRow(tr("Runs on:"), m_runsOn);
    auto* detect = new QPushButton(tr("Detect"), this);
    detect->setToolTip(tr("Runs this profile's compiler and Python here and shows what they find"));
    m_test->setObjectName(QStringLiteral("testConnection"));
    auto* add = new QPushButton(tr("Add"), this);
    auto* remove = new QPushButton(tr("Remove"), this);
    auto* listButtons = new QHBoxLayout;
    listButtons->addWidget(add);
    listButtons->addWidget(remove);
    auto* left = new QVBoxLayout;
    left->addWidget(m_list, 1);
    left->addLayout(listButtons);
    auto* actions = new QHBoxLayout;
    actions->addWidget(detect);
    actions->addWidget(m_test);
    actions->addStretch(1);
    auto* right = new QVBoxLayout;
    right->addLayout(top);
    right->addWidget(m_tabs);
    right->addLayout(actions);
    right->addWidget(m_detected, 1);
    auto* columns = new QHBoxLayout;
    columns->addLayout(left, 1);
    columns->addLayout(right, 4);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ProfileDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ProfileDialog::reject);
    connect(detect, &QPushButton::clicked, this, &ProfileDialog::detect);
    connect(m_test, &QPushButton::clicked, this, &ProfileDialog::testConnection);
    connect(add, &QPushButton::clicked, this, &ProfileDialog::addProfile);
    connect(remove, &QPushButton::clicked, this, &ProfileDialog::removeProfile);
    connect(m_list, &QListWidget::currentRowChanged, this, &ProfileDialog::showProfile);
    connect(m_kind, qOverload<int>(&QComboBox::currentIndexChanged), this, &ProfileDialog::updateTargetField);
    connect(m_runsOn, qOverload<int>(&QComboBox::currentIndexChanged), this, &ProfileDialog::updateRunsOn);
    // A choice made by hand shows its fields at once.
    connect(m_runsOn, qOverload<int>(&QComboBox::activated), this, [this] {
        const auto where = ToolchainProfile::RunsOn(m_runsOn->currentData().toInt());
        if (where != ToolchainProfile::RunsOn::ThisMachine)
            m_tabs->setCurrentIndex(where == ToolchainProfile::RunsOn::Host ? HostTab : SlurmTab);
    });
    const auto output = [this](const QString& text) { m_detected->appendPlainText(withoutTerminalEscapes(text)); };
    connect(&m_hostProbe, &HostProbe::output, this, output);
    connect(&m_hostProbe, &HostProbe::finished, this, &ProfileDialog::connectionTestEnded);
    connect(&m_slurmProbe, &SlurmProbe::output, this, output);
    connect(&m_slurmProbe, &SlurmProbe::finished, this, &ProfileDialog::connectionTestEnded);
    for (const Entry& e : qAsConst(m_entries))
        m_list->addItem(e.profile.name);
    m_list->setCurrentRow(0);
    // Roomy where there is room, never taller than the screen (1600x1000 at scale 1.5 is 1066x666).
    const QRect screenArea = screen()->availableGeometry();
    resize(std::min(960, screenArea.width() * 9 / 10), std::min(640, screenArea.height() * 17 / 20));
    connect(m_python, &QLineEdit::textChanged, this, &ProfileDialog::updatePythonLine);
    connect(&m_pythonFinder, &PythonFinder::finished, this, [this](const PythonSearch& search) {
        m_pythonSearch = search;
        updatePythonLine();
        Q_EMIT pythonSearchFinished();
    });
    m_pythonFinder.start();
}

QWidget* ProfileDialog::makeToolchainPage()
{
    auto* page = new QWidget(this);
    m_python->setObjectName(QStringLiteral("python"));
    m_python->setPlaceholderText(tr("automatic: the first Python that imports torch"));
    m_python->setToolTip(tr("Empty: the first of $VIRTUAL_ENV/bin/python, $CONDA_PREFIX/bin/python, every python3 on PATH and "
                            "/usr/bin/python3 that imports torch. A path: that Python."));
    m_pythonLine->setWordWrap(true);
    m_pythonLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pythonLine->setText(tr("Automatic: looking for a Python that imports torch…"));
    m_flags->setPlaceholderText(tr("extra compiler flags, separated by spaces"));
    // 0 is "automatic": what that comes to on this machine is in the tooltip.
    const ToolchainProfile automatic = defaultProfile(ToolchainProfile::Kind::Cpu);
    m_memoryLimit->setRange(0, 64 * 1024 * 1024);
    m_memoryLimit->setSingleStep(1024);
    m_memoryLimit->setSuffix(tr(" MiB"));
    m_memoryLimit->setSpecialValueText(tr("automatic (half the memory)"));
    m_memoryLimit->setToolTip(tr("Memory of everything a compile or the harness starts, files in its /tmp included; past it the "
                                 "step is stopped. Automatic here: %1 MiB.")
                                  .arg(automatic.effectiveMemoryLimitBytes() / (1024 * 1024)));
    m_processLimit->setRange(0, 1000000);
    m_processLimit->setSingleStep(256);
    m_processLimit->setSpecialValueText(tr("automatic"));
    m_processLimit->setToolTip(tr("Processes and threads of a compile or the harness (PyTorch starts a thread per core, Triton "
                                  "compiles in subprocesses); at the limit the step is stopped. Automatic here: %1.")
                                   .arg(automatic.effectiveProcessLimit()));
    m_compiler->setObjectName(QStringLiteral("compiler"));
    auto* form = new QFormLayout(page);
    // The documented list is SandboxEnvironment's; only names are typed here, never values.
    m_passEnvironment->setPlaceholderText(tr("nothing beyond PATH, the locale, GPU visibility and the toolchain's settings"));
    m_passEnvironment->setToolTip(tr("Environment variables the compile and the harness may see beyond the documented list "
                                     "(docs/RUNNER.md \"Environment\"), separated by spaces: NAME, or PREFIX* for every name "
                                     "that starts with PREFIX. Every other variable, a token or a key in your environment "
                                     "included, is not passed on."));
    form->addRow(tr("Compiler:"), m_compiler);
    form->addRow(tr("Python:"), m_python);
    form->addRow(QString(), m_pythonLine);
    form->addRow(tr("GPU target:"), m_arch);
    form->addRow(tr("Extra flags:"), m_flags);
    form->addRow(QString(), m_sandbox);
    form->addRow(tr("Memory limit:"), m_memoryLimit);
    form->addRow(tr("Process limit:"), m_processLimit);
    form->addRow(tr("Also pass on:"), m_passEnvironment);
    return page;
}

QWidget* ProfileDialog::makeChecksPage()
{
    auto* page = new QWidget(this);
    for (QSpinBox* box : {m_compileTimeout, m_harnessTimeout}) {
        box->setRange(10, 7200);
        box->setSuffix(tr(" s"));
    }
    // The battery's check names belong to the harness (docs/RUNNER.md "Checks"); an unknown name
    // fails the rerun with a message naming it.
    m_disabledChecks->setPlaceholderText(tr("none: every check of the cheat battery runs"));
    m_disabledChecks->setToolTip(tr("Names of checks to skip, separated by spaces, e.g. seed_sensitive nondeterministic "
                                    "(docs/RUNNER.md lists them)"));
    m_suspectFlags->setPlaceholderText(tr("none: notes stay notes"));
    m_suspectFlags->setToolTip(tr("Notes this profile treats as suspect, separated by spaces: %1 "
                                  "(docs/RUNNER.md, \"Verdict levels\")")
                                   .arg(VerdictLevel::raisableNotes().join(QLatin1Char(' '))));
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
    auto* form = new QFormLayout(page);
    form->addRow(tr("Compile timeout:"), m_compileTimeout);
    form->addRow(tr("Harness timeout:"), m_harnessTimeout);
    form->addRow(tr("Checks turned off:"), m_disabledChecks);
    form->addRow(tr("Treat as suspect:"), m_suspectFlags);
    form->addRow(tr("Seeds:"), m_seeds);
    form->addRow(tr("Implausible above:"), m_implausible);
    form->addRow(tr("Peak bandwidth:"), m_peakBandwidth);
    return page;
}

QWidget* ProfileDialog::makeHostPage()
{
    auto* page = new QWidget(this);
    m_destination->setObjectName(QStringLiteral("destination"));
    m_destination->setPlaceholderText(tr("user@gpu1, gpu1, or an alias of ~/.ssh/config"));
    m_jumpHost->setPlaceholderText(tr("none (ssh -J user@bastion[:port])"));
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("ssh's default (22, or the port ~/.ssh/config gives)"));
    m_workFolder->setPlaceholderText(RemoteHost().workFolder);
    m_workFolder->setToolTip(tr("On the host; \"~/\" is the home folder there. Staged files, jobs and the module cache live here."));
    m_hostPython->setPlaceholderText(RemoteHost().python);
    m_hostPython->setToolTip(tr("The host's Python with PyTorch (a venv's bin/python is fine); a name is found in the host's PATH. "
                                "There is no automatic search on a host."));
    m_hostCompiler->setToolTip(tr("hipcc, or g++ for a cpu profile; a name is found in the host's PATH"));
    m_identityFile->setPlaceholderText(tr("ssh's own keys and agent"));
    m_sshOptions->setObjectName(QStringLiteral("sshOptions"));
    m_sshOptions->setPlaceholderText(tr("-o ControlMaster=auto -o ControlPersist=60"));
    m_sshOptions->setToolTip(tr("More ssh and scp options, split into arguments as a shell would: spaces separate them; quote one "
                                "that holds a space ('ProxyCommand=ssh -W %h:%p bastion'). They come before ours and so win."));
    m_jumpHost->setObjectName(QStringLiteral("jumpHost"));
    m_port->setObjectName(QStringLiteral("port"));
    m_workFolder->setObjectName(QStringLiteral("workFolder"));
    m_hostPython->setObjectName(QStringLiteral("hostPython"));
    m_hostCompiler->setObjectName(QStringLiteral("hostCompiler"));
    m_identityFile->setObjectName(QStringLiteral("identityFile"));
    m_hostFields->setObjectName(QStringLiteral("hostFields"));
    auto* chooseKey = new QPushButton(tr("Choose…"), this);
    connect(chooseKey, &QPushButton::clicked, this, &ProfileDialog::chooseIdentityFile);
    auto* form = new QFormLayout(m_hostFields);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Destination:"), m_destination);
    form->addRow(tr("Jump host:"), m_jumpHost);
    form->addRow(tr("Port:"), m_port);
    form->addRow(tr("Work folder:"), m_workFolder);
    form->addRow(tr("Python there:"), m_hostPython);
    form->addRow(tr("Compiler there:"), m_hostCompiler);
    form->addRow(tr("Identity file:"), withChooser(m_identityFile, chooseKey, this));
    form->addRow(tr("More ssh options:"), m_sshOptions);
    auto* layout = new QVBoxLayout(page);
    layout->addWidget(noteLabel(tr("Probe, compile and harness run on this host through OpenSSH, with your keys and "
                                   "~/.ssh/config. No password is asked for or stored: ssh runs in batch mode, so the host must "
                                   "accept a key without a prompt (ssh-copy-id; a passphrase only through an agent). More ssh "
                                   "options are split like a shell line."),
        page));
    layout->addWidget(m_hostFields);
    layout->addStretch(1);
    return page;
}

QWidget* ProfileDialog::makeSlurmPage()
{
    auto* page = new QWidget(this);
    m_sharedDir->setObjectName(QStringLiteral("sharedDir"));
    m_sharedDir->setPlaceholderText(tr("required: a folder this machine and every node see at the same path"));
    m_partition->setPlaceholderText(tr("the cluster's default"));
    m_gres->setPlaceholderText(tr("none (gpu:1 asks for one GPU per task)"));
    m_timeLimit->setRange(0, 525600);
    m_timeLimit->setSuffix(tr(" min"));
    m_timeLimit->setSpecialValueText(tr("the partition's limit"));
    m_maxRunning->setRange(0, 1000000);
    m_maxRunning->setSpecialValueText(tr("no cap"));
    m_maxRunning->setToolTip(tr("Tasks of a batch running at once (--array=0-N%M)"));
    m_sbatchOptions->setObjectName(QStringLiteral("sbatchOptions"));
    m_sbatchOptions->setPlaceholderText(tr("--account=gpu --qos=short"));
    m_sbatchOptions->setToolTip(tr("More sbatch options, split into arguments as a shell would (quote one that holds a space); "
                                   "they come last and so override ours"));
    m_worker->setToolTip(tr("kernel-review-cli as the nodes see it"));
    m_workerLine->setWordWrap(false); // one path: a wrapped label in a form row takes odd heights
    m_workerLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pollInterval->setRange(1, 3600);
    m_pollInterval->setDecimals(1);
    m_pollInterval->setSuffix(tr(" s"));
    m_pollInterval->setToolTip(tr("How often squeue is asked about the batch's tasks"));
    m_partition->setObjectName(QStringLiteral("partition"));
    m_gres->setObjectName(QStringLiteral("gres"));
    m_timeLimit->setObjectName(QStringLiteral("timeLimit"));
    m_maxRunning->setObjectName(QStringLiteral("maxRunning"));
    m_worker->setObjectName(QStringLiteral("worker"));
    m_workerLine->setObjectName(QStringLiteral("workerLine"));
    m_pollInterval->setObjectName(QStringLiteral("pollInterval"));
    m_slurmFields->setObjectName(QStringLiteral("slurmFields"));
    auto* chooseFolder = new QPushButton(tr("Choose…"), this);
    connect(chooseFolder, &QPushButton::clicked, this, &ProfileDialog::chooseSharedFolder);
    connect(m_worker, &QLineEdit::textChanged, this, &ProfileDialog::updateWorkerLine);
    auto* form = new QFormLayout(m_slurmFields);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Shared folder:"), withChooser(m_sharedDir, chooseFolder, this));
    form->addRow(tr("Partition:"), m_partition);
    form->addRow(tr("GPUs (gres):"), m_gres);
    form->addRow(tr("Time limit per task:"), m_timeLimit);
    form->addRow(tr("Tasks at once:"), m_maxRunning);
    form->addRow(tr("More sbatch options:"), m_sbatchOptions);
    form->addRow(tr("Worker:"), m_worker);
    form->addRow(QString(), m_workerLine);
    form->addRow(tr("Poll interval:"), m_pollInterval);
    auto* layout = new QVBoxLayout(page);
    layout->addWidget(noteLabel(tr("A batch of this profile becomes one sbatch job array, one task per case; each task runs "
                                   "kernel-review-cli on its node with this profile's compiler and Python there."),
        page));
    layout->addWidget(m_slurmFields);
    layout->addStretch(1);
    return page;
}

ProfileDialog::~ProfileDialog()
{
    // A probe still running stops with its members; what it says then is not for this dialog.
    m_hostProbe.disconnect(this);
    m_slurmProbe.disconnect(this);
    m_job.disconnect(this);
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
    if (row < 0 || row >= m_entries.size())
        return;
    if (m_hostProbe.isRunning())
        m_hostProbe.cancel(); // its output belongs to the profile shown before
    const Entry& e = m_entries.at(row);
    const ToolchainProfile& p = e.profile;
    m_name->setText(p.name);
    m_kind->setCurrentIndex(m_kind->findData(int(p.kind)));
    m_runsOn->setCurrentIndex(m_runsOn->findData(int(e.runsOn)));
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
    m_suspectFlags->setText(p.suspectFlags.join(QLatin1Char(' ')));
    m_passEnvironment->setText(p.passEnvironment.join(QLatin1Char(' ')));
    updateTargetField();
    m_seeds->setValue(p.seeds);
    m_implausible->setValue(p.implausibleSpeedup);
    m_peakBandwidth->setValue(p.peakBandwidthGbs);
    const RemoteHost& h = p.host;
    m_destination->setText(h.destination);
    m_jumpHost->setText(h.jumpHost);
    m_port->setValue(h.port);
    m_workFolder->setText(h.workFolder);
    m_hostPython->setText(h.python);
    m_hostCompiler->setText(h.compiler);
    m_identityFile->setText(h.identityFile);
    m_sshOptions->setText(e.sshOptions);
    const SlurmSettings& s = p.slurm;
    m_sharedDir->setText(s.sharedDir);
    m_partition->setText(s.partition);
    m_gres->setText(s.gres);
    m_timeLimit->setValue(s.timeLimitMinutes);
    m_maxRunning->setValue(s.maxRunning);
    m_sbatchOptions->setText(e.sbatchOptions);
    m_worker->setText(s.worker);
    m_pollInterval->setValue(s.pollIntervalMs / 1000.0);
    updateWorkerLine();
    updateRunsOn();
    // A profile opens on the tab of where it runs.
    if (e.runsOn != ToolchainProfile::RunsOn::ThisMachine)
        m_tabs->setCurrentIndex(e.runsOn == ToolchainProfile::RunsOn::Host ? HostTab : SlurmTab);
    else if (m_tabs->currentIndex() == HostTab || m_tabs->currentIndex() == SlurmTab)
        m_tabs->setCurrentIndex(ToolchainTab);
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

// The fields of the place chosen are enabled, the others kept but greyed out. On a host, the
// host's Python and compiler run, and neither this machine's sandbox nor its limits apply there
// (docs/RUNNER.md "Remote host (SSH)"); a Slurm node uses the profile's own.
void ProfileDialog::updateRunsOn()
{
    const auto where = ToolchainProfile::RunsOn(m_runsOn->currentData().toInt());
    const bool host = where == ToolchainProfile::RunsOn::Host;
    m_hostFields->setEnabled(host);
    m_slurmFields->setEnabled(where == ToolchainProfile::RunsOn::Slurm);
    for (QWidget* local : std::initializer_list<QWidget*>{m_compiler, m_python, m_pythonLine, m_sandbox, m_memoryLimit, m_processLimit}) {
        if (!local->property("krwLocalToolTip").isValid()) // its own, to give back
            local->setProperty("krwLocalToolTip", local->toolTip());
        local->setEnabled(!host);
        local->setToolTip(host ? tr("Not used on a host: see Remote host (SSH)") : local->property("krwLocalToolTip").toString());
    }
    m_test->setEnabled(where != ToolchainProfile::RunsOn::ThisMachine && !m_hostProbe.isRunning() && !m_slurmProbe.isRunning());
    m_test->setToolTip(where == ToolchainProfile::RunsOn::Host ? tr("Stages the harness on the host and runs its probe there")
            : where == ToolchainProfile::RunsOn::Slurm         ? tr("Asks sinfo and checks the shared folder")
                                                               : tr("This profile runs on this machine: use Detect"));
}

void ProfileDialog::updateWorkerLine()
{
    SlurmSettings s;
    s.worker = m_worker->text().trimmed();
    m_worker->setPlaceholderText(tr("kernel-review-cli beside this program"));
    m_workerLine->setText(
        s.worker.isEmpty() ? tr("Empty: %1").arg(SlurmBatch::workerProgram(s)) : tr("Every node must have it at this path."));
}

void ProfileDialog::storeForm()
{
    if (m_current < 0 || m_current >= m_entries.size())
        return;
    Entry& e = m_entries[m_current];
    ToolchainProfile& p = e.profile;
    p.name = m_name->text().trimmed().isEmpty() ? p.name : m_name->text().trimmed();
    p.kind = ToolchainProfile::Kind(m_kind->currentData().toInt());
    e.runsOn = ToolchainProfile::RunsOn(m_runsOn->currentData().toInt());
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
    // Only notes can be raised; anything else would be a no-op that reads like a setting.
    const QStringList raisable = VerdictLevel::raisableNotes();
    p.suspectFlags.clear();
    for (const QString& name : m_suspectFlags->text().split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts)) {
        if (raisable.contains(name))
            p.suspectFlags << name;
    }
    p.passEnvironment = m_passEnvironment->text().split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
    p.seeds = m_seeds->value();
    p.implausibleSpeedup = m_implausible->value();
    p.peakBandwidthGbs = m_peakBandwidth->value();
    RemoteHost& h = p.host;
    h.destination = m_destination->text().trimmed();
    h.jumpHost = m_jumpHost->text().trimmed();
    h.port = m_port->value();
    // Empty fields with a default come back as the default, which the placeholder shows.
    h.workFolder = m_workFolder->text().trimmed().isEmpty() ? RemoteHost().workFolder : m_workFolder->text().trimmed();
    h.python = m_hostPython->text().trimmed().isEmpty() ? RemoteHost().python : m_hostPython->text().trimmed();
    h.compiler = m_hostCompiler->text().trimmed().isEmpty() ? p.compiler : m_hostCompiler->text().trimmed();
    h.identityFile = m_identityFile->text().trimmed();
    e.sshOptions = m_sshOptions->text();
    SlurmSettings& s = p.slurm;
    s.sharedDir = m_sharedDir->text().trimmed();
    s.partition = m_partition->text().trimmed();
    s.gres = m_gres->text().trimmed();
    s.timeLimitMinutes = m_timeLimit->value();
    s.maxRunning = m_maxRunning->value();
    e.sbatchOptions = m_sbatchOptions->text();
    s.worker = m_worker->text().trimmed();
    s.pollIntervalMs = qRound(m_pollInterval->value() * 1000);
    m_list->item(m_current)->setText(p.name);
}

void ProfileDialog::addProfile()
{
    storeForm();
    ToolchainProfile p = defaultProfile(ToolchainProfile::Kind::Cpu);
    p.name = QStringLiteral("profile-%1").arg(m_entries.size() + 1);
    m_entries.append({p, p.runsOn(), QString(), QString()});
    m_list->addItem(p.name);
    m_list->setCurrentRow(m_list->count() - 1);
}

void ProfileDialog::removeProfile()
{
    if (m_current < 0 || m_entries.size() <= 1)
        return;
    const int row = m_current;
    m_current = -1; // the form belongs to the removed profile
    m_entries.remove(row);
    delete m_list->takeItem(row);
}

QString ProfileDialog::problemOf(const ToolchainProfile& p, ToolchainProfile::RunsOn runsOn, const QString& sshOptions,
    const QString& sbatchOptions, Tab* tab, QString* field)
{
    const auto problem = [&](Tab where, const char* objectName, const QString& name, const QString& why) {
        if (tab)
            *tab = where;
        if (field)
            *field = QLatin1String(objectName);
        const QString page = where == HostTab ? tr("Remote host (SSH)") : tr("Slurm");
        return tr("Profile %1: %2 \u25b8 %3 %4").arg(p.name, page, name, why);
    };
    QString error;
    if (runsOn == ToolchainProfile::RunsOn::Host) {
        if (p.host.destination.isEmpty())
            return problem(HostTab, "destination", tr("Destination"),
                tr("is empty: name the host (user@host or an alias of ~/.ssh/config), or let the profile run elsewhere."));
        if (!RemoteCommand::splitWords(sshOptions, &error))
            return problem(HostTab, "sshOptions", tr("More ssh options"), tr("cannot be split into arguments: %1.").arg(error));
    }
    if (runsOn == ToolchainProfile::RunsOn::Slurm) {
        if (p.slurm.sharedDir.isEmpty())
            return problem(SlurmTab, "sharedDir", tr("Shared folder"), tr("is empty: batches are staged in a folder every node sees."));
        if (QDir::isRelativePath(p.slurm.sharedDir))
            return problem(SlurmTab, "sharedDir", tr("Shared folder"),
                tr("\"%1\" is not an absolute path: the nodes must see it at the same path.").arg(p.slurm.sharedDir));
        if (!RemoteCommand::splitWords(sbatchOptions, &error))
            return problem(SlurmTab, "sbatchOptions", tr("More sbatch options"), tr("cannot be split into arguments: %1.").arg(error));
    }
    return {};
}

void ProfileDialog::accept()
{
    storeForm();
    QVector<ToolchainProfile> profiles;
    for (int row = 0; row < m_entries.size(); ++row) {
        const Entry& e = m_entries.at(row);
        Tab tab = ToolchainTab;
        QString field;
        const QString problem = problemOf(e.profile, e.runsOn, e.sshOptions, e.sbatchOptions, &tab, &field);
        if (!problem.isEmpty()) { // the dialog stays open on the field to fix
            m_list->setCurrentRow(row);
            m_tabs->setCurrentIndex(tab);
            if (auto* edit = findChild<QLineEdit*>(field))
                edit->setFocus();
            QPalette red = palette(); // the theme's, taken now
            red.setColor(QPalette::WindowText, problemTextColor(red));
            m_problem->setPalette(red);
            m_problem->setText(problem);
            m_problem->show();
            return;
        }
        ToolchainProfile p = e.profile;
        p.host.extraOptions = RemoteCommand::splitWords(e.sshOptions, nullptr).value_or(QStringList());
        p.slurm.sbatchOptions = RemoteCommand::splitWords(e.sbatchOptions, nullptr).value_or(QStringList());
        p.setRunsOn(e.runsOn);
        profiles.append(p);
    }
    m_problem->hide();
    Settings::instance()->setToolchainProfiles(profiles);
    QDialog::accept();
}

// Runs the detection commands one after the other, showing each one's output.
void ProfileDialog::detect()
{
    storeForm();
    ToolchainProfile p = m_entries.value(m_current).profile;
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
    connect(&m_job, &ProcessJob::output, this,
        [this](const QString& text) { m_detected->appendPlainText(withoutTerminalEscapes(text).trimmed()); });
    connect(&m_job, &ProcessJob::finished, this, [this, steps](const ProcessOutcome& outcome) {
        if (outcome.kind != ProcessOutcome::Kind::Ok)
            m_detected->appendPlainText(QStringLiteral("→ %1").arg(outcome.message));
        runDetection(steps);
    });
    m_job.start({parts.first(), parts.mid(1), {}, {}, 120000, {}});
}

// The host or the cluster of the profile as the form has it now (saved or not), asynchronously:
// HostProbe and SlurmProbe write into the detected pane as each step ends.
void ProfileDialog::testConnection()
{
    storeForm();
    if (m_current < 0 || m_hostProbe.isRunning() || m_slurmProbe.isRunning())
        return;
    const Entry& e = m_entries.at(m_current);
    if (e.runsOn == ToolchainProfile::RunsOn::ThisMachine) {
        m_detected->appendPlainText(tr("Profile %1 runs on this machine: Detect shows what it finds here.").arg(e.profile.name));
        return;
    }
    Tab tab = ToolchainTab;
    const QString problem = problemOf(e.profile, e.runsOn, e.sshOptions, e.sbatchOptions, &tab);
    m_detected->clear();
    if (!problem.isEmpty()) {
        m_detected->appendPlainText(QStringLiteral("→ %1").arg(problem));
        return connectionTestEnded(false, problem);
    }
    m_test->setEnabled(false);
    if (e.runsOn == ToolchainProfile::RunsOn::Host) {
        RemoteHost host = e.profile.host;
        host.extraOptions = RemoteCommand::splitWords(e.sshOptions, nullptr).value_or(QStringList());
        m_detected->appendPlainText(tr("Testing %1 (ssh %2)…").arg(host.displayName(), host.sshArguments().join(QLatin1Char(' '))));
        m_hostProbe.start(host, RerunPipeline::runnerDataDir() + QStringLiteral("/harness"));
    } else if (e.runsOn == ToolchainProfile::RunsOn::Slurm) {
        SlurmSettings slurm = e.profile.slurm;
        slurm.sbatchOptions = RemoteCommand::splitWords(e.sbatchOptions, nullptr).value_or(QStringList());
        m_slurmProbe.start(slurm);
    }
}

void ProfileDialog::connectionTestEnded(bool ok, const QString& failure)
{
    // Each problem was shown as it came ("→ …"); a one-line one is repeated here.
    if (ok)
        m_detected->appendPlainText(tr("Connection test passed."));
    else if (!failure.contains(QLatin1Char('\n')))
        m_detected->appendPlainText(tr("Connection test failed: %1").arg(failure));
    else
        m_detected->appendPlainText(tr("Connection test failed (→ above)."));
    updateRunsOn(); // the button again
    Q_EMIT connectionTestFinished(ok);
}

void ProfileDialog::chooseIdentityFile()
{
    const QString start = m_identityFile->text().isEmpty() ? QDir::home().filePath(QStringLiteral(".ssh")) : m_identityFile->text();
    const QString file = QFileDialog::getOpenFileName(this, tr("Identity file (private key)"), start);
    if (!file.isEmpty())
        m_identityFile->setText(file);
}

void ProfileDialog::chooseSharedFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Shared folder"), m_sharedDir->text());
    if (!dir.isEmpty())
        m_sharedDir->setText(dir);
}

} // namespace krw
