// SPDX-License-Identifier: MIT
#include "review/reviewcontroller.h"

#include "browse/casefilterbar.h"
#include "browse/casetreemodel.h"
#include "caseview/caseview.h"
#include "code/codeview.h"
#include "review/annotationpanel.h"
#include "review/annotationstore.h"
#include "settings/settings.h"

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QInputDialog>
#include <QLabel>

namespace krw {

ReviewController::ReviewController(
    AnnotationPanel* panel, CaseView* caseView, CaseTreeModel* model, CaseFilterBar* filterBar, QWidget* window)
    : QObject(window)
    , m_panel(panel)
    , m_caseView(caseView)
    , m_model(model)
    , m_filterBar(filterBar)
    , m_window(window)
    , m_location(new QLabel(window))
{
    m_location->setObjectName(QStringLiteral("annotationLocation"));
    m_location->setTextFormat(Qt::PlainText);
    m_location->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_location->hide();

    connect(m_panel, &AnnotationPanel::annotationChanged, this, &ReviewController::annotationsChanged);
    connect(m_panel, &AnnotationPanel::message, this, [this](const QString& text) { Q_EMIT statusMessage(text, 15000); });
    connect(m_panel, &AnnotationPanel::commentActivated, this, [this](const LineAnchor& anchor) {
        if (!m_caseView->showVersionLine(anchor.versionId, anchor.line + 1))
            Q_EMIT statusMessage(tr("This case has no version %1 any more.").arg(anchor.versionId), 5000);
    });
    connect(m_caseView, &CaseView::lineCommentRequested, this, &ReviewController::commentOnLine);
    connect(m_caseView, &CaseView::caseShown, this, &ReviewController::showCaseVersions);
    m_commentPrompt = [this](const QString& where) -> std::optional<QString> {
        bool ok = false;
        const QString text
            = QInputDialog::getMultiLineText(m_window, tr("Line comment"), tr("Comment on %1 (Markdown):").arg(where), {}, &ok);
        return ok ? std::optional<QString>(text) : std::nullopt;
    };
}

ReviewController::~ReviewController() = default;

void ReviewController::openRun(const RunPtr& run)
{
    m_run = run;
    m_panel->commitPendingEdits();
    m_panel->setStore(nullptr);
    if (m_store)
        m_store->deleteLater();
    m_store = new AnnotationStore(AnnotationStore::locate(*run), run->name, this);
    QString error;
    if (!m_store->load(&error))
        m_panel->showMessage(tr("Annotations could not be read: %1").arg(error), true);
    else if (!m_store->problems().isEmpty())
        m_panel->showMessage(
            tr("%1 annotation entr(ies) skipped: %2").arg(m_store->problems().size()).arg(m_store->problems().first()), true);
    const AnnotationStore::Location& where = m_store->location();
    m_location->setText(tr("Annotations are kept in %1 (run folder is read-only)").arg(QDir::toNativeSeparators(where.path)));
    m_location->setToolTip(m_location->text());
    m_location->setVisible(where.fallback);
    connect(m_store, &AnnotationStore::changedExternally, this, [this](const QStringList& names) {
        m_panel->refreshFromStore();
        annotationsChanged();
        Q_EMIT statusMessage(tr("Annotations changed in another window: %1").arg(names.join(QStringLiteral(", "))), 15000);
    });
    connect(m_store, &AnnotationStore::conflict, this, [this](const QString& caseName, const QString& message) {
        m_panel->refreshFromStore();
        annotationsChanged();
        const QString text = tr("Conflict on %1: %2").arg(caseName, message);
        m_panel->showMessage(text, true);
        Q_EMIT statusMessage(text, 30000);
    });
    connect(m_store, &AnnotationStore::warning, this, [this](const QString& message) {
        m_panel->showMessage(message, true);
        Q_EMIT statusMessage(message, 30000);
    });
    m_panel->setStore(m_store);
    annotationsChanged();
}

void ReviewController::showCase(const QString& caseName)
{
    m_panel->setCase(caseName);
    m_caseView->setLineComments(m_panel->annotation().comments);
}

// The case's texts are in the views: comments are judged against the versions shown.
void ReviewController::showCaseVersions()
{
    QVector<AnnotationPanel::ShownVersion> versions;
    for (const CodeVersion& v : m_caseView->versions())
        versions.append({v.id(), v.title(), m_caseView->texts().text(v.id())});
    m_panel->setCaseVersions(versions);
    m_caseView->setLineComments(m_panel->annotation().comments);
}

// After any change: the tree's icons, the count, the markers in the code.
void ReviewController::annotationsChanged()
{
    const AnnotationMap all = m_store ? m_store->annotations() : AnnotationMap();
    m_model->setAnnotations(all);
    int reviewed = 0;
    if (m_run) {
        for (const Case& c : m_run->cases)
            reviewed += all.value(c.filename).isReviewed() ? 1 : 0;
    }
    m_filterBar->setReviewedCount(reviewed, m_run ? int(m_run->cases.size()) : 0);
    m_caseView->setLineComments(m_panel->annotation().comments);
}

void ReviewController::applyVerdict(Verdict verdict, const QVector<int>& cases)
{
    if (!m_run || !m_store)
        return;
    QStringList failed;
    for (int index : cases) {
        const QString name = m_run->cases.at(index).filename;
        if (name == m_panel->caseName()) {
            if (!m_panel->setVerdict(verdict))
                failed << name;
            continue;
        }
        CaseAnnotation annotation = m_store->annotation(name);
        if (annotation.verdict == verdict)
            continue;
        annotation.verdict = verdict;
        annotation.author = Settings::instance()->author();
        annotation.modified = QDateTime::currentDateTimeUtc();
        // Never waits for the lock: the store retries from a timer and the panel shows how it went.
        m_store->save(name, annotation);
        if (m_store->saveState() == AnnotationStore::SaveState::Failed) {
            failed << name;
            m_panel->showMessage(tr("Verdict of %1 NOT saved: %2").arg(name, m_store->saveError()), true);
        }
    }
    annotationsChanged();
    if (!failed.isEmpty() || m_panel->showsProblem())
        return; // a failure or conflict is in the panel and the status bar; it must stay readable
    const QString what = verdictInfo(verdict).title;
    Q_EMIT statusMessage(cases.size() == 1 ? tr("%1: %2").arg(m_run->cases.at(cases.first()).filename, what)
                                           : tr("%1: %2 cases").arg(what).arg(cases.size()),
        4000);
}

void ReviewController::commentOnLine(const LineAnchor& anchor, const QString& where)
{
    if (!m_store || m_panel->caseName().isEmpty())
        return;
    const std::optional<QString> text = m_commentPrompt ? m_commentPrompt(where) : std::nullopt;
    if (!text || text->trimmed().isEmpty())
        return;
    if (m_panel->addLineComment(anchor, *text))
        Q_EMIT statusMessage(tr("Comment saved on %1").arg(where), 4000);
}

void ReviewController::commentOnFocusedLine()
{
    auto* view = qobject_cast<CodeView*>(QApplication::focusWidget());
    if (!view || !view->requestLineComment(view->textCursor().blockNumber()))
        Q_EMIT statusMessage(tr("Put the cursor on a line of code first (click into the code)."), 4000);
}

void ReviewController::focusNote()
{
    m_panel->focusNote();
}

void ReviewController::commitPendingEdits()
{
    m_panel->commitPendingEdits();
}

} // namespace krw
