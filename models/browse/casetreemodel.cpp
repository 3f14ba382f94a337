// SPDX-License-Identifier: MIT
#include "models/browse/casetreemodel.h"

#include <utility>

namespace krw {

namespace {
// Case rows store their group's row + 1 as internal id; group rows store 0.
constexpr quintptr GroupId = 0;

QVector<int> rerunRoles()
{
    return {Qt::DisplayRole, Qt::ToolTipRole, CaseTreeModel::SortRole, CaseTreeModel::RerunLevelRole};
}
} // namespace

CaseTreeModel::CaseTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

const QVector<Outcome>& CaseTreeModel::groupOrder()
{
    static const QVector<Outcome> order
        = {Outcome::CallFailed, Outcome::ExeFailed, Outcome::PerfFailed, Outcome::NoPrediction, Outcome::Unknown, Outcome::Passed};
    return order;
}

void CaseTreeModel::setRun(RunPtr run)
{
    beginResetModel();
    // Another run's reruns are not this one's, though cases of one benchmark share names: they
    // would show, sort and filter the new run's cases until its own arrive. A reload of the same
    // run keeps them (MainWindow reads them again, and they rarely change meanwhile).
    const bool sameRun = m_run && run && m_run->path == run->path && m_run->name == run->name;
    if (!sameRun)
        m_reruns.clear();
    m_run = std::move(run);
    m_groups.clear();
    m_hints.clear(); // another run's, or the run before a reload: computed again
    if (m_run) {
        for (Outcome outcome : groupOrder()) {
            Group group{outcome, {}};
            for (int i = 0; i < m_run->cases.size(); ++i) {
                if (m_run->cases.at(i).latest == outcome)
                    group.cases.append(i);
            }
            if (!group.cases.isEmpty())
                m_groups.append(group);
        }
    }
    endResetModel();
}

void CaseTreeModel::setAnnotations(const AnnotationMap& annotations)
{
    const AnnotationMap before = std::exchange(m_annotations, annotations);
    emitCasesChanged(0, NUM_COLUMNS - 1, {VerdictRole, Qt::ToolTipRole},
        [&](const QString& name) { return before.contains(name) || m_annotations.contains(name); });
}

void CaseTreeModel::setLatestReruns(const LatestReruns& reruns)
{
    const LatestReruns before = std::exchange(m_reruns, reruns);
    emitCasesChanged(
        RerunColumn, RerunColumn, rerunRoles(), [&](const QString& name) { return before.contains(name) || m_reruns.contains(name); });
}

void CaseTreeModel::setHints(const QVector<LintHints>& hints)
{
    if (!m_run || hints.size() != m_run->cases.size())
        return; // another run's
    m_hints = hints;
    // Every case row's Hints cell: one signal per group.
    for (int g = 0; g < m_groups.size(); ++g) {
        const QModelIndex group = index(g, 0);
        Q_EMIT dataChanged(index(0, HintsColumn, group), index(int(m_groups.at(g).cases.size()) - 1, HintsColumn, group),
            {Qt::DisplayRole, Qt::ToolTipRole, SortRole, HintCountRole, HintChecksRole});
    }
}

void CaseTreeModel::emitCasesChanged(
    int firstColumn, int lastColumn, const QVector<int>& roles, const std::function<bool(const QString&)>& changed)
{
    for (int g = 0; g < m_groups.size(); ++g) {
        const QVector<int>& cases = m_groups.at(g).cases;
        int first = -1;
        int last = -1;
        for (int row = 0; row < cases.size(); ++row) {
            if (changed(m_run->cases.at(cases.at(row)).filename)) {
                if (first < 0)
                    first = row;
                last = row;
            }
        }
        if (first >= 0) {
            const QModelIndex group = index(g, 0);
            Q_EMIT dataChanged(index(first, firstColumn, group), index(last, lastColumn, group), roles);
        }
    }
}

void CaseTreeModel::setLatestRerun(const QString& filename, const LatestRerun& rerun)
{
    m_reruns.insert(filename, rerun);
    const QModelIndex row = indexOfCase(filename);
    if (row.isValid())
        Q_EMIT dataChanged(row.siblingAtColumn(RerunColumn), row.siblingAtColumn(RerunColumn), rerunRoles());
}

int CaseTreeModel::hintCount(int caseIndex) const
{
    return hasHints() ? int(m_hints.at(caseIndex).size()) : -1;
}

QString CaseTreeModel::hintsToolTip(int caseIndex) const
{
    if (!hasHints())
        return QStringLiteral("Lint hints are being computed");
    const LintHints& hints = m_hints.at(caseIndex);
    if (hints.isEmpty())
        return QStringLiteral("No lint hints");
    QStringList lines;
    for (const LintHint& h : hints)
        lines << QStringLiteral("%1 line %2: %3").arg(h.version).arg(h.line).arg(h.message);
    return lines.join(QLatin1Char('\n'));
}

QModelIndex CaseTreeModel::indexOfCase(const QString& filename) const
{
    if (!m_run)
        return {};
    const int caseIndex = m_run->indexOf(filename);
    for (int g = 0; g < m_groups.size(); ++g) {
        const int row = m_groups.at(g).cases.indexOf(caseIndex);
        if (row >= 0)
            return createIndex(row, 0, quintptr(g + 1));
    }
    return {};
}

QModelIndex CaseTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, GroupId);
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex CaseTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == GroupId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, GroupId);
}

int CaseTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.column() != 0 || parent.internalId() != GroupId)
        return 0;
    return int(m_groups.at(parent.row()).cases.size());
}

int CaseTreeModel::columnCount(const QModelIndex&) const
{
    return NUM_COLUMNS;
}

QVariant CaseTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_run)
        return {};
    if (index.internalId() == GroupId)
        return groupData(m_groups.at(index.row()), index.column(), role);
    const int caseIndex = m_groups.at(int(index.internalId() - 1)).cases.at(index.row());
    return caseData(m_run->cases.at(caseIndex), caseIndex, index.column(), role);
}

QVariant CaseTreeModel::groupData(const Group& group, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        return column == NameColumn ? QVariant(QStringLiteral("%1 (%2)").arg(outcomeTitle(group.outcome)).arg(group.cases.size()))
                                    : QVariant();
    case SortRole:
        return int(groupOrder().indexOf(group.outcome));
    case IsGroupRole:
        return true;
    case OutcomeRole:
        return int(group.outcome);
    case GroupCaseCountRole:
        return int(group.cases.size());
    default:
        return {};
    }
}

bool CaseTreeModel::hasClaimWarnings(const Case& c)
{
    return !c.history.isEmpty() && !c.newest().claimWarnings.isEmpty();
}

QVariant CaseTreeModel::caseData(const Case& c, int caseIndex, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return c.filename;
        case LatestColumn:
            // A pass whose speedup the run's own files contradict never reads as a plain pass.
            return hasClaimWarnings(c) ? outcomeTitle(c.latest) + QStringLiteral(" ⚠") : outcomeTitle(c.latest);
        case BestColumn:
            return stageName(c.best);
        case RerunColumn: {
            const auto rerun = m_reruns.constFind(c.filename);
            return rerun == m_reruns.cend() ? QString() : rerun->cellText();
        }
        case HintsColumn:
            // "…" until the hints are there (its tooltip says they are being computed): an empty
            // cell means the case has none.
            if (!hasHints())
                return QStringLiteral("…");
            return hintCount(caseIndex) > 0 ? QVariant(hintCount(caseIndex)) : QVariant(QString());
        case IterationsColumn:
            return int(c.history.size());
        }
        return {};
    case Qt::ToolTipRole:
        if (column == HintsColumn)
            return hintsToolTip(caseIndex);
        if (column == RerunColumn) {
            const auto rerun = m_reruns.constFind(c.filename);
            return rerun == m_reruns.cend() ? QStringLiteral("Not rerun yet") : rerun->toolTip();
        }
        {
            QString tip
                = QStringLiteral("%1\nlatest: %2 · best: %3 · %4\nverdict: %5")
                      .arg(c.filename, outcomeName(c.latest), stageName(c.best))
                      .arg(c.history.size() == 1 ? QStringLiteral("1 iteration") : QStringLiteral("%1 iterations").arg(c.history.size()))
                      .arg(verdictInfo(m_annotations.value(c.filename).verdict).title);
            if (hasClaimWarnings(c))
                tip += QStringLiteral("\nclaim warnings (the speedup is not to be trusted):\n- ")
                    + c.newest().claimWarnings.join(QStringLiteral("\n- "));
            return tip;
        }
    case SortRole:
        switch (column) {
        case NameColumn:
            return caseIndex; // dataset order
        case LatestColumn:
            return int(c.latest);
        case BestColumn:
            return int(c.best);
        case RerunColumn: {
            const auto rerun = m_reruns.constFind(c.filename);
            return rerun == m_reruns.cend() ? 6 : rerun->sortRank(); // never rerun: last
        }
        case HintsColumn:
            return hintCount(caseIndex);
        case IterationsColumn:
            return int(c.history.size());
        }
        return {};
    case IsGroupRole:
        return false;
    case OutcomeRole:
        return int(c.latest);
    case BestStageRole:
        return int(c.best);
    case CaseIndexRole:
        return caseIndex;
    case FilenameRole:
        return c.filename;
    case VerdictRole:
        return int(m_annotations.value(c.filename).verdict);
    case RerunLevelRole: {
        const auto rerun = m_reruns.constFind(c.filename);
        return rerun == m_reruns.cend() ? QString() : rerun->level();
    }
    case HintCountRole:
        return hintCount(caseIndex);
    case HintChecksRole: {
        QStringList checks;
        for (const LintHint& h : m_hints.value(caseIndex)) {
            if (!checks.contains(h.check))
                checks << h.check;
        }
        return checks;
    }
    default:
        return {};
    }
}

QVariant CaseTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return QStringLiteral("Case");
    case LatestColumn:
        return QStringLiteral("Latest");
    case BestColumn:
        return QStringLiteral("Best");
    case HintsColumn:
        return QStringLiteral("Hints");
    case RerunColumn:
        return QStringLiteral("Rerun");
    case IterationsColumn:
        return QStringLiteral("Iter.");
    }
    return {};
}

} // namespace krw
