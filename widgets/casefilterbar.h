// SPDX-License-Identifier: MIT
#pragma once

#include "casesearch.h"
#include "rundata.h"

#include <QSet>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace krw {

// The controls above the case tree: which outcomes, which best stage, and a search box whose
// scope says where to look. Typing is debounced (300 ms) before anything runs.
class CaseFilterBar : public QWidget
{
    Q_OBJECT
public:
    explicit CaseFilterBar(QWidget* parent = nullptr);

    QSet<Outcome> outcomes() const;
    QSet<Stage> bestStages() const;
    SearchQuery query() const;
    void setBusy(bool busy, const QString& message = {});
    void focusSearch();
    QLineEdit* searchEdit() const { return m_search; }

Q_SIGNALS:
    void outcomesChanged();
    void queryChanged(); // debounced

private:
    QComboBox* m_outcome;
    QComboBox* m_best;
    QComboBox* m_scope;
    QLineEdit* m_search;
    QCheckBox* m_regex;
    QLabel* m_status;
    QTimer m_debounce;
};

} // namespace krw
