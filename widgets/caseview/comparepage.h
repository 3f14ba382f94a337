// SPDX-License-Identifier: MIT
#pragma once

#include "models/diff/linediff.h"
#include "models/run/casetexts.h"
#include "models/run/caseversions.h"

#include <QPair>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;

namespace krw {

class DiffView;
class JobTracker;
class SyntaxSupport;

// Two version choosers over one side-by-side diff. Diffs are computed on a worker thread; only
// the newest request's result is shown.
class ComparePage : public QWidget
{
    Q_OBJECT
public:
    // One diff between two versions of a case, as a worker computes it: the ids and options it
    // was asked for, the texts it compared, and the result (or the message that replaces it).
    struct Diff
    {
        QString leftId;
        QString rightId;
        DiffOptions options;
        QString left;
        QString right;
        DiffResult result;
        QString status; // set when there was nothing to compare
    };

    explicit ComparePage(SyntaxSupport* syntax, QWidget* parent = nullptr);

    void setCase(const CaseTexts& texts, const QVector<CodeVersion>& versions);
    void compare(const QString& leftId, const QString& rightId);
    void chooseDefaultPair();
    // setCase and chooseDefaultPair with the default pair's diff already computed (by CaseView's
    // reader, so that opening a case is one trip to a worker, not two). A diff computed with other
    // options than the page's current ones is computed again.
    void setCase(const CaseTexts& texts, const QVector<CodeVersion>& versions, const Diff& defaultDiff);

    // Pure, safe on a worker thread. What a reviewer usually wants first: the fix against what it
    // fixed, else the newest change. Empty ids when the case has no version.
    static QPair<QString, QString> defaultPair(const CaseTexts& texts, const QVector<CodeVersion>& versions);
    static Diff computeDiff(const CaseTexts& texts, const QVector<CodeVersion>& versions, const QString& leftId, const QString& rightId,
        const DiffOptions& options);
    // The options the page diffs with now (Settings owns them). UI thread only.
    static DiffOptions currentOptions();
    QString leftId() const;
    QString rightId() const;
    DiffView* diffView() const { return m_diffView; }
    bool isComputing() const;
    // What a limit of the character diff left coarse in the diff shown (DiffResult::roughRows),
    // as the page says it; empty when every changed line has its own character marks.
    QString roughNote() const;
    QString statusText() const; // the line above the diff: "3 changes", "Comparing…"; empty when the view says why not

Q_SIGNALS:
    void diffShown(); // the newest requested diff is on screen

private:
    void requestDiff();
    void showDiff(const Diff& diff);
    void fillChooser(QComboBox* chooser);
    void choose(const QString& leftId, const QString& rightId);

    SyntaxSupport* m_syntax;
    CaseTexts m_texts;
    QVector<CodeVersion> m_versions;
    QComboBox* m_left;
    QComboBox* m_right;
    QCheckBox* m_ignoreWhitespace;
    QLabel* m_status;
    QLabel* m_rough; // "character marks coarse on N lines", hidden when none
    DiffView* m_diffView;
    JobTracker* m_diffJob; // the diff of the versions chosen, on a worker
};

} // namespace krw
