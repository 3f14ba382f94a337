// SPDX-License-Identifier: MIT
#include "widgets/browse/warningsourcedialog.h"

#include "models/browse/sourceexcerpt.h"
#include "models/work/jobtracker.h"
#include "models/work/workpools.h"
#include "widgets/code/codeview.h"
#include "widgets/settings/settings.h"
#include "widgets/theme/themes.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QTextBlock>
#include <QUrl>
#include <QVBoxLayout>

namespace krw {

WarningSourceDialog::WarningSourceDialog(const LoadWarning& warning, QWidget* parent)
    : QDialog(parent)
    , m_warning(warning)
    , m_message(new QLabel(this))
    , m_status(new QLabel(this))
    , m_code(new CodeView(nullptr, this))
    , m_external(new QPushButton(tr("Open in &Default Viewer"), this))
{
    setObjectName(QStringLiteral("warningSourceDialog"));
    const QString name = QFileInfo(warning.file).fileName();
    setWindowTitle(warning.line > 0 ? tr("%1:%2 — load warning").arg(name).arg(warning.line) : tr("%1 — load warning").arg(name));
    m_message->setObjectName(QStringLiteral("warningMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QString where = QDir::toNativeSeparators(warning.file);
    if (warning.line > 0)
        where += tr(", line %1").arg(warning.line);
    if (warning.byteOffset >= 0)
        where += tr(", byte %1").arg(warning.byteOffset);
    m_message->setText(warning.field.isEmpty() ? tr("%1\n%2").arg(where, warning.message)
                                               : tr("%1, field %2\n%3").arg(where, warning.field, warning.message));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setText(tr("Reading…"));
    m_code->setObjectName(QStringLiteral("warningSource"));
    m_code->setCodeFont(Settings::instance()->codeFont());
    m_code->setLineWrapMode(QPlainTextEdit::NoWrap);
    // Resources (the embedded sample) have no file an outside program could open.
    m_external->setEnabled(!warning.file.startsWith(QLatin1Char(':')) && QFileInfo::exists(warning.file));
    m_external->setToolTip(tr("Open %1 in the desktop's viewer for its type (it will not go to the line)").arg(where));
    connect(m_external, &QPushButton::clicked, this,
        [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(m_warning.file).absoluteFilePath())); });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_external, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_message);
    layout->addWidget(m_code, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(900, 560);

    const auto show = [this](const SourceExcerpt& excerpt) {
        if (!excerpt) {
            m_status->setText(excerpt.error);
            QPalette problem = m_status->palette();
            problem.setColor(QPalette::WindowText, problemTextColor(problem));
            m_status->setPalette(problem);
            Q_EMIT shown(false);
            return;
        }
        QVector<int> numbers;
        for (int i = 0; i < excerpt.lines.size(); ++i)
            numbers.append(int(excerpt.firstLine + i));
        m_code->setCode(excerpt.lines.join(QLatin1Char('\n')), CodeLanguage::Plain);
        m_code->setLineNumbers(numbers);
        // The warning's line stays marked (the cursor's flash fades).
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(m_code->document()->findBlockByNumber(m_code->blockOfLine(int(excerpt.line))));
        mark.format.setBackground(tinted(m_code->palette(), problemTextColor(m_code->palette()), 0.25));
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        QList<QTextEdit::ExtraSelection> marks{mark};
        m_code->showLine(int(excerpt.line));
        if (excerpt.column >= 0) {
            // The place itself, marked more strongly, and scrolled to: on a long line (a JSONL
            // record, a one-line memory file) it is far to the right.
            QTextCursor span = mark.cursor;
            span.setPosition(mark.cursor.block().position() + excerpt.column);
            span.setPosition(span.position() + std::max(1, excerpt.spanLength), QTextCursor::KeepAnchor);
            QTextEdit::ExtraSelection place;
            place.cursor = span;
            place.format.setBackground(tinted(m_code->palette(), problemTextColor(m_code->palette()), 0.6));
            place.format.setFontUnderline(true);
            marks.append(place);
            // End first, then start: the whole span in view where it fits, its start where not.
            QTextCursor at = span;
            m_code->setTextCursor(at);
            m_code->ensureCursorVisible();
            at.setPosition(span.anchor());
            m_code->setTextCursor(at);
            m_code->ensureCursorVisible();
        }
        m_code->setBackgroundSelections(marks);
        m_status->setText(excerpt.cut ? tr("Long lines are cut around the place the warning points at (…).") : QString());
        m_status->setVisible(excerpt.cut);
        Q_EMIT shown(true);
    };
    (new JobTracker(this))
        ->start(
            WorkPools::jobs(),
            [path = warning.file, line = warning.line, offset = warning.byteOffset] { return readSourceExcerpt(path, line, offset); },
            show);
}

WarningSourceDialog::~WarningSourceDialog() = default;

} // namespace krw
