// SPDX-License-Identifier: MIT
#pragma once

#include "diff/linediff.h"
#include "run/casetexts.h"
#include "run/caseversions.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;

namespace krw {

class DiffView;
class SyntaxSupport;

// Two version choosers over one side-by-side diff. Diffs are computed on a worker thread; only
// the newest request's result is shown.
class ComparePage : public QWidget
{
    Q_OBJECT
public:
    explicit ComparePage(SyntaxSupport* syntax, QWidget* parent = nullptr);

    void setCase(const CaseTexts& texts, const QVector<CodeVersion>& versions);
    void compare(const QString& leftId, const QString& rightId);
    void chooseDefaultPair();
    QString leftId() const;
    QString rightId() const;
    DiffView* diffView() const { return m_diffView; }
    bool isComputing() const { return m_computing; }
    // What a limit of the character diff left coarse in the diff shown (DiffResult::roughRows),
    // as the page says it; empty when every changed line has its own character marks.
    QString roughNote() const;

Q_SIGNALS:
    void diffShown(); // the newest requested diff is on screen

private:
    void requestDiff();
    void showDiff(quint64 generation, const DiffResult& result, const QString& left, const QString& right);
    void fillChooser(QComboBox* chooser);
    const CodeVersion* version(const QString& id) const;

    SyntaxSupport* m_syntax;
    CaseTexts m_texts;
    QVector<CodeVersion> m_versions;
    QComboBox* m_left;
    QComboBox* m_right;
    QCheckBox* m_ignoreWhitespace;
    QLabel* m_status;
    QLabel* m_rough; // "character marks coarse on N lines", hidden when none
    DiffView* m_diffView;
    quint64 m_generation = 0;
    bool m_computing = false;
};

} // namespace krw
