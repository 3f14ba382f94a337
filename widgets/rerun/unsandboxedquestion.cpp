// SPDX-License-Identifier: MIT
#include "widgets/rerun/unsandboxedquestion.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QPushButton>

#include <optional>

namespace krw {

namespace {

std::optional<bool>& answer()
{
    static std::optional<bool> value;
    return value;
}

QString tr(const char* text)
{
    return QCoreApplication::translate("krw::UnsandboxedQuestion", text);
}

} // namespace

void forgetUnsandboxedAnswer()
{
    answer().reset();
}

bool askToRunUnsandboxed(QWidget* parent)
{
    if (!answer()) {
        QMessageBox box(QMessageBox::Warning, tr("Run without a sandbox?"),
            tr("bubblewrap (bwrap) is not installed, so this rerun cannot be sandboxed."), QMessageBox::NoButton, parent);
        box.setObjectName(QStringLiteral("unsandboxedQuestion"));
        box.setInformativeText(
            tr("The code of a case was written by a model. Unsandboxed, it runs as you: it can read, change and delete your "
               "files, use the network and start programs; only its memory and process limits are watched.\n\n"
               "To run it sandboxed, install bubblewrap (Debian, Ubuntu: sudo apt install bubblewrap; Fedora: sudo dnf install "
               "bubblewrap).\n\nRun it unsandboxed anyway? Your answer holds until you quit."));
        QPushButton* run = box.addButton(tr("Run unsandboxed"), QMessageBox::AcceptRole);
        QPushButton* dont = box.addButton(tr("Don't run"), QMessageBox::RejectRole);
        box.setDefaultButton(dont);
        box.setEscapeButton(dont);
        box.exec();
        answer() = box.clickedButton() == run;
    }
    return *answer();
}

} // namespace krw
