// SPDX-License-Identifier: MIT
#include "rerun/latestrerun.h"

#include "rerun/rerunformat.h"
#include "rerun/rerunresult.h"

#include <QCoreApplication>

namespace krw {

LatestRerun LatestRerun::of(const RerunResult& result)
{
    LatestRerun latest;
    latest.verdict = result.verdict();
    latest.flags = result.flags;
    if (latest.verdict == QLatin1String("passed") && result.timing)
        latest.speedup = result.timing->speedup;
    latest.versionId = result.versionId;
    latest.baselineId = result.baselineId;
    latest.profile = result.profile;
    latest.started = result.started;
    latest.failure = FailureSignature::ofRerun(result, FailureSignature::caseNamesOf(result.caseName));
    return latest;
}

QString LatestRerun::cellText() const
{
    const QString words = verdictTitle(verdict);
    if (flags.isEmpty())
        return words;
    return flags.size() == 1 ? QCoreApplication::translate("krw::LatestRerun", "%1 · 1 flag").arg(words)
                             : QCoreApplication::translate("krw::LatestRerun", "%1 · %2 flags").arg(words).arg(flags.size());
}

QString LatestRerun::toolTip() const
{
    QStringList lines;
    lines << QCoreApplication::translate("krw::LatestRerun", "Newest rerun: %1").arg(cellText());
    if (!flags.isEmpty())
        lines << QCoreApplication::translate("krw::LatestRerun", "Flags: %1").arg(flags.join(QStringLiteral(", ")));
    lines << QCoreApplication::translate("krw::LatestRerun", "%1 against %2, profile %3")
                 .arg(versionId,
                     baselineId.isEmpty() ? QCoreApplication::translate("krw::LatestRerun", "an unrecorded baseline") : baselineId,
                     profile.isEmpty() ? QCoreApplication::translate("krw::LatestRerun", "not recorded") : profile);
    if (started.isValid())
        lines << started.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    if (speedup)
        lines << QCoreApplication::translate("krw::LatestRerun", "Device-time speedup %1 (the runner panel shows its evidence)")
                     .arg(formatSpeedup(*speedup));
    return lines.join(QLatin1Char('\n'));
}

int LatestRerun::sortRank() const
{
    if (verdict == QLatin1String("passed"))
        return flags.isEmpty() ? 0 : 1;
    if (verdict == QLatin1String("compiled"))
        return 2;
    if (verdict == QLatin1String("cancelled"))
        return 4;
    return 3;
}

QString rerunFilterTitle(RerunFilter filter)
{
    switch (filter) {
    case RerunFilter::Any:
        return QCoreApplication::translate("krw::RerunFilter", "Any rerun state");
    case RerunFilter::NotRerun:
        return QCoreApplication::translate("krw::RerunFilter", "Not rerun");
    case RerunFilter::PassedClean:
        return QCoreApplication::translate("krw::RerunFilter", "Rerun passed, no flags");
    case RerunFilter::Flagged:
        return QCoreApplication::translate("krw::RerunFilter", "Rerun raised flags");
    case RerunFilter::NotPassed:
        return QCoreApplication::translate("krw::RerunFilter", "Rerun did not pass");
    }
    return {};
}

bool rerunFilterAccepts(RerunFilter filter, const QString& verdict, bool flagged)
{
    switch (filter) {
    case RerunFilter::Any:
        return true;
    case RerunFilter::NotRerun:
        return verdict.isEmpty();
    case RerunFilter::PassedClean:
        return verdict == QLatin1String("passed") && !flagged;
    case RerunFilter::Flagged:
        return flagged;
    case RerunFilter::NotPassed:
        // compile-check's "compiled" is not a pass of the test either
        return !verdict.isEmpty() && verdict != QLatin1String("passed");
    }
    return true;
}

LatestReruns withNotedReruns(LatestReruns saved, const LatestReruns& noted)
{
    for (auto it = noted.cbegin(); it != noted.cend(); ++it) {
        const auto found = saved.constFind(it.key());
        if (found == saved.cend() || found->started < it->started)
            saved.insert(it.key(), it.value());
    }
    return saved;
}

} // namespace krw
