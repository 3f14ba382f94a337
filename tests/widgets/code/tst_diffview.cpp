// SPDX-License-Identifier: MIT
#include "widgets/code/codeview.h"
#include "widgets/code/diffview.h"
#include "widgets/code/syntaxsupport.h"
#include "widgets/theme/diffcolors.h"

#include <QApplication>
#include <QLabel>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTextBlock>
#include <QtTest>

using namespace krw;

namespace {

// Builds both texts and the DiffResult row by row, the way linediff would align them, so these
// tests do not depend on the diff algorithm.
struct DiffBuilder
{
    QStringList left;
    QStringList right;
    DiffResult result;

    void equal(const QString& line) { addRow(DiffRow::Kind::Equal, line, line); }
    void changed(const QString& l, const QString& r, const CharSpan& leftSpan, const CharSpan& rightSpan)
    {
        addRow(DiffRow::Kind::Changed, l, r);
        result.rows.last().leftSpans = {leftSpan};
        result.rows.last().rightSpans = {rightSpan};
        ++result.changed;
    }
    void removed(const QString& l)
    {
        addRow(DiffRow::Kind::Removed, l, QString());
        ++result.removed;
    }
    void added(const QString& r)
    {
        addRow(DiffRow::Kind::Added, QString(), r);
        ++result.added;
    }
    void equalRun(int count)
    {
        for (int i = 0; i < count; ++i)
            equal(QStringLiteral("    acc += tl.load(x_ptr + offs + %1)").arg(left.size()));
    }
    // Hunks are the runs of non-Equal rows, as DiffResult documents.
    void finish()
    {
        for (int row = 0; row < result.rows.size(); ++row) {
            const bool change = result.rows.at(row).kind != DiffRow::Kind::Equal;
            const bool extends = !result.hunks.isEmpty() && result.hunks.last().lastRow == row - 1;
            if (change && extends)
                result.hunks.last().lastRow = row;
            else if (change)
                result.hunks.append({row, row});
        }
    }
    QString leftText() const { return left.join(QLatin1Char('\n')); }
    QString rightText() const { return right.join(QLatin1Char('\n')); }

private:
    void addRow(DiffRow::Kind kind, const QString& l, const QString& r)
    {
        DiffRow row;
        row.kind = kind;
        if (kind != DiffRow::Kind::Added) {
            row.leftLine = left.size();
            left.append(l);
        }
        if (kind != DiffRow::Kind::Removed) {
            row.rightLine = right.size();
            right.append(r);
        }
        result.rows.append(row);
    }
};

// Three hunks far apart: a changed line, two removed lines, an added line next to a changed one.
DiffBuilder sampleDiff()
{
    DiffBuilder b;
    b.equalRun(40);
    b.changed(QStringLiteral("BLOCK = 128"), QStringLiteral("BLOCK = 256"), {8, 3}, {8, 3});
    b.equalRun(40);
    b.removed(QStringLiteral("    # old comment"));
    b.removed(QStringLiteral("    tl.debug_barrier()"));
    b.equalRun(40);
    b.added(QStringLiteral("    mask = offs < n"));
    b.changed(
        QStringLiteral("    tl.store(y_ptr + offs, acc)"), QStringLiteral("    tl.store(y_ptr + offs, acc, mask=mask)"), {28, 0}, {28, 11});
    b.equalRun(10);
    b.equal(QStringLiteral("# a long line so both sides can scroll sideways ") + QString(300, QLatin1Char('=')));
    b.finish();
    return b;
}

QPalette darkPalette()
{
    QPalette p(QColor(0x31, 0x36, 0x3b), QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::Base, QColor(0x1b, 0x1e, 0x20));
    p.setColor(QPalette::Text, QColor(0xfc, 0xfc, 0xfc));
    p.setColor(QPalette::WindowText, QColor(0xfc, 0xfc, 0xfc));
    return p;
}

// The backgrounds are painted by the view (not extra selections), so they are read the way a
// user sees them: the row scrolled into view, the viewport grabbed, one pixel row sampled. The
// top pixel row of a line is clear of glyphs, so it shows the background alone.
struct RowPixels
{
    QImage image;
    int y = -1; // the row's top pixel row in image, -1 when the row is not in view
    QRect textRect(const CodeView* view, int block, int start, int end) const
    {
        QTextCursor cursor(view->document()->findBlockByNumber(block));
        cursor.setPosition(cursor.block().position() + start);
        const int left = view->cursorRect(cursor).left();
        cursor.setPosition(cursor.block().position() + end);
        return QRect(QPoint(left, y), QPoint(view->cursorRect(cursor).left(), y));
    }
    QColor at(int x) const { return image.pixelColor(x, y); }
    QColor pastText() const { return at(image.width() - 3); } // the row's tint, clear of its text
    QSet<QRgb> colors() const
    {
        QSet<QRgb> set;
        for (int x = image.width() / 2; x < image.width(); ++x)
            set.insert(image.pixel(x, y));
        return set;
    }
};

RowPixels grabRow(CodeView* view, int block)
{
    // QPlainTextEdit scrolls by blocks: the row lands a little below the top of the viewport.
    view->verticalScrollBar()->setValue(std::max(0, block - 2));
    RowPixels pixels;
    pixels.image = view->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRect cursor = view->cursorRect(QTextCursor(view->document()->findBlockByNumber(block)));
    if (cursor.top() >= 0 && cursor.top() < pixels.image.height())
        pixels.y = cursor.top();
    return pixels;
}

bool sameColor(const QColor& a, const QColor& b)
{
    return qAbs(a.red() - b.red()) <= 2 && qAbs(a.green() - b.green()) <= 2 && qAbs(a.blue() - b.blue()) <= 2;
}

QString describe(const QColor& a, const QColor& b)
{
    return QStringLiteral("painted %1, expected %2").arg(a.name(), b.name());
}

} // namespace

class TestDiffView : public QObject
{
    Q_OBJECT
    enum class Side { Left, Right };
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_lightPalette = QApplication::palette();
    }

    void init()
    {
        m_sample = sampleDiff();
        m_view = std::make_unique<DiffView>(&m_syntax);
        m_view->resize(700, 300);
        m_view->setDiff(QStringLiteral("Label"), m_sample.leftText(), QStringLiteral("Iteration 2 · Prediction"), m_sample.rightText(),
            m_sample.result, CodeLanguage::Python);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    }

    void cleanup()
    {
        m_view.reset();
        QApplication::setPalette(m_lightPalette);
    }

    void documentsAreAligned()
    {
        const auto& rows = m_sample.result.rows;
        for (const CodeView* view : {m_view->leftView(), m_view->rightView()}) {
            QCOMPARE(view->document()->blockCount(), rows.size());
            QVERIFY(view->isReadOnly());
        }
        for (int row = 0; row < rows.size(); ++row) {
            const DiffRow& r = rows.at(row);
            const QString leftText = m_view->leftView()->document()->findBlockByNumber(row).text();
            const QString rightText = m_view->rightView()->document()->findBlockByNumber(row).text();
            QCOMPARE(leftText, r.leftLine < 0 ? QString() : m_sample.left.at(r.leftLine));
            QCOMPARE(rightText, r.rightLine < 0 ? QString() : m_sample.right.at(r.rightLine));
            QCOMPARE(m_view->leftView()->lineNumberOfBlock(row), r.leftLine + 1); // filler: 0, no number
            QCOMPARE(m_view->rightView()->lineNumberOfBlock(row), r.rightLine + 1);
        }
    }

    void crlfInputShowsWithoutCarriageReturns()
    {
        DiffView view(&m_syntax);
        DiffResult diff;
        diff.rows = {DiffRow{DiffRow::Kind::Equal, 0, 0, {}, {}}, DiffRow{DiffRow::Kind::Changed, 1, 1, {}, {}}};
        diff.hunks = {{1, 1}};
        diff.changed = 1;
        view.setDiff(
            QStringLiteral("a"), QStringLiteral("x\r\ny\r\n"), QStringLiteral("b"), QStringLiteral("x\nz\n"), diff, CodeLanguage::Plain);
        QCOMPARE(view.leftView()->document()->toPlainText(), QStringLiteral("x\ny"));
        QCOMPARE(view.rightView()->document()->toPlainText(), QStringLiteral("x\nz"));
    }

    void headerShowsTitlesAndCounts()
    {
        const auto labels = m_view->findChildren<QLabel*>();
        const auto hasText = [&labels](const QString& text) {
            return std::any_of(labels.cbegin(), labels.cend(), [&text](const QLabel* l) { return l->text() == text; });
        };
        QVERIFY(hasText(QStringLiteral("Label")));
        QVERIFY(hasText(QStringLiteral("Iteration 2 · Prediction")));
        auto* counts = m_view->findChild<QLabel*>(QStringLiteral("diffCounts"));
        QVERIFY(counts);
        QCOMPARE(counts->text(), QStringLiteral("+1 \u22122 ~2"));
        QVERIFY(m_view->message().isEmpty());
    }

    void scrollingOneSideScrollsTheOther()
    {
        QScrollBar* leftV = m_view->leftView()->verticalScrollBar();
        QScrollBar* rightV = m_view->rightView()->verticalScrollBar();
        QVERIFY(leftV->maximum() > 50);
        QCOMPARE(leftV->maximum(), rightV->maximum());
        leftV->setValue(50);
        QCOMPARE(rightV->value(), 50);
        rightV->setValue(12);
        QCOMPARE(leftV->value(), 12);

        QScrollBar* leftH = m_view->leftView()->horizontalScrollBar();
        QScrollBar* rightH = m_view->rightView()->horizontalScrollBar();
        QVERIFY(leftH->maximum() > 40);
        leftH->setValue(40);
        QCOMPARE(rightH->value(), 40);
        rightH->setValue(7);
        QCOMPARE(leftH->value(), 7);
    }

    void nextAndPreviousLandOnHunksAndWrap()
    {
        const auto& hunks = m_sample.result.hunks;
        QCOMPARE(hunks.size(), 3);
        QCOMPARE(m_view->currentHunk(), -1);
        QSignalSpy spy(m_view.get(), &DiffView::currentHunkChanged);

        const auto expectAt = [&](int index) {
            QCOMPARE(m_view->currentHunk(), index);
            QCOMPARE(spy.count(), 1);
            const auto args = spy.takeFirst();
            QCOMPARE(args.at(0).toInt(), index);
            QCOMPARE(args.at(1).toInt(), 3);
            for (const CodeView* view : {m_view->leftView(), m_view->rightView()}) {
                QCOMPARE(view->textCursor().blockNumber(), hunks.at(index).firstRow);
                QVERIFY(view->viewport()->rect().contains(view->cursorRect()));
            }
        };
        m_view->nextChange();
        expectAt(0);
        m_view->nextChange();
        expectAt(1);
        m_view->nextChange();
        expectAt(2);
        m_view->nextChange();
        expectAt(0); // wraps forward
        m_view->previousChange();
        expectAt(2); // wraps backward
        m_view->previousChange();
        expectAt(1);
    }

    void previousFromStartGoesToLast()
    {
        m_view->previousChange();
        QCOMPARE(m_view->currentHunk(), 2);
    }

    void rowsArePaintedByKind()
    {
        const auto& rows = m_sample.result.rows;
        for (const Side side : {Side::Left, Side::Right}) {
            CodeView* view = side == Side::Left ? m_view->leftView() : m_view->rightView();
            const auto colors = DiffColors::fromPalette(view->palette());
            const QColor base = view->palette().color(QPalette::Base);
            for (int row = 0; row < rows.size(); ++row) {
                const DiffRow& r = rows.at(row);
                if ((side == Side::Left ? r.leftLine : r.rightLine) < 0)
                    continue; // fillerRowsAreEmptyAndShaded
                const RowPixels pixels = grabRow(view, row);
                QVERIFY2(pixels.y >= 0, qPrintable(QStringLiteral("row %1 not in view").arg(row)));
                const QColor expected = r.kind == DiffRow::Kind::Equal ? base
                    : r.kind == DiffRow::Kind::Changed                 ? colors.changedLine
                    : r.kind == DiffRow::Kind::Added                   ? colors.addedLine
                                                                       : colors.removedLine;
                QVERIFY2(sameColor(pixels.pastText(), expected),
                    qPrintable(QStringLiteral("row %1: %2").arg(row).arg(describe(pixels.pastText(), expected))));
            }
        }
    }

    void changedCharactersAreMarked()
    {
        // The changed characters of the first hunk: "128" -> "256" at column 8, on a changed line.
        const int row = m_sample.result.hunks.first().firstRow;
        CodeView* view = m_view->rightView();
        const auto colors = DiffColors::fromPalette(view->palette());
        const RowPixels pixels = grabRow(view, row);
        QVERIFY(pixels.y >= 0);
        const QRect span = pixels.textRect(view, row, 8, 11);
        QVERIFY(span.width() > 4);
        for (int x = span.left() + 1; x < span.right() - 1; ++x)
            QVERIFY2(sameColor(pixels.at(x), colors.changedSpan), qPrintable(describe(pixels.at(x), colors.changedSpan)));
        // "BLOCK = " before it is only tinted as a changed line.
        const QRect before = pixels.textRect(view, row, 0, 8);
        QVERIFY2(sameColor(pixels.at(before.center().x()), colors.changedLine),
            qPrintable(describe(pixels.at(before.center().x()), colors.changedLine)));
        QVERIFY(colors.changedSpan != colors.changedLine);
    }

    void selectionIsDrawnOverTheDiff()
    {
        const int row = m_sample.result.hunks.first().firstRow;
        CodeView* view = m_view->rightView();
        QTextCursor cursor(view->document()->findBlockByNumber(row));
        cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        view->setTextCursor(cursor);
        const RowPixels pixels = grabRow(view, row);
        QVERIFY(pixels.y >= 0);
        const QRect span = pixels.textRect(view, row, 8, 11);
        const QColor highlight = view->palette().color(QPalette::Highlight);
        // Whether the view has focus decides Active or Inactive; either way not the diff colour.
        const QColor inactive = view->palette().color(QPalette::Inactive, QPalette::Highlight);
        const QColor seen = pixels.at(span.center().x());
        QVERIFY2(sameColor(seen, highlight) || sameColor(seen, inactive), qPrintable(describe(seen, highlight)));
    }

    void fillerRowsAreEmptyAndShaded()
    {
        const auto& rows = m_sample.result.rows;
        const auto colors = DiffColors::fromPalette(m_view->rightView()->palette());
        int fillers = 0;
        for (int row = 0; row < rows.size(); ++row) {
            if (rows.at(row).rightLine >= 0)
                continue;
            ++fillers;
            QVERIFY(m_view->rightView()->document()->findBlockByNumber(row).text().isEmpty());
            // Shaded and hatched: both colours in the row, nothing of the base.
            const QSet<QRgb> seen = grabRow(m_view->rightView(), row).colors();
            QVERIFY(seen.contains(colors.filler.rgb()));
            QVERIFY(seen.contains(colors.fillerHatch.rgb()));
            QVERIFY(!seen.contains(m_view->rightView()->palette().color(QPalette::Base).rgb()));
        }
        QCOMPARE(fillers, 2);
    }

    void colorsFollowPalette_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::addRow("light") << false;
        QTest::addRow("dark") << true;
    }

    // A changed and an unchanged line, as painted, in a light and a dark palette.
    void colorsFollowPalette()
    {
        QFETCH(bool, dark);
        if (dark) {
            QApplication::setPalette(darkPalette()); // Qt 6 delivers it through the event loop
            QTRY_VERIFY(isDarkPalette(m_view->leftView()->palette()));
        }
        CodeView* view = m_view->leftView();
        const auto colors = DiffColors::fromPalette(view->palette());
        const QColor base = view->palette().color(QPalette::Base);
        const int changed = m_sample.result.hunks.first().firstRow;
        const RowPixels changedRow = grabRow(view, changed);
        QVERIFY2(sameColor(changedRow.pastText(), colors.changedLine), qPrintable(describe(changedRow.pastText(), colors.changedLine)));
        QCOMPARE(changedRow.pastText().lightness() < 128, dark);
        const RowPixels equalRow = grabRow(view, changed - 3);
        QVERIFY2(sameColor(equalRow.pastText(), base), qPrintable(describe(equalRow.pastText(), base)));
        QCOMPARE(equalRow.pastText().lightness() < 128, dark);
    }

    void diffColorsAreDistinct_data()
    {
        QTest::addColumn<QPalette>("palette");
        QTest::addRow("light") << m_lightPalette;
        QTest::addRow("dark") << darkPalette();
    }

    void diffColorsAreDistinct()
    {
        QFETCH(QPalette, palette);
        const auto c = DiffColors::fromPalette(palette);
        const QColor base = palette.color(QPalette::Base);
        for (const QColor& color : {c.removedLine, c.addedLine, c.changedLine, c.filler})
            QVERIFY(color != base);
        QVERIFY(c.removedLine != c.addedLine && c.addedLine != c.changedLine && c.removedLine != c.changedLine);
        // Spans must stand out from their line, and every tint stay on the palette's side of grey.
        QVERIFY(qAbs(c.changedSpan.lightness() - base.lightness()) > qAbs(c.changedLine.lightness() - base.lightness()));
        for (const QColor& color : {c.removedSpan, c.addedSpan, c.changedSpan})
            QCOMPARE(color.lightness() < 128, isDarkPalette(palette));
    }

    void identicalInputsShowAMessage()
    {
        DiffBuilder b;
        b.equalRun(5);
        b.finish();
        DiffView view(&m_syntax);
        QSignalSpy spy(&view, &DiffView::currentHunkChanged);
        view.setDiff(QStringLiteral("a"), b.leftText(), QStringLiteral("b"), b.rightText(), b.result, CodeLanguage::Python);
        QVERIFY(!view.message().isEmpty());
        QCOMPARE(view.leftView()->document()->blockCount(), 5); // the code stays readable
        view.resize(400, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (int row = 0; row < 5; ++row) {
            const RowPixels pixels = grabRow(view.leftView(), row);
            QVERIFY(pixels.y >= 0);
            QVERIFY(sameColor(pixels.pastText(), view.leftView()->palette().color(QPalette::Base))); // nothing marked
        }
        view.nextChange();
        QCOMPARE(view.currentHunk(), -1);
        QCOMPARE(spy.count(), 1); // from setDiff only
        QCOMPARE(spy.first().at(1).toInt(), 0);
    }

    void errorShowsInsteadOfCode()
    {
        DiffResult diff;
        diff.error = QStringLiteral("left side has 300000 lines, over the limit of 200000");
        DiffView view(&m_syntax);
        view.setDiff(QStringLiteral("a"), QStringLiteral("x"), QStringLiteral("b"), QStringLiteral("y"), diff, CodeLanguage::Python);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.message().contains(diff.error));
        QVERIFY(!view.leftView()->isVisible());
        auto* error = view.findChild<QLabel*>(QStringLiteral("diffError"));
        QVERIFY(error && error->isVisible());

        // A later good diff brings the code back.
        view.setDiff(
            QStringLiteral("Label"), m_sample.leftText(), QStringLiteral("P"), m_sample.rightText(), m_sample.result, CodeLanguage::Python);
        QVERIFY(view.message().isEmpty());
        QVERIFY(view.leftView()->isVisible());
    }

private:
    SyntaxSupport m_syntax;
    QPalette m_lightPalette;
    DiffBuilder m_sample;
    std::unique_ptr<DiffView> m_view;
};

QTEST_MAIN(TestDiffView)
#include "tst_diffview.moc"
