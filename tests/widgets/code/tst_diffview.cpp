// SPDX-License-Identifier: MIT
#include "code/codeview.h"
#include "code/diffview.h"
#include "code/syntaxsupport.h"
#include "theme/diffcolors.h"

#include <QApplication>
#include <QLabel>
#include <QScrollBar>
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

QVector<QTextEdit::ExtraSelection> selectionsOnBlock(const CodeView* view, int block)
{
    QVector<QTextEdit::ExtraSelection> result;
    for (const auto& selection : view->extraSelections()) {
        if (selection.cursor.blockNumber() == block)
            result.append(selection);
    }
    return result;
}

} // namespace

class TestDiffView : public QObject
{
    Q_OBJECT
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

    void selectionsMarkChanges()
    {
        const auto& rows = m_sample.result.rows;
        for (int row = 0; row < rows.size(); ++row) {
            const DiffRow& r = rows.at(row);
            const auto left = selectionsOnBlock(m_view->leftView(), row);
            const auto right = selectionsOnBlock(m_view->rightView(), row);
            if (r.kind == DiffRow::Kind::Equal) {
                QVERIFY(left.isEmpty() && right.isEmpty());
                continue;
            }
            QVERIFY2(!left.isEmpty() && !right.isEmpty(), qPrintable(QStringLiteral("row %1").arg(row)));
            QVERIFY(left.first().format.property(QTextFormat::FullWidthSelection).toBool());
            QVERIFY(right.first().format.property(QTextFormat::FullWidthSelection).toBool());
        }
        // The changed characters of the first hunk: "128" -> "256" at column 8.
        const int row = m_sample.result.hunks.first().firstRow;
        const auto spans = selectionsOnBlock(m_view->rightView(), row);
        const auto span
            = std::find_if(spans.cbegin(), spans.cend(), [](const QTextEdit::ExtraSelection& s) { return s.cursor.hasSelection(); });
        QVERIFY(span != spans.cend());
        QCOMPARE(span->cursor.selectedText(), QStringLiteral("256"));
    }

    void fillerRowsAreEmptyAndShaded()
    {
        const auto& rows = m_sample.result.rows;
        int fillers = 0;
        for (int row = 0; row < rows.size(); ++row) {
            if (rows.at(row).rightLine >= 0)
                continue;
            ++fillers;
            QVERIFY(m_view->rightView()->document()->findBlockByNumber(row).text().isEmpty());
            QVERIFY(!selectionsOnBlock(m_view->rightView(), row).isEmpty());
        }
        QCOMPARE(fillers, 2);
    }

    void colorsFollowPalette()
    {
        const int row = m_sample.result.hunks.first().firstRow;
        const auto lineColor = [this, row] { return selectionsOnBlock(m_view->leftView(), row).first().format.background().color(); };
        QVERIFY(lineColor().lightness() >= 128);
        QApplication::setPalette(darkPalette()); // Qt 6 delivers it through the event loop
        QTRY_VERIFY(lineColor().lightness() < 128);
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
        QVERIFY(view.leftView()->extraSelections().isEmpty());
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
