// SPDX-License-Identifier: MIT
#include "widgets/settings/settings.h"

#include "widgets/settings/settingsstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QSettings>
#include <QThread>

#include <algorithm>
#include <utility>

namespace krw {

namespace Keys {
const QString codeFont = QStringLiteral("view/codeFont");
const QString theme = QStringLiteral("view/theme");
const QString ignoreWhitespace = QStringLiteral("diff/ignoreWhitespace");
const QString intraline = QStringLiteral("diff/intraline");
const QString author = QStringLiteral("review/author");
const QString lastRunPath = QStringLiteral("session/lastRunPath");
const QString kernelBenchCheckout = QStringLiteral("layouts/kernelBenchCheckout");
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
    , m_store(std::make_unique<SettingsStore>())
{
}

Settings::~Settings() = default; // m_store's writes finish first

void Settings::flush()
{
    m_store->flush();
}

Settings* Settings::instance()
{
    static Settings* settings = new Settings(QCoreApplication::instance());
    Q_ASSERT(QThread::currentThread() == settings->thread());
    return settings;
}

QFont Settings::codeFont() const
{
    const QString stored = m_store->value(Keys::codeFont).toString();
    QFont font;
    if (!stored.isEmpty() && font.fromString(stored))
        return font;
    if (!m_defaultCodeFont)
        m_defaultCodeFont = defaultCodeFont();
    return *m_defaultCodeFont;
}

bool Settings::drawsFixedPitch(const QFont& font)
{
    // What a reader sees, not what the font claims: narrow and wide letters take the same width.
    const QFontMetricsF metrics(font);
    const qreal narrow = metrics.horizontalAdvance(QStringLiteral("iiiiiiii"));
    return narrow > 0 && qAbs(metrics.horizontalAdvance(QStringLiteral("MMMMMMMM")) - narrow) < 0.5
        && qAbs(metrics.horizontalAdvance(QStringLiteral("________")) - narrow) < 0.5;
}

QFont Settings::defaultCodeFont()
{
    // The system's fixed font first. Some systems have none: Qt 5's offscreen platform, and a
    // desktop without a platform theme, answer with the proportional application font, which
    // breaks the indentation Python code depends on. Then fontconfig's "monospace" (the user's
    // choice there), DejaVu Sans Mono for a fontconfig without that alias (fonts-dejavu-core: the
    // package depends on it, packaging/dev.sh installs it), and last any family the font
    // database says is fixed pitch. Each is measured, not taken at its word.
    const QFont system = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (drawsFixedPitch(system)) {
        QFont font = system;
        font.setFamily(QFontInfo(system).family()); // the face drawn: Qt 6 names the system's "monospace"
        return font;
    }
    QStringList families{QStringLiteral("monospace"), QStringLiteral("DejaVu Sans Mono")};
#if QT_VERSION >= QT_VERSION_CHECK(6, 0, 0)
    for (const QString& family : QFontDatabase::families()) {
        if (QFontDatabase::isFixedPitch(family))
            families.append(family);
    }
#else
    const QFontDatabase database;
    for (const QString& family : database.families()) {
        if (database.isFixedPitch(family))
            families.append(family);
    }
#endif
    for (const QString& family : std::as_const(families)) {
        QFont font = system;
        font.setFamily(family);
        font.setStyleHint(QFont::TypeWriter);
        if (drawsFixedPitch(font)) {
            font.setFamily(QFontInfo(font).family()); // the face drawn, not an alias like "monospace"
            return font;
        }
    }
    qWarning("No fixed-pitch font found: code is drawn in '%s'. Install fonts-dejavu-core.", qPrintable(QFontInfo(system).family()));
    return system;
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
    m_store->setValue(Keys::codeFont, font.toString());
    Q_EMIT codeFontChanged(font);
}

Theme Settings::theme() const
{
    const int value = m_store->value(Keys::theme, int(Theme::System)).toInt();
    return value >= int(Theme::System) && value <= int(Theme::Dark) ? Theme(value) : Theme::System;
}

void Settings::setTheme(Theme theme)
{
    const bool sessionDiffers = m_sessionTheme && *m_sessionTheme != theme;
    m_sessionTheme.reset();
    if (theme == this->theme() && !sessionDiffers)
        return;
    m_store->setValue(Keys::theme, int(theme));
    Q_EMIT themeChanged(theme);
}

bool Settings::ignoreWhitespace() const
{
    return m_store->value(Keys::ignoreWhitespace, false).toBool();
}

void Settings::setIgnoreWhitespace(bool on)
{
    if (on == ignoreWhitespace())
        return;
    m_store->setValue(Keys::ignoreWhitespace, on);
    Q_EMIT diffOptionsChanged();
}

bool Settings::intralineDiff() const
{
    return m_store->value(Keys::intraline, true).toBool();
}

void Settings::setIntralineDiff(bool on)
{
    if (on == intralineDiff())
        return;
    m_store->setValue(Keys::intraline, on);
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
    const QString stored = m_store->value(Keys::author).toString().trimmed();
    return stored.isEmpty() ? loginName() : stored;
}

void Settings::setAuthor(const QString& author)
{
    const QString trimmed = author.trimmed();
    if (trimmed == this->author())
        return;
    // Empty means "the login name again", so that default follows the account.
    m_store->setValue(Keys::author, trimmed == loginName() ? QString() : trimmed);
    Q_EMIT authorChanged(this->author());
}

QString Settings::kernelBenchCheckout() const
{
    return m_store->value(Keys::kernelBenchCheckout).toString();
}

void Settings::setKernelBenchCheckout(const QString& root)
{
    m_store->setValue(Keys::kernelBenchCheckout, root);
}

QString Settings::lastRunPath() const
{
    return m_store->value(Keys::lastRunPath).toString();
}

QString Settings::lastRunName() const
{
    return m_store->value(Keys::lastRunName).toString();
}

void Settings::setLastRun(const QString& path, const QString& name)
{
    m_store->setValue(Keys::lastRunPath, path);
    m_store->setValue(Keys::lastRunName, name);
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

QVector<LastCase> readLastCases(const SettingsStore& store)
{
    QVector<LastCase> entries;
    for (const SettingsStore::Item& item :
        store.array(Keys::lastCases, {QStringLiteral("run"), QStringLiteral("name"), QStringLiteral("case")}))
        entries.append({item.value(QStringLiteral("run")).toString(), item.value(QStringLiteral("name")).toString(),
            item.value(QStringLiteral("case")).toString()});
    return entries;
}

QVector<RecentRun> readRecentRuns(const SettingsStore& store)
{
    QVector<RecentRun> runs;
    for (const SettingsStore::Item& item : store.array(Keys::recentRuns, {QStringLiteral("path"), QStringLiteral("name")})) {
        const RecentRun run{item.value(QStringLiteral("path")).toString(), item.value(QStringLiteral("name")).toString()};
        if (!run.path.isEmpty())
            runs.append(run);
    }
    return runs;
}

void writeRecentRuns(SettingsStore& store, const QVector<RecentRun>& runs)
{
    QVector<SettingsStore::Item> items;
    for (const RecentRun& run : runs)
        items.append({{QStringLiteral("path"), run.path}, {QStringLiteral("name"), run.name}});
    store.setArray(Keys::recentRuns, items);
}

} // namespace

QString Settings::lastCase(const QString& runPath, const QString& runName) const
{
    const QString run = canonicalRunPath(runPath);
    for (const LastCase& entry : readLastCases(*m_store)) {
        if (entry.run == run && entry.name == runName)
            return entry.caseName;
    }
    return {};
}

void Settings::setLastCase(const QString& runPath, const QString& runName, const QString& filename)
{
    const QString run = canonicalRunPath(runPath);
    QVector<LastCase> entries = readLastCases(*m_store);
    entries.erase(std::remove_if(entries.begin(), entries.end(), [&](const LastCase& e) { return e.run == run && e.name == runName; }),
        entries.end());
    if (!filename.isEmpty())
        entries.prepend({run, runName, filename});
    entries.resize(std::min(int(entries.size()), MaxRememberedRuns));
    QVector<SettingsStore::Item> items;
    for (const LastCase& entry : qAsConst(entries))
        items.append({{QStringLiteral("run"), entry.run}, {QStringLiteral("name"), entry.name}, {QStringLiteral("case"), entry.caseName}});
    m_store->setArray(Keys::lastCases, items);
}

QVector<RecentRun> Settings::recentRuns() const
{
    return readRecentRuns(*m_store);
}

void Settings::addRecentRun(const QString& path, const QString& name)
{
    QVector<RecentRun> runs = readRecentRuns(*m_store);
    runs.erase(std::remove_if(runs.begin(), runs.end(), [&](const RecentRun& r) { return r.path == path && r.name == name; }), runs.end());
    runs.prepend({path, name});
    runs.resize(std::min(int(runs.size()), MaxRecentRuns));
    writeRecentRuns(*m_store, runs);
}

void Settings::removeRecentRun(const QString& path, const QString& name)
{
    QVector<RecentRun> runs = readRecentRuns(*m_store);
    runs.erase(std::remove_if(runs.begin(), runs.end(), [&](const RecentRun& r) { return r.path == path && r.name == name; }), runs.end());
    writeRecentRuns(*m_store, runs);
}

void Settings::clearRecentRuns()
{
    m_store->remove(Keys::recentRuns);
}

QString Settings::lastExportFolder() const
{
    return m_store->value(Keys::lastExportFolder).toString();
}

void Settings::setLastExportFolder(const QString& folder)
{
    m_store->setValue(Keys::lastExportFolder, folder);
}

QByteArray Settings::windowGeometry() const
{
    return m_store->value(Keys::geometry).toByteArray();
}

QByteArray Settings::windowState(int layoutVersion) const
{
    // A state saved by another layout would restore docks into places that no longer exist.
    if (m_store->value(Keys::layoutVersion).toInt() != layoutVersion)
        return {};
    return m_store->value(Keys::state).toByteArray();
}

void Settings::saveWindow(const QByteArray& geometry, const QByteArray& state, int layoutVersion)
{
    m_store->setValue(Keys::geometry, geometry);
    m_store->setValue(Keys::state, state);
    m_store->setValue(Keys::layoutVersion, layoutVersion);
}

QByteArray Settings::widgetState(const QString& objectName) const
{
    return m_store->value(Keys::widgetPrefix + objectName).toByteArray();
}

void Settings::setWidgetState(const QString& objectName, const QByteArray& state)
{
    m_store->setValue(Keys::widgetPrefix + objectName, state);
}

// The profiles' storage belongs to runner/profile (the CLI reads it too), which reads and writes a
// QSettings: the file itself, after the writes queued before (the profile dialogs only).
QVector<ToolchainProfile> Settings::toolchainProfiles() const
{
    m_store->flush();
    QSettings settings(m_store->fileName(), QSettings::IniFormat);
    return loadProfiles(settings);
}

void Settings::setToolchainProfiles(const QVector<ToolchainProfile>& profiles)
{
    m_store->flush();
    QSettings settings(m_store->fileName(), QSettings::IniFormat);
    saveProfiles(settings, profiles);
}

QString Settings::lastProfile() const
{
    return m_store->value(Keys::lastProfile, QStringLiteral("compile-check")).toString();
}

void Settings::setLastProfile(const QString& name)
{
    m_store->setValue(Keys::lastProfile, name);
}

} // namespace krw
