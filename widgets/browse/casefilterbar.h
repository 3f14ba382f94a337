// SPDX-License-Identifier: MIT
#pragma once

#include "models/browse/casesearch.h"
#include "models/rerun/latestrerun.h"
#include "models/run/rundata.h"

#include <QSet>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace krw {

class CaseFilterProxy;

// The controls above the case tree: which outcomes, which best stage, the newest rerun, lint hints, a search box whose
// scope says where to look, and the review progress with an "unreviewed only" switch. Typing is
// debounced (300 ms) before anything runs. Under the box a line says how the search goes:
// "Searching… 40%", then "457 cases match" (the wording is this class's, in one place).
class CaseFilterBar : public QWidget
{
    Q_OBJECT
public:
    explicit CaseFilterBar(QWidget* parent = nullptr);
    // Every choice made here narrows proxy from now on: outcomes, best stage, newest rerun, hints,
    // unreviewed only and the failure group (filterToGroup).
    void setProxy(CaseFilterProxy* proxy);

    QSet<Outcome> outcomes() const;
    QSet<Stage> bestStages() const;
    RerunFilter rerunFilter() const;
    // For CaseFilterProxy::setHintFilter: "" (all), CaseFilterProxy::anyHint() or a check's name.
    QString hintFilter() const;
    SearchQuery query() const;
    void focusSearch();
    // The search line under the box.
    void showSearchProgress(int searched, int total);
    void showMatchCount(int matches);
    void showSearchProblem(const QString& problem);
    void clearSearchStatus();
    // While the run's search index is built the box's placeholder says so (searches typed meanwhile
    // read the texts, slower); then it is the usual one again.
    void showIndexing(int indexed, int total);
    void showIndexReady();
    void showIndexFailed(const QString& reason); // searches read the files, slower
    static QString indexingText(int indexed, int total); // the placeholder while indexing
    static QString searchProgressText(int searched, int total); // "Searching… 40%"
    static QString matchCountText(int matches); // "No case matches", "1 case matches", "457 cases match"

    QLineEdit* searchEdit() const { return m_search; }
    bool unreviewedOnly() const;
    QCheckBox* unreviewedOnlyBox() const { return m_unreviewed; }
    // "Reviewed R / T": cases with a verdict, of the run's cases.
    void setReviewedCount(int reviewed, int total);
    QLabel* reviewedLabel() const { return m_reviewed; }
    // The failure group the tree is narrowed to (the Failures view): a line "Group (N cases): <signature>"
    // with a button that clears it (groupFilterCleared); hidden when there is none.
    void showGroupFilter(const QString& signature, int cases);
    void hideGroupFilter();
    bool hasGroupFilter() const;
    // Only these cases in the proxy, under the group's line, until clearGroup() or its button.
    void filterToGroup(const QString& signature, const QStringList& cases);
    void clearGroup();
    QLabel* groupFilterLabel() const { return m_group; }
    QToolButton* clearGroupButton() const { return m_clearGroup; }

Q_SIGNALS:
    void outcomesChanged();
    void rerunFilterChanged();
    void hintFilterChanged();
    void queryEdited(); // at once, on every change of the text, scope or regex switch
    void queryChanged(); // debounced: the query to search now
    void unreviewedOnlyChanged(bool on);
    void groupFilterCleared(); // the user cleared the group filter

private:
    QComboBox* m_outcome;
    QComboBox* m_best;
    QComboBox* m_rerun;
    QComboBox* m_hints;
    QComboBox* m_scope;
    QLineEdit* m_search;
    QCheckBox* m_regex;
    QLabel* m_status;
    QCheckBox* m_unreviewed;
    QLabel* m_reviewed;
    CaseFilterProxy* m_proxy = nullptr;
    QLabel* m_group;
    QToolButton* m_clearGroup;
    QTimer m_debounce;
};

} // namespace krw
