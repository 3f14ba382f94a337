// SPDX-License-Identifier: MIT
#include "report/exportdialog.h"

#include "report/reportexport.h"
#include "report/reportexportjob.h"
#include "report/widgetreportrenderer.h"
#include "run/runsummary.h"
#include "theme/themes.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
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
    form->addRow(tr("&Save to:"), destinationRow);

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

    const QFileInfo runInfo(m_run ? m_run->path : QDir::homePath());
    const QString folder = runInfo.isDir() ? runInfo.absoluteFilePath() : runInfo.absolutePath();
    m_destination->setText(QDir(folder.startsWith(QLatin1Char(':')) ? QDir::homePath() : folder)
                               .filePath(defaultExportName(m_run ? m_run->name : QString(), ExportFormat::Html)));

    connect(m_format, qOverload<int>(&QComboBox::currentIndexChanged), this, &ExportDialog::formatChanged);
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
    // Keep the folder and base name the user chose; switch the extension to the new format's.
    const QFileInfo info(m_destination->text());
    QString base = info.fileName();
    for (const FormatChoice& choice : FormatChoices) {
        const QString ext = exportFormatExtension(choice.format);
        if (!ext.isEmpty() && base.endsWith(ext))
            base.chop(ext.size());
    }
    if (base.endsWith(QLatin1String("-cases")))
        base.chop(6);
    if (base.endsWith(QLatin1String("-report")))
        base.chop(7);
    const QString name = currentFormat() == ExportFormat::Workspace
        ? QString(base + QStringLiteral("-cases"))
        : QString(base + QStringLiteral("-report") + exportFormatExtension(currentFormat()));
    m_destination->setText(info.dir().filePath(name));
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
    }
    m_export->setEnabled(false);
    m_progress->setVisible(true);
    m_progress->setRange(0, 0);
    m_status->setText(tr("Exporting…"));
    m_buttons->button(QDialogButtonBox::Close)->setText(tr("Cancel"));
    m_job->start(request);
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
