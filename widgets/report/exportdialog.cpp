// SPDX-License-Identifier: MIT
#include "widgets/report/exportdialog.h"

#include "models/report/reportexport.h"
#include "models/report/reportexportjob.h"
#include "models/report/reportsize.h"
#include "models/run/runsummary.h"
#include "widgets/report/widgetreportrenderer.h"
#include "widgets/settings/settings.h"
#include "widgets/theme/themes.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

namespace krw {

namespace {

struct FormatChoice
{
    ExportFormat format;
    const char* title;
};

const FormatChoice FormatChoices[] = {
    {ExportFormat::Html, QT_TRANSLATE_NOOP("krw::ExportDialog", "HTML report (one self-contained file)")},
    {ExportFormat::Pdf, QT_TRANSLATE_NOOP("krw::ExportDialog", "PDF report")},
    {ExportFormat::Markdown, QT_TRANSLATE_NOOP("krw::ExportDialog", "Markdown report")},
    {ExportFormat::Csv, QT_TRANSLATE_NOOP("krw::ExportDialog", "CSV of cases")},
    {ExportFormat::Workspace, QT_TRANSLATE_NOOP("krw::ExportDialog", "Debug folders (one per case)")},
};

// Where a report goes first: where the last one went, else the documents folder, else home —
// never the run's own folder (the data, maybe read-only or shared).
QString defaultExportFolder()
{
    const QString last = Settings::instance()->lastExportFolder();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

QString casesText(int n)
{
    return n == 1 ? QCoreApplication::translate("krw::ExportDialog", "1 case")
                  : QCoreApplication::translate("krw::ExportDialog", "%n cases", nullptr, n);
}

} // namespace

ExportDialog::ExportDialog(RunPtr run, QVector<int> selection, QWidget* parent)
    : QDialog(parent)
    , m_run(std::move(run))
    , m_selection(std::move(selection))
    , m_format(new QComboBox(this))
    , m_scope(new QComboBox(this))
    , m_destination(new QLineEdit(this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_export(new QPushButton(tr("&Export"), this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this))
    , m_job(new ReportExportJob(this))
    , m_largeReportBytes(LargeReportBytes)
{
    setWindowTitle(tr("Export Report"));
    setObjectName(QStringLiteral("exportDialog"));
    for (const FormatChoice& choice : FormatChoices)
        m_format->addItem(tr(choice.title), int(choice.format));
    m_scope->addItem(tr("All cases"), int(ExportScope::All));
    m_scope->addItem(tr("Failing cases"), int(ExportScope::Failing));
    m_scope->addItem(tr("Annotated cases"), int(ExportScope::Annotated));
    m_scope->addItem(tr("Current selection (%1)").arg(caseCountText(int(m_selection.size()))), int(ExportScope::Selection));
    if (m_selection.isEmpty())
        m_scope->setItemData(3, 0, Qt::UserRole - 1); // disabled: nothing selected

    auto* browse = new QToolButton(this);
    browse->setText(tr("…"));
    browse->setToolTip(tr("Choose where to save"));
    auto* destinationRow = new QHBoxLayout;
    destinationRow->addWidget(m_destination, 1);
    destinationRow->addWidget(browse);

    auto* form = new QFormLayout;
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Cases:"), m_scope);
    auto* saveTo = new QLabel(tr("&Save to:"), this);
    saveTo->setBuddy(m_destination); // a row of a layout gets no buddy by itself
    form->addRow(saveTo, destinationRow);

    m_progress->setVisible(false);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_status->setOpenExternalLinks(true);
    m_export->setDefault(true);
    m_buttons->addButton(m_export, QDialogButtonBox::ActionRole);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);

    m_destination->setText(QDir(defaultExportFolder()).filePath(defaultExportName(m_run ? m_run->name : QString(), ExportFormat::Html)));

    // The destination field shows a whole path at the dialog's first size.
    m_destination->setMinimumWidth(m_destination->fontMetrics().averageCharWidth() * 48);

    connect(m_format, qOverload<int>(&QComboBox::currentIndexChanged), this, &ExportDialog::formatChanged);
    connect(m_scope, qOverload<int>(&QComboBox::currentIndexChanged), this, &ExportDialog::choiceChanged);
    connect(m_destination, &QLineEdit::textChanged, this, &ExportDialog::choiceChanged); // a format change too
    connect(browse, &QToolButton::clicked, this, &ExportDialog::browse);
    connect(m_export, &QPushButton::clicked, this, &ExportDialog::startExport);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);
    m_job->setRenderer(std::make_shared<WidgetReportRenderer>());
    connect(m_job, &ReportExportJob::progress, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_job, &ReportExportJob::finished, this, &ExportDialog::exportFinished);
}

ExportFormat ExportDialog::currentFormat() const
{
    return ExportFormat(m_format->currentData().toInt());
}

void ExportDialog::formatChanged()
{
    // Only the extension changes: the folder and the name the user chose stay as they are.
    const QFileInfo info(m_destination->text());
    QString name = info.fileName();
    for (const FormatChoice& choice : FormatChoices) {
        const QString ext = exportFormatExtension(choice.format);
        if (!ext.isEmpty() && name.endsWith(ext, Qt::CaseInsensitive)) {
            name.chop(ext.size());
            break;
        }
    }
    name += exportFormatExtension(currentFormat()); // none for the workspace: a folder
    const QString folder = m_destination->text().contains(QLatin1Char('/')) ? info.path() : QString();
    m_destination->setText(folder.isEmpty() ? name : QDir(folder).filePath(name));
}

// What the last export said belongs to that export: once the format, the cases or the destination
// change, "Exported … to report.html" under a field that says report.md would read as done.
void ExportDialog::choiceChanged()
{
    if (m_job->isRunning())
        return;
    m_status->clear();
    m_progress->setVisible(false);
}

void ExportDialog::browse()
{
    const QString chosen = currentFormat() == ExportFormat::Workspace
        ? QFileDialog::getExistingDirectory(this, tr("Export debug folders into"), QFileInfo(m_destination->text()).absolutePath())
        : QFileDialog::getSaveFileName(this, tr("Export report"), m_destination->text());
    if (!chosen.isEmpty())
        m_destination->setText(chosen);
}

void ExportDialog::startExport()
{
    ExportRequest request;
    request.run = m_run;
    request.comparedRun = m_comparedRun;
    request.format = currentFormat();
    request.scope = ExportScope(m_scope->currentData().toInt());
    request.selection = m_selection;
    request.destination = m_destination->text().trimmed();
    if (m_run) {
        QString error;
        request.annotations = loadRunAnnotations(*m_run, &error); // a small sidecar file
        if (!error.isEmpty()) {
            m_status->setText(tr("Cannot read the annotations: %1").arg(error.toHtmlEscaped()));
            return;
        }
        if (!confirmSize(request))
            return;
    }
    m_export->setEnabled(false);
    m_progress->setVisible(true);
    m_progress->setRange(0, 0);
    m_status->setText(tr("Exporting…"));
    m_buttons->button(QDialogButtonBox::Close)->setText(tr("Cancel"));
    m_job->start(request);
}

// A very large report (the HTML of 10,000 cases is hundreds of megabytes, too big for a browser
// to open comfortably) is written only when the user says so, knowing the estimate.
bool ExportDialog::confirmSize(const ExportRequest& request)
{
    const QVector<int> cases = casesInScope(*request.run, request.annotations, request.scope, request.selection);
    const qint64 estimate = estimateReportBytes(*request.run, cases, request.format);
    if (estimate <= m_largeReportBytes)
        return true;
    const QString size = QLocale().formattedDataSize(estimate, 0);
    QMessageBox box(QMessageBox::Warning, tr("Large report"),
        tr("The report will be about %1 (%2).").arg(size, casesText(int(cases.size()))), QMessageBox::NoButton, this);
    box.setInformativeText(tr("Reports above %1 are slow to open and to share. Write it anyway, or export fewer cases "
                              "(failing, annotated or the selection) or another format?")
                               .arg(QLocale().formattedDataSize(m_largeReportBytes, 0)));
    QPushButton* write = box.addButton(tr("&Write Anyway"), QMessageBox::AcceptRole);
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    if (box.clickedButton() == write)
        return true;
    m_status->setText(tr("Not exported: about %1 would have been written.").arg(size.toHtmlEscaped()));
    return false;
}

void ExportDialog::exportFinished(const ExportResult& result)
{
    m_export->setEnabled(true);
    m_buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    m_progress->setVisible(result.ok);
    if (!result.ok) {
        m_status->setText(
            QStringLiteral("<span style=\"color:%1\">%2</span>").arg(problemTextColor(palette()).name(), result.error.toHtmlEscaped()));
        return;
    }
    const QFileInfo info(result.path);
    const QString folder = result.path.isEmpty() ? QString() : (info.isDir() ? info.absoluteFilePath() : info.absolutePath());
    if (!result.path.isEmpty())
        Settings::instance()->setLastExportFolder(info.absolutePath()); // a workspace folder's parent
    m_status->setText(tr("Exported %1 to %2. <a href=\"%3\">Open the folder</a>")
                          .arg(caseCountText(result.cases), result.path.toHtmlEscaped(),
                              QUrl::fromLocalFile(folder).toString(QUrl::FullyEncoded).toHtmlEscaped()));
}

void ExportDialog::reject()
{
    if (m_job->isRunning()) {
        m_job->cancel();
        return; // finished() reports the cancellation; Close then closes
    }
    QDialog::reject();
}

} // namespace krw
