// SPDX-License-Identifier: MIT
//
// Settings' code font: whatever the system offers as its fixed font, code is drawn with every
// character as wide as the next, measured in a laid-out line as a reader sees it; a font the user
// chose is kept as it is.
#include "fixedpitch.h"
#include "widgets/settings/settings.h"

#include <QFile>
#include <QFontDatabase>
#include <QFontInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTextLayout>

using namespace krw;

namespace {

// The advances of text's characters laid out on one line in font.
QVector<qreal> characterWidths(const QFont& font, const QString& text)
{
    QTextLayout layout(text, font);
    layout.beginLayout();
    const QTextLine line = layout.createLine();
    layout.endLayout();
    return krw::test::advances(line, 0, int(text.size()));
}

bool laidOutFixedPitch(const QFont& font)
{
    return krw::test::allOneWidth(characterWidths(font, QStringLiteral("il_MW .(x)=")));
}

} // namespace

class TestSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // No code font chosen by an earlier run of this test (CTest keeps its home folder): the
        // default is what is under test.
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(QSettings().fileName());
    }

    // The case of the issue this guards: Qt 5's offscreen platform answers the system's fixed
    // font with a proportional one; code must still be drawn fixed pitch.
    void defaultCodeFontIsDrawnFixedPitch()
    {
        const QFont font = Settings::defaultCodeFont();
        QVERIFY2(laidOutFixedPitch(font),
            qPrintable(QStringLiteral("'%1' (asked '%2') draws proportionally; the system's fixed font: '%3'")
                           .arg(QFontInfo(font).family(), font.family(),
                               QFontInfo(QFontDatabase::systemFont(QFontDatabase::FixedFont)).family())));
        QVERIFY(Settings::drawsFixedPitch(font));
        QVERIFY(laidOutFixedPitch(Settings::instance()->codeFont()));
        QVERIFY(font.family() != QStringLiteral("monospace")); // a face, so style sheets can name it
    }

    // drawsFixedPitch measures: a proportional face is told apart from a fixed one, whatever the
    // font database says of either (fonts-dejavu-core, which packaging/dev.sh installs).
    void drawsFixedPitchMeasuresTheGlyphs()
    {
        const QFont sans(QStringLiteral("DejaVu Sans"));
        const QFont mono(QStringLiteral("DejaVu Sans Mono"));
        QVERIFY2(QFontInfo(sans).family() == sans.family() && QFontInfo(mono).family() == mono.family(),
            "fonts-dejavu-core is not installed (packaging/dev.sh installs it)");
        QCOMPARE(Settings::drawsFixedPitch(sans), laidOutFixedPitch(sans));
        QCOMPARE(Settings::drawsFixedPitch(mono), laidOutFixedPitch(mono));
        QVERIFY(!Settings::drawsFixedPitch(sans));
        QVERIFY(Settings::drawsFixedPitch(mono));
    }

    // A font the user chose is the code font, even a proportional one; clearing the choice is not
    // offered, so the test puts the default back by choosing it.
    void chosenFontIsKept()
    {
        const QFont before = Settings::instance()->codeFont();
        QFont serif = before;
        serif.setFamily(QStringLiteral("DejaVu Serif"));
        Settings::instance()->setCodeFont(serif);
        const QString chosen = QFontInfo(Settings::instance()->codeFont()).family();
        Settings::instance()->setCodeFont(before);
        QCOMPARE(chosen, QStringLiteral("DejaVu Serif"));
        QCOMPARE(Settings::instance()->codeFont(), before);
    }
};

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
