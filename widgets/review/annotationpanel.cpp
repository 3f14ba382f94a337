// SPDX-License-Identifier: MIT
#include "widgets/review/annotationpanel.h"

#include "models/review/annotationstore.h"
#include "widgets/browse/verdictdelegate.h"
#include "widgets/caseview/elidinglabel.h"
#include "widgets/caseview/markdownview.h"
#include "widgets/code/codeview.h"
#include "widgets/review/annotationeditor.h"
#include "widgets/settings/settings.h"
#include "widgets/theme/diffcolors.h"
#include "widgets/theme/themes.h"

#include <QComboBox>
#include <QCompleter>
#include <QCoreApplication>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSet>
#include <QSplitter>
#include <QStringListModel>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QUuid>
#include <QVBoxLayout>

#include <algorithm>

namespace krw {

namespace {

enum CommentColumns { StateColumn, CommentColumn, WhereColumn, LineTextColumn, ByColumn };
constexpr int CommentIdRole = Qt::UserRole;

// Completes the tag being typed after the last comma, keeping the ones before it.
class TagCompleter : public QCompleter
{
public:
    using QCompleter::QCompleter;

    QStringList splitPath(const QString& path) const override { return {path.section(QLatin1Char(','), -1).trimmed()}; }

    QString pathFromIndex(const QModelIndex& index) const override
    {
        const QString typed = widget() ? static_cast<QLineEdit*>(widget())->text() : QString();
        const int comma = int(typed.lastIndexOf(QLatin1Char(',')));
        const QString before = comma < 0 ? QString() : typed.left(comma + 1) + QLatin1Char(' ');
        return before + QCompleter::pathFromIndex(index);
    }
};

QString stateTitle(AnchorState state)
{
    switch (state) {
    case AnchorState::Current:
        return QCoreApplication::translate("krw::AnnotationPanel", "Current");
    case AnchorState::Stale:
        return QCoreApplication::translate("krw::AnnotationPanel", "⚠ Stale");
    case AnchorState::Missing:
        return QCoreApplication::translate("krw::AnnotationPanel", "Missing");
    }
    return {};
}

QString stateTip(AnchorState state)
{
    switch (state) {
    case AnchorState::Current:
        return QCoreApplication::translate(
            "krw::AnnotationPanel", "The version still has the text this comment was made on; its line is marked in the code.");
    case AnchorState::Stale:
        return QCoreApplication::translate("krw::AnnotationPanel",
            "The version's text changed since this comment was made. It stays where it was "
            "(line and text below) and is not drawn in the code, so it cannot point at the wrong line.");
    case AnchorState::Missing:
        return QCoreApplication::translate("krw::AnnotationPanel", "This case no longer has the version the comment was made on.");
    }
    return {};
}

QString localTime(const QDateTime& time)
{
    return QLocale().toString(time.toLocalTime(), QLocale::ShortFormat);
}

} // namespace

AnnotationPanel::AnnotationPanel(QWidget* parent)
    : QWidget(parent)
    , m_title(new ElidingLabel(Qt::ElideMiddle, this))
    , m_verdict(new QComboBox(this))
    , m_tags(new QLineEdit(this))
    , m_tagWords(new QStringListModel(this))
    , m_changed(new QLabel(this))
    , m_message(new QLabel(this))
    , m_saveState(new QLabel(this))
    , m_noteTabs(new QTabWidget(this))
    , m_note(new QPlainTextEdit(this))
    , m_preview(new MarkdownView(this))
    , m_comments(new QTreeWidget(this))
    , m_deleteComment(new QToolButton(this))
    , m_hint(new ElidingLabel(Qt::ElideRight, this))
{
    setObjectName(QStringLiteral("annotationPanel"));
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("annotationSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(buildVerdictColumn());
    splitter->addWidget(buildNoteColumn());
    splitter->addWidget(buildCommentColumn());
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 5);
    splitter->setSizes({280, 380, 640});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(splitter);

    m_noteTimer.setSingleShot(true);
    m_noteTimer.setInterval(NoteDebounceMs);
    connect(&m_noteTimer, &QTimer::timeout, this, [this] { setNote(m_note->toPlainText()); });
    setStore(nullptr);
    quietLabels();
}

// Secondary text (who changed it, the hint) recedes; derived from the palette so both themes
// work. (PlaceholderText is not filled in by every platform palette in Qt 5.)
void AnnotationPanel::quietLabels()
{
    for (QLabel* label : {m_changed, static_cast<QLabel*>(m_hint)}) {
        QPalette quiet = palette();
        quiet.setColor(QPalette::WindowText, blendColors(palette().color(QPalette::WindowText), palette().color(QPalette::Window), 0.3));
        label->setPalette(quiet);
    }
    // A problem reads in red, bright enough on a dark window too.
    QPalette message = palette();
    if (m_messageIsProblem) {
        message.setColor(QPalette::WindowText, problemTextColor(message));
    }
    m_message->setPalette(message);
}

AnnotationPanel::~AnnotationPanel() = default;

QWidget* AnnotationPanel::buildVerdictColumn()
{
    auto* column = new QWidget(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);

    m_verdict->setObjectName(QStringLiteral("verdictBox"));
    // Wide enough for every title: a verdict is never shown cut off (the column keeps that room;
    // the note and the comments give way first).
    m_verdict->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_verdict->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_verdict->setToolTip(tr("Verdict: keys 1–6 set it, 0 or Backspace clears it (Review menu)"));
    m_verdict->addItem(tr("Not reviewed  (0)"), int(Verdict::None));
    for (const VerdictInfo& info : verdictVocabulary()) {
        m_verdict->addItem(QStringLiteral("%1  (%2)").arg(info.title, QChar(info.key)), int(info.verdict));
        m_verdict->setItemData(m_verdict->count() - 1, info.description, Qt::ToolTipRole);
    }
    connect(m_verdict, QOverload<int>::of(&QComboBox::activated), this, [this] { setVerdict(Verdict(m_verdict->currentData().toInt())); });

    m_tags->setObjectName(QStringLiteral("tagsEdit"));
    m_tags->setPlaceholderText(tr("tags, separated by commas"));
    m_tags->setClearButtonEnabled(true);
    auto* completer = new TagCompleter(m_tagWords, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_tags->setCompleter(completer);
    connect(m_tags, &QLineEdit::editingFinished, this, [this] { setTags(m_tags->text()); });

    m_changed->setObjectName(QStringLiteral("annotationChanged"));
    m_changed->setWordWrap(true);
    m_message->setObjectName(QStringLiteral("annotationMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();
    m_saveState->setObjectName(QStringLiteral("annotationSaveState"));
    m_saveState->setTextFormat(Qt::PlainText);

    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Verdict:"), m_verdict);
    form->addRow(tr("&Tags:"), m_tags);
    auto* layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* titleRow = new QHBoxLayout;
    titleRow->addWidget(m_title, 1);
    titleRow->addWidget(m_saveState);
    layout->addLayout(titleRow);
    layout->addLayout(form);
    layout->addWidget(m_changed);
    layout->addWidget(m_message);
    layout->addStretch(1);
    return column;
}

QWidget* AnnotationPanel::buildNoteColumn()
{
    m_note->setObjectName(QStringLiteral("noteEdit"));
    m_note->setPlaceholderText(tr("Note (Markdown). C puts the cursor here, Esc goes back to the cases."));
    m_note->setTabChangesFocus(true);
    m_note->installEventFilter(this);
    connect(m_note, &QPlainTextEdit::textChanged, this, [this] { m_noteTimer.start(); });
    m_preview->setObjectName(QStringLiteral("notePreview"));
    m_noteTabs->setObjectName(QStringLiteral("noteTabs"));
    m_noteTabs->setDocumentMode(true);
    m_noteTabs->addTab(m_note, tr("Note"));
    m_noteTabs->addTab(m_preview, tr("Preview"));
    connect(m_noteTabs, &QTabWidget::currentChanged, this, [this](int tab) {
        if (tab == 1)
            showPreview();
    });
    return m_noteTabs;
}

QWidget* AnnotationPanel::buildCommentColumn()
{
    auto* column = new QWidget(this);
    m_comments->setObjectName(QStringLiteral("commentList"));
    m_comments->setHeaderLabels({tr("State"), tr("Comment"), tr("Where"), tr("Line text"), tr("By")});
    m_comments->setRootIsDecorated(false);
    m_comments->setUniformRowHeights(true);
    m_comments->setAlternatingRowColors(true);
    m_comments->header()->setStretchLastSection(false);
    m_comments->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The comment comes first with a fixed start width: long titles or code must not push it
    // out of sight (the rest scrolls; every cell has its full text as tooltip).
    m_comments->header()->setSectionResizeMode(CommentColumn, QHeaderView::Interactive);
    m_comments->header()->resizeSection(CommentColumn, 260);
    m_comments->header()->setSectionResizeMode(LineTextColumn, QHeaderView::Interactive);
    m_comments->header()->resizeSection(LineTextColumn, 180);
    m_comments->installEventFilter(this);
    m_deleteComment->setObjectName(QStringLiteral("deleteComment"));
    m_deleteComment->setText(tr("Delete comment"));
    m_deleteComment->setToolTip(tr("Delete the selected line comment (Delete)"));
    m_deleteComment->setEnabled(false);
    connect(m_deleteComment, &QToolButton::clicked, this, &AnnotationPanel::deleteSelectedComment);
    connect(m_comments, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QString id = item->data(StateColumn, CommentIdRole).toString();
        for (const LineComment& c : qAsConst(m_annotation.comments)) {
            if (c.id == id && commentState(c) != AnchorState::Missing)
                Q_EMIT commentActivated(c.anchor);
        }
    });
    connect(m_comments, &QTreeWidget::itemSelectionChanged, this,
        [this] { m_deleteComment->setEnabled(!m_comments->selectedItems().isEmpty()); });

    // The key first: where the column is narrow the rest is elided (whole text as tooltip), never
    // the key, and the label asks for no more than the key's room (a wider minimum would squeeze
    // the case list at scale 1.5).
    const QString key = CodeView::commentShortcut().toString(QKeySequence::NativeText);
    m_hint->setObjectName(QStringLiteral("commentHint"));
    m_hint->setFullText(tr("%1 or right-click a line of code: line comment").arg(key));
    m_hint->setMinimumWidth(m_hint->fontMetrics().horizontalAdvance(key + QStringLiteral(" …")) + 2 * m_hint->margin());
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_hint, 1);
    bar->addWidget(m_deleteComment);
    auto* layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_comments, 1);
    return column;
}

void AnnotationPanel::setEditor(AnnotationEditor* editor)
{
    m_editor = editor;
    connect(m_editor, &AnnotationEditor::applied, this, &AnnotationPanel::showApplied);
}

void AnnotationPanel::setStore(AnnotationStore* store)
{
    if (m_store)
        disconnect(m_store, &AnnotationStore::saveStateChanged, this, nullptr);
    m_store = store;
    m_saveState->clear();
    if (m_store)
        connect(m_store, &AnnotationStore::saveStateChanged, this, &AnnotationPanel::showSaveState);
    m_caseName.clear();
    m_annotation = {};
    m_versions.clear();
    m_versionsKnown = false;
    showMessage({}, false);
    updateTagCompletions();
    showAnnotation(true);
}

void AnnotationPanel::setCase(const QString& caseName)
{
    if (caseName == m_caseName)
        return;
    commitPendingEdits();
    m_caseName = caseName;
    ++m_noteSession;
    m_annotation = m_store && !caseName.isEmpty() ? m_store->annotation(caseName) : CaseAnnotation();
    m_versions.clear();
    m_versionsKnown = false;
    if (!m_messageIsProblem)
        showMessage({}, false);
    showAnnotation(true);
}

void AnnotationPanel::setCaseVersions(const QVector<ShownVersion>& versions)
{
    m_versions.clear();
    for (const ShownVersion& v : versions)
        m_versions.insert(v.id, v);
    m_versionsKnown = true;
    showComments();
}

std::optional<QString> AnnotationPanel::versionText(const QString& id) const
{
    const auto it = m_versions.constFind(id);
    if (it == m_versions.cend())
        return std::nullopt;
    return it->text;
}

AnchorState AnnotationPanel::commentState(const LineComment& comment) const
{
    return anchorState(comment.anchor, versionText(comment.anchor.versionId));
}

bool AnnotationPanel::save(const QString& stepText, const CaseAnnotation& next, const QString& mergeKey)
{
    if (!m_store || !m_editor || m_caseName.isEmpty())
        return false;
    // An old problem goes now; a conflict reported during this write must stay visible.
    if (m_messageIsProblem)
        showMessage({}, false);
    // Never waits: while another writer holds the lock the store retries from a timer, and
    // showSaveState() follows it. On failure the store still holds the change and writes it with
    // the next save. The editor's applied() brings the stored state back here (showApplied).
    const QString caseName = m_caseName;
    const bool ok = m_editor->change(stepText, annotationEdits(caseName, m_annotation, normalizedAnnotation(next)), mergeKey);
    Q_EMIT annotationChanged(caseName, m_annotation);
    return ok;
}

// A step was done or undone (here, by a verdict key, or by Undo/Redo): show what is stored now.
void AnnotationPanel::showApplied(const QStringList& caseNames)
{
    if (!m_store || m_caseName.isEmpty() || !caseNames.contains(m_caseName))
        return;
    m_annotation = m_store->annotation(m_caseName);
    updateTagCompletions();
    // The note is replaced only when the step changed it: never while it is being typed, and never
    // by its own text (that would move the cursor).
    showAnnotation(!m_noteTimer.isActive() && m_note->toPlainText() != m_annotation.note);
}

bool AnnotationPanel::setVerdict(Verdict verdict)
{
    commitPendingEdits();
    if (verdict == m_annotation.verdict)
        return true;
    CaseAnnotation next = m_annotation;
    next.verdict = verdict;
    return save(verdict == Verdict::None ? tr("Clear verdict of %1").arg(m_caseName) : tr("Set verdict on %1").arg(m_caseName), next);
}

bool AnnotationPanel::setTags(const QString& typed)
{
    const QStringList tags = normalizedTags(typed);
    if (tags == m_annotation.tags) {
        m_tags->setText(tags.join(QStringLiteral(", "))); // tidy what was typed
        return true;
    }
    CaseAnnotation next = m_annotation;
    next.tags = tags;
    return save(tr("Edit tags of %1").arg(m_caseName), next);
}

bool AnnotationPanel::setNote(const QString& markdown)
{
    m_noteTimer.stop();
    if (markdown == m_annotation.note)
        return true;
    CaseAnnotation next = m_annotation;
    next.note = markdown;
    if (m_note->toPlainText() != markdown) {
        const QSignalBlocker blocker(m_note);
        m_note->setPlainText(markdown);
    }
    return save(tr("Edit note of %1").arg(m_caseName), next, QStringLiteral("note:%1:%2").arg(m_caseName).arg(m_noteSession));
}

bool AnnotationPanel::addLineComment(const LineAnchor& anchor, const QString& text)
{
    if (text.trimmed().isEmpty())
        return false;
    commitPendingEdits();
    LineComment comment;
    comment.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    comment.anchor = anchor;
    comment.text = text.trimmed();
    comment.author = Settings::instance()->author();
    comment.created = QDateTime::currentDateTimeUtc();
    CaseAnnotation next = m_annotation;
    next.comments.append(comment);
    return save(tr("Add comment on line %1 of %2").arg(anchor.line + 1).arg(m_caseName), next);
}

bool AnnotationPanel::removeLineComment(const QString& commentId)
{
    CaseAnnotation next = m_annotation;
    const auto it
        = std::find_if(next.comments.begin(), next.comments.end(), [&commentId](const LineComment& c) { return c.id == commentId; });
    if (it == next.comments.end())
        return false;
    const int line = it->anchor.line + 1;
    next.comments.erase(it);
    return save(tr("Delete comment on line %1 of %2").arg(line).arg(m_caseName), next);
}

void AnnotationPanel::deleteSelectedComment()
{
    const QList<QTreeWidgetItem*> selected = m_comments->selectedItems();
    if (!selected.isEmpty())
        removeLineComment(selected.first()->data(StateColumn, CommentIdRole).toString());
}

void AnnotationPanel::commitPendingEdits()
{
    if (!m_store || m_caseName.isEmpty())
        return;
    if (m_noteTimer.isActive() || m_note->toPlainText() != m_annotation.note)
        setNote(m_note->toPlainText());
    if (normalizedTags(m_tags->text()) != m_annotation.tags)
        setTags(m_tags->text());
}

void AnnotationPanel::refreshFromStore()
{
    if (!m_store)
        return;
    m_annotation = m_caseName.isEmpty() ? CaseAnnotation() : m_store->annotation(m_caseName);
    updateTagCompletions();
    // A note still being typed stays; it is merged with theirs when it is written.
    showAnnotation(!m_noteTimer.isActive());
}

void AnnotationPanel::focusNote()
{
    m_noteTabs->setCurrentWidget(m_note);
    m_note->setFocus(Qt::ShortcutFocusReason);
    m_note->moveCursor(QTextCursor::End);
}

void AnnotationPanel::showMessage(const QString& text, bool problem)
{
    m_messageIsProblem = problem && !text.isEmpty();
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    quietLabels();
    if (!text.isEmpty())
        Q_EMIT message(text);
}

void AnnotationPanel::showSaveState(AnnotationStore::SaveState state, const QString& message)
{
    switch (state) {
    case AnnotationStore::SaveState::Saving:
        m_saveState->setText(tr("Saving…"));
        m_saveState->setToolTip(message);
        break;
    case AnnotationStore::SaveState::Saved:
        m_saveState->setText(tr("Saved"));
        m_saveState->setToolTip(tr("Written to %1").arg(m_store ? m_store->location().path : QString()));
        break;
    case AnnotationStore::SaveState::Failed:
        m_saveState->setText(tr("NOT saved"));
        m_saveState->setToolTip(message);
        showMessage(tr("Annotation NOT saved: %1").arg(message), true);
        break;
    }
}

QString AnnotationPanel::saveStateText() const
{
    return m_saveState->text();
}

QString AnnotationPanel::messageText() const
{
    return m_message->text();
}

void AnnotationPanel::showAnnotation(bool includeNote)
{
    const bool active = m_store && !m_caseName.isEmpty();
    setEnabled(active);
    m_title->setFullText(
        active ? tr("Review · %1").arg(m_caseName) : (m_store ? tr("Review · no case selected") : tr("Review · no run open")));
    m_verdict->setCurrentIndex(std::max(0, m_verdict->findData(int(m_annotation.verdict))));
    m_verdict->setItemIcon(0, verdictIcon(Verdict::None, palette()));
    for (int i = 1; i < m_verdict->count(); ++i)
        m_verdict->setItemIcon(i, verdictIcon(Verdict(m_verdict->itemData(i).toInt()), palette()));
    if (!m_tags->hasFocus() || normalizedTags(m_tags->text()) == m_annotation.tags)
        m_tags->setText(m_annotation.tags.join(QStringLiteral(", ")));
    if (includeNote) {
        m_noteTimer.stop();
        const QSignalBlocker blocker(m_note);
        m_note->setPlainText(m_annotation.note);
    }
    if (m_noteTabs->currentIndex() == 1)
        showPreview();
    showComments();
    showChanged();
}

void AnnotationPanel::showChanged()
{
    if (m_annotation.isEmpty() || !m_annotation.modified.isValid()) {
        m_changed->setText(m_caseName.isEmpty() ? QString() : tr("Not annotated yet."));
        return;
    }
    m_changed->setText(tr("Last changed by %1, %2").arg(m_annotation.author, localTime(m_annotation.modified)));
}

void AnnotationPanel::showPreview()
{
    if (m_note->toPlainText().trimmed().isEmpty())
        m_preview->setPlainMessage(tr("No note yet."));
    else
        m_preview->setMarkdownText(m_note->toPlainText());
}

void AnnotationPanel::showComments()
{
    const QString selected = m_comments->currentItem() ? m_comments->currentItem()->data(StateColumn, CommentIdRole).toString() : QString();
    m_comments->clear();
    const QColor staleBackground = tinted(palette(), staleHue(), 0.3);
    for (const LineComment& c : qAsConst(m_annotation.comments)) {
        const auto version = m_versions.constFind(c.anchor.versionId);
        const QString where
            = tr("%1 · line %2").arg(version != m_versions.cend() ? version->title : c.anchor.versionId).arg(c.anchor.line + 1);
        auto* item = new QTreeWidgetItem(m_comments,
            {m_versionsKnown ? stateTitle(commentState(c)) : QStringLiteral("…"), c.text.simplified(), where, c.anchor.lineText.trimmed(),
                c.author});
        item->setToolTip(WhereColumn, where);
        item->setData(StateColumn, CommentIdRole, c.id);
        item->setToolTip(CommentColumn, c.text);
        item->setToolTip(LineTextColumn, c.anchor.lineText);
        item->setToolTip(ByColumn, QStringLiteral("%1, %2").arg(c.author, localTime(c.created)));
        if (m_versionsKnown) {
            const AnchorState state = commentState(c);
            item->setToolTip(StateColumn, stateTip(state));
            if (state != AnchorState::Current) {
                QFont italic = item->font(StateColumn);
                italic.setItalic(true);
                for (int col = StateColumn; col <= ByColumn; ++col) {
                    item->setFont(col, italic);
                    item->setBackground(col, staleBackground);
                }
            }
        }
        if (c.id == selected)
            m_comments->setCurrentItem(item);
    }
    m_deleteComment->setEnabled(!m_comments->selectedItems().isEmpty());
}

void AnnotationPanel::updateTagCompletions()
{
    QStringList words;
    QSet<QString> seen;
    if (m_store) {
        for (const CaseAnnotation& a : m_store->annotations()) {
            for (const QString& tag : a.tags) {
                if (!seen.contains(tag)) {
                    seen.insert(tag);
                    words << tag;
                }
            }
        }
    }
    words.sort(Qt::CaseInsensitive);
    m_tagWords->setStringList(words);
}

bool AnnotationPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_note && event->type() == QEvent::FocusOut)
        commitPendingEdits();
    if (watched == m_note && event->type() == QEvent::FocusIn)
        ++m_noteSession;
    if (watched == m_comments && event->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Delete) {
        deleteSelectedComment();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void AnnotationPanel::changeEvent(QEvent* event)
{
    // Icons and the stale tint are drawn from the palette.
    if (event->type() == QEvent::PaletteChange) {
        quietLabels();
        showAnnotation(false);
    }
    QWidget::changeEvent(event);
}

} // namespace krw
