// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QFontComboBox;
class QSpinBox;

namespace krw {

// Fonts, theme and diff options. Applied when accepted; Settings tells the views.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget* parent = nullptr);
    void accept() override;

private:
    QFontComboBox* m_font;
    QSpinBox* m_fontSize;
    QComboBox* m_theme;
    QCheckBox* m_ignoreWhitespace;
    QCheckBox* m_intraline;
};

} // namespace krw
