// SPDX-License-Identifier: MIT
#pragma once

#include "runner/pipeline/rerunrequest.h"

#include <QByteArray>

#include <optional>

namespace krw {

// A RerunRequest as a JSON file, for a rerun that runs on another machine: a Slurm task reads it
// with `kernel-review-cli run-request FILE --out RESULT` (docs/RUNNER.md "Slurm cluster"). The one
// owner of that format. What a request names on this machine only (the harness, the compatibility
// headers, the module cache and the scratch folder) is not written: the machine that runs it fills
// those in with its own (withLocalPaths). waitForDevice stays on the machine that hands devices out.
class RerunRequestFormat
{
public:
    static constexpr int Version = 1;

    static QByteArray toJson(const RerunRequest& request);
    // nullopt with error set for anything that is not a request of this version.
    static std::optional<RerunRequest> fromJson(const QByteArray& json, QString* error);
    // The request with this installation's harness and headers, the user's module cache and workRoot.
    static RerunRequest withLocalPaths(RerunRequest request, const QString& workRoot);
};

} // namespace krw
