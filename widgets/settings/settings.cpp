// SPDX-License-Identifier: MIT
#include "settings/settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFontDatabase>
#include <QFontInfo>
#include <QSettings>
#include <QThread>

namespace krw {

namespace Keys {
const QString codeFont = QStringLiteral("view/codeFont");
const QString theme = QStringLiteral("view/theme");
const QString ignoreWhitespace = QStringLiteral("diff/ignoreWhitespace");
const QString intraline = QStringLiteral("diff/intraline");
const QString author = QStringLiteral("review/author");
const QString lastRunPath = QStringLiteral("session/lastRunPath");
const QString lastRunName = QStringLiteral("session/lastRunName");
const QString lastCase = QStringLiteral("session/lastCase");
const QString lastProfile = QStringLiteral("runner/lastProfile");
const QString geometry = QStringLiteral("window/geometry");
const QString state = QStringLiteral("window/state");
const QString layoutVersion = QStringLiteral("window/layoutVersion");
const QString widgetPrefix = QStringLiteral("window/widgets/");
} // namespace Keys

Settings::Settings(QObject* parent)
    : QObject(parent)
{
}

Settings* Settings::instance()
{
    static Settings* settings = new Settings(QCoreApplication::instance());
    Q_ASSERT(QThread::currentThread() == settings->thread());
    return settings;
}

QFont Settings::codeFont() const
{
    const QString stored = QSettings().value(Keys::codeFont).toString();
    QFont font;
    if (!stored.isEmpty() && font.fromString(stored))
        return font;
    font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    // Some platforms (Qt 5's offscreen one) answer with a proportional font, which would break
    // the indentation Python code depends on.
    if (!QFontInfo(font).fixedPitch()) {
        font.setFamily(QStringLiteral("monospace"));
        font.setStyleHint(QFont::TypeWriter);
    }
    return font;
}

void Settings::followCodeFont(QObject* context, const std::function<void(const QFont&)>& apply)
{
    apply(codeFont());
    connect(this, &Settings::codeFontChanged, context, [apply](const QFont& font) { apply(font); });
}

void Settings::setCodeFont(const QFont& font)
{
    if (font == codeFont())
        return;
    QSettings().setValue(Keys::codeFont, font.toString());
    Q_EMIT codeFontChanged(font);
}

Theme Settings::theme() const
{
    const int value = QSettings().value(Keys::theme, int(Theme::System)).toInt();
    return value >= int(Theme::System) && value <= int(Theme::Dark) ? Theme(value) : Theme::System;
}

void Settings::setTheme(Theme theme)
{
    if (theme == this->theme())
        return;
    QSettings().setValue(Keys::theme, int(theme));
    Q_EMIT themeChanged(theme);
}

bool Settings::ignoreWhitespace() const
{
    return QSettings().value(Keys::ignoreWhitespace, false).toBool();
}

void Settings::setIgnoreWhitespace(bool on)
{
    if (on == ignoreWhitespace())
        return;
    QSettings().setValue(Keys::ignoreWhitespace, on);
    Q_EMIT diffOptionsChanged();
}

bool Settings::intralineDiff() const
{
    return QSettings().value(Keys::intraline, true).toBool();
}

void Settings::setIntralineDiff(bool on)
{
    if (on == intralineDiff())
        return;
    QSettings().setValue(Keys::intraline, on);
    Q_EMIT diffOptionsChanged();
}

QString Settings::loginName()
{
    // USER on Unix, USERNAME on Windows; the home folder's name when neither is set (containers).
    for (const char* variable : {"USER", "USERNAME", "LOGNAME"}) {
        const QString name = qEnvironmentVariable(variable).trimmed();
        if (!name.isEmpty())
            return name;
    }
    const QString home = QDir(QDir::homePath()).dirName();
    return home.isEmpty() ? QStringLiteral("reviewer") : home;
}

QString Settings::author() const
{
    const QString stored = QSettings().value(Keys::author).toString().trimmed();
    return stored.isEmpty() ? loginName() : stored;
}

void Settings::setAuthor(const QString& author)
{
    const QString trimmed = author.trimmed();
    if (trimmed == this->author())
        return;
    // Empty means "the login name again", so that default follows the account.
    QSettings().setValue(Keys::author, trimmed == loginName() ? QString() : trimmed);
    Q_EMIT authorChanged(this->author());
}

QString Settings::lastRunPath() const
{
    return QSettings().value(Keys::lastRunPath).toString();
}

QString Settings::lastRunName() const
{
    return QSettings().value(Keys::lastRunName).toString();
}

void Settings::setLastRun(const QString& path, const QString& name)
{
    QSettings settings;
    settings.setValue(Keys::lastRunPath, path);
    settings.setValue(Keys::lastRunName, name);
}

QString Settings::lastCase() const
{
    return QSettings().value(Keys::lastCase).toString();
}

void Settings::setLastCase(const QString& filename)
{
    QSettings().setValue(Keys::lastCase, filename);
}

QByteArray Settings::windowGeometry() const
{
    return QSettings().value(Keys::geometry).toByteArray();
}

QByteArray Settings::windowState(int layoutVersion) const
{
    QSettings settings;
    // A state saved by another layout would restore docks into places that no longer exist.
    if (settings.value(Keys::layoutVersion).toInt() != layoutVersion)
        return {};
    return settings.value(Keys::state).toByteArray();
}

void Settings::saveWindow(const QByteArray& geometry, const QByteArray& state, int layoutVersion)
{
    QSettings settings;
    settings.setValue(Keys::geometry, geometry);
    settings.setValue(Keys::state, state);
    settings.setValue(Keys::layoutVersion, layoutVersion);
}

QByteArray Settings::widgetState(const QString& objectName) const
{
    return QSettings().value(Keys::widgetPrefix + objectName).toByteArray();
}

void Settings::setWidgetState(const QString& objectName, const QByteArray& state)
{
    QSettings().setValue(Keys::widgetPrefix + objectName, state);
}

QVector<ToolchainProfile> Settings::toolchainProfiles() const
{
    QSettings settings;
    return loadProfiles(settings);
}

void Settings::setToolchainProfiles(const QVector<ToolchainProfile>& profiles)
{
    QSettings settings;
    saveProfiles(settings, profiles);
}

QString Settings::lastProfile() const
{
    return QSettings().value(Keys::lastProfile, QStringLiteral("compile-check")).toString();
}

void Settings::setLastProfile(const QString& name)
{
    QSettings().setValue(Keys::lastProfile, name);
}

} // namespace krw
