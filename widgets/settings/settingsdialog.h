// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QFontComboBox;
class QLineEdit;
class QSpinBox;

namespace krw {

// Fonts, theme, diff options and the name annotations are signed with. Applied when accepted; Settings tells the views.
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
    QLineEdit* m_author;
};

} // namespace krw
