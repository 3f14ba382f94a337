// SPDX-License-Identifier: MIT
#include "caseview/comparepage.h"

#include "code/diffview.h"
#include "run/textlimits.h"
#include "settings/settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace krw {

namespace {

struct DiffJob
{
    DiffResult result;
    QString left;
    QString right;
};

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

// What a reviewer usually wants first: the fix against what it fixed, else the newest change.
void ComparePage::chooseDefaultPair()
{
    const CodeVersion* newestPredict = nullptr;
    const CodeVersion* label = nullptr;
    for (const CodeVersion& v : m_versions) {
        if (v.kind == CodeVersion::Kind::Predict && !newestPredict)
            newestPredict = &v;
        if (v.kind == CodeVersion::Kind::Label)
            label = &v;
    }
    for (const CodeVersion& v : m_versions) {
        if ((v.kind == CodeVersion::Kind::CallFix || v.kind == CodeVersion::Kind::ExeFix) && newestPredict
            && v.iteration == newestPredict->iteration && m_texts.text(v.id()) != m_texts.text(newestPredict->id())) {
            compare(newestPredict->id(), v.id());
            return;
        }
    }
    if (newestPredict) {
        // The newest earlier prediction that differs: unchanged iterations say nothing.
        const Case& c = m_texts.run->cases.at(m_texts.caseIndex);
        const QString newestText = m_texts.text(newestPredict->id());
        for (auto previous = previousVersion(c, *newestPredict); previous; previous = previousVersion(c, *previous)) {
            if (m_texts.text(previous->id()) != newestText) {
                compare(previous->id(), newestPredict->id());
                return;
            }
        }
        if (label) {
            compare(label->id(), newestPredict->id());
            return;
        }
    }
    if (m_versions.size() >= 2)
        compare(m_versions.at(0).id(), m_versions.at(1).id());
    else if (!m_versions.isEmpty())
        compare(m_versions.at(0).id(), m_versions.at(0).id());
}

void ComparePage::compare(const QString& leftId, const QString& rightId)
{
    m_left->setCurrentIndex(m_left->findData(leftId));
    m_right->setCurrentIndex(m_right->findData(rightId));
    requestDiff();
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

const CodeVersion* ComparePage::version(const QString& id) const
{
    for (const CodeVersion& v : m_versions) {
        if (v.id() == id)
            return &v;
    }
    return nullptr;
}

void ComparePage::requestDiff()
{
    const quint64 generation = ++m_generation;
    if (!version(leftId()) || !version(rightId())) {
        m_status->setText(tr("This case has no code to compare."));
        showDiff(generation, DiffResult{{}, {}, 0, 0, 0, tr("Nothing to compare.")}, {}, {});
        return;
    }
    // Over the limit, not even the texts go to the view: saying so is all there is to show.
    for (const QString& id : {leftId(), rightId()}) {
        const ResolvedText& text = m_texts.texts.value(id);
        const qint64 bytes = std::max(text.fieldBytes, qint64(text.text.size()));
        if (bytes > TextLimits::RichBytes) {
            m_computing = false;
            showDiff(generation, DiffResult{{}, {}, 0, 0, 0, TextLimits::tooLargeToCompare(version(id)->title(), bytes)}, {}, {});
            return;
        }
    }
    DiffOptions options;
    options.ignoreWhitespace = m_ignoreWhitespace->isChecked();
    options.intraline = Settings::instance()->intralineDiff();
    const QString left = m_texts.text(leftId());
    const QString right = m_texts.text(rightId());
    m_computing = true;
    m_status->setText(tr("Comparing…"));
    auto* watcher = new QFutureWatcher<DiffJob>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        const DiffJob job = watcher->result();
        showDiff(generation, job.result, job.left, job.right);
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run([left, right, options] {
        return DiffJob{diffLines(splitLines(left), splitLines(right), options), left, right};
    }));
}

void ComparePage::showDiff(quint64 generation, const DiffResult& result, const QString& left, const QString& right)
{
    if (generation != m_generation)
        return; // a newer request is under way
    m_computing = false;
    const CodeVersion* l = version(leftId());
    const CodeVersion* r = version(rightId());
    const CodeLanguage language = detectLanguage(right.isEmpty() ? left : right);
    m_diffView->setVersionIds(l ? l->id() : QString(), r ? r->id() : QString());
    m_diffView->setDiff(l ? l->title() : QString(), left, r ? r->title() : QString(), right, result, language);
    const int changes = int(result.hunks.size());
    m_status->setText(!result.error.isEmpty() ? QString() : changes == 1 ? tr("1 change") : tr("%1 changes").arg(changes));
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
