// SPDX-License-Identifier: MIT
#pragma once

#include <QLabel>

namespace krw {

// A one-line label that gives way in a narrow window: its text is shown whole where it fits,
// else elided (… where the mode says) with the whole text as tooltip. It asks for the room of
// the whole text, but is content with a few characters.
class ElidingLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidingLabel(Qt::TextElideMode mode = Qt::ElideRight, QWidget* parent = nullptr);

    void setFullText(const QString& text);
    QString fullText() const { return m_full; }
    bool isElided() const { return text() != m_full; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void showFitting();
    int fullWidth() const;

    QString m_full;
    Qt::TextElideMode m_mode;
    mutable int m_fullWidth = -1; // fullWidth(), until the text or the font changes
};

} // namespace krw
