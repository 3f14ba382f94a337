// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/displaytext.h"

#include <QWidget>

class QLabel;
class QToolButton;

namespace krw {

class JobTracker;

// Over a code view that shows a big text (TextLimits): how much of the field is shown ("Shown
// 2.0 MiB of 60.0 MiB"), why it is plain text, and the ways to the rest. "Show all" (after a
// warning) and "Save as…" read the whole field again on a worker; of "Show all" only the newest
// request's result is used.
class BigTextBar : public QWidget
{
    Q_OBJECT
public:
    explicit BigTextBar(QWidget* parent = nullptr);

    // What the view shows now (its text is not kept) and where the whole field is. The bar hides
    // when there is nothing to say (DisplayText::isBig()).
    void setShown(const DisplayText& shown, const WholeTextSource& whole);
    void clear(); // hides; a "Show all" under way is dropped
    const DisplayText& shown() const { return m_shown; }
    QString sizeText() const;
    QString statusText() const;

public Q_SLOTS:
    void showAll(); // reads the whole field on a worker, then wholeTextReady; no question asked
    void saveAs(const QString& path); // writes the whole field on a worker, then saveFinished

Q_SIGNALS:
    void wholeTextReady(const krw::DisplayText& text);
    void saveFinished(bool ok, const QString& message);

private:
    void askShowAll(); // the button: warns first
    void askSaveAs(); // the button: asks where
    void showState(const QString& status); // status: what is under way or how it ended; empty: why plain

    QLabel* m_size;
    QLabel* m_status;
    QToolButton* m_showAll;
    QToolButton* m_saveAs;
    DisplayText m_shown;
    WholeTextSource m_whole;
    JobTracker* m_read; // "Show all": the whole field, on a worker
    JobTracker* m_save; // "Save as": each save, on a worker
    quint64 m_shownSerial = 0; // counts setShown(): a save's report names the text shown
    bool m_reading = false;
};

} // namespace krw
