// SPDX-License-Identifier: MIT
#include "widgets/caseview/comparepage.h"

#include "models/run/textlimits.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"
#include "widgets/code/diffview.h"
#include "widgets/settings/settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QToolButton>
#include <QVBoxLayout>

namespace krw {

namespace {

const CodeVersion* findVersion(const QVector<CodeVersion>& versions, const QString& id)
{
    for (const CodeVersion& v : versions) {
        if (v.id() == id)
            return &v;
    }
    return nullptr;
}

bool sameOptions(const DiffOptions& a, const DiffOptions& b)
{
    return a.ignoreWhitespace == b.ignoreWhitespace && a.intraline == b.intraline && a.maxIntralineChars == b.maxIntralineChars
        && a.maxIntralineCells == b.maxIntralineCells && a.maxLines == b.maxLines;
}

} // namespace

ComparePage::ComparePage(SyntaxSupport* syntax, QWidget* parent)
    : QWidget(parent)
    , m_syntax(syntax)
    , m_left(new QComboBox(this))
    , m_right(new QComboBox(this))
    , m_ignoreWhitespace(new QCheckBox(tr("Ignore whitespace"), this))
    , m_status(new QLabel(this))
    , m_rough(new QLabel(this))
    , m_diffView(new DiffView(syntax, this))
    , m_diffJob(new JobTracker(this))
{
    m_left->setObjectName(QStringLiteral("compareLeft"));
    m_right->setObjectName(QStringLiteral("compareRight"));
    m_left->setToolTip(tr("Left version"));
    m_right->setToolTip(tr("Right version"));
    auto* swap = new QToolButton(this);
    swap->setText(QStringLiteral("⇄"));
    swap->setToolTip(tr("Swap sides"));
    auto* previous = new QToolButton(this);
    previous->setText(tr("↑ Previous change"));
    previous->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    auto* next = new QToolButton(this);
    next->setText(tr("↓ Next change"));
    next->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    m_ignoreWhitespace->setChecked(Settings::instance()->ignoreWhitespace());

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_left, 1);
    bar->addWidget(swap);
    bar->addWidget(m_right, 1);
    bar->addWidget(m_ignoreWhitespace);
    bar->addWidget(previous);
    bar->addWidget(next);
    bar->addWidget(m_status);
    m_rough->setObjectName(QStringLiteral("roughNote"));
    m_rough->setWordWrap(true);
    m_rough->setContentsMargins(6, 1, 6, 1);
    m_rough->setForegroundRole(QPalette::PlaceholderText);
    m_rough->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_rough);
    layout->addWidget(m_diffView, 1);

    connect(m_left, QOverload<int>::of(&QComboBox::activated), this, &ComparePage::requestDiff);
    connect(m_right, QOverload<int>::of(&QComboBox::activated), this, &ComparePage::requestDiff);
    connect(swap, &QToolButton::clicked, this, [this] { compare(rightId(), leftId()); });
    connect(previous, &QToolButton::clicked, m_diffView, &DiffView::previousChange);
    connect(next, &QToolButton::clicked, m_diffView, &DiffView::nextChange);
    connect(m_ignoreWhitespace, &QCheckBox::toggled, this, [this](bool on) { Settings::instance()->setIgnoreWhitespace(on); });
    connect(Settings::instance(), &Settings::diffOptionsChanged, this, [this] {
        m_ignoreWhitespace->setChecked(Settings::instance()->ignoreWhitespace());
        requestDiff();
    });
}

void ComparePage::setCase(const CaseTexts& texts, const QVector<CodeVersion>& versions)
{
    m_texts = texts;
    m_versions = versions;
    fillChooser(m_left);
    fillChooser(m_right);
}

void ComparePage::fillChooser(QComboBox* chooser)
{
    const QSignalBlocker blocker(chooser);
    chooser->clear();
    for (const CodeVersion& v : m_versions)
        chooser->addItem(v.title(), v.id());
}

QPair<QString, QString> ComparePage::defaultPair(const CaseTexts& texts, const QVector<CodeVersion>& versions)
{
    const CodeVersion* newestPredict = nullptr;
    const CodeVersion* comparedPredict = nullptr; // the run compared with's newest (issue 13)
    const CodeVersion* label = nullptr;
    for (const CodeVersion& v : versions) {
        if (v.kind == CodeVersion::Kind::Predict && !v.compared && !newestPredict)
            newestPredict = &v;
        if (v.kind == CodeVersion::Kind::Predict && v.compared && !comparedPredict)
            comparedPredict = &v;
        if (v.kind == CodeVersion::Kind::Label && !v.compared)
            label = &v;
    }
    // Comparing runs: this run's newest prediction against the other run's.
    if (newestPredict && comparedPredict)
        return {newestPredict->id(), comparedPredict->id()};
    for (const CodeVersion& v : versions) {
        if (v.compared)
            continue;
        if ((v.kind == CodeVersion::Kind::CallFix || v.kind == CodeVersion::Kind::ExeFix) && newestPredict
            && v.iteration == newestPredict->iteration && texts.text(v.id()) != texts.text(newestPredict->id()))
            return {newestPredict->id(), v.id()};
    }
    if (newestPredict) {
        // The newest earlier prediction that differs: unchanged iterations say nothing.
        const Case& c = texts.run->cases.at(texts.caseIndex);
        const QString newestText = texts.text(newestPredict->id());
        for (auto previous = previousVersion(c, *newestPredict); previous; previous = previousVersion(c, *previous)) {
            if (texts.text(previous->id()) != newestText)
                return {previous->id(), newestPredict->id()};
        }
        if (label)
            return {label->id(), newestPredict->id()};
    }
    if (versions.size() >= 2)
        return {versions.at(0).id(), versions.at(1).id()};
    if (!versions.isEmpty())
        return {versions.at(0).id(), versions.at(0).id()};
    return {};
}

ComparePage::Diff ComparePage::computeDiff(
    const CaseTexts& texts, const QVector<CodeVersion>& versions, const QString& leftId, const QString& rightId, const DiffOptions& options)
{
    Diff diff{leftId, rightId, options, {}, {}, {}, {}};
    const CodeVersion* left = findVersion(versions, leftId);
    const CodeVersion* right = findVersion(versions, rightId);
    if (!left || !right) { // said once, in the view: the status line stays empty
        diff.result.error = leftId.isEmpty() && rightId.isEmpty() ? tr("This case has no code to compare.")
                                                                  : tr("This case has no version %1.").arg(!left ? leftId : rightId);
        return diff;
    }
    // Over the limit, not even the texts go to the view: saying so is all there is to show.
    for (const CodeVersion* v : {left, right}) {
        const ResolvedText& text = texts.texts.value(v->id());
        const qint64 bytes = std::max(text.fieldBytes, qint64(text.text.size()));
        if (bytes > TextLimits::RichBytes) {
            diff.result.error = TextLimits::tooLargeToCompare(v->title(), bytes);
            return diff;
        }
    }
    diff.left = texts.text(leftId);
    diff.right = texts.text(rightId);
    diff.result = diffLines(splitLines(diff.left), splitLines(diff.right), options);
    return diff;
}

QString ComparePage::statusText() const
{
    return m_status->text();
}

DiffOptions ComparePage::currentOptions()
{
    DiffOptions options;
    options.ignoreWhitespace = Settings::instance()->ignoreWhitespace();
    options.intraline = Settings::instance()->intralineDiff();
    return options;
}

void ComparePage::chooseDefaultPair()
{
    const QPair<QString, QString> pair = defaultPair(m_texts, m_versions);
    compare(pair.first, pair.second);
}

void ComparePage::setCase(const CaseTexts& texts, const QVector<CodeVersion>& versions, const Diff& defaultDiff)
{
    setCase(texts, versions);
    choose(defaultDiff.leftId, defaultDiff.rightId);
    if (!sameOptions(defaultDiff.options, currentOptions()) || defaultDiff.leftId != leftId() || defaultDiff.rightId != rightId()) {
        requestDiff();
        return;
    }
    m_diffJob->cancel(); // a diff still computed for the case before is not shown
    showDiff(defaultDiff);
}

void ComparePage::compare(const QString& leftId, const QString& rightId)
{
    choose(leftId, rightId);
    requestDiff();
}

void ComparePage::choose(const QString& leftId, const QString& rightId)
{
    m_left->setCurrentIndex(m_left->findData(leftId));
    m_right->setCurrentIndex(m_right->findData(rightId));
}

QString ComparePage::roughNote() const
{
    return m_rough->isHidden() ? QString() : m_rough->text();
}

QString ComparePage::leftId() const
{
    return m_left->currentData().toString();
}

QString ComparePage::rightId() const
{
    return m_right->currentData().toString();
}

void ComparePage::requestDiff()
{
    m_status->setText(tr("Comparing…"));
    // Shown unless a newer request came meanwhile.
    m_diffJob->start(
        WorkPools::jobs(),
        [texts = m_texts, versions = m_versions, left = leftId(), right = rightId(), options = currentOptions()] {
            return computeDiff(texts, versions, left, right, options);
        },
        [this](const Diff& diff) { showDiff(diff); });
}

bool ComparePage::isComputing() const
{
    return m_diffJob->isRunning();
}

void ComparePage::showDiff(const Diff& diff)
{
    const DiffResult& result = diff.result;
    const CodeVersion* l = findVersion(m_versions, diff.leftId);
    const CodeVersion* r = findVersion(m_versions, diff.rightId);
    const CodeLanguage language = detectLanguage(diff.right.isEmpty() ? diff.left : diff.right);
    m_diffView->setVersionIds(l ? l->id() : QString(), r ? r->id() : QString());
    m_diffView->setDiff(l ? l->title() : QString(), diff.left, r ? r->title() : QString(), diff.right, result, language);
    const int changes = int(result.hunks.size());
    m_status->setText(!diff.status.isEmpty() ? diff.status
            : !result.error.isEmpty()        ? QString()
            : changes == 1                   ? tr("1 change")
                                             : tr("%1 changes").arg(changes));
    // The view's verdict needs its evidence: say where a character diff limit made marks coarse.
    const int rough = result.error.isEmpty() ? result.roughRows : 0;
    m_rough->setText(rough == 0 ? QString()
            : rough == 1
            ? tr("Character marks are coarse on 1 changed line: too long to compare character by character, so its whole changed "
                 "middle is marked.")
            : tr("Character marks are coarse on %1 changed lines: too long to compare character by character, so the whole changed "
                 "middle of each is marked.")
                  .arg(rough));
    m_rough->setToolTip(m_rough->text());
    m_rough->setVisible(!m_rough->text().isEmpty());
    if (!result.hunks.isEmpty())
        m_diffView->nextChange();
    Q_EMIT diffShown();
}

} // namespace krw
