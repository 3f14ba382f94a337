// SPDX-License-Identifier: MIT
#include "widgets/review/bulkeditdialog.h"

#include "models/run/runsummary.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace krw {

namespace {
constexpr int KeepVerdict = -1;
} // namespace

BulkEditDialog::BulkEditDialog(const QStringList& cases, const AnnotationMap& current, const QString& what, QWidget* parent)
    : QDialog(parent)
    , m_cases(cases)
    , m_current(current)
    , m_verdict(new QComboBox(this))
    , m_addTags(new QLineEdit(this))
    , m_removeTags(new QLineEdit(this))
    , m_preview(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
    , m_apply(m_buttons->addButton(tr("Apply"), QDialogButtonBox::AcceptRole))
{
    setObjectName(QStringLiteral("bulkEditDialog"));
    setWindowTitle(tr("Verdict and Tags for %1").arg(what));
    m_verdict->setObjectName(QStringLiteral("bulkVerdict"));
    m_verdict->addItem(tr("Keep each case's verdict"), KeepVerdict);
    for (const VerdictInfo& info : verdictVocabulary())
        m_verdict->addItem(info.title, int(info.verdict));
    m_verdict->addItem(tr("Clear the verdict"), int(Verdict::None));
    m_addTags->setObjectName(QStringLiteral("bulkAddTags"));
    m_addTags->setPlaceholderText(tr("tags to add, separated by commas or spaces"));
    m_removeTags->setObjectName(QStringLiteral("bulkRemoveTags"));
    m_removeTags->setPlaceholderText(tr("tags to remove"));
    m_preview->setObjectName(QStringLiteral("bulkPreview"));
    m_apply->setObjectName(QStringLiteral("bulkApply"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Verdict:"), m_verdict);
    form->addRow(tr("&Add tags:"), m_addTags);
    form->addRow(tr("&Remove tags:"), m_removeTags);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Changes %1 at once; Edit ▸ Undo takes it back as one step.").arg(what), this));
    layout->addLayout(form);
    layout->addWidget(m_preview);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_verdict, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &BulkEditDialog::updatePreview);
    connect(m_addTags, &QLineEdit::textChanged, this, &BulkEditDialog::updatePreview);
    connect(m_removeTags, &QLineEdit::textChanged, this, &BulkEditDialog::updatePreview);
    updatePreview();
}

BulkChange BulkEditDialog::change() const
{
    BulkChange change;
    const int verdict = m_verdict->currentData().toInt();
    if (verdict != KeepVerdict)
        change.verdict = Verdict(verdict);
    change.addTags = BulkChange::parseTags(m_addTags->text());
    change.removeTags = BulkChange::parseTags(m_removeTags->text());
    return change;
}

int BulkEditDialog::changingCases() const
{
    return m_changing;
}

QString BulkEditDialog::previewText(int changing, int total)
{
    return tr("%1 of %2 change").arg(changing).arg(caseCountText(total));
}

void BulkEditDialog::updatePreview()
{
    const BulkChange bulk = change();
    m_changing = bulk.isEmpty() ? 0 : BulkChange::changedCases(bulk.edits(m_current, m_cases));
    m_preview->setText(previewText(m_changing, int(m_cases.size())));
    m_apply->setText(tr("&Apply to %n Cases", nullptr, m_changing));
    m_apply->setEnabled(m_changing > 0);
}

} // namespace krw
