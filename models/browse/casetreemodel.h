// SPDX-License-Identifier: MIT
#pragma once

#include "models/lint/linthint.h"
#include "models/rerun/latestrerun.h"
#include "models/review/annotations.h"
#include "models/run/rundata.h"

#include <QAbstractItemModel>

#include <functional>

namespace krw {

// Cases grouped by their latest outcome, failures first. Group rows carry the outcome and a
// count; case rows carry the case's index in the run. Colours and icons are the view's business:
// this model exposes semantic roles only.
class CaseTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Columns { NameColumn, LatestColumn, BestColumn, HintsColumn, RerunColumn, IterationsColumn, NUM_COLUMNS };
    enum Roles {
        SortRole = Qt::UserRole,
        IsGroupRole,
        OutcomeRole, // int(Outcome): the group's, or the case's latest
        BestStageRole, // int(Stage), case rows
        CaseIndexRole, // index into Run::cases, case rows
        FilenameRole,
        GroupCaseCountRole, // group rows: cases in the group
        VerdictRole, // int(Verdict), case rows (Verdict::None when not reviewed)
        RerunLevelRole, // QString, case rows: the newest rerun's VerdictLevel, "" when never rerun
        HintCountRole, // int, case rows: its lint hints (docs/LINT.md); -1 until they are computed
        HintChecksRole, // QStringList, case rows: the checks that fired, each once
    };

    explicit CaseTreeModel(QObject* parent = nullptr);

    void setRun(RunPtr run);
    const RunPtr& run() const { return m_run; }

    // The run's annotations, for VerdictRole and the tooltip. Rows change in place (dataChanged),
    // so selection and expansion survive a verdict.
    void setAnnotations(const AnnotationMap& annotations);

    // Each case's newest rerun (the Rerun column, its filter and sort), read off the UI thread when a
    // run opens; one case's when a rerun of it ends. Rows change in place (dataChanged).
    void setLatestReruns(const LatestReruns& reruns);
    void setLatestRerun(const QString& filename, const LatestRerun& rerun);
    const LatestReruns& latestReruns() const { return m_reruns; }

    // Every case's lint hints by case index (Linter::lintRun), computed off the UI thread after the
    // tree shows; the Hints column is empty until they come. Rows change in place (dataChanged).
    void setHints(const QVector<LintHints>& hints);
    bool hasHints() const { return m_run && m_hints.size() == m_run->cases.size(); }

    // The index of a case by filename, or invalid.
    QModelIndex indexOfCase(const QString& filename) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Order of the groups: what needs attention first.
    static const QVector<Outcome>& groupOrder();

private:
    struct Group
    {
        Outcome outcome;
        QVector<int> cases; // indexes into m_run->cases
    };
    QVariant groupData(const Group& group, int column, int role) const;
    static bool hasClaimWarnings(const Case& c); // its newest iteration's speedup is warned about
    QVariant caseData(const Case& c, int caseIndex, int column, int role) const;
    int hintCount(int caseIndex) const; // -1 until computed
    QString hintsToolTip(int caseIndex) const;
    // dataChanged for the case rows whose filename changed() names: one signal per group, from its
    // first changed row to its last. A group with none changed gets no signal (a 10,000-case run whose
    // reruns or verdicts are read when it opens, most of them none, must not make the proxy and the
    // tree look at every row again). Scattered changes must not become one signal each either: each
    // single-row signal makes the tree size its columns to their contents again (1,000 rows laid out),
    // and 1,000 saved reruns read at open froze the window for 32 s.
    void emitCasesChanged(int firstColumn, int lastColumn, const QVector<int>& roles, const std::function<bool(const QString&)>& changed);

    RunPtr m_run;
    QVector<Group> m_groups;
    AnnotationMap m_annotations;
    LatestReruns m_reruns;
    QVector<LintHints> m_hints; // by case index; empty until computed
};

} // namespace krw
