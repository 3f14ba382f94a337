// SPDX-License-Identifier: MIT
#include "widgets/rerun/runnerpanel.h"

#include "models/rerun/accuracymodel.h"
#include "models/rerun/diagnosticmodel.h"
#include "models/rerun/kernelresourcemodel.h"
#include "models/rerun/verdictlevel.h"
#include "models/review/annotations.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"
#include "runner/sandbox/sandbox.h"
#include "widgets/code/codeview.h"
#include "widgets/plots/errorplot.h"
#include "widgets/plots/historyplot.h"
#include "widgets/plots/plotwidget.h"
#include "widgets/plots/timingplot.h"
#include "widgets/rerun/calltimingview.h"
#include "widgets/rerun/checksview.h"
#include "widgets/rerun/editcopydialog.h"
#include "widgets/rerun/flaggedcelldelegate.h"
#include "widgets/rerun/profiledialog.h"
#include "widgets/rerun/speeduplabel.h"
#include "widgets/rerun/unsandboxedquestion.h"
#include "widgets/rerun/verdictlabel.h"
#include "widgets/settings/settings.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleValidator>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHideEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QShowEvent>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace krw {

namespace {
constexpr int HistoryReadDelayMs = 200; // results folder events closer than this are read once

// compile → correctness → timing. Of a result: ✓ passed, ✗ failed, "· timing not run" where it
// stopped before. During a rerun: ✓ done, … running, ○ still to come. Before any: all not run.
QString stageLine(std::optional<RerunStage> running, const std::optional<RerunResult>& result)
{
    const std::pair<RerunStage, const char*> stages[] = {
        {RerunStage::Compile, QT_TRANSLATE_NOOP("krw::RunnerPanel", "compile")},
        {RerunStage::Correctness, QT_TRANSLATE_NOOP("krw::RunnerPanel", "correctness")},
        {RerunStage::Timing, QT_TRANSLATE_NOOP("krw::RunnerPanel", "timing")},
    };
    QStringList parts;
    for (const auto& [stage, name] : stages) {
        const QString title = QCoreApplication::translate("krw::RunnerPanel", name);
        const QString notRun = QCoreApplication::translate("krw::RunnerPanel", "· %1 not run").arg(title);
        if (result) {
            bool reached = false;
            bool ok = false;
            switch (stage) {
            case RerunStage::Compile:
                reached = result->compile.has_value();
                ok = reached && result->compile->ok;
                break;
            case RerunStage::Correctness:
                reached = result->accuracy || result->baselineRun || result->candidateRun;
                ok = result->accuracy && result->accuracy->ok;
                break;
            case RerunStage::Timing:
                reached = result->timing.has_value();
                ok = reached && result->timing->error.isEmpty();
                break;
            case RerunStage::Probe:
            case RerunStage::Done:
                break;
            }
            parts << (!reached ? notRun : QStringLiteral("%1 %2").arg(ok ? QStringLiteral("✓") : QStringLiteral("✗"), title));
        } else if (running) {
            const QString mark = int(stage) < int(*running) ? QStringLiteral("✓")
                : stage == *running                         ? QStringLiteral("…")
                                                            : QStringLiteral("○");
            parts << QStringLiteral("%1 %2").arg(mark, title);
        } else {
            parts << notRun;
        }
    }
    return parts.join(QStringLiteral("  →  "));
}

} // namespace

RunnerPanel::RunnerPanel(SyntaxSupport* syntax, QWidget* parent)
    : QWidget(parent)
    , m_syntax(syntax)
    , m_caseFilesRead(new JobTracker(this))
    , m_version(new QComboBox(this))
    , m_baseline(new QComboBox(this))
    , m_profile(new QComboBox(this))
    , m_rtol(new QLineEdit(QString::number(RerunRequest().rtol), this)) // the harness contract's defaults
    , m_atol(new QLineEdit(QString::number(RerunRequest().atol), this))
    , m_runButton(new QPushButton(tr("Run"), this))
    , m_cancelButton(new QPushButton(tr("Cancel"), this))
    , m_stages(new QLabel(this))
    , m_verdict(new VerdictLabel(this))
    , m_speedup(new SpeedupLabel(this))
    , m_sandbox(new QLabel(this))
    , m_sandboxIcon(new QLabel(this))
    , m_where(new QLabel(this))
    , m_details(new QTabWidget(this))
    , m_log(new QPlainTextEdit(this))
    , m_logTimer(new QTimer(this))
    , m_diagnostics(new DiagnosticModel(this))
    , m_diagnosticsView(new QTableView(this))
    , m_kernels(new KernelResourceModel(this))
    , m_kernelsView(new QTableView(this))
    , m_accuracy(new AccuracyModel(this))
    , m_accuracyView(new QTableView(this))
    , m_checks(new ChecksView(this))
    , m_calls(new CallTimingView(this))
    , m_command(new QPlainTextEdit(this))
    , m_environment(new QPlainTextEdit(this))
    , m_source(new CodeView(syntax, this))
    , m_plots(new QTabWidget(this))
    , m_timingPlot(new TimingPlot(this))
    , m_errorPlot(new ErrorPlot(this))
    , m_historyPlot(new HistoryPlot(this))
{
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("runnerSplitter"));
    split->addWidget(buildDetails());
    split->addWidget(buildPlots());
    split->setSizes({450, 550}); // the plots a little wider; the log and diagnostics still readable at 1400 px
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(buildControls());
    layout->addWidget(buildKernels());
    layout->addWidget(split, 1);

    m_logTimer->setSingleShot(true);
    m_logTimer->setInterval(100);
    connect(m_logTimer, &QTimer::timeout, this, [this] {
        // Keep the reader's place unless they are following the end (M7).
        QScrollBar* bar = m_log->verticalScrollBar();
        const bool follow = bar->value() == bar->maximum();
        const int position = bar->value();
        QTextCursor cursor(m_log->document());
        cursor.movePosition(QTextCursor::End);
        cursor.insertText(m_pendingLog);
        m_pendingLog.clear();
        bar->setValue(follow ? bar->maximum() : position);
    });
    connect(&m_session, &RerunSession::log, this, [this](const QString& text) {
        m_runLog += text; // kept whole: shown again when the rerun's choice is made again
        if (!showingRun())
            return;
        m_pendingLog += text;
        if (!m_logTimer->isActive())
            m_logTimer->start();
    });
    connect(&m_resultWatcher, &QFileSystemWatcher::directoryChanged, this, &RunnerPanel::resultsChanged);
    m_historyReadTimer = new QTimer(this);
    m_historyReadTimer->setSingleShot(true);
    m_historyReadTimer->setInterval(HistoryReadDelayMs);
    connect(m_historyReadTimer, &QTimer::timeout, this, &RunnerPanel::readCaseFiles);
    connect(&m_session, &RerunSession::stageChanged, this, &RunnerPanel::onStage);
    connect(&m_session, &RerunSession::diagnosticsChanged, this, [this](const QVector<Diagnostic>& diagnostics) {
        if (showingRun())
            m_diagnostics->setDiagnostics(diagnostics);
    });
    connect(&m_session, &RerunSession::finished, this, &RunnerPanel::onFinished);
    for (QComboBox* chooser : {m_version, m_baseline, m_profile})
        connect(chooser, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
            if (!m_filling)
                onChoiceChanged();
        });
    fillProfiles();
    updateRunButton();
}

RunnerPanel::~RunnerPanel()
{
    m_session.cancel();
}

QWidget* RunnerPanel::buildControls()
{
    auto* bar = new QWidget(this);
    m_version->setObjectName(QStringLiteral("rerunVersion"));
    m_baseline->setObjectName(QStringLiteral("rerunBaseline"));
    m_profile->setObjectName(QStringLiteral("rerunProfile"));
    m_verdict->setObjectName(QStringLiteral("rerunVerdict"));
    m_stages->setObjectName(QStringLiteral("rerunStages"));
    m_sandbox->setObjectName(QStringLiteral("rerunSandbox"));
    m_sandboxIcon->setObjectName(QStringLiteral("rerunSandboxIcon"));
    m_sandboxIcon->hide();
    m_where->setObjectName(QStringLiteral("rerunWhere"));
    m_where->setToolTip(tr("Where the rerun ran: this machine, and the GPU a batch handed it"));
    for (QLineEdit* edit : {m_rtol, m_atol}) {
        edit->setValidator(new QDoubleValidator(0, 1e6, 12, edit));
        edit->setMaximumWidth(80);
    }
    m_cancelButton->setEnabled(false);
    auto* edit = new QPushButton(tr("Edit copy…"), bar);
    edit->setToolTip(tr("Edit the chosen version as a new local version saved beside the results; the original stays untouched."));
    auto* profiles = new QPushButton(tr("Profiles…"), bar);
    m_version->setMinimumContentsLength(28);
    m_baseline->setMinimumContentsLength(20);
    m_version->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Version:"), bar));
    row->addWidget(m_version, 2);
    row->addWidget(edit);
    row->addWidget(new QLabel(tr("Baseline:"), bar));
    row->addWidget(m_baseline, 1);
    auto* row2 = new QHBoxLayout;
    row2->addWidget(new QLabel(tr("Profile:"), bar));
    row2->addWidget(m_profile);
    row2->addWidget(profiles);
    row2->addSpacing(12);
    row2->addWidget(new QLabel(tr("rtol"), bar));
    row2->addWidget(m_rtol);
    row2->addWidget(new QLabel(tr("atol"), bar));
    row2->addWidget(m_atol);
    row2->addStretch(1);
    row2->addWidget(m_runButton);
    row2->addWidget(m_cancelButton);
    auto* status = new QHBoxLayout;
    status->addWidget(m_stages);
    status->addStretch(1);
    status->addWidget(m_sandboxIcon);
    status->addWidget(m_sandbox);
    status->addWidget(m_where);
    auto* layout = new QVBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addLayout(row2);
    layout->addLayout(status);
    // The verdict and what its speedup rests on get lines of their own: both can be long.
    layout->addWidget(m_verdict);
    layout->addWidget(m_speedup);
    connect(m_runButton, &QPushButton::clicked, this, &RunnerPanel::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &RunnerPanel::cancel);
    connect(edit, &QPushButton::clicked, this, &RunnerPanel::editCopy);
    connect(profiles, &QPushButton::clicked, this, &RunnerPanel::editProfiles);
    m_stages->setText(stageLine(std::nullopt, std::nullopt));
    return bar;
}

// What each kernel of the compiled module uses, right under the verdict: a few rows, shown only
// when the compiler reported kernels.
QWidget* RunnerPanel::buildKernels()
{
    m_kernelsView->setObjectName(QStringLiteral("rerunKernels"));
    m_kernelsView->setModel(m_kernels);
    m_kernelsView->setItemDelegate(new FlaggedCellDelegate(KernelResourceModel::FlaggedRole, m_kernelsView));
    m_kernelsView->verticalHeader()->hide();
    m_kernelsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_kernelsView->setWordWrap(false);
    m_kernelsView->setTextElideMode(Qt::ElideMiddle); // long template names keep their ends
    m_kernelsView->hide();
    return m_kernelsView;
}

void RunnerPanel::showKernels(const QVector<KernelResourceUsage>& kernels)
{
    m_kernels->setKernels(kernels);
    m_kernelsView->setVisible(!kernels.isEmpty());
    if (kernels.isEmpty())
        return;
    // The numbers keep the width of their contents and the name takes the room that is left (elided
    // in the middle). Set after the model's reset, which forgets per-column modes.
    QHeaderView* header = m_kernelsView->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(KernelResourceModel::KernelColumn, QHeaderView::Stretch);
    // Compact: as high as its rows, up to four; more scroll.
    const int rows = std::min(int(kernels.size()), 4);
    const int frame = 2 * m_kernelsView->frameWidth();
    const int scrollBar = m_kernelsView->horizontalScrollBar()->sizeHint().height();
    m_kernelsView->setFixedHeight(m_kernelsView->horizontalHeader()->sizeHint().height()
        + rows * m_kernelsView->verticalHeader()->defaultSectionSize() + frame + scrollBar);
}

QWidget* RunnerPanel::buildDetails()
{
    m_log->setReadOnly(true);
    m_log->setObjectName(QStringLiteral("rerunLog"));
    m_log->setMaximumBlockCount(50000);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap); // compiler output is laid out in columns
    Settings::instance()->followCodeFont(m_log, [log = m_log](const QFont& font) { log->setFont(font); });
    for (QTableView* view : {m_diagnosticsView, m_accuracyView}) {
        view->verticalHeader()->hide();
        view->horizontalHeader()->setStretchLastSection(true);
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->setSortingEnabled(false);
    }
    m_diagnosticsView->setModel(m_diagnostics);
    m_accuracyView->setModel(m_accuracy);
    m_command->setReadOnly(true);
    m_environment->setReadOnly(true);
    auto* commandPage = new QWidget(this);
    auto* copy = new QPushButton(tr("Copy command"), commandPage);
    auto* commandLayout = new QVBoxLayout(commandPage);
    commandLayout->addWidget(m_command, 1);
    commandLayout->addWidget(copy, 0, Qt::AlignLeft);
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(m_command->toPlainText()); });
    m_details->addTab(m_log, tr("Log"));
    m_details->addTab(m_diagnosticsView, tr("Diagnostics"));
    m_details->addTab(m_accuracyView, tr("Accuracy"));
    m_details->addTab(m_checks, tr("Checks"));
    m_details->addTab(m_source, tr("Source"));
    m_details->addTab(commandPage, tr("Command"));
    m_details->addTab(m_environment, tr("Environment"));
    connect(m_diagnosticsView, &QTableView::activated, this, &RunnerPanel::showDiagnostic);
    connect(m_diagnosticsView, &QTableView::clicked, this, &RunnerPanel::showDiagnostic);
    return m_details;
}

QWidget* RunnerPanel::buildPlots()
{
    auto* page = new QWidget(this);
    m_plots->addTab(m_timingPlot, tr("Timing"));
    m_plots->addTab(m_errorPlot, tr("Max error"));
    m_plots->addTab(m_historyPlot, tr("History"));
    m_plots->addTab(m_calls, tr("Calls")); // the timing plot's numbers, call by call, with what they rest on
    auto* exportButton = new QPushButton(tr("Export plot…"), page);
    connect(m_plots, &QTabWidget::currentChanged, exportButton,
        [this, exportButton] { exportButton->setEnabled(qobject_cast<PlotWidget*>(m_plots->currentWidget()) != nullptr); });
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plots, 1);
    layout->addWidget(exportButton, 0, Qt::AlignRight);
    connect(exportButton, &QPushButton::clicked, this, &RunnerPanel::exportPlot);
    return page;
}

void RunnerPanel::fillProfiles()
{
    m_profiles = Settings::instance()->toolchainProfiles();
    const QString current = m_profile->currentText();
    m_filling = true;
    m_profile->clear();
    for (const ToolchainProfile& p : qAsConst(m_profiles))
        m_profile->addItem(p.name);
    const QString remembered = Settings::instance()->lastProfile();
    m_profile->setCurrentText(current.isEmpty() ? remembered : current);
    m_filling = false;
    onChoiceChanged();
}

void RunnerPanel::setCase(const CaseTexts& texts, const QVector<CodeVersion>& versions)
{
    if (isRunning())
        m_session.cancel();
    // Located once per loaded run (a reload is another Run, located again): locating probes the
    // run's folder with a temporary file, no work for the UI thread on every case switch.
    const bool sameRun = texts.run && texts.run == m_texts.run;
    m_texts = texts;
    m_versions = versions;
    if (!sameRun)
        m_store = texts.run ? ResultStore::forRun(texts.run->path, texts.run->name) : ResultStore(QString());
    // The case's stored results and local versions come from a worker (caseFilesRead): until then
    // its own versions, and no stored result, are offered.
    m_localTexts.clear();
    m_unreadableLocals.clear();
    m_history.clear();
    m_historyReadTimer->stop();
    watchResults();
    fillVersionChoosers(false); // the newest prediction against the label: its results reopen with the run
    onChoiceChanged();
    refreshHistory();
    readCaseFiles();
}

// The newest stored result of the chosen version and baseline with any profile: the one a batch
// or an earlier session ran (Settings::lastProfile() is only the last one chosen here).
std::optional<RerunResult> RunnerPanel::newestWithAnyProfile() const
{
    std::optional<RerunResult> newest;
    RerunKey key = chosenKey();
    for (auto it = m_history.crbegin(); it != m_history.crend(); ++it) {
        key.profile = it->profile;
        if (key.matches(*it) && (!newest || it->started > newest->started))
            newest = *it;
    }
    return newest;
}

// Where nothing is stored for the chosen profile but a result of another profile is, choose that
// profile (where it still exists), so the tab shows the stored result rather than "No rerun".
void RunnerPanel::offerStoredProfile()
{
    if (newestRerunOf(m_history, chosenKey()))
        return;
    const auto stored = newestWithAnyProfile();
    if (!stored || m_profile->findText(stored->profile) < 0)
        return;
    m_filling = true;
    m_profile->setCurrentText(stored->profile);
    m_filling = false;
}

void RunnerPanel::watchResults()
{
    const QStringList watched = m_resultWatcher.directories();
    if (!watched.isEmpty())
        m_resultWatcher.removePaths(watched);
    if (!isVisible() || !m_texts.run || store().root().isEmpty())
        return;
    // Before the case's first result its folder (and maybe the sidecar) does not exist: watch the
    // nearest folder that does, and come down as the folders appear.
    QString folder = store().resultsFolder(m_texts.run->cases.at(m_texts.caseIndex).filename);
    for (int up = 0; up < 4 && !QFileInfo(folder).isDir(); ++up)
        folder = QFileInfo(folder).path();
    if (QFileInfo(folder).isDir())
        m_resultWatcher.addPath(folder);
}

// A batch (or another window) stores results without this panel: a stored result of what is
// chosen shows as soon as it is written, not only after choosing the case again.
void RunnerPanel::resultsChanged()
{
    if (!m_texts.run)
        return;
    watchResults();
    m_historyReadTimer->start();
}

// Off the UI thread: a case rerun many times has many results, each with its logs.
void RunnerPanel::readCaseFiles()
{
    if (!m_texts.run) {
        m_caseFilesRead->cancel();
        return;
    }
    m_caseFilesRead->start(
        WorkPools::jobs(),
        [store = store(), caseName = m_texts.run->cases.at(m_texts.caseIndex).filename] {
            CaseFiles files;
            files.history = store.history(caseName);
            files.localTexts = store.localVersionTexts(caseName, &files.unreadableLocals);
            return files;
        },
        [this](const CaseFiles& files) { caseFilesRead(files); });
}

void RunnerPanel::caseFilesRead(const CaseFiles& files)
{
    const auto newest = [](const QVector<RerunResult>& results) { return results.isEmpty() ? QDateTime() : results.last().started; };
    const bool newHistory = files.history.size() != m_history.size() || newest(files.history) != newest(m_history);
    const bool newLocals = files.localTexts != m_localTexts || files.unreadableLocals != m_unreadableLocals;
    if (newLocals) {
        m_localTexts = files.localTexts;
        m_unreadableLocals = files.unreadableLocals;
        fillVersionChoosers(true);
    }
    if (newHistory) { // else nothing new for this case (another case's folder appeared, or a temporary file)
        m_history = files.history;
        refreshHistory();
    }
    if ((newHistory || newLocals) && !showingRun()) {
        offerStoredProfile();
        onChoiceChanged();
    }
    Q_EMIT caseFilesLoaded();
}

// The newest prediction against the label; with keepChoice, the chosen version and baseline where
// they still exist.
void RunnerPanel::fillVersionChoosers(bool keepChoice)
{
    const QString version = keepChoice ? m_version->currentData().toString() : QString();
    const QString baseline = keepChoice ? m_baseline->currentData().toString() : QString();
    m_filling = true;
    m_version->clear();
    m_baseline->clear();
    for (const CodeVersion& v : qAsConst(m_versions)) {
        if (v.kind != CodeVersion::Kind::TestCode && v.kind != CodeVersion::Kind::Label)
            m_version->addItem(v.title(), v.id());
        if (v.kind != CodeVersion::Kind::TestCode)
            m_baseline->addItem(v.title(), v.id());
    }
    for (auto it = m_localTexts.cbegin(); it != m_localTexts.cend(); ++it)
        m_version->addItem(RerunRequestBuilder::localTitle(it.key()), QString(RerunRequestBuilder::LocalPrefix + it.key()));
    // A local version that could not be read is named, and cannot be chosen: nothing of it is lost silently.
    for (const QString& unreadable : qAsConst(m_unreadableLocals)) {
        m_version->addItem(tr("(cannot be read) %1").arg(unreadable));
        auto* items = qobject_cast<QStandardItemModel*>(m_version->model());
        if (QStandardItem* item = items ? items->item(m_version->count() - 1) : nullptr) {
            item->setEnabled(false);
            item->setToolTip(unreadable);
        }
    }
    m_version->setCurrentIndex(std::max(0, m_version->findData(version)));
    const int keep = m_baseline->findData(baseline);
    m_baseline->setCurrentIndex(keep >= 0 ? keep : std::max(0, m_baseline->findData(QStringLiteral("label"))));
    m_filling = false;
}

void RunnerPanel::selectVersion(const QString& id)
{
    m_version->setCurrentIndex(m_version->findData(id));
}

void RunnerPanel::selectProfile(const QString& name)
{
    m_profile->setCurrentText(name);
}

RerunRequestBuilder RunnerPanel::requestBuilder() const
{
    RerunRequestBuilder builder(m_texts, m_versions, store());
    builder.setLocalTexts(m_localTexts); // read with the case: choosing a version reads no file
    return builder;
}

QString RunnerPanel::textOf(const QString& id) const
{
    const auto version = requestBuilder().resolve(id, nullptr);
    return version ? version->text : QString();
}

const ResultStore& RunnerPanel::store() const
{
    return m_store;
}

std::optional<ResolvedVersion> RunnerPanel::chosenVersion(const QComboBox* chooser) const
{
    const QString id = chooser->currentData().toString();
    return id.isEmpty() || !m_texts.run ? std::nullopt : requestBuilder().resolve(id, nullptr);
}

RerunKey RunnerPanel::chosenKey() const
{
    RerunKey key;
    key.caseName = requestBuilder().caseName();
    key.versionId = m_version->currentData().toString();
    const auto version = chosenVersion(m_version);
    if (version && !version->text.isEmpty())
        key.versionHash = versionContentHash(version->text);
    key.baselineId = m_baseline->currentData().toString();
    key.profile = m_profile->currentText();
    return key;
}

bool RunnerPanel::showingRun() const
{
    return m_runKey && m_runKey->sameAs(m_choice);
}

// What belongs to the new choice: the rerun in flight if it is of this, else the newest stored
// result of exactly this, else nothing.
void RunnerPanel::onChoiceChanged()
{
    m_choice = chosenKey();
    updateRunButton();
    if (!m_texts.run)
        return;
    if (showingRun()) {
        showResult(RerunResult{});
        m_verdict->showMessage(tr("Running %1 with %2…").arg(m_version->currentText(), m_runKey->profile));
        m_stages->setText(stageLine(m_runStage, std::nullopt));
        setLog(m_runLog);
        return;
    }
    if (const auto newest = newestRerunOf(m_history, m_choice)) {
        showResult(*newest);
        showDetailsFor(*newest);
    } else {
        showNoRerun(m_choice);
    }
}

void RunnerPanel::showNoRerun(const RerunKey& key)
{
    showResult(RerunResult{}); // every page empty
    if (key.versionId.isEmpty()) {
        m_verdict->showMessage(tr("This case has no version to rerun."));
        return;
    }
    // Say plainly when a result of another profile is stored (a profile since removed or renamed).
    const auto stored = newestWithAnyProfile();
    m_verdict->showMessage(stored
            ? tr("No rerun of %1 against %2 with %3 yet; the newest stored one used profile %4 (%5).")
                  .arg(m_version->currentText(), m_baseline->currentText(), key.profile, stored->profile,
                      stored->started.toString(QStringLiteral("yyyy-MM-dd HH:mm")))
            : tr("No rerun of %1 against %2 with %3 yet.").arg(m_version->currentText(), m_baseline->currentText(), key.profile));
    // The Source page shows what Run would run.
    const auto version = chosenVersion(m_version);
    const QString text = version ? version->text : QString();
    m_source->setCode(text, detectLanguage(text));
}

// Run needs a case, a profile, and a chosen version and baseline with text; a rerun in flight
// keeps it off until it ends.
void RunnerPanel::updateRunButton()
{
    QString why;
    if (isRunning()) {
        why = tr("A rerun is running: wait for it, or cancel it.");
    } else if (!m_texts.run) {
        why = tr("Choose a case first.");
    } else if (m_version->currentData().toString().isEmpty()) {
        why = tr("This case has no version to rerun.");
    } else if (!findProfile(m_profiles, m_profile->currentText())) {
        why = tr("Choose a toolchain profile.");
    } else {
        const auto version = chosenVersion(m_version);
        const auto baseline = chosenVersion(m_baseline);
        if (!version)
            why = tr("%1 is missing: it cannot be read.").arg(m_version->currentText());
        else if (version->text.trimmed().isEmpty())
            why = tr("%1 is empty: there is nothing to run.").arg(m_version->currentText());
        else if (!baseline)
            why = tr("The baseline %1 is missing: it cannot be read.").arg(m_baseline->currentText());
        else if (baseline->text.trimmed().isEmpty())
            why = tr("The baseline %1 is empty: there is nothing to compare with.").arg(m_baseline->currentText());
    }
    m_runButton->setEnabled(why.isEmpty());
    m_runButton->setToolTip(why.isEmpty()
            ? tr("Rerun %1 against %2 with %3").arg(m_version->currentText(), m_baseline->currentText(), m_profile->currentText())
            : why);
}

void RunnerPanel::setLog(const QString& text)
{
    m_logTimer->stop();
    m_pendingLog.clear();
    m_log->setPlainText(text);
    m_log->verticalScrollBar()->setValue(m_log->verticalScrollBar()->maximum());
}

bool RunnerPanel::isRunning() const
{
    return m_session.isRunning();
}

void RunnerPanel::run()
{
    updateRunButton();
    if (!m_runButton->isEnabled()) // no case, no profile, an empty version, or a rerun in flight
        return;
    const auto profile = findProfile(m_profiles, m_profile->currentText());
    if (!profile)
        return;
    Settings::instance()->setLastProfile(profile->name);
    QString error;
    auto built = requestBuilder().build(m_version->currentData().toString(), m_baseline->currentData().toString(), *profile, &error);
    if (!built) {
        m_verdict->showMessage(tr("Cannot rerun: %1").arg(error), VerdictLabel::Tone::Problem);
        return;
    }
    RerunRequest request = *built;
    // The rule is Sandbox::choose's; the panel only asks for the leave it wants, once a session.
    if (Sandbox::choose(*profile, Sandbox::available(), false, Sandbox::limitsOf(*profile)).refused) {
        if (!askToRunUnsandboxed(this)) {
            m_verdict->setText(tr("Not rerun: bubblewrap is not installed, and running code unsandboxed was declined for this "
                                  "session. Install bubblewrap, or turn the sandbox off in the profile."));
            return;
        }
        request.unsandboxedAllowed = true;
    }
    request.rtol = m_rtol->text().toDouble();
    request.atol = m_atol->text().toDouble();
    m_choice = chosenKey(); // as it is now, should a local version have changed on disk since it was chosen
    m_runKey = m_choice;
    m_runKey->versionHash = versionContentHash(request.candidateText); // what runs, as the result will record it
    m_runLog.clear();
    m_runStage = RerunStage::Probe;
    showResult(RerunResult{}); // nothing of an earlier result stays on screen
    setLog(QString());
    m_source->setCode(request.candidateText, detectLanguage(request.candidateText));
    m_verdict->showMessage(tr("Running %1 with %2…").arg(request.candidateTitle, profile->name));
    m_stages->setText(stageLine(m_runStage, std::nullopt));
    m_cancelButton->setEnabled(true);
    m_details->setCurrentWidget(m_log);
    m_session.start(request, store());
    updateRunButton();
}

void RunnerPanel::forgetUnsandboxedAnswer()
{
    krw::forgetUnsandboxedAnswer();
}

void RunnerPanel::cancel()
{
    m_session.cancel();
}

void RunnerPanel::onStage(RerunStage stage)
{
    if (stage == RerunStage::Done)
        return;
    m_runStage = stage;
    if (showingRun())
        m_stages->setText(stageLine(stage, std::nullopt));
}

// Stored where the rerun started, whatever is chosen now; shown only if it is of what is chosen.
void RunnerPanel::onFinished(const RerunResult& result, const SavedRerun& saved)
{
    const bool current = showingRun();
    const QString log = m_runLog;
    m_runKey.reset();
    m_runLog.clear();
    m_cancelButton->setEnabled(false);
    if (saved.saved() && m_texts.run && result.caseName == requestBuilder().caseName() && m_session.store().root() == store().root()) {
        // What was just saved joins the history in place (oldest first), without reading it all again.
        const auto at = std::upper_bound(m_history.begin(), m_history.end(), result.started,
            [](const QDateTime& started, const RerunResult& stored) { return started < stored.started; });
        m_history.insert(at, result);
        refreshHistory();
    }
    updateRunButton();
    if (current) {
        showResult(result);
        setLog(log); // the whole live log: the probe and every step, not only what the result keeps
        showDetailsFor(result);
    }
    if (!saved.saved()) { // after showResult, which would cover it
        const QString note = current
            ? tr("Result not saved: %1").arg(saved.error)
            : tr("The rerun of %1 finished, but its result was not saved: %2").arg(result.versionTitle, saved.error);
        m_verdict->showMessage(m_verdict->text() + QLatin1Char('\n') + note, VerdictLabel::Tone::Problem, m_verdict->toolTip());
    }
    Q_EMIT rerunFinished(result);
}

void RunnerPanel::showResult(const RerunResult& result)
{
    const bool empty = result.caseName.isEmpty();
    if (empty)
        m_shown.reset();
    else
        m_shown = result;
    m_stages->setText(stageLine(std::nullopt, empty ? std::nullopt : std::optional<RerunResult>(result)));
    if (empty)
        m_verdict->showMessage(tr("Not rerun yet."));
    else
        m_verdict->showResult(result);
    m_speedup->showResult(result);
    m_checks->showResult(result);
    m_calls->showResult(result);
    // Plain words every font has; the style's own warning icon where the code ran unsandboxed.
    const bool ranCode = result.baselineRun || result.candidateRun;
    m_sandbox->setText(empty || !ranCode ? QString() : result.sandboxed ? tr("Sandboxed") : tr("Not sandboxed"));
    m_sandbox->setToolTip(result.sandboxNote);
    m_where->setText(empty ? QString() : tr("Ran: %1").arg(result.where()));
    const bool warn = !empty && ranCode && !result.sandboxed;
    if (warn) {
        const int extent = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
        m_sandboxIcon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(extent, extent));
        m_sandboxIcon->setToolTip(result.sandboxNote);
    }
    m_sandboxIcon->setVisible(warn);
    m_diagnostics->setDiagnostics(result.compile ? result.compile->diagnostics : QVector<Diagnostic>());
    showKernels(result.compile ? result.compile->kernels : QVector<KernelResourceUsage>());
    m_accuracy->setAccuracy(result.accuracy.value_or(AccuracyStage{}));
    m_accuracyView->resizeColumnsToContents();
    m_diagnosticsView->resizeColumnsToContents();
    m_command->setPlainText(result.compile ? result.compile->command.join(QLatin1Char(' ')) : QString());
    QStringList environment;
    for (auto it = result.environment.cbegin(); it != result.environment.cend(); ++it)
        environment << QStringLiteral("%1: %2").arg(it.key(), it.value());
    environment << result.sandboxNote;
    m_environment->setPlainText(empty ? QString() : environment.join(QLatin1Char('\n')));
    setLog(empty ? QString() : (result.compile ? result.compile->log : QString()) + result.harnessLog);
    const QString source = empty ? QString() : textOf(result.versionId);
    m_source->setCode(source, detectLanguage(source));
    m_timingPlot->setTiming(result.timing.value_or(TimingStage{}), SpeedupContext::of(result));
    m_errorPlot->setAccuracy(result.accuracy.value_or(AccuracyStage{}));
}

// The page that says most about a result: why it did not compile, which checks raised a flag, or
// how the outputs compare.
void RunnerPanel::showDetailsFor(const RerunResult& result)
{
    if (result.compile && !result.compile->ok)
        m_details->setCurrentWidget(m_diagnosticsView);
    else if (m_checks->hasProblems())
        m_details->setCurrentWidget(m_checks);
    else if (result.accuracy)
        m_details->setCurrentWidget(m_accuracyView);
    else
        m_details->setCurrentWidget(m_log);
}

QWidget* RunnerPanel::currentDetailsPage() const
{
    return m_details->currentWidget();
}

void RunnerPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    resultsChanged(); // watches again, and reads what was stored while hidden
    if (m_historyStale)
        refreshHistory();
}

void RunnerPanel::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    watchResults(); // hidden: stops watching
}

void RunnerPanel::refreshHistory()
{
    m_historyStale = !isVisible();
    if (m_historyStale)
        return;
    QVector<HistoryPoint> points;
    if (m_texts.run) {
        const Case& c = m_texts.run->cases.at(m_texts.caseIndex);
        for (const IterationRecord& r : c.history) {
            if (!r.memory)
                continue;
            for (int k = 0; k < r.memory->perfCandidates.size(); ++k)
                points.append({HistoryPoint::Source::AgentPerfCandidate, QStringLiteral("it%1:perf:%2").arg(r.iteration).arg(k + 1), {},
                    r.memory->perfCandidates.at(k).speedup(), std::nullopt});
        }
        for (const RerunResult& result : qAsConst(m_history)) {
            const std::optional<bool> passed = result.accuracy ? std::optional<bool>(result.accuracy->ok) : std::nullopt;
            points.append({HistoryPoint::Source::Rerun,
                QStringLiteral("%1 %2").arg(result.started.toString(QStringLiteral("MM-dd HH:mm")), result.versionId), result.started,
                result.timing ? result.timing->speedup : std::nullopt, passed, VerdictLevel::of(result) == VerdictLevel::suspect()});
        }
    }
    m_historyPlot->setHistory(points);
}

void RunnerPanel::showDiagnostic(const QModelIndex& index)
{
    const int line = index.data(DiagnosticModel::LineRole).toInt();
    if (line <= 0)
        return;
    m_details->setCurrentWidget(m_source);
    m_source->showLine(line);
}

void RunnerPanel::editCopy()
{
    const QString id = m_version->currentData().toString();
    if (id.isEmpty() || !m_texts.run)
        return;
    const QString suggested = QStringLiteral("%1-edit").arg(QString(id).replace(QLatin1Char(':'), QLatin1Char('-')));
    EditCopyDialog dialog(m_syntax, m_version->currentText(), textOf(id), suggested, m_localTexts.keys(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString created = createLocalVersion(dialog.name(), dialog.text());
    if (!created.isEmpty())
        selectVersion(created);
}

QString RunnerPanel::createLocalVersion(const QString& name, const QString& text)
{
    QString error;
    const QString caseName = m_texts.run->cases.at(m_texts.caseIndex).filename;
    const QString path = store().saveLocalVersion(caseName, name, text, &error);
    if (path.isEmpty()) {
        QMessageBox::warning(this, tr("Not saved"), error);
        return {};
    }
    m_localTexts.insert(QFileInfo(path).fileName(), text);
    fillVersionChoosers(true);
    onChoiceChanged(); // the chosen version's text may be the one just saved
    return RerunRequestBuilder::LocalPrefix + QFileInfo(path).fileName();
}

void RunnerPanel::editProfiles()
{
    ProfileDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted) {
        RerunPipeline::forgetProbes();
        fillProfiles();
    }
}

void RunnerPanel::exportPlot()
{
    auto* plot = qobject_cast<PlotWidget*>(m_plots->currentWidget());
    const QString path = QFileDialog::getSaveFileName(this, tr("Export plot"), QString(), tr("PNG image (*.png);;PDF document (*.pdf)"));
    QString error;
    if (plot && !path.isEmpty() && !plot->exportTo(path, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace krw
