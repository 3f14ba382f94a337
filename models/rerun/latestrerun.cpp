// SPDX-License-Identifier: MIT
#include "models/rerun/latestrerun.h"

#include "models/rerun/rerunformat.h"
#include "models/rerun/rerunresult.h"
#include "models/rerun/verdictlevel.h"

#include <QCoreApplication>

namespace krw {

LatestRerun LatestRerun::of(const RerunResult& result)
{
    LatestRerun latest;
    latest.verdict = result.verdict();
    latest.flags = result.flags;
    latest.raisedFlags = result.raisedFlags;
    if (latest.verdict == QLatin1String("passed") && result.timing)
        latest.speedup = result.timing->speedup;
    latest.versionId = result.versionId;
    latest.baselineId = result.baselineId;
    latest.profile = result.profile;
    latest.started = result.started;
    latest.failure = FailureSignature::ofRerun(result, FailureSignature::caseNamesOf(result.caseName));
    return latest;
}

QString LatestRerun::level() const
{
    return VerdictLevel::of(verdict, flags, raisedFlags);
}

QString LatestRerun::cellText() const
{
    return verdictTitle(level());
}

QString LatestRerun::toolTip() const
{
    QStringList lines;
    lines << QCoreApplication::translate("krw::LatestRerun", "Newest rerun: %1").arg(VerdictLevel::line(verdict, flags, raisedFlags, true));
    lines << QCoreApplication::translate("krw::LatestRerun", "%1 against %2, profile %3")
                 .arg(versionId,
                     baselineId.isEmpty() ? QCoreApplication::translate("krw::LatestRerun", "an unrecorded baseline") : baselineId,
                     profile.isEmpty() ? QCoreApplication::translate("krw::LatestRerun", "not recorded") : profile);
    if (started.isValid())
        lines << started.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    if (speedup && VerdictLevel::counts(level()))
        lines << QCoreApplication::translate("krw::LatestRerun", "Device-time speedup %1 (the runner panel shows its evidence)")
                     .arg(formatSpeedup(*speedup));
    else if (speedup)
        lines << QCoreApplication::translate("krw::LatestRerun", "Device-time speedup %1, not counted: the result is %2")
                     .arg(formatSpeedup(*speedup), level());
    return lines.join(QLatin1Char('\n'));
}

int LatestRerun::sortRank() const
{
    const QString l = level();
    if (l == VerdictLevel::clean())
        return 0;
    if (l == VerdictLevel::notes())
        return 1;
    if (l == VerdictLevel::suspect())
        return 2;
    if (verdict == QLatin1String("compiled"))
        return 3;
    if (verdict == QLatin1String("cancelled"))
        return 5;
    return 4;
}

QString rerunFilterTitle(RerunFilter filter)
{
    switch (filter) {
    case RerunFilter::Any:
        return QCoreApplication::translate("krw::RerunFilter", "Any rerun state");
    case RerunFilter::NotRerun:
        return QCoreApplication::translate("krw::RerunFilter", "Not rerun");
    case RerunFilter::Counted:
        return QCoreApplication::translate("krw::RerunFilter", "Rerun passed (clean or with notes)");
    case RerunFilter::Suspect:
        return QCoreApplication::translate("krw::RerunFilter", "Rerun suspect");
    case RerunFilter::NotPassed:
        return QCoreApplication::translate("krw::RerunFilter", "Rerun did not pass");
    }
    return {};
}

bool rerunFilterAccepts(RerunFilter filter, const QString& level)
{
    switch (filter) {
    case RerunFilter::Any:
        return true;
    case RerunFilter::NotRerun:
        return level.isEmpty();
    case RerunFilter::Counted:
        return VerdictLevel::counts(level);
    case RerunFilter::Suspect:
        return level == VerdictLevel::suspect();
    case RerunFilter::NotPassed:
        // compile-check's "compiled" is not a pass of the test either
        return !level.isEmpty() && !VerdictLevel::counts(level) && level != VerdictLevel::suspect();
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
