// SPDX-License-Identifier: MIT
#include "settings/settingsdialog.h"

#include "settings/settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontComboBox>
#include <QFormLayout>
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
{
    setWindowTitle(tr("Settings"));
    Settings* settings = Settings::instance();
    const QFont font = settings->codeFont();
    m_font->setFontFilters(QFontComboBox::MonospacedFonts);
    m_font->setCurrentFont(font);
    m_fontSize->setRange(6, 48);
    m_fontSize->setValue(font.pointSize() > 0 ? font.pointSize() : 10);
    m_theme->addItem(tr("System"), int(Theme::System));
    m_theme->addItem(tr("Light"), int(Theme::Light));
    m_theme->addItem(tr("Dark"), int(Theme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(int(settings->theme())));
    m_ignoreWhitespace->setChecked(settings->ignoreWhitespace());
    m_intraline->setChecked(settings->intralineDiff());
    m_author->setObjectName(QStringLiteral("authorEdit"));
    m_author->setText(settings->author());
    m_author->setPlaceholderText(Settings::loginName());
    m_author->setToolTip(tr("Saved with every verdict, tag, note and line comment you make"));

    auto* form = new QFormLayout;
    form->addRow(tr("Code font:"), m_font);
    form->addRow(tr("Code font size:"), m_fontSize);
    form->addRow(tr("Theme:"), m_theme);
    form->addRow(tr("Diff:"), m_ignoreWhitespace);
    form->addRow(QString(), m_intraline);
    form->addRow(tr("Annotation author:"), m_author);
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
    settings->setTheme(Theme(m_theme->currentData().toInt()));
    settings->setIgnoreWhitespace(m_ignoreWhitespace->isChecked());
    settings->setIntralineDiff(m_intraline->isChecked());
    settings->setAuthor(m_author->text());
    QDialog::accept();
}

} // namespace krw
