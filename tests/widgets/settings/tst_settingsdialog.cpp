// SPDX-License-Identifier: MIT
//
// The settings dialog says which theme is in use: what "System" looks like here, and that
// --theme chose another one for this session.
#include "widgets/settings/settings.h"
#include "widgets/settings/settingsdialog.h"
#include "widgets/theme/diffcolors.h"
#include "widgets/theme/themes.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace krw;

class TestSettingsDialog : public QObject
{
    Q_OBJECT

private:
    // The theme chooser: the combo box whose items carry the Theme values.
    static QComboBox* themeBox(const SettingsDialog& dialog)
    {
        for (QComboBox* box : dialog.findChildren<QComboBox*>()) {
            if (box->count() == 3 && box->itemData(2).toInt() == int(Theme::Dark))
                return box;
        }
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qRegisterMetaType<Theme>(); // Qt 5's QSignalSpy needs it at run time
        applyTheme(Theme::System); // remembers the platform's own look
    }

    void systemSaysWhatItLooksLike()
    {
        Settings::instance()->setTheme(Theme::System);
        SettingsDialog dialog;
        QComboBox* box = themeBox(dialog);
        QVERIFY(box);
        QCOMPARE(box->currentData().toInt(), int(Theme::System));
        const QString look = isDarkPalette(QApplication::palette()) ? QStringLiteral("System (dark)") : QStringLiteral("System (light)");
        QCOMPARE(box->itemText(0).remove(QLatin1Char('&')), look);
    }

    void sessionThemeIsShown()
    {
        Settings::instance()->setTheme(Theme::Light);
        Settings::instance()->setSessionTheme(Theme::Dark); // kernel-review --theme dark
        applyTheme(Theme::Dark);
        SettingsDialog dialog;
        QComboBox* box = themeBox(dialog);
        QVERIFY(box);
        QCOMPARE(box->currentData().toInt(), int(Theme::Dark)); // what is in use, not what is stored
        auto* note = dialog.findChild<QLabel*>(QStringLiteral("themeNote"));
        QVERIFY(note);
        QVERIFY(!note->isHidden());
        QVERIFY2(note->text().contains(QStringLiteral("--theme dark")), qPrintable(note->text()));

        // Choosing in the dialog ends the session's choice and is applied (the window applies
        // what themeChanged says), even where it is the choice already saved.
        QSignalSpy changed(Settings::instance(), &Settings::themeChanged);
        box->setCurrentIndex(box->findData(int(Theme::Light)));
        dialog.accept();
        QCOMPARE(Settings::instance()->theme(), Theme::Light);
        QVERIFY(!Settings::instance()->sessionTheme());
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().first().value<Theme>(), Theme::Light);
        SettingsDialog again;
        QVERIFY(again.findChild<QLabel*>(QStringLiteral("themeNote"))->isHidden());
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
