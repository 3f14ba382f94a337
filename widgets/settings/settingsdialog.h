// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/settings/settings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QFontComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace krw {

// Fonts, theme (saying what "System" looks like and what --theme chose for this session), diff
// options and the name annotations are signed with. Applied when accepted; Settings tells the views.
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
    QLabel* m_themeNote; // shown while --theme chose the theme for this session
    Theme m_themeShown = Theme::System; // in use when the dialog opened
};

} // namespace krw
