// SPDX-License-Identifier: MIT
//
// VerdictDelegate (widgets/browse/verdictdelegate.h): the icon before a case's name is what
// verdictIcon draws for its verdict in the view's colours, drawn once per verdict and colours
// (the tree asks for it for every row each time it sizes its columns), and drawn anew when the
// colours change.
#include "widgets/browse/verdictdelegate.h"

#include <QImage>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStyleOptionViewItem>
#include <QTest>

using namespace krw;

namespace {

constexpr int VerdictRole = Qt::UserRole + 1;

// The protected initStyleOption, as a view calls it.
class OpenDelegate : public VerdictDelegate
{
public:
    OpenDelegate()
        : VerdictDelegate(VerdictRole, 0)
    {
    }
    QStyleOptionViewItem optionFor(const QModelIndex& index, const QPalette& palette) const
    {
        QStyleOptionViewItem option;
        option.palette = palette;
        initStyleOption(&option, index);
        return option;
    }
};

QImage pixels(const QIcon& icon)
{
    return icon.pixmap(QSize(12, 12)).toImage().convertToFormat(QImage::Format_ARGB32);
}

QPalette paletteWithBase(const QColor& base, const QColor& text)
{
    QPalette palette;
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::Text, text);
    return palette;
}

} // namespace

class TestVerdictDelegate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void iconIsTheVerdictsAndDrawnOnce()
    {
        QStandardItemModel model;
        auto* a = new QStandardItem(QStringLiteral("a.py"));
        a->setData(int(Verdict::ModelError), VerdictRole);
        auto* b = new QStandardItem(QStringLiteral("b.py"));
        b->setData(int(Verdict::ModelError), VerdictRole);
        auto* c = new QStandardItem(QStringLiteral("c.py"));
        c->setData(int(Verdict::TestProblem), VerdictRole);
        model.appendRow(a);
        model.appendRow(b);
        model.appendRow(c);
        auto* group = new QStandardItem(QStringLiteral("Exe failed (3)")); // no verdict
        model.appendRow(group);
        OpenDelegate delegate;
        const QPalette light = paletteWithBase(Qt::white, Qt::black);

        const QStyleOptionViewItem first = delegate.optionFor(model.index(0, 0), light);
        QVERIFY(first.features & QStyleOptionViewItem::HasDecoration);
        QCOMPARE(pixels(first.icon), pixels(verdictIcon(Verdict::ModelError, light)));
        // The same verdict in the same colours: the very icon drawn before.
        QCOMPARE(delegate.optionFor(model.index(1, 0), light).icon.cacheKey(), first.icon.cacheKey());
        // Another verdict: its own shape.
        const QStyleOptionViewItem other = delegate.optionFor(model.index(2, 0), light);
        QVERIFY(other.icon.cacheKey() != first.icon.cacheKey());
        QCOMPARE(pixels(other.icon), pixels(verdictIcon(Verdict::TestProblem, light)));
        QVERIFY(!(delegate.optionFor(model.index(3, 0), light).features & QStyleOptionViewItem::HasDecoration));
    }

    void newColoursDrawANewIcon()
    {
        QStandardItemModel model;
        auto* item = new QStandardItem(QStringLiteral("a.py"));
        item->setData(int(Verdict::None), VerdictRole); // the ring takes its colour from base and text
        model.appendRow(item);
        OpenDelegate delegate;
        const QPalette light = paletteWithBase(Qt::white, Qt::black);
        const QPalette dark = paletteWithBase(QColor(30, 30, 30), QColor(230, 230, 230));
        const QIcon onLight = delegate.optionFor(model.index(0, 0), light).icon;
        const QIcon onDark = delegate.optionFor(model.index(0, 0), dark).icon;
        QVERIFY(onLight.cacheKey() != onDark.cacheKey());
        QCOMPARE(pixels(onDark), pixels(verdictIcon(Verdict::None, dark)));
        QVERIFY(pixels(onDark) != pixels(onLight));
        QCOMPARE(delegate.optionFor(model.index(0, 0), light).icon.cacheKey(), onLight.cacheKey());
    }
};

QTEST_MAIN(TestVerdictDelegate)
#include "tst_verdictdelegate.moc"
