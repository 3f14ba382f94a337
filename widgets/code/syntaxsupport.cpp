// SPDX-License-Identifier: MIT
#include "widgets/code/syntaxsupport.h"

#include "krw-config.h"

#include <QCoreApplication>
#include <QPalette>
#include <QSyntaxHighlighter>
#include <QTextDocument>

#if KRW_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

namespace krw {

#if KRW_HAVE_KSYNTAXHIGHLIGHTING

struct SyntaxSupport::Private
{
    KSyntaxHighlighting::Repository repository;
};

SyntaxSupport::SyntaxSupport()
    : m_impl(std::make_unique<Private>())
{
}

bool SyntaxSupport::isAvailable() const
{
    return true;
}

QString SyntaxSupport::unavailableReason() const
{
    return {};
}

QSyntaxHighlighter* SyntaxSupport::attach(QTextDocument* document, CodeLanguage language, const QPalette& palette)
{
    // KSyntaxHighlighting's definitions are named like our languages ("Python", "C++").
    if (!document || language == CodeLanguage::Plain)
        return nullptr;
    const auto definition = m_impl->repository.definitionForName(languageName(language));
    if (!definition.isValid())
        return nullptr;
    auto* highlighter = new KSyntaxHighlighting::SyntaxHighlighter(document);
    highlighter->setTheme(m_impl->repository.themeForPalette(palette));
    highlighter->setDefinition(definition);
    return highlighter;
}

void SyntaxSupport::retheme(QSyntaxHighlighter* highlighter, const QPalette& palette)
{
    auto* ksh = qobject_cast<KSyntaxHighlighting::SyntaxHighlighter*>(highlighter);
    if (!ksh)
        return;
    const auto theme = m_impl->repository.themeForPalette(palette);
    if (theme.name() == ksh->theme().name())
        return;
    ksh->setTheme(theme);
    ksh->rehighlight();
}

QPalette SyntaxSupport::themedPalette(const QPalette& palette) const
{
    using KSyntaxHighlighting::Theme;
    const auto theme = m_impl->repository.themeForPalette(palette);
    if (!theme.isValid())
        return palette;
    QPalette themed = palette;
    const QColor text = QColor::fromRgba(theme.textColor(Theme::Normal));
    themed.setColor(QPalette::Base, QColor::fromRgba(theme.editorColor(Theme::BackgroundColor)));
    themed.setColor(QPalette::Text, text);
    themed.setColor(QPalette::Highlight, QColor::fromRgba(theme.editorColor(Theme::TextSelection)));
    // The theme's selection colour is made for its own text colour, not for the palette's.
    themed.setColor(QPalette::HighlightedText, text);
    return themed;
}

#else // no KSyntaxHighlighting: code shows plain, with a note that says why

struct SyntaxSupport::Private
{
};

SyntaxSupport::SyntaxSupport() = default;

bool SyntaxSupport::isAvailable() const
{
    return false;
}

QString SyntaxSupport::unavailableReason() const
{
    return QCoreApplication::translate(
        "krw::SyntaxSupport", "Code shows plain: this build has no KSyntaxHighlighting (Qt 6 on Debian 12 has no KF6 package)");
}

QSyntaxHighlighter* SyntaxSupport::attach(QTextDocument*, CodeLanguage, const QPalette&)
{
    return nullptr;
}

void SyntaxSupport::retheme(QSyntaxHighlighter*, const QPalette&)
{
}

QPalette SyntaxSupport::themedPalette(const QPalette& palette) const
{
    return palette;
}

#endif

SyntaxSupport::~SyntaxSupport() = default;

} // namespace krw
