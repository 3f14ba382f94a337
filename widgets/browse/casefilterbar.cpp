// SPDX-License-Identifier: MIT
#include "widgets/browse/casefilterbar.h"

#include "models/browse/casefilterproxy.h"
#include "models/lint/linter.h"
#include "models/run/runsummary.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace krw {

namespace {
constexpr int AllItems = -1;
constexpr int FailingItems = -2;
} // namespace

CaseFilterBar::CaseFilterBar(QWidget* parent)
    : QWidget(parent)
    , m_outcome(new QComboBox(this))
    , m_best(new QComboBox(this))
    , m_rerun(new QComboBox(this))
    , m_hints(new QComboBox(this))
    , m_scope(new QComboBox(this))
    , m_search(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regex"), this))
    , m_status(new QLabel(this))
    , m_unreviewed(new QCheckBox(tr("Unreviewed only"), this))
    , m_reviewed(new QLabel(this))
    , m_group(new QLabel(this))
    , m_clearGroup(new QToolButton(this))
{
    m_outcome->setObjectName(QStringLiteral("outcomeFilter"));
    m_outcome->addItem(tr("All outcomes"), AllItems);
    m_outcome->addItem(tr("Failing"), FailingItems);
    m_outcome->setItemData(
        m_outcome->count() - 1, tr("A stage failed or nothing was produced (an unknown outcome is not failing)"), Qt::ToolTipRole);
    for (int i = 0; i < OutcomeCount; ++i)
        m_outcome->addItem(outcomeTitle(Outcome(i)), i);
    m_best->setObjectName(QStringLiteral("bestFilter"));
    m_best->addItem(tr("Any best stage"), AllItems);
    for (int i = 0; i < StageCount; ++i)
        m_best->addItem(tr("Best: %1").arg(stageName(Stage(i))), i);
    m_rerun->setObjectName(QStringLiteral("rerunFilter"));
    m_rerun->setToolTip(tr("By each case's newest rerun, whichever version and profile it was of"));
    for (auto filter : {RerunFilter::Any, RerunFilter::NotRerun, RerunFilter::Counted, RerunFilter::Suspect, RerunFilter::NotPassed})
        m_rerun->addItem(rerunFilterTitle(filter), int(filter));
    m_hints->setObjectName(QStringLiteral("hintFilter"));
    m_hints->setToolTip(tr("By lint hints: what a careful reader would catch in a case (computed after the run opens)"));
    m_hints->addItem(tr("Any hints"), QString());
    m_hints->addItem(tr("Has hints"), CaseFilterProxy::anyHint());
    for (const QString& check : Linter::checkNames())
        m_hints->addItem(tr("Hint: %1").arg(Linter::checkTitle(check)), check);
    m_scope->setObjectName(QStringLiteral("searchScope"));
    for (auto scope : {SearchScope::Everything, SearchScope::Errors, SearchScope::Instruction, SearchScope::Code, SearchScope::Label,
             SearchScope::TestCode, SearchScope::Reflection, SearchScope::Metadata})
        m_scope->addItem(scopeTitle(scope), int(scope));
    m_search->setObjectName(QStringLiteral("searchEdit"));
    showIndexReady();
    m_search->setClearButtonEnabled(true);
    m_regex->setObjectName(QStringLiteral("searchRegex"));
    m_status->setObjectName(QStringLiteral("searchStatus"));
    m_unreviewed->setObjectName(QStringLiteral("unreviewedOnly"));
    m_unreviewed->setToolTip(tr("Show only cases without a verdict"));
    m_reviewed->setObjectName(QStringLiteral("reviewedCount"));
    m_reviewed->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    setReviewedCount(0, 0);

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_outcome, 0, 0);
    layout->addWidget(m_best, 0, 1);
    layout->addWidget(m_rerun, 1, 0);
    layout->addWidget(m_hints, 1, 1);
    layout->addWidget(m_unreviewed, 5, 1);
    layout->addWidget(m_search, 2, 0, 1, 2);
    layout->addWidget(m_scope, 3, 0);
    layout->addWidget(m_regex, 3, 1);
    layout->addWidget(m_status, 4, 0);
    layout->addWidget(m_reviewed, 4, 1);
    m_group->setObjectName(QStringLiteral("groupFilter"));
    m_group->setTextFormat(Qt::PlainText);
    m_group->setMinimumWidth(0);
    m_group->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_clearGroup->setObjectName(QStringLiteral("clearGroupFilter"));
    m_clearGroup->setText(tr("Clear"));
    m_clearGroup->setToolTip(tr("Show the cases of every failure group again"));
    auto* groupRow = new QHBoxLayout;
    groupRow->addWidget(m_group, 1);
    groupRow->addWidget(m_clearGroup);
    layout->addLayout(groupRow, 6, 0, 1, 2); // below the check box (row 5), shown only with a group
    hideGroupFilter();
    connect(m_clearGroup, &QToolButton::clicked, this, [this] {
        clearGroup();
        Q_EMIT groupFilterCleared();
    });

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(300);
    connect(&m_debounce, &QTimer::timeout, this, &CaseFilterBar::queryChanged);
    auto edited = [this] {
        m_debounce.start();
        Q_EMIT queryEdited();
    };
    connect(m_search, &QLineEdit::textChanged, this, edited);
    connect(m_scope, QOverload<int>::of(&QComboBox::activated), this, edited);
    connect(m_regex, &QCheckBox::toggled, this, edited);
    connect(m_outcome, QOverload<int>::of(&QComboBox::activated), this, &CaseFilterBar::outcomesChanged);
    connect(m_best, QOverload<int>::of(&QComboBox::activated), this, &CaseFilterBar::outcomesChanged);
    connect(m_unreviewed, &QCheckBox::toggled, this, &CaseFilterBar::unreviewedOnlyChanged);
    connect(m_rerun, QOverload<int>::of(&QComboBox::activated), this, &CaseFilterBar::rerunFilterChanged);
    connect(m_hints, QOverload<int>::of(&QComboBox::activated), this, &CaseFilterBar::hintFilterChanged);
}

void CaseFilterBar::setProxy(CaseFilterProxy* proxy)
{
    m_proxy = proxy;
    connect(this, &CaseFilterBar::outcomesChanged, proxy, [this, proxy] {
        proxy->setOutcomes(outcomes());
        proxy->setBestStages(bestStages());
    });
    connect(this, &CaseFilterBar::rerunFilterChanged, proxy, [this, proxy] { proxy->setRerunFilter(rerunFilter()); });
    connect(this, &CaseFilterBar::hintFilterChanged, proxy, [this, proxy] { proxy->setHintFilter(hintFilter()); });
    connect(this, &CaseFilterBar::unreviewedOnlyChanged, proxy, &CaseFilterProxy::setUnreviewedOnly);
}

void CaseFilterBar::filterToGroup(const QString& signature, const QStringList& cases)
{
    showGroupFilter(signature, int(cases.size()));
    if (m_proxy)
        m_proxy->setCaseSet(QSet<QString>(cases.cbegin(), cases.cend()));
}

void CaseFilterBar::clearGroup()
{
    hideGroupFilter();
    if (m_proxy)
        m_proxy->setCaseSet(std::nullopt);
}

QString CaseFilterBar::hintFilter() const
{
    return m_hints->currentData().toString();
}

void CaseFilterBar::showGroupFilter(const QString& signature, int cases)
{
    // The count first: a long signature is cut at the right edge (the tooltip has it whole).
    m_group->setText(tr("Group (%1): %2").arg(caseCountText(cases), signature));
    m_group->setToolTip(tr("Only the cases of this failure group are shown: %1").arg(signature));
    m_group->show();
    m_clearGroup->show();
}

void CaseFilterBar::hideGroupFilter()
{
    m_group->clear();
    m_group->hide();
    m_clearGroup->hide();
}

bool CaseFilterBar::hasGroupFilter() const
{
    return !m_group->text().isEmpty();
}

RerunFilter CaseFilterBar::rerunFilter() const
{
    return RerunFilter(m_rerun->currentData().toInt());
}

bool CaseFilterBar::unreviewedOnly() const
{
    return m_unreviewed->isChecked();
}

void CaseFilterBar::setReviewedCount(int reviewed, int total)
{
    m_reviewed->setText(tr("Reviewed %1 / %2").arg(reviewed).arg(total));
    m_reviewed->setToolTip(tr("Cases with a verdict: %1 of the run's %2").arg(reviewed).arg(caseCountText(total)));
}

QSet<Outcome> CaseFilterBar::outcomes() const
{
    const int value = m_outcome->currentData().toInt();
    if (value == AllItems)
        return {};
    if (value == FailingItems) {
        QSet<Outcome> failing;
        for (int i = 0; i < OutcomeCount; ++i) {
            if (isFailingOutcome(Outcome(i)))
                failing.insert(Outcome(i));
        }
        return failing;
    }
    return {Outcome(value)};
}

QSet<Stage> CaseFilterBar::bestStages() const
{
    const int value = m_best->currentData().toInt();
    return value == AllItems ? QSet<Stage>() : QSet<Stage>{Stage(value)};
}

SearchQuery CaseFilterBar::query() const
{
    return {m_search->text(), SearchScope(m_scope->currentData().toInt()), m_regex->isChecked(), false};
}

QString CaseFilterBar::searchProgressText(int searched, int total)
{
    if (total <= 0)
        return tr("Searching…");
    return tr("Searching… %1%").arg(qBound(0, int(qint64(searched) * 100 / total), 100));
}

QString CaseFilterBar::matchCountText(int matches)
{
    if (matches == 0)
        return tr("No case matches");
    return matches == 1 ? tr("%1 matches").arg(caseCountText(matches)) : tr("%1 match").arg(caseCountText(matches));
}

QString CaseFilterBar::indexingText(int indexed, int total)
{
    const int percent = total > 0 ? qBound(0, int(qint64(indexed) * 100 / total), 100) : 0;
    return tr("Search (Ctrl+F) — indexing the run, %1%: searches read the files until then").arg(percent);
}

void CaseFilterBar::showIndexing(int indexed, int total)
{
    m_search->setPlaceholderText(indexingText(indexed, total));
    m_search->setToolTip(tr("The run's search index is being built (%1 of %2 cases); a search typed now reads the cases' "
                            "texts instead, which takes longer.")
                             .arg(indexed)
                             .arg(total));
}

void CaseFilterBar::showIndexReady()
{
    m_search->setPlaceholderText(tr("Search (Ctrl+F) — names, errors, code, … ; key=value for metadata"));
    m_search->setToolTip(QString());
}

void CaseFilterBar::showIndexFailed(const QString& reason)
{
    m_search->setPlaceholderText(tr("Search (Ctrl+F) — the run could not be indexed: searches read the files"));
    m_search->setToolTip(tr("The run's search index could not be built (%1). Searches read the cases' texts instead, which "
                            "takes longer.")
                             .arg(reason));
}

void CaseFilterBar::showSearchProgress(int searched, int total)
{
    m_status->setText(searchProgressText(searched, total));
}

void CaseFilterBar::showMatchCount(int matches)
{
    m_status->setText(matchCountText(matches));
}

void CaseFilterBar::showSearchProblem(const QString& problem)
{
    m_status->setText(problem);
}

void CaseFilterBar::clearSearchStatus()
{
    m_status->clear();
}

void CaseFilterBar::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

} // namespace krw
