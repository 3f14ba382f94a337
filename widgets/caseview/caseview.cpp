// SPDX-License-Identifier: MIT
#include "widgets/caseview/caseview.h"

#include "models/lint/linter.h"
#include "models/run/outcomes.h"
#include "models/run/textlimits.h"
#include "models/storage/safefilename.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"
#include "widgets/caseview/comparepage.h"
#include "widgets/caseview/elidinglabel.h"
#include "widgets/caseview/errorview.h"
#include "widgets/caseview/hintlist.h"
#include "widgets/caseview/historypage.h"
#include "widgets/caseview/markdownview.h"
#include "widgets/caseview/shapetimingsview.h"
#include "widgets/caseview/tabtitlefitter.h"
#include "widgets/code/codeview.h"
#include "widgets/code/diffview.h"
#include "widgets/rerun/runnerpanel.h"
#include "widgets/theme/themes.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <memory>

namespace krw {

namespace {

QString flagText(const std::optional<bool>& flag)
{
    if (!flag)
        return QCoreApplication::translate("krw::CaseView", "— (absent)");
    return *flag ? QCoreApplication::translate("krw::CaseView", "✓ true") : QCoreApplication::translate("krw::CaseView", "✗ false");
}

QString number(double value)
{
    return std::isnan(value) ? QStringLiteral("NaN") : QString::number(value, 'g', 6);
}

QString perfSummary(const PerfCandidate& p, int index)
{
    QString text = QStringLiteral("#%1").arg(index + 1);
    if (auto s = p.speedup())
        return text + QCoreApplication::translate("krw::CaseView", " · speedup %1×").arg(number(*s));
    if (auto ms = p.meanMs())
        return text
            + QCoreApplication::translate("krw::CaseView", " · %1 ms · %2 % efficiency")
                  .arg(number(*ms), number(p.efficiencyPercent().value_or(0)));
    for (const PerfItem& item : p.items) {
        if (item.kind == PerfItem::Kind::Numbers) {
            QStringList values;
            for (double v : item.numbers)
                values << number(v);
            return text + QStringLiteral(" · [%1]").arg(values.join(QStringLiteral(", ")));
        }
    }
    return text;
}

} // namespace

struct CaseView::CaseRead
{
    CaseTexts texts;
    QVector<CodeVersion> versions;
    QHash<QString, DisplayText> display;
    ComparePage::Diff defaultDiff;
    // Comparing runs: the same case (by filename) in the run compared with, its versions (their
    // texts are in texts under comparedKey()); -1 and none when it is not there.
    RunPtr comparedRun;
    int comparedIndex = -1;
    QVector<CodeVersion> comparedVersions;
    LintHints hints;
};

// On a worker: the case's texts up to TextLimits::ShownBytes each, its code prepared for the code
// views and its default diff, so a big field costs the UI thread no more than handing it over and
// opening a case is one trip to a worker.
CaseView::CaseRead CaseView::readCase(const RunPtr& run, int caseIndex, const DiffOptions& diffOptions, const RunPtr& compared)
{
    CaseRead read;
    read.texts = readCaseTexts(run, caseIndex, TextLimits::ShownBytes);
    if (!run || caseIndex < 0 || caseIndex >= run->cases.size())
        return read;
    const Case& c = run->cases.at(caseIndex);
    read.versions = codeVersions(c);
    read.comparedRun = compared;
    read.comparedIndex = compared && compared != run ? compared->indexOf(c.filename) : -1;
    if (read.comparedIndex >= 0) {
        addComparedTexts(&read.texts, readCaseTexts(compared, read.comparedIndex, TextLimits::ShownBytes));
        read.comparedVersions = comparedVersions(compared->cases.at(read.comparedIndex));
    }
    const QVector<CodeVersion> both = read.versions + read.comparedVersions;
    const QPair<QString, QString> pair = ComparePage::defaultPair(read.texts, both);
    read.defaultDiff = ComparePage::computeDiff(read.texts, both, pair.first, pair.second, diffOptions);
    QStringList keys;
    for (const CodeVersion& v : qAsConst(read.versions))
        keys << v.id();
    for (const IterationRecord& r : c.history)
        keys << iterationKey(r.iteration, "oneshot");
    for (const QString& key : qAsConst(keys)) {
        if (read.texts.has(key))
            read.display.insert(key, prepareDisplayText(read.texts.texts.value(key)));
    }
    read.hints = Linter::lintRunCase(run, caseIndex);
    return read;
}

CaseView::CaseView(SyntaxSupport* syntax, QWidget* parent)
    : QWidget(parent)
    , m_syntax(syntax)
    , m_title(new ElidingLabel(Qt::ElideMiddle, this))
    , m_latest(new QLabel(this))
    , m_best(new QLabel(this))
    , m_note(new ElidingLabel(Qt::ElideRight, this))
    , m_iterationChooser(new QComboBox(this))
    , m_tabs(new QTabWidget(this))
    , m_tabTitles(new TabTitleFitter(m_tabs))
    , m_pages(new QStackedWidget(this))
    , m_read(new JobTracker(this))
    , m_readingPage(new QTimer(this))
    , m_emptyPage(new QLabel(this))
    , m_instruction(new MarkdownView(this))
    , m_details(new QTreeWidget(this))
    , m_perfList(new QListWidget(this))
    , m_perfCode(new CodeView(syntax, this))
    , m_perfAnalysis(new MarkdownView(this))
    , m_perfCandidates(nullptr)
    , m_shapeTimings(new ShapeTimingsView(this))
    , m_errors(new ErrorView(this))
    , m_hints(new HintList(this))
    , m_reflection(new MarkdownView(this))
    , m_compare(new ComparePage(syntax, this))
    , m_history(new HistoryPage(this))
    , m_runner(new RunnerPanel(syntax, this))
{
    m_readingPage->setSingleShot(true);
    m_readingPage->setInterval(ReadingPageDelayMs);
    connect(m_readingPage, &QTimer::timeout, this, [this] { showReadingPage(m_readingName); });
    m_tabs->setObjectName(QStringLiteral("caseTabs"));
    m_tabs->setDocumentMode(true);
    m_details->setHeaderLabels({tr("Field"), tr("Value")});
    m_details->setRootIsDecorated(false);
    m_details->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);

    auto* overview = new QSplitter(Qt::Vertical, this);
    overview->setObjectName(QStringLiteral("overviewSplitter"));
    overview->addWidget(m_instruction);
    overview->addWidget(m_details);
    m_tabs->addTab(overview, QString());
    for (const Tab tab : {LabelTab, PredictTab, CallFixTab, ExeFixTab}) {
        m_codeViews.insert(tab, new CodeView(syntax, this));
        m_tabs->addTab(m_codeViews.value(tab), QString());
    }
    m_tabs->addTab(buildPerfPage(), QString());
    m_codeViews.insert(TestTab, new CodeView(syntax, this));
    m_tabs->addTab(m_codeViews.value(TestTab), QString());
    m_tabs->addTab(m_errors, QString());
    m_tabs->addTab(m_reflection, QString());
    m_codeViews.insert(OneshotTab, new CodeView(syntax, this));
    m_tabs->addTab(m_codeViews.value(OneshotTab), QString());
    m_tabs->addTab(m_compare, QString());
    m_tabs->addTab(m_history, QString());
    m_tabs->addTab(m_runner, QString());
    // Thirteen tabs: where their titles don't fit (1600 px at scale 1.5) they are shortened, so
    // every tab stays in sight without the tab bar's scroll arrows.
    const std::pair<Tab, std::pair<const char*, const char*>> titles[] = {
        {OverviewTab, {QT_TR_NOOP("Overview"), QT_TR_NOOP("Info")}},
        {LabelTab, {QT_TR_NOOP("Label"), QT_TR_NOOP("Label")}},
        {PredictTab, {QT_TR_NOOP("Prediction"), QT_TR_NOOP("Pred.")}},
        {CallFixTab, {QT_TR_NOOP("Call fix"), QT_TR_NOOP("Call")}},
        {ExeFixTab, {QT_TR_NOOP("Exe fix"), QT_TR_NOOP("Exe")}},
        {PerfTab, {QT_TR_NOOP("Perf"), QT_TR_NOOP("Perf")}},
        {TestTab, {QT_TR_NOOP("Test"), QT_TR_NOOP("Test")}},
        {ErrorsTab, {QT_TR_NOOP("Errors"), QT_TR_NOOP("Err.")}},
        {ReflectionTab, {QT_TR_NOOP("Reflection"), QT_TR_NOOP("Refl.")}},
        {OneshotTab, {QT_TR_NOOP("One-shot"), QT_TR_NOOP("1-shot")}},
        {CompareTab, {QT_TR_NOOP("Compare"), QT_TR_NOOP("Compare")}},
        {HistoryTab, {QT_TR_NOOP("History"), QT_TR_NOOP("History")}},
        {RerunTab, {QT_TR_NOOP("Rerun"), QT_TR_NOOP("Rerun")}},
    };
    for (const auto& [tab, title] : titles)
        m_tabTitles->setTitles(tab, tr(title.first), tr(title.second));
    m_codeViews.insert(PerfTab, m_perfCode);
    for (CodeView* view : qAsConst(m_codeViews))
        connect(view, &CodeView::lineCommentRequested, this, &CaseView::lineCommentRequested);
    for (CodeView* side : {m_compare->diffView()->leftView(), m_compare->diffView()->rightView()})
        connect(side, &CodeView::lineCommentRequested, this, &CaseView::lineCommentRequested);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildHeader());
    layout->addWidget(m_hints);
    m_emptyPage->setObjectName(QStringLiteral("noCasePage"));
    m_emptyPage->setAlignment(Qt::AlignCenter);
    m_emptyPage->setWordWrap(true);
    m_emptyPage->setEnabled(false); // the palette's disabled text: a hint, not content
    m_pages->addWidget(m_tabs);
    m_pages->addWidget(m_emptyPage);
    layout->addWidget(m_pages, 1);

    connect(m_iterationChooser, QOverload<int>::of(&QComboBox::activated), this,
        [this] { setIteration(m_iterationChooser->currentData().toInt()); });
    connect(m_perfList, &QListWidget::currentRowChanged, this, &CaseView::showPerfCandidate);
    connect(m_tabs, &QTabWidget::currentChanged, this, &CaseView::fillTab);
    connect(m_errors, &ErrorView::linkActivated, this, [this](const QString& versionId, int line) { showVersionLine(versionId, line); });
    connect(m_hints, &HintList::hintActivated, this,
        [this](const QString& versionId, int line) { showVersionLine(versionId, std::max(1, line)); });
    connect(m_history, &HistoryPage::compareRequested, this, [this](const QString& left, const QString& right) {
        m_compare->compare(left, right);
        showTab(CompareTab);
    });
    clear();
}

CaseView::~CaseView() = default;

QWidget* CaseView::buildHeader()
{
    auto* header = new QWidget(this);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (QLabel* badge : {m_latest, m_best}) {
        badge->setAutoFillBackground(true);
        badge->setContentsMargins(6, 2, 6, 2);
    }
    // The note ("2 iterations · 13 versions") takes what is left: the case name comes first.
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    QFont noteFont = m_note->font();
    noteFont.setItalic(true);
    m_note->setFont(noteFont);
    m_note->setObjectName(QStringLiteral("caseNote"));
    m_iterationChooser->setObjectName(QStringLiteral("iterationChooser"));
    // "1 (newest)" is shown whole; the case name and the note give way instead. The shown
    // iteration's outcome is the "latest:" badge beside it, each item's is its tooltip (with the
    // outcome in the item too, the note was cut at scale 1.5).
    m_iterationChooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_iterationChooser->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_iterationChooser->setToolTip(tr("Which iteration the panes show"));
    auto* layout = new QHBoxLayout(header);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_title, 0);
    layout->addWidget(m_latest);
    layout->addWidget(m_best);
    layout->addWidget(m_note, 1);
    layout->addWidget(new QLabel(tr("Iteration:"), header));
    layout->addWidget(m_iterationChooser);
    return header;
}

QWidget* CaseView::buildPerfPage()
{
    // Per-shape timings (other layouts) above the memory's perf candidates (GEAK); each shows only
    // where the iteration has it.
    auto* page = new QSplitter(Qt::Vertical, this);
    page->setObjectName(QStringLiteral("perfPage"));
    auto* split = new QSplitter(Qt::Horizontal, page);
    split->setObjectName(QStringLiteral("perfSplitter"));
    auto* right = new QSplitter(Qt::Vertical, split);
    right->setObjectName(QStringLiteral("perfDetailSplitter"));
    split->addWidget(m_perfList);
    right->addWidget(m_perfCode);
    right->addWidget(m_perfAnalysis);
    split->addWidget(right);
    split->setStretchFactor(1, 4);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    m_perfCandidates = split;
    page->addWidget(m_shapeTimings);
    page->addWidget(split);
    return page;
}

void CaseView::clear()
{
    m_read->cancel();
    m_readingPage->stop();
    m_texts = {};
    m_display.clear();
    m_versions.clear();
    m_comparedVersions.clear();
    m_shownComparedRun.reset();
    m_comparedIndex = -1;
    m_iteration = -1;
    m_hints->setHints({}, {});
    m_title->setFullText(tr("No case selected"));
    m_latest->hide();
    m_best->hide();
    m_note->setFullText({});
    m_iterationChooser->clear();
    m_history->setCase(Case{}, {}); // no rows of the case shown before ("No case selected" above it)
    // Nothing of the case shown before stays behind, dimmed or not: every page is emptied and the
    // empty page covers them (the Rerun tab keeps its case: a rerun it runs goes on).
    m_staleTabs.clear();
    m_instruction->setPlainMessage({});
    m_details->clear();
    for (CodeView* view : qAsConst(m_codeViews))
        view->setCode({}, CodeLanguage::Plain);
    m_perfList->clear();
    m_perfAnalysis->setPlainMessage({});
    m_shapeTimings->setTimings({}, false);
    m_errors->setMessages({}, tr("No case selected."));
    m_reflection->setPlainMessage({});
    m_compare->setCase({}, {});
    m_tabs->setEnabled(false);
    m_emptyPage->setText(tr("Choose a case in the tree to read its versions."));
    m_pages->setCurrentWidget(m_emptyPage);
}

void CaseView::showReadingPage(const QString& caseName)
{
    m_title->setFullText(caseName);
    m_latest->hide();
    m_best->hide();
    m_hints->setHints({}, {});
    m_iterationChooser->clear();
    m_tabs->setEnabled(false);
    m_emptyPage->setText(tr("Reading the texts of %1…").arg(caseName));
    m_pages->setCurrentWidget(m_emptyPage);
}

void CaseView::setCase(const RunPtr& run, int caseIndex)
{
    m_note->setFullText(tr("Reading…"));
    m_readingName = run && caseIndex >= 0 && caseIndex < run->cases.size() ? run->cases.at(caseIndex).filename : QString();
    if (m_pages->currentWidget() == m_emptyPage)
        showReadingPage(m_readingName);
    else
        m_readingPage->start();
    m_read->start(
        WorkPools::jobs(),
        [run, caseIndex, options = ComparePage::currentOptions(), compared = m_comparedRun] {
            return readCase(run, caseIndex, options, compared);
        },
        [this](const CaseRead& read) { applyTexts(read); });
}

void CaseView::applyTexts(const CaseRead& read)
{
    m_readingPage->stop();
    m_texts = read.texts;
    m_display = read.display;
    const Case* c = currentCase();
    if (!c) {
        clear();
        return;
    }
    m_versions = read.versions;
    m_comparedVersions = read.comparedVersions;
    m_shownComparedRun = read.comparedRun;
    m_comparedIndex = read.comparedIndex;
    m_tabs->setEnabled(true);
    m_pages->setCurrentWidget(m_tabs);
    m_iteration = c->newest().iteration;
    fillIterationChooser();
    m_compare->setCase(m_texts, m_versions + read.comparedVersions, read.defaultDiff);
    m_history->setCase(*c, m_versions);
    m_runner->setCase(m_texts, m_versions);
    QHash<QString, QString> titles;
    for (const CodeVersion& v : qAsConst(m_versions))
        titles.insert(v.id(), v.title());
    m_hints->setHints(read.hints, titles);
    showIteration();
    Q_EMIT caseShown();
}

void CaseView::fillIterationChooser()
{
    const Case* c = currentCase();
    m_iterationChooser->clear();
    for (auto it = c->history.crbegin(); it != c->history.crend(); ++it) {
        const QString name = it->attempt.isEmpty() ? QString::number(it->iteration) : it->attempt;
        const QString title = it == c->history.crbegin() ? tr("%1 (newest)").arg(name) : name;
        m_iterationChooser->addItem(title, it->iteration);
        m_iterationChooser->setItemData(m_iterationChooser->count() - 1,
            tr("%1: %2").arg(attemptTitle(it->iteration, it->attempt), outcomeTitle(latestOutcome(*it))), Qt::ToolTipRole);
    }
    m_iterationChooser->setEnabled(c->history.size() > 1);
}

void CaseView::setIteration(int iteration)
{
    if (!currentCase() || iteration == m_iteration)
        return;
    m_iteration = iteration;
    m_iterationChooser->setCurrentIndex(m_iterationChooser->findData(iteration));
    showIteration();
}

// The header and every tab's title, state and tooltip now; the content of the tab in front only
// (the rest when they come to the front: fillTab). Opening a case costs one pane, not eleven.
void CaseView::showIteration()
{
    if (!currentRecord())
        return;
    showHeader();
    markStale();
    updateTabStates(); // may move the current tab off one disabled now, which fills the new one
    fillTab(m_tabs->currentIndex());
}

void CaseView::markStale()
{
    m_staleTabs = {OverviewTab, LabelTab, PredictTab, CallFixTab, ExeFixTab, PerfTab, TestTab, ErrorsTab, ReflectionTab, OneshotTab};
}

void CaseView::fillTab(int tab)
{
    const IterationRecord* record = currentRecord();
    if (!record || !m_staleTabs.remove(tab))
        return;
    switch (tab) {
    case OverviewTab:
        showOverview(*record);
        break;
    case LabelTab:
    case PredictTab:
    case CallFixTab:
    case ExeFixTab:
    case TestTab:
    case OneshotTab:
        showCode(Tab(tab), codeKey(Tab(tab), m_iteration), missingText(Tab(tab)));
        break;
    case PerfTab:
        showPerf(*record);
        break;
    case ErrorsTab:
        showErrors(*record);
        break;
    case ReflectionTab:
        showReflection(*record);
        break;
    default:
        break;
    }
}

QString CaseView::codeKey(Tab tab, int iteration)
{
    switch (tab) {
    case LabelTab:
        return QStringLiteral("label");
    case TestTab:
        return QStringLiteral("test");
    case PredictTab:
        return iterationKey(iteration, "predict");
    case CallFixTab:
        return iterationKey(iteration, "call");
    case ExeFixTab:
        return iterationKey(iteration, "exe");
    case OneshotTab:
        return iterationKey(iteration, "oneshot");
    default:
        return {};
    }
}

QString CaseView::missingText(Tab tab) const
{
    switch (tab) {
    case LabelTab:
        return tr("No label (ground truth) in this run.");
    case TestTab:
        return tr("No test code in this run.");
    case PredictTab:
        return tr("No prediction in this iteration (\"predict\" is empty).");
    case CallFixTab:
        return tr("No call fix in this iteration.");
    case ExeFixTab:
        return tr("No exe fix in this iteration.");
    case OneshotTab:
        return tr("No one-shot example in this iteration.");
    default:
        return {};
    }
}

// What the tab bar says about every tab, from the case's index of texts: cheap, so always current.
void CaseView::updateTabStates()
{
    const IterationRecord& record = *currentRecord();
    for (const Tab tab : {LabelTab, PredictTab, CallFixTab, ExeFixTab, TestTab, OneshotTab}) {
        const bool present = m_texts.has(codeKey(tab, m_iteration));
        m_tabs->setTabEnabled(tab, present);
        m_tabTitles->setToolTip(tab, present ? QString() : missingText(tab));
    }
    const int perfCount = record.memory ? int(record.memory->perfCandidates.size()) : 0;
    const int shapes = int(record.shapeTimings.size());
    m_tabs->setTabEnabled(PerfTab, perfCount > 0 || shapes > 0);
    if (perfCount > 0)
        m_tabTitles->setTitles(PerfTab, tr("Perf (%1)").arg(perfCount), tr("Perf %1").arg(perfCount));
    else if (shapes > 0)
        m_tabTitles->setTitles(PerfTab, tr("Perf (%n shape(s))", nullptr, shapes), tr("Perf %1").arg(shapes));
    else
        m_tabTitles->setTitles(PerfTab, tr("Perf"), tr("Perf"));
    // The same count showErrors lists: one message per non-empty call_err and exe_err.
    const int errors = int(!m_texts.text(iterationKey(record.iteration, "call_err")).isEmpty())
        + int(!m_texts.text(iterationKey(record.iteration, "exe_err")).isEmpty());
    m_tabTitles->setTitles(
        ErrorsTab, errors == 0 ? tr("Errors") : tr("Errors (%1)").arg(errors), errors == 0 ? tr("Err.") : tr("Err. %1").arg(errors));
    const bool reflection = !m_texts.text(iterationKey(record.iteration, "temp_strategy")).isEmpty()
        || !m_texts.text(iterationKey(record.iteration, "reflection")).isEmpty();
    m_tabs->setTabEnabled(ReflectionTab, reflection);
}

void CaseView::showHeader()
{
    const Case* c = currentCase();
    const IterationRecord* record = currentRecord();
    m_title->setFullText(c->filename);
    const Outcome shown = record == &c->newest() ? c->latest : latestOutcome(*record);
    m_latest->setText(tr("latest: %1").arg(outcomeTitle(shown)));
    m_best->setText(tr("best: %1").arg(stageName(c->best)));
    QPalette palette = this->palette();
    palette.setColor(QPalette::Window, tinted(palette, outcomeHue(int(shown)), 0.35));
    m_latest->setPalette(palette);
    palette.setColor(
        QPalette::Window, tinted(this->palette(), outcomeHue(c->best == Stage::Perf ? int(Outcome::Passed) : int(Outcome::Unknown)), 0.25));
    m_best->setPalette(palette);
    m_latest->setToolTip(
        record == &c->newest() ? tr("Outcome of the newest iteration") : tr("Outcome of iteration %1 (not the newest)").arg(m_iteration));
    m_best->setToolTip(c->history.size() == 1 ? tr("Furthest stage with evidence in its one iteration")
                                              : tr("Furthest stage with evidence over all %1 iterations").arg(c->history.size()));
    m_latest->show();
    m_best->show();
    const int iterations = int(c->history.size());
    const int versions = int(m_versions.size());
    m_note->setFullText(QStringLiteral("%1 · %2").arg(iterations == 1 ? tr("1 iteration") : tr("%1 iterations").arg(iterations),
        versions == 1 ? tr("1 version") : tr("%1 versions").arg(versions)));
}

void CaseView::showOverview(const IterationRecord& record)
{
    const QString instruction = m_texts.text(iterationKey(m_iteration, "instruction"));
    if (instruction.isEmpty())
        m_instruction->setPlainMessage(tr("No instruction in this iteration."));
    else
        m_instruction->setMarkdownText(instruction);
    m_details->clear();
    auto add = [this](const QString& field, const QString& value, const QString& tip = {}) {
        auto* item = new QTreeWidgetItem(m_details, {field, value});
        item->setToolTip(1, tip.isEmpty() ? value : tip);
    };
    // Claimed and verified side by side, first; a warned one never reads as a plain speedup (docs/LAYOUTS.md).
    const bool warned = !record.claimWarnings.isEmpty();
    const auto speedText = [this, warned](double value) {
        return warned ? tr("%1× — not to be trusted: see the claim warnings").arg(number(value)) : tr("%1×").arg(number(value));
    };
    if (record.speedup)
        add(record.speedupVerified ? tr("speedup (claimed)") : QStringLiteral("speedup"), speedText(*record.speedup));
    if (record.speedupVerified)
        add(tr("speedup (verified)"), speedText(*record.speedupVerified));
    for (const QString& warning : record.claimWarnings) {
        auto* item = new QTreeWidgetItem(m_details, {tr("claim warning"), warning});
        item->setToolTip(1, warning);
        item->setForeground(0, problemTextColor(palette()));
        item->setForeground(1, problemTextColor(palette()));
    }
    if (record.memory) {
        const MemoryEntry& m = *record.memory;
        add(QStringLiteral("pass_call"), flagText(m.passCall));
        add(QStringLiteral("pass_exe"), flagText(m.passExe));
        add(QStringLiteral("pass_perf"), flagText(m.passPerf));
        add(QStringLiteral("perf_candidates"), QString::number(m.perfCandidates.size()));
        if (m.perfDebugNum)
            add(QStringLiteral("perf_debug_num"), QString::number(*m.perfDebugNum));
        for (const ExtraField& f : m.extra)
            add(f.key, f.shortValue);
    } else {
        add(QStringLiteral("memory"), tr("no memory entry for this iteration"));
    }
    for (const ExtraField& f : record.extra)
        add(f.key, f.shortValue);
    if (record.jsonlSource >= 0)
        add(QStringLiteral("JSONL"), tr("%1, line %2").arg(m_texts.run->sources->at(record.jsonlSource).path).arg(record.jsonlLine));
    if (record.memorySource >= 0)
        add(QStringLiteral("memory"), tr("%1, line %2").arg(m_texts.run->sources->at(record.memorySource).path).arg(record.memoryLine));
}

void CaseView::showCode(Tab tab, const QString& key, const QString& missing)
{
    CodeView* view = m_codeViews.value(tab);
    const bool present = m_texts.has(key);
    if (present)
        showDisplayText(view, key);
    else
        view->setCode(missing, CodeLanguage::Plain);
}

void CaseView::showPerf(const IterationRecord& record)
{
    m_shapeTimings->setTimings(record.shapeTimings, !record.claimWarnings.isEmpty());
    m_shapeTimings->setVisible(!record.shapeTimings.isEmpty());
    m_perfList->clear();
    const int count = record.memory ? int(record.memory->perfCandidates.size()) : 0;
    m_perfCandidates->setVisible(count > 0);
    for (int i = 0; i < count; ++i)
        m_perfList->addItem(perfSummary(record.memory->perfCandidates.at(i), i));
    if (count > 0)
        m_perfList->setCurrentRow(0);
}

void CaseView::showPerfCandidate(int row)
{
    if (row < 0)
        return;
    const QString base = QStringLiteral("it%1:perf:%2").arg(m_iteration).arg(row + 1);
    showDisplayText(m_perfCode, base);
    QString analysis = m_texts.text(base + QStringLiteral(":analysis"));
    const QString profiling = m_texts.text(base + QStringLiteral(":profiling"));
    if (!profiling.isEmpty())
        analysis += QStringLiteral("\n\n---\n\n**%1**\n\n```\n%2\n```\n").arg(tr("Profiling"), profiling);
    if (analysis.trimmed().isEmpty())
        m_perfAnalysis->setPlainMessage(tr("No analysis for this candidate."));
    else
        m_perfAnalysis->setMarkdownText(analysis);
}

void CaseView::showErrors(const IterationRecord& record)
{
    QVector<ErrorView::Message> messages;
    const QString call = m_texts.text(iterationKey(record.iteration, "call_err"));
    const QString exe = m_texts.text(iterationKey(record.iteration, "exe_err"));
    // Each run's messages link into that run's versions only.
    auto links
        = [&](const QString& text) { return resolveErrorLinks(text, currentCase()->filename, record.iteration, m_versions, m_texts); };
    if (!call.isEmpty())
        messages.append({record.iteration, tr("%1 · call (compile and run) message").arg(attemptTitle(record.iteration, record.attempt)),
            call, links(call)});
    if (!exe.isEmpty())
        messages.append(
            {record.iteration, tr("%1 · exe (correctness) message").arg(attemptTitle(record.iteration, record.attempt)), exe, links(exe)});
    // Comparing runs: the same case's newest messages in the run compared with, after this run's.
    if (m_shownComparedRun && m_comparedIndex >= 0 && m_comparedIndex < m_shownComparedRun->cases.size()) {
        const int newest = m_shownComparedRun->cases.at(m_comparedIndex).newest().iteration;
        const QString run = m_shownComparedRun->name;
        const QString comparedCall = m_texts.text(comparedKey(iterationKey(newest, "call_err")));
        const QString comparedExe = m_texts.text(comparedKey(iterationKey(newest, "exe_err")));
        const QString comparedName = m_shownComparedRun->cases.at(m_comparedIndex).filename;
        auto comparedLinks
            = [&](const QString& text) { return resolveErrorLinks(text, comparedName, newest, m_comparedVersions, m_texts); };
        if (!comparedCall.isEmpty())
            messages.append({newest, tr("B (%1) · newest iteration %2 · call (compile and run) message").arg(run).arg(newest), comparedCall,
                comparedLinks(comparedCall)});
        if (!comparedExe.isEmpty())
            messages.append({newest, tr("B (%1) · newest iteration %2 · exe (correctness) message").arg(run).arg(newest), comparedExe,
                comparedLinks(comparedExe)});
        if (comparedCall.isEmpty() && comparedExe.isEmpty())
            messages.append({newest, tr("B (%1) · newest iteration %2").arg(run).arg(newest), tr("No error messages."), {}});
    }
    QStringList others; // iterations with messages, so an empty page points to them
    for (const IterationRecord& r : currentCase()->history) {
        if (r.iteration != record.iteration
            && (m_texts.has(iterationKey(r.iteration, "call_err")) || m_texts.has(iterationKey(r.iteration, "exe_err"))))
            others << QString::number(r.iteration);
    }
    m_errors->setMessages(messages,
        others.isEmpty() ? QString()
                         : tr("No error messages in iteration %1. These iterations have some: %2 (choose one above).")
                               .arg(record.iteration)
                               .arg(others.join(QStringLiteral(", "))));
}

void CaseView::showReflection(const IterationRecord& record)
{
    const QString strategy = m_texts.text(iterationKey(record.iteration, "temp_strategy"));
    const QString reflection = m_texts.text(iterationKey(record.iteration, "reflection"));
    QString markdown;
    if (!strategy.isEmpty())
        markdown += QStringLiteral("## %1\n\n%2\n\n").arg(tr("Strategy (temp_strategy)"), strategy);
    if (!reflection.isEmpty())
        markdown += QStringLiteral("## %1\n\n%2\n").arg(tr("Reflection"), reflection);
    if (markdown.isEmpty())
        m_reflection->setPlainMessage(tr("The model left no strategy or reflection in this iteration."));
    else
        m_reflection->setMarkdownText(markdown);
}

void CaseView::changeEvent(QEvent* event)
{
    // Badge colours are derived from the palette: recompute them when it changes.
    if (event->type() == QEvent::PaletteChange && currentRecord())
        showHeader();
    QWidget::changeEvent(event);
}

void CaseView::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(tab);
}

bool CaseView::showVersionLine(const QString& versionId, int oneBasedLine)
{
    for (const CodeVersion& v : qAsConst(m_comparedVersions)) {
        if (v.id() != versionId)
            continue;
        // A version of the run compared with: on the Compare tab, against this run's version of the
        // same kind and iteration where there is one, at that line on the right once shown.
        const auto own = std::find_if(m_versions.cbegin(), m_versions.cend(),
            [&v](const CodeVersion& o) { return o.kind == v.kind && o.iteration == v.iteration && o.perfIndex == v.perfIndex; });
        auto shown = std::make_shared<QMetaObject::Connection>();
        *shown = connect(m_compare, &ComparePage::diffShown, this, [this, shown, versionId, oneBasedLine] {
            disconnect(*shown);
            if (m_compare->rightId() == versionId)
                m_compare->diffView()->rightView()->showLine(oneBasedLine);
        });
        showTab(CompareTab);
        m_compare->compare(own != m_versions.cend() ? own->id() : m_compare->leftId(), versionId);
        return true;
    }
    for (const CodeVersion& v : qAsConst(m_versions)) {
        if (v.id() != versionId)
            continue;
        const Tab tab = tabOf(v.kind);
        if (v.kind != CodeVersion::Kind::Label && v.kind != CodeVersion::Kind::TestCode)
            setIteration(v.iteration);
        showTab(tab); // fills it first if it was stale
        if (v.kind == CodeVersion::Kind::Perf)
            m_perfList->setCurrentRow(v.perfIndex);
        m_codeViews.value(tab)->showLine(oneBasedLine);
        return true;
    }
    return false;
}

CaseView::Tab CaseView::tabOf(CodeVersion::Kind kind)
{
    switch (kind) {
    case CodeVersion::Kind::Label:
        return LabelTab;
    case CodeVersion::Kind::Predict:
        return PredictTab;
    case CodeVersion::Kind::CallFix:
        return CallFixTab;
    case CodeVersion::Kind::ExeFix:
        return ExeFixTab;
    case CodeVersion::Kind::Perf:
        return PerfTab;
    case CodeVersion::Kind::TestCode:
        return TestTab;
    case CodeVersion::Kind::Oneshot:
        return OneshotTab;
    }
    return PredictTab;
}

void CaseView::showVersion(CodeView* view, const QString& versionId, const QString& text)
{
    for (const CodeVersion& v : qAsConst(m_versions)) {
        if (v.id() == versionId) {
            view->setVersion(versionId, v.title(), text);
            return;
        }
    }
}

void CaseView::showDisplayText(CodeView* view, const QString& key)
{
    const ResolvedText& text = m_texts.texts.value(key);
    if (!text.error.isEmpty()) {
        view->setCode(text.error, CodeLanguage::Plain);
        return;
    }
    const auto prepared = m_display.constFind(key);
    const DisplayText display = prepared != m_display.cend() ? *prepared : prepareDisplayText(text);
    view->setDisplayText(display, wholeTextSource(key));
    // Line comments anchor to a version's whole text; a cut one is no version to comment on.
    if (display.whole)
        showVersion(view, key, text.text);
}

WholeTextSource CaseView::wholeTextSource(const QString& key) const
{
    const Case* c = currentCase();
    if (!c || !m_texts.refs.contains(key))
        return {};
    const QString name = QStringLiteral("%1-%2.txt")
                             .arg(QFileInfo(c->filename).completeBaseName(), QString(key).replace(QLatin1Char(':'), QLatin1Char('-')));
    return {m_texts.run->sources, m_texts.refs.value(key), sanitizedFileName(name).name};
}

void CaseView::setLineComments(const QVector<LineComment>& comments)
{
    for (CodeView* view : qAsConst(m_codeViews))
        view->setLineComments(comments);
    m_compare->diffView()->setLineComments(comments);
}

CodeView* CaseView::codeView(Tab tab) const
{
    return m_codeViews.value(tab);
}

bool CaseView::isLoading() const
{
    return m_read->isRunning();
}

const Case* CaseView::currentCase() const
{
    if (!m_texts.run || m_texts.caseIndex < 0 || m_texts.caseIndex >= m_texts.run->cases.size())
        return nullptr;
    return &m_texts.run->cases.at(m_texts.caseIndex);
}

const IterationRecord* CaseView::currentRecord() const
{
    const Case* c = currentCase();
    if (!c)
        return nullptr;
    for (const IterationRecord& r : c->history) {
        if (r.iteration == m_iteration)
            return &r;
    }
    return &c->newest();
}

} // namespace krw
