// SPDX-License-Identifier: MIT
#pragma once

#include "runner/profile/toolchainprofile.h"

#include <QByteArray>
#include <QFont>
#include <QObject>
#include <QString>
#include <QVector>

#include <functional>
#include <memory>
#include <optional>

namespace krw {

class SettingsStore;

enum class Theme { System, Light, Dark };

// A run opened before: where (the path as it was asked for) and which run there.
struct RecentRun
{
    QString path;
    QString name;
};

// The one place that reads and writes QSettings (S1). Setters emit only on a real change.
// Used from the UI thread only; headless code receives plain values instead (L4).
// The values are held in memory (SettingsStore): a getter never reads the disk, and a setter
// never waits for it; the file is written on a thread of its own.
class Settings : public QObject
{
    Q_OBJECT
public:
    static Settings* instance();
    ~Settings() override;

    // Waits until every change made so far is in the settings file (tests; quitting does it).
    void flush();

    // The font every view that shows code uses (code views, diffs, error messages, logs, editors):
    // the user's choice, else a font that draws fixed pitch on this system (defaultCodeFont).
    QFont codeFont() const;
    void setCodeFont(const QFont& font);
    // Calls apply with the code font now and after every change, as long as context lives: how a
    // view takes the code font from here.
    void followCodeFont(QObject* context, const std::function<void(const QFont&)>& apply);
    // Whether font draws every letter the same width, measured, whatever the font claims.
    static bool drawsFixedPitch(const QFont& font);
    // The code font when the user chose none: the system's fixed font when it draws fixed pitch,
    // else the first of fontconfig's "monospace", DejaVu Sans Mono and any fixed-pitch family
    // that does.
    static QFont defaultCodeFont();

    Theme theme() const; // the stored choice
    // Stores the choice (and ends a session theme); themeChanged tells whoever applies it.
    void setTheme(Theme theme);
    // A theme for this session only (kernel-review --theme): not stored, and in use until a
    // theme is chosen with setTheme().
    void setSessionTheme(std::optional<Theme> theme) { m_sessionTheme = theme; }
    std::optional<Theme> sessionTheme() const { return m_sessionTheme; }
    Theme themeInUse() const { return m_sessionTheme.value_or(theme()); }

    bool ignoreWhitespace() const;
    void setIgnoreWhitespace(bool on);
    bool intralineDiff() const;
    void setIntralineDiff(bool on);

    // Who annotations are signed with; the login name until someone sets it.
    QString author() const;
    void setAuthor(const QString& author);
    static QString loginName();

    // The KernelBench checkout the user pointed to (File ▸ KernelBench Checkout…); empty: none.
    QString kernelBenchCheckout() const;
    void setKernelBenchCheckout(const QString& root);

    QString lastRunPath() const;
    QString lastRunName() const;
    void setLastRun(const QString& path, const QString& name);
    // The case last shown in a run, remembered per run: keyed by the run's canonical path and
    // its name (for the last MaxRememberedRuns runs).
    static constexpr int MaxRememberedRuns = 100;
    QString lastCase(const QString& runPath, const QString& runName) const;
    void setLastCase(const QString& runPath, const QString& runName, const QString& filename);

    // File ▸ Open Recent: newest first, at most MaxRecentRuns; adding one moves it to the top.
    static constexpr int MaxRecentRuns = 10;
    QVector<RecentRun> recentRuns() const;
    void addRecentRun(const QString& path, const QString& name);
    void removeRecentRun(const QString& path, const QString& name);
    void clearRecentRuns();

    // Toolchain profiles for reruns (their storage format belongs to runner/profile, which the
    // CLI reads too) and the one last used in the runner panel.
    QVector<ToolchainProfile> toolchainProfiles() const;
    void setToolchainProfiles(const QVector<ToolchainProfile>& profiles);
    QString lastProfile() const; // "compile-check" until one is chosen
    void setLastProfile(const QString& name);

    // Where the last report was exported (the export dialog starts there).
    QString lastExportFolder() const;
    void setLastExportFolder(const QString& folder);

    QByteArray windowGeometry() const;
    QByteArray windowState(int layoutVersion) const;
    void saveWindow(const QByteArray& geometry, const QByteArray& state, int layoutVersion);
    QByteArray widgetState(const QString& objectName) const; // splitters and headers
    void setWidgetState(const QString& objectName, const QByteArray& state);

Q_SIGNALS:
    void codeFontChanged(const QFont& font);
    void themeChanged(krw::Theme theme);
    void diffOptionsChanged();
    void authorChanged(const QString& author);

private:
    explicit Settings(QObject* parent = nullptr);

    std::unique_ptr<SettingsStore> m_store;
    std::optional<Theme> m_sessionTheme;
    mutable std::optional<QFont> m_defaultCodeFont; // defaultCodeFont(), worked out once
};

} // namespace krw

Q_DECLARE_METATYPE(krw::Theme) // for queued connections and QSignalSpy in Qt 5
