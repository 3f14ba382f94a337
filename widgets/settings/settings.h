// SPDX-License-Identifier: MIT
#pragma once

#include "profile/toolchainprofile.h"

#include <QByteArray>
#include <QFont>
#include <QObject>
#include <QString>
#include <QVector>

#include <functional>

namespace krw {

enum class Theme { System, Light, Dark };

// The one place that reads and writes QSettings (S1). Setters emit only on a real change.
// Used from the UI thread only; headless code receives plain values instead (L4).
class Settings : public QObject
{
    Q_OBJECT
public:
    static Settings* instance();

    // The font every view that shows code uses (code views, diffs, error messages, logs, editors).
    QFont codeFont() const;
    void setCodeFont(const QFont& font);
    // Calls apply with the code font now and after every change, as long as context lives: how a
    // view takes the code font from here.
    void followCodeFont(QObject* context, const std::function<void(const QFont&)>& apply);

    Theme theme() const;
    void setTheme(Theme theme);

    bool ignoreWhitespace() const;
    void setIgnoreWhitespace(bool on);
    bool intralineDiff() const;
    void setIntralineDiff(bool on);

    // Who annotations are signed with; the login name until someone sets it.
    QString author() const;
    void setAuthor(const QString& author);
    static QString loginName();

    QString lastRunPath() const;
    QString lastRunName() const;
    void setLastRun(const QString& path, const QString& name);
    QString lastCase() const;
    void setLastCase(const QString& filename);

    // Toolchain profiles for reruns (their storage format belongs to runner/profile, which the
    // CLI reads too) and the one last used in the runner panel.
    QVector<ToolchainProfile> toolchainProfiles() const;
    void setToolchainProfiles(const QVector<ToolchainProfile>& profiles);
    QString lastProfile() const; // "compile-check" until one is chosen
    void setLastProfile(const QString& name);

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
};

} // namespace krw
