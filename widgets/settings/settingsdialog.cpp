// SPDX-License-Identifier: MIT
#include "widgets/settings/settingsdialog.h"

#include "widgets/settings/settings.h"
#include "widgets/theme/themes.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace krw {

SettingsDialog::SettingsDialog(QWidget* parent)
    : QDialog(parent)
    , m_font(new QFontComboBox(this))
    , m_fontSize(new QSpinBox(this))
    , m_theme(new QComboBox(this))
    , m_ignoreWhitespace(new QCheckBox(tr("Lines that differ only in whitespace are equal"), this))
    , m_intraline(new QCheckBox(tr("Highlight changed characters inside changed lines"), this))
    , m_author(new QLineEdit(this))
    , m_themeNote(new QLabel(this))
{
    setWindowTitle(tr("Settings"));
    Settings* settings = Settings::instance();
    const QFont font = settings->codeFont();
    m_font->setFontFilters(QFontComboBox::MonospacedFonts);
    m_font->setCurrentFont(font);
    m_fontSize->setRange(6, 48);
    m_fontSize->setValue(font.pointSize() > 0 ? font.pointSize() : 10);
    // What "System" looks like here, and what is in use now (--theme may have chosen for this session).
    m_theme->setObjectName(QStringLiteral("themeBox"));
    m_theme->addItem(systemThemeIsDark() ? tr("System (dark)") : tr("System (light)"), int(Theme::System));
    m_theme->addItem(tr("Light"), int(Theme::Light));
    m_theme->addItem(tr("Dark"), int(Theme::Dark));
    m_themeShown = settings->themeInUse();
    m_theme->setCurrentIndex(m_theme->findData(int(m_themeShown)));
    m_themeNote->setObjectName(QStringLiteral("themeNote"));
    m_themeNote->setWordWrap(true);
    m_themeNote->setTextFormat(Qt::PlainText);
    if (const std::optional<Theme> session = settings->sessionTheme()) {
        const QString given = *session == Theme::Dark ? QStringLiteral("dark")
            : *session == Theme::Light                ? QStringLiteral("light")
                                                      : QStringLiteral("system");
        const QString stored = m_theme->itemText(m_theme->findData(int(settings->theme())));
        m_themeNote->setText(tr("This session uses the theme given on the command line (--theme %1); the saved choice is %2. "
                                "Choosing one here uses and saves it.")
                                 .arg(given, stored));
    }
    m_themeNote->setVisible(settings->sessionTheme().has_value());
    m_ignoreWhitespace->setChecked(settings->ignoreWhitespace());
    m_intraline->setChecked(settings->intralineDiff());
    m_author->setObjectName(QStringLiteral("authorEdit"));
    m_author->setText(settings->author());
    m_author->setPlaceholderText(Settings::loginName());
    m_author->setToolTip(tr("Saved with every verdict, tag, note and line comment you make"));

    auto* form = new QFormLayout;
    form->addRow(tr("Code &font:"), m_font);
    form->addRow(tr("Code font si&ze:"), m_fontSize);
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(QString(), m_themeNote);
    form->addRow(tr("Diff:"), m_ignoreWhitespace);
    form->addRow(QString(), m_intraline);
    form->addRow(tr("Annotation &author:"), m_author);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void SettingsDialog::accept()
{
    Settings* settings = Settings::instance();
    QFont font = m_font->currentFont();
    font.setPointSize(m_fontSize->value());
    settings->setCodeFont(font);
    const Theme theme = Theme(m_theme->currentData().toInt());
    if (theme != m_themeShown)
        settings->setTheme(theme); // a choice made here also ends the session's --theme
    settings->setIgnoreWhitespace(m_ignoreWhitespace->isChecked());
    settings->setIntralineDiff(m_intraline->isChecked());
    settings->setAuthor(m_author->text());
    QDialog::accept();
}

} // namespace krw
