// SPDX-License-Identifier: MIT
#include "settings/settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFontInfo>
#include <QSettings>
#include <QThread>

#include <algorithm>

namespace krw {

namespace Keys {
const QString codeFont = QStringLiteral("view/codeFont");
const QString theme = QStringLiteral("view/theme");
const QString ignoreWhitespace = QStringLiteral("diff/ignoreWhitespace");
const QString intraline = QStringLiteral("diff/intraline");
const QString author = QStringLiteral("review/author");
const QString lastRunPath = QStringLiteral("session/lastRunPath");
const QString lastRunName = QStringLiteral("session/lastRunName");
const QString lastCases = QStringLiteral("session/lastCases"); // array: run (canonical path), name, case
const QString recentRuns = QStringLiteral("session/recentRuns"); // array: path, name
const QString lastProfile = QStringLiteral("runner/lastProfile");
const QString lastExportFolder = QStringLiteral("export/lastFolder");
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
    const bool sessionDiffers = m_sessionTheme && *m_sessionTheme != theme;
    m_sessionTheme.reset();
    if (theme == this->theme() && !sessionDiffers)
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

namespace {

struct LastCase
{
    QString run; // canonical path
    QString name;
    QString caseName;
};

// One run, however its path was written (relative, with "..", through a link).
QString canonicalRunPath(const QString& path)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

QVector<LastCase> readLastCases(QSettings& settings)
{
    QVector<LastCase> entries;
    const int size = settings.beginReadArray(Keys::lastCases);
    for (int i = 0; i < size; ++i) {
        settings.setArrayIndex(i);
        entries.append({settings.value(QStringLiteral("run")).toString(), settings.value(QStringLiteral("name")).toString(),
            settings.value(QStringLiteral("case")).toString()});
    }
    settings.endArray();
    return entries;
}

QVector<RecentRun> readRecentRuns(QSettings& settings)
{
    QVector<RecentRun> runs;
    const int size = settings.beginReadArray(Keys::recentRuns);
    for (int i = 0; i < size; ++i) {
        settings.setArrayIndex(i);
        const RecentRun run{settings.value(QStringLiteral("path")).toString(), settings.value(QStringLiteral("name")).toString()};
        if (!run.path.isEmpty())
            runs.append(run);
    }
    settings.endArray();
    return runs;
}

void writeRecentRuns(QSettings& settings, const QVector<RecentRun>& runs)
{
    settings.remove(Keys::recentRuns);
    settings.beginWriteArray(Keys::recentRuns, int(runs.size()));
    for (int i = 0; i < runs.size(); ++i) {
        settings.setArrayIndex(i);
        settings.setValue(QStringLiteral("path"), runs.at(i).path);
        settings.setValue(QStringLiteral("name"), runs.at(i).name);
    }
    settings.endArray();
}

} // namespace

QString Settings::lastCase(const QString& runPath, const QString& runName) const
{
    QSettings settings;
    const QString run = canonicalRunPath(runPath);
    for (const LastCase& entry : readLastCases(settings)) {
        if (entry.run == run && entry.name == runName)
            return entry.caseName;
    }
    return {};
}

void Settings::setLastCase(const QString& runPath, const QString& runName, const QString& filename)
{
    QSettings settings;
    const QString run = canonicalRunPath(runPath);
    QVector<LastCase> entries = readLastCases(settings);
    entries.erase(std::remove_if(entries.begin(), entries.end(), [&](const LastCase& e) { return e.run == run && e.name == runName; }),
        entries.end());
    if (!filename.isEmpty())
        entries.prepend({run, runName, filename});
    entries.resize(std::min(int(entries.size()), MaxRememberedRuns));
    settings.remove(Keys::lastCases);
    settings.beginWriteArray(Keys::lastCases, int(entries.size()));
    for (int i = 0; i < entries.size(); ++i) {
        settings.setArrayIndex(i);
        settings.setValue(QStringLiteral("run"), entries.at(i).run);
        settings.setValue(QStringLiteral("name"), entries.at(i).name);
        settings.setValue(QStringLiteral("case"), entries.at(i).caseName);
    }
    settings.endArray();
}

QVector<RecentRun> Settings::recentRuns() const
{
    QSettings settings;
    return readRecentRuns(settings);
}

void Settings::addRecentRun(const QString& path, const QString& name)
{
    QSettings settings;
    QVector<RecentRun> runs = readRecentRuns(settings);
    runs.erase(std::remove_if(runs.begin(), runs.end(), [&](const RecentRun& r) { return r.path == path && r.name == name; }), runs.end());
    runs.prepend({path, name});
    runs.resize(std::min(int(runs.size()), MaxRecentRuns));
    writeRecentRuns(settings, runs);
}

void Settings::removeRecentRun(const QString& path, const QString& name)
{
    QSettings settings;
    QVector<RecentRun> runs = readRecentRuns(settings);
    runs.erase(std::remove_if(runs.begin(), runs.end(), [&](const RecentRun& r) { return r.path == path && r.name == name; }), runs.end());
    writeRecentRuns(settings, runs);
}

void Settings::clearRecentRuns()
{
    QSettings().remove(Keys::recentRuns);
}

QString Settings::lastExportFolder() const
{
    return QSettings().value(Keys::lastExportFolder).toString();
}

void Settings::setLastExportFolder(const QString& folder)
{
    QSettings().setValue(Keys::lastExportFolder, folder);
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
