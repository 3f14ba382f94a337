// SPDX-License-Identifier: MIT
//
// Small helpers the main-window tests share.
#pragma once

#include "casetreemodel.h"
#include "mainwindow.h"

#include <QStringList>
#include <QTreeView>

namespace krw::testing {

// The filenames the case tree shows now (after filtering), in tree order.
inline QStringList shownCases(const MainWindow& window)
{
    QStringList names;
    const auto* model = window.caseTree()->model();
    for (int g = 0; g < model->rowCount(); ++g) {
        for (int r = 0; r < model->rowCount(model->index(g, 0)); ++r)
            names << model->index(r, 0, model->index(g, 0)).data(CaseTreeModel::FilenameRole).toString();
    }
    return names;
}

} // namespace krw::testing
