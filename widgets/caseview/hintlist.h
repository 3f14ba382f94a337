// SPDX-License-Identifier: MIT
//
// A case's lint hints (docs/LINT.md) above its code: one row per hint naming the check, the
// version and the line; activating a row (click or Enter) asks to show that line in that version.
// Hidden while the case has none.
#pragma once

#include "models/lint/linthint.h"

#include <QHash>
#include <QListWidget>

namespace krw {

class HintList : public QListWidget
{
    Q_OBJECT
public:
    explicit HintList(QWidget* parent = nullptr);

    // versionTitles: CodeVersion::id() → title ("Iteration 0 · Prediction"); ids without one show as they are.
    void setHints(const LintHints& hints, const QHash<QString, QString>& versionTitles);
    const LintHints& hints() const { return m_hints; }
    static QString rowText(const LintHint& hint, const QString& versionTitle); // tested

    QSize sizeHint() const override;

Q_SIGNALS:
    void hintActivated(const QString& versionId, int line);

private:
    LintHints m_hints;
};

} // namespace krw
