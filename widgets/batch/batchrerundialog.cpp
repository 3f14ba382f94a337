// SPDX-License-Identifier: MIT
#include "widgets/batch/batchrerundialog.h"

#include "models/batch/batchprogressmodel.h"
#include "models/batch/batchrecord.h"
#include "models/report/reportcontent.h"
#include "models/run/casetexts.h"
#include "models/run/caseversions.h"
#include "models/run/runsummary.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"
#include "runner/batch/batchplace.h"
#include "runner/pipeline/rerunrequestbuilder.h"
#include "runner/sandbox/sandbox.h"
#include "widgets/plots/speeduphistogramplot.h"
#include "widgets/rerun/unsandboxedquestion.h"
#include "widgets/settings/settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QThread>
#include <QThreadPool>
#include <QVBoxLayout>

#include <algorithm>

namespace krw {

namespace {

struct BuiltRequests
{
    QVector<RerunRequest> requests;
    QVector<BatchEntry> skipped; // cases without the version asked for
};

// Off the UI thread: reads every case's texts (a big run's cases are on disk, not in memory).
BuiltRequests buildRequests(const RunPtr& run, const QVector<int>& indexes, const ResultStore& store, const QString& version,
    const QString& baseline, const ToolchainProfile& profile)
{
    BuiltRequests built;
    for (const int index : indexes) {
        const RerunRequestBuilder builder(readCaseTexts(run, index), codeVersions(run->cases.at(index)), store);
        QString error;
        if (const auto request = builder.build(version, baseline, profile, &error))
            built.requests << *request;
        else
            built.skipped << BatchEntry::skipped(run->cases.at(index).filename, version, error);
    }
    return built;
}

const char* const JobsTip
    = QT_TRANSLATE_NOOP("krw::BatchRerunDialog", "Cases probed and compiled at once (compiling is most of a batch's time)");
const char* const DevicesTip = QT_TRANSLATE_NOOP("krw::BatchRerunDialog",
    "GPUs: one harness runs on each at a time, handed its device through HIP_VISIBLE_DEVICES (rocm) or CUDA_VISIBLE_DEVICES (hip-nvidia)");
const char* const ClusterDecidesTip = QT_TRANSLATE_NOOP("krw::BatchRerunDialog",
    "The Slurm cluster decides how many cases run at once and on which GPUs (the profile's Slurm settings: tasks at once, GPUs per "
    "task)");

} // namespace

BatchRerunDialog::BatchRerunDialog(
    RunPtr run, const AnnotationMap& annotations, const QVector<int>& selected, const QVector<int>& shown, QWidget* parent)
    : QDialog(parent)
    , m_run(std::move(run))
    , m_annotations(annotations)
    , m_selected(selected)
    , m_shown(shown)
    , m_session(ResultStore::forRun(m_run->path, m_run->name))
    , m_preparation(new JobTracker(this))
    , m_scope(new QComboBox(this))
    , m_version(new QComboBox(this))
    , m_profile(new QComboBox(this))
    , m_jobs(new QSpinBox(this))
    , m_devices(new QSpinBox(this))
    , m_place(new QLabel(this))
    , m_status(new QLabel(this))
    , m_table(new QTableView(this))
    , m_progress(new BatchProgressModel(this))
    , m_summaryLabel(new QLabel(this))
    , m_histogram(new SpeedupHistogramPlot(this))
    , m_startButton(new QPushButton(tr("&Start"), this))
    , m_cancelButton(new QPushButton(tr("&Cancel Batch"), this))
    , m_requeueButton(new QPushButton(tr("&Requeue"), this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this))
{
    setObjectName(QStringLiteral("batchRerunDialog"));
    connect(&m_session, &BatchSession::queueNotSaved, this, [this](const QString& error) {
        m_status->setText(tr("The batch's queue could not be saved, so it cannot be resumed: %1").arg(error));
    });
    setWindowTitle(tr("Rerun Cases — %1").arg(m_run->name));
    m_scope->setObjectName(QStringLiteral("batchScope"));
    m_profile->setObjectName(QStringLiteral("batchProfile"));
    m_jobs->setObjectName(QStringLiteral("batchJobs"));
    m_devices->setObjectName(QStringLiteral("batchDevices"));
    m_table->setObjectName(QStringLiteral("batchTable"));
    m_summaryLabel->setObjectName(QStringLiteral("batchSummary"));
    m_startButton->setObjectName(QStringLiteral("batchStart"));
    m_cancelButton->setObjectName(QStringLiteral("batchCancel"));
    m_requeueButton->setObjectName(QStringLiteral("batchRequeue"));
    m_place->setObjectName(QStringLiteral("batchPlace"));
    m_status->setObjectName(QStringLiteral("batchStatus"));
    m_requeueButton->setToolTip(tr("Submit the selected cases that the Slurm scheduler killed (time limit, preemption, node failure) "
                                   "or that were cancelled on the cluster again"));

    fillScopes();
    m_version->addItem(tr("Newest prediction"), QStringLiteral("predict"));
    m_version->addItem(tr("Newest call fix"), QStringLiteral("call"));
    m_version->addItem(tr("Newest exe fix"), QStringLiteral("exe"));
    fillProfiles();
    m_jobs->setRange(1, 64);
    m_jobs->setMaximumWidth(m_jobs->sizeHint().width() * 2);
    m_devices->setMaximumWidth(m_jobs->maximumWidth());
    m_jobs->setValue(std::clamp(QThread::idealThreadCount(), 1, 8));
    m_devices->setRange(1, 16);
    m_place->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* form = new QFormLayout;
    form->addRow(tr("Cases:"), m_scope);
    form->addRow(tr("Version:"), m_version);
    form->addRow(tr("Profile:"), m_profile);
    form->addRow(tr("Runs on:"), m_place);
    form->addRow(tr("Compile jobs:"), m_jobs);
    form->addRow(tr("GPUs:"), m_devices);

    m_table->setModel(m_progress);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8); // one line of text per row
    m_table->setTextElideMode(Qt::ElideMiddle); // a long case name keeps its end (.py) in view
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(BatchProgressModel::FlagsColumn, QHeaderView::Stretch);
    // The case name takes what it needs up to a third of the table, so a 300-character name never
    // pushes the verdict off to the side; the column can still be dragged wider.
    m_table->horizontalHeader()->setSectionResizeMode(BatchProgressModel::CaseColumn, QHeaderView::Interactive);
    connect(m_progress, &QAbstractItemModel::modelReset, this, &BatchRerunDialog::fitCaseColumn);
    m_table->setToolTip(tr("Double-click a case to show it in the window"));
    connect(m_table, &QTableView::doubleClicked, this,
        [this](const QModelIndex& index) { Q_EMIT caseActivated(index.data(BatchProgressModel::CaseNameRole).toString()); });
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, &BatchRerunDialog::showTableMenu);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &BatchRerunDialog::updateRequeue);

    m_summaryLabel->setWordWrap(true);
    m_summaryLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summaryLabel->hide();
    m_histogram->hide();
    m_status->setWordWrap(true);

    auto* summary = new QWidget(this);
    auto* summaryLayout = new QHBoxLayout(summary);
    summaryLayout->setContentsMargins(0, 0, 0, 0);
    summaryLayout->addWidget(m_summaryLabel, 1);
    summaryLayout->addWidget(m_histogram, 1);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(summary);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);

    m_buttons->addButton(m_startButton, QDialogButtonBox::ActionRole);
    m_buttons->addButton(m_cancelButton, QDialogButtonBox::ActionRole);
    m_buttons->addButton(m_requeueButton, QDialogButtonBox::ActionRole);
    m_requeueButton->hide(); // a Slurm batch's
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(m_startButton, &QPushButton::clicked, this, &BatchRerunDialog::start);
    connect(m_cancelButton, &QPushButton::clicked, this, &BatchRerunDialog::cancel);
    connect(m_requeueButton, &QPushButton::clicked, this, [this] { requeue(selectedCases()); });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_buttons);

    connect(m_profile, &QComboBox::currentTextChanged, this, &BatchRerunDialog::updateControls);
    connect(m_scope, qOverload<int>(&QComboBox::currentIndexChanged), this, &BatchRerunDialog::updateControls);
    connectRunner(&m_batch);
    connect(&m_batch, &RerunBatch::stageChanged, this, [this](int index, RerunStage stage) {
        if (stage != RerunStage::Done)
            m_progress->setStage(m_caseNames.value(index), stageTitle(stage));
    });
    connect(&m_batch, &RerunBatch::waitingForDevice, this,
        [this](int index) { m_progress->setStage(m_caseNames.value(index), tr("Waiting for a GPU")); });
    resize(920, 640);
    updateControls();
}

void BatchRerunDialog::fitCaseColumn()
{
    m_table->resizeColumnToContents(BatchProgressModel::CaseColumn);
    const int widest = std::max(m_table->viewport()->width(), width() - 40) / 3;
    if (m_table->columnWidth(BatchProgressModel::CaseColumn) > widest)
        m_table->setColumnWidth(BatchProgressModel::CaseColumn, widest);
}

BatchRerunDialog::~BatchRerunDialog()
{
    // The pipelines end with m_batch; a Slurm batch's jobs run on (its tools end with it); the
    // queue on disk keeps what did not run, and where the jobs are, for resume().
    disconnect(&m_batch, nullptr, this, nullptr);
    if (m_slurm)
        disconnect(m_slurm, nullptr, this, nullptr);
}

// Whoever runs the batch, a case that ends goes through onCaseFinished and the end through onFinished.
void BatchRerunDialog::connectRunner(BatchRunner* runner)
{
    connect(runner, &BatchRunner::caseStarted, this, [this, runner](int index) {
        m_progress->setStage(m_caseNames.value(index), runner == m_slurm ? tr("running on the cluster") : stageTitle(RerunStage::Probe));
    });
    connect(runner, &BatchRunner::caseFinished, this, [this](int, const RerunResult& result) { onCaseFinished(result); });
    connect(runner, &BatchRunner::finished, this, &BatchRerunDialog::onFinished);
}

SlurmBatch* BatchRerunDialog::newSlurmBatch()
{
    if (m_slurm) {
        disconnect(m_slurm, nullptr, this, nullptr);
        m_slurm->deleteLater(); // ended: its jobs are done, or were left to a queue that is resumed now
    }
    m_slurm = new SlurmBatch(this);
    connectRunner(m_slurm);
    connect(m_slurm, &SlurmBatch::log, this, [this](const QString& text) {
        m_lastLog = text.trimmed();
        updateStatus();
    });
    // Where the jobs are goes into the queue as soon as they are there: closed now, the app
    // resumes by following them.
    connect(m_slurm, &SlurmBatch::submitted, this, [this] {
        if (!m_session.queue())
            return;
        m_session.queue()->slurm = BatchQueue::Slurm{m_slurm->stagingDir(), m_caseNames, m_slurm->taskJobIds()};
        m_session.saveQueue();
    });
    return m_slurm;
}

void BatchRerunDialog::fillScopes()
{
    const auto add = [this](Scope scope, const QString& title) {
        m_scope->addItem(QStringLiteral("%1 (%2)").arg(title).arg(casesOf(scope).size()), int(scope));
    };
    add(Scope::Selected, tr("Selected cases"));
    add(Scope::Shown, tr("Cases shown in the tree"));
    add(Scope::Failing, tr("Failing cases"));
    add(Scope::All, tr("All cases"));
    add(Scope::Annotated, tr("Annotated cases"));
    // Several selected: those; else the failing ones, or what the tree shows when none fails.
    const Scope first = m_selected.size() > 1 ? Scope::Selected : !casesOf(Scope::Failing).isEmpty() ? Scope::Failing : Scope::Shown;
    m_scope->setCurrentIndex(m_scope->findData(int(first)));
}

void BatchRerunDialog::fillProfiles()
{
    m_profiles = Settings::instance()->toolchainProfiles();
    for (const ToolchainProfile& p : std::as_const(m_profiles))
        m_profile->addItem(p.name);
    const int last = m_profile->findText(Settings::instance()->lastProfile());
    if (last >= 0)
        m_profile->setCurrentIndex(last);
}

void BatchRerunDialog::setScope(Scope scope)
{
    m_scope->setCurrentIndex(m_scope->findData(int(scope)));
}

QVector<int> BatchRerunDialog::casesOf(Scope scope) const
{
    switch (scope) {
    case Scope::Selected:
        return m_selected;
    case Scope::Shown:
        return m_shown;
    case Scope::Failing:
        return casesInScope(*m_run, m_annotations, ExportScope::Failing);
    case Scope::All:
        return casesInScope(*m_run, m_annotations, ExportScope::All);
    case Scope::Annotated:
        return casesInScope(*m_run, m_annotations, ExportScope::Annotated);
    case Scope::Resumed: {
        QVector<int> indexes;
        for (const QString& name : m_session.queue() ? m_session.queue()->queuedCases() : QStringList()) {
            if (const int index = m_run->indexOf(name); index >= 0)
                indexes << index;
        }
        return indexes;
    }
    }
    return {};
}

bool BatchRerunDialog::isRunning() const
{
    return m_preparing || (m_runner && m_runner->isRunning());
}

QString BatchRerunDialog::placeText() const
{
    return m_place->text();
}

QString BatchRerunDialog::statusText() const
{
    return m_status->text();
}

void BatchRerunDialog::updateControls()
{
    const bool busy = isRunning();
    const auto profile = findProfile(m_profiles, m_profile->currentText());
    for (QWidget* w : std::initializer_list<QWidget*>{m_scope, m_version, m_profile})
        w->setEnabled(!busy);
    const bool cluster = profile && profile->slurm.enabled;
    m_jobs->setEnabled(!busy && !cluster);
    m_devices->setEnabled(!busy && !cluster && profile && RerunBatch::usesGpu(*profile));
    m_jobs->setToolTip(cluster ? tr(ClusterDecidesTip) : tr(JobsTip));
    m_devices->setToolTip(cluster ? tr(ClusterDecidesTip) : tr(DevicesTip));
    m_place->setText(profile ? batchPlace(*profile) : QString());
    const int cases = casesOf(Scope(m_scope->currentData().toInt())).size();
    m_startButton->setEnabled(!busy && profile && cases > 0);
    m_startButton->setText(m_session.queue() && !m_session.queue()->isFinished() && !busy
            ? tr("Re&sume (%1 left)").arg(m_session.queue()->remaining())
            : tr("&Start"));
    m_cancelButton->setEnabled(busy);
    updateRequeue();
    if (!busy && !m_session.queue() && !m_ran) {
        // What Start would run, before it runs (seen in a real window: "queued" rows before Start
        // read as a batch already waiting).
        QStringList names;
        for (const int index : casesOf(Scope(m_scope->currentData().toInt())))
            names << m_run->cases.at(index).filename;
        m_progress->setPreview(names);
        m_status->setText(cases > 0 ? tr("%1 to rerun.").arg(caseCountText(cases)) : tr("No case in this choice."));
    }
}

void BatchRerunDialog::start()
{
    if (isRunning())
        return;
    if (m_session.queue() && !m_session.queue()->isFinished()) { // Start after a cancel resumes that batch
        const BatchQueue queue = *m_session.queue();
        resume(queue);
        return;
    }
    const auto profile = findProfile(m_profiles, m_profile->currentText());
    const QVector<int> indexes = casesOf(Scope(m_scope->currentData().toInt()));
    if (!profile || indexes.isEmpty())
        return;
    QStringList names;
    for (const int index : indexes)
        names << m_run->cases.at(index).filename;
    BatchQueue queue = BatchQueue::create(names);
    queue.versionSpec = m_version->currentData().toString();
    queue.profile = profile->name;
    queue.jobs = m_jobs->value();
    queue.devices = m_devices->value();
    Settings::instance()->setLastProfile(profile->name);
    begin(indexes, queue, {});
}

void BatchRerunDialog::resume(const BatchQueue& queue)
{
    if (isRunning())
        return;
    QVector<int> indexes;
    QStringList missing;
    for (const QString& name : queue.queuedCases()) {
        const int index = m_run->indexOf(name);
        if (index < 0)
            missing << name;
        else
            indexes << index;
    }
    QStringList done;
    for (const BatchQueue::Item& item : queue.items) {
        if (item.state == BatchQueue::State::Done)
            done << item.caseName;
    }
    // The choices shown are the batch's, the cases included: not the scope the dialog opened with.
    const QString scopeText = tr("The resumed batch (%1 of %2 left)").arg(queue.remaining()).arg(queue.items.size());
    if (const int at = m_scope->findData(int(Scope::Resumed)); at >= 0)
        m_scope->setItemText(at, scopeText);
    else
        m_scope->addItem(scopeText, int(Scope::Resumed));
    m_scope->setCurrentIndex(m_scope->findData(int(Scope::Resumed)));
    m_profile->setCurrentIndex(std::max(0, m_profile->findText(queue.profile)));
    m_version->setCurrentIndex(std::max(0, m_version->findData(queue.versionSpec)));
    m_jobs->setValue(queue.jobs);
    m_devices->setValue(queue.devices);
    const auto profile = findProfile(m_profiles, queue.profile);
    if (!profile) {
        m_session.queue() = queue;
        m_status->setText(tr("Cannot resume: the batch ran with profile %1, which no longer exists.").arg(queue.profile));
        return;
    }
    if (queue.slurm) // its jobs ran on without us: follow them, submit nothing again
        return attach(queue, *profile);
    begin(indexes, queue, done);
    if (!missing.isEmpty())
        m_status->setText(m_status->text() + QLatin1Char(' ')
            + tr("Not in this run any more, so not rerun: %1.").arg(missing.join(QStringLiteral(", "))));
}

void BatchRerunDialog::begin(const QVector<int>& indexes, const BatchQueue& queue, const QStringList& doneEarlier)
{
    const auto profile = findProfile(m_profiles, queue.profile);
    BatchQueue local = queue;
    local.slurm.reset(); // a cancelled Slurm part is submitted again
    m_session.begin(local); // saved
    m_ran = true;
    m_requests.clear();
    m_cancelRequested = false;
    m_lastLog.clear();
    m_total = int(indexes.size());
    QStringList names;
    for (const int index : indexes)
        names << m_run->cases.at(index).filename;
    m_progress->setCases(names, doneEarlier);
    m_summaryLabel->hide();
    m_histogram->hide();
    m_preparing = true;
    m_status->setText(tr("Preparing %1…").arg(caseCountText(m_total)));
    updateControls();
    m_preparation->start(
        WorkPools::jobs(),
        [run = m_run, indexes, store = m_session.store(), version = queue.versionSpec, baseline = queue.baseline, profile = *profile] {
            return buildRequests(run, indexes, store, version, baseline, profile);
        },
        [this](const BuiltRequests& built) { requestsBuilt(built.requests, built.skipped); });
}

void BatchRerunDialog::requestsBuilt(const QVector<RerunRequest>& requests, const QVector<BatchEntry>& skipped)
{
    m_preparing = false;
    for (const BatchEntry& entry : skipped) {
        m_session.skipCase(entry);
        m_progress->setFinished(entry);
    }
    m_requests = requests;
    const auto profile = findProfile(m_profiles, m_session.queue()->profile);
    // The rule is Sandbox::choose's; asked once a session, as for a single rerun.
    if (!m_requests.isEmpty() && !m_cancelRequested
        && Sandbox::choose(*profile, Sandbox::available(), false, Sandbox::limitsOf(*profile)).refused) {
        if (!askToRunUnsandboxed(this)) {
            m_status->setText(tr("Not rerun: bubblewrap is not installed, and running code unsandboxed was declined for this "
                                 "session. Install bubblewrap, or turn the sandbox off in the profile."));
            m_progress->setCancelledQueued();
            m_session.saveQueue();
            updateControls();
            return;
        }
        for (RerunRequest& request : m_requests)
            request.unsandboxedAllowed = true;
    }
    if (m_cancelRequested) {
        m_requests.clear();
        m_progress->setCancelledQueued();
        m_session.saveQueue();
        updateControls();
        Q_EMIT batchFinished(true);
        return;
    }
    m_session.saveQueue();
    m_caseNames.clear();
    for (const RerunRequest& request : std::as_const(m_requests))
        m_caseNames << request.caseName;
    if (profile->slurm.enabled) {
        m_runner = newSlurmBatch();
        m_slurm->start(m_requests, profile->slurm);
    } else {
        m_runner = &m_batch;
        m_batch.start(m_requests, {m_session.queue()->jobs, m_session.queue()->devices});
    }
    updateStatus();
    updateControls();
}

void BatchRerunDialog::attach(const BatchQueue& queue, const ToolchainProfile& profile)
{
    m_session.begin(queue);
    m_ran = true;
    m_requests.clear();
    m_cancelRequested = false;
    m_lastLog.clear();
    m_summaryLabel->hide();
    m_histogram->hide();
    const BatchQueue::Slurm& slurm = *queue.slurm;
    QVector<int> follow;
    QStringList names;
    QStringList done;
    QStringList orphans; // queued, yet no task of the batch: never staged
    for (const BatchQueue::Item& item : queue.items) {
        const int task = slurm.taskOf(item.caseName);
        if (item.state == BatchQueue::State::Done)
            done << item.caseName;
        else if (task < 0)
            orphans << item.caseName;
        else {
            follow << task;
            names << item.caseName;
        }
    }
    m_total = int(names.size());
    m_progress->setCases(names, done);
    m_caseNames = slurm.taskCases;
    QStringList jobs = slurm.taskJobs;
    while (jobs.size() < m_caseNames.size())
        jobs << QString();
    if (follow.isEmpty()) {
        m_status->setText(tr("Cannot resume: none of the cases left (%1) is a task of the Slurm batch in %2.")
                              .arg(orphans.join(QStringLiteral(", ")), slurm.stagingDir));
        updateControls();
        return;
    }
    m_runner = newSlurmBatch();
    m_slurm->attach(slurm.stagingDir, jobs, profile.slurm, follow);
    m_status->setText(
        tr("Following the Slurm jobs of this batch (%1) in %2…").arg(jobs.join(QLatin1Char(' ')).simplified(), slurm.stagingDir));
    if (!orphans.isEmpty())
        m_status->setText(m_status->text() + QLatin1Char(' ')
            + tr("Not part of the Slurm batch, so not followed: %1.").arg(orphans.join(QStringLiteral(", "))));
    updateControls();
}

void BatchRerunDialog::onCaseFinished(const RerunResult& result)
{
    // A cancelled case is neither saved nor marked done: it stays queued for resume().
    if (result.status == RerunResult::Status::Cancelled) {
        m_progress->setStage(result.caseName, tr("cancelled"));
        return;
    }
    QString error;
    const BatchEntry entry = *m_session.finishCase(result, &error); // saved, counted, marked done, queue saved
    if (!error.isEmpty())
        m_status->setText(tr("Result of %1 not saved: %2").arg(result.caseName, error));
    m_progress->setFinished(entry);
    updateStatus();
    updateRequeue();
    Q_EMIT caseFinished(result.caseName, result);
}

void BatchRerunDialog::onFinished(bool cancelled)
{
    auto& queue = m_session.queue();
    if (cancelled && queue && queue->slurm) { // its jobs are scancelled: Resume submits what is left again
        queue->slurm.reset();
        m_session.saveQueue();
    }
    // What this batch (or this part of a resumed one) came to, for reports; a queue with nothing left is removed.
    QString error;
    if (!m_session.end(cancelled, &error))
        m_status->setText(tr("The batch's summary could not be saved for reports: %1").arg(error));
    if (queue && queue->isFinished()) {
        m_endedQueue = queue;
        queue.reset();
    }
    m_summaryLabel->setText(summaryText());
    m_summaryLabel->show();
    m_histogram->setSpeedups(m_session.summary().countedSpeedups());
    m_histogram->show();
    updateStatus();
    if (cancelled)
        m_status->setText(m_status->text() + QLatin1Char(' ')
            + tr("Cancelled: %1 not run; Resume runs them, now or after a restart (Go ▸ Resume Batch…).")
                  .arg(caseCountText(m_session.queue() ? m_session.queue()->remaining() : 0)));
    updateControls();
    Q_EMIT batchFinished(cancelled);
}

QString BatchRerunDialog::summaryText() const
{
    return m_session.summary().summaryText(m_cancelRequested);
}

void BatchRerunDialog::updateStatus()
{
    QString text = tr("%1 of %2 done.").arg(m_session.summary().entries().size()).arg(m_total);
    if (!m_lastLog.isEmpty())
        text += QLatin1Char(' ') + tr("Slurm: %1").arg(m_lastLog);
    m_status->setText(text);
}

void BatchRerunDialog::cancel()
{
    m_cancelRequested = true;
    if (m_runner && m_runner->isRunning())
        m_runner->cancel();
}

bool BatchRerunDialog::canRequeue(const QString& caseName) const
{
    const int index = int(m_caseNames.indexOf(caseName));
    return m_slurm && index >= 0 && m_slurm->canRequeue(index) && (m_session.queue() || m_endedQueue);
}

void BatchRerunDialog::requeue(const QStringList& caseNames)
{
    QStringList requeued;
    for (const QString& name : caseNames) {
        if (!canRequeue(name))
            continue;
        if (!m_session.queue()) // the batch had ended: it goes on
            m_session.queue() = m_endedQueue;
        if (!m_slurm->requeue(int(m_caseNames.indexOf(name))))
            continue;
        m_session.requeueCase(name);
        m_progress->setQueued(name);
        requeued << name;
    }
    if (requeued.isEmpty())
        return;
    m_runner = m_slurm;
    m_cancelRequested = false;
    m_summaryLabel->hide();
    m_histogram->hide();
    m_session.saveQueue();
    updateStatus();
    updateControls();
}

QStringList BatchRerunDialog::selectedCases() const
{
    QStringList names;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex& row : rows)
        names << row.data(BatchProgressModel::CaseNameRole).toString();
    return names;
}

void BatchRerunDialog::updateRequeue()
{
    m_requeueButton->setVisible(m_slurm != nullptr);
    const QStringList selected = selectedCases();
    m_requeueButton->setEnabled(std::any_of(selected.cbegin(), selected.cend(), [this](const QString& name) { return canRequeue(name); }));
}

void BatchRerunDialog::showTableMenu(const QPoint& pos)
{
    const QModelIndex at = m_table->indexAt(pos);
    if (!at.isValid())
        return;
    QStringList cases = selectedCases();
    const QString clicked = at.data(BatchProgressModel::CaseNameRole).toString();
    if (!cases.contains(clicked))
        cases = QStringList{clicked};
    auto* menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QAction* show = menu->addAction(tr("Show in Window"));
    connect(show, &QAction::triggered, this, [this, clicked] { Q_EMIT caseActivated(clicked); });
    QAction* again = menu->addAction(tr("Requeue"));
    again->setObjectName(QStringLiteral("batchRequeueAction"));
    again->setEnabled(std::any_of(cases.cbegin(), cases.cend(), [this](const QString& name) { return canRequeue(name); }));
    again->setToolTip(m_requeueButton->toolTip());
    connect(again, &QAction::triggered, this, [this, cases] { requeue(cases); });
    menu->popup(m_table->viewport()->mapToGlobal(pos));
}

} // namespace krw
