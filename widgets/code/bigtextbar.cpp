// SPDX-License-Identifier: MIT
#include "widgets/code/bigtextbar.h"

#include "models/run/textlimits.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"

#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QToolButton>

namespace krw {

BigTextBar::BigTextBar(QWidget* parent)
    : QWidget(parent)
    , m_size(new QLabel(this))
    , m_status(new QLabel(this))
    , m_showAll(new QToolButton(this))
    , m_saveAs(new QToolButton(this))
    , m_read(new JobTracker(this))
    , m_save(new JobTracker(this))
{
    setObjectName(QStringLiteral("bigTextBar"));
    m_size->setObjectName(QStringLiteral("bigTextSize"));
    m_status->setObjectName(QStringLiteral("bigTextStatus"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    // The UI font: this is about the text, not part of it.
    setFont(QFontDatabase::systemFont(QFontDatabase::GeneralFont));
    QFont bold = m_size->font();
    bold.setBold(true);
    m_size->setFont(bold);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // long paths must not widen the view
    m_showAll->setText(tr("Show all"));
    m_showAll->setToolTip(tr("Read and show the whole field: may take a moment and much memory"));
    m_saveAs->setText(tr("Save as…"));
    m_saveAs->setToolTip(tr("Write the whole field to a file"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 4, 2);
    layout->addWidget(m_size);
    layout->addWidget(m_status, 1);
    layout->addWidget(m_showAll);
    layout->addWidget(m_saveAs);
    connect(m_showAll, &QToolButton::clicked, this, &BigTextBar::askShowAll);
    connect(m_saveAs, &QToolButton::clicked, this, &BigTextBar::askSaveAs);
    hide();
}

void BigTextBar::setShown(const DisplayText& shown, const WholeTextSource& whole)
{
    m_read->cancel(); // a "Show all" of what was shown before no longer applies
    ++m_shownSerial;
    m_reading = false;
    m_shown = shown;
    m_shown.text.clear(); // the view holds it
    m_shown.lineNumbers.clear();
    m_whole = whole;
    showState({});
    setVisible(m_shown.isBig());
}

void BigTextBar::clear()
{
    setShown({}, {});
}

QString BigTextBar::sizeText() const
{
    return m_size->text();
}

QString BigTextBar::statusText() const
{
    return m_status->text();
}

void BigTextBar::showState(const QString& status)
{
    if (!m_shown.whole)
        m_size->setText(tr("Shown %1 of %2").arg(TextLimits::size(m_shown.shownBytes), TextLimits::size(m_shown.fieldBytes)));
    else
        m_size->setText(tr("All %1 shown").arg(TextLimits::size(m_shown.fieldBytes)));
    QString text = status;
    if (text.isEmpty() && !m_shown.rich)
        text = tr("plain text: highlighting and Compare stop at %1").arg(TextLimits::size(TextLimits::RichBytes));
    m_status->setText(text);
    m_status->setToolTip(text);
    m_showAll->setVisible(!m_shown.whole);
    m_showAll->setEnabled(m_whole.isValid() && !m_reading);
    m_saveAs->setEnabled(m_whole.isValid());
}

void BigTextBar::askShowAll()
{
    const auto answer = QMessageBox::question(this, tr("Show all"),
        tr("Show all %1 of this field? Reading and laying it out takes a moment and memory several times its size; "
           "it is shown as plain text.")
            .arg(TextLimits::size(m_shown.fieldBytes)),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer == QMessageBox::Yes)
        showAll();
}

void BigTextBar::showAll()
{
    if (!m_whole.isValid())
        return;
    m_reading = true;
    showState(tr("reading all %1…").arg(TextLimits::size(m_shown.fieldBytes)));
    m_read->start(
        WorkPools::jobs(), [source = m_whole] { return readWholeText(source); },
        [this](const DisplayText& whole) {
            const WholeTextSource source = m_whole;
            setShown(whole, source);
            Q_EMIT wholeTextReady(whole);
        });
}

void BigTextBar::askSaveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the whole field"), QDir::home().filePath(m_whole.suggestedName));
    if (!path.isEmpty())
        saveAs(path);
}

void BigTextBar::saveAs(const QString& path)
{
    if (!m_whole.isValid())
        return;
    const quint64 shown = m_shownSerial;
    const qint64 bytes = m_shown.fieldBytes;
    showState(tr("saving to %1…").arg(QDir::toNativeSeparators(path)));
    struct Saved
    {
        bool ok = false;
        QString error;
    };
    // Every save is reported (nothing starts on m_save: none is dropped); the bar says so only
    // while the text saved is the one shown.
    m_save->startBeside(
        WorkPools::jobs(),
        [source = m_whole, path] {
            Saved saved;
            saved.ok = saveWholeText(source, path, &saved.error);
            return saved;
        },
        [this, shown, bytes, path](const Saved& saved) {
            const QString message = saved.ok ? tr("saved all %1 to %2").arg(TextLimits::size(bytes), QDir::toNativeSeparators(path))
                                             : tr("not saved: %1").arg(saved.error);
            if (shown == m_shownSerial)
                showState(message);
            Q_EMIT saveFinished(saved.ok, message);
        });
}

} // namespace krw
