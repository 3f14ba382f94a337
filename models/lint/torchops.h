// SPDX-License-Identifier: MIT
//
// Which torch calls do the work of a kernel (torch.matmul, F.conv2d, x.sum(), a @ b, at::matmul)
// and which only allocate, view, convert or keep books (torch.empty_like, x.view, x.to,
// torch.cuda.synchronize): the one rule the candidate checks share (`fallback`, `torch-work`). It
// follows the cheat battery's `no_own_kernel` (runner/harness/krw_measure.py), which leaves
// allocation and view ops out of the library's share.
#pragma once

#include "models/lint/pythonoutline.h"

#include <QHash>
#include <QSet>
#include <QString>

#include <optional>

namespace krw {

class TorchOps
{
public:
    // A call of this dotted name, imports resolved (PythonOutline::resolve), computes: torch.X but
    // the allocation, view, conversion and bookkeeping ones, torch.nn.functional.*, torch.linalg.*,
    // torch.fft.*, torch.special.*. torch.cuda.*, torch.ops.* (a custom op: the candidate's own),
    // torch.nn.Module and the like do not.
    static bool isComputeFunction(const QString& qualified);
    // A tensor method that computes (sum, mean, matmul, softmax, exp, clamp, add_, ...); views,
    // conversions and allocation (view, reshape, contiguous, to, float, new_empty, fill_) do not.
    static bool isComputeMethod(const QString& name);
    // A torch.nn class whose instances compute when called (torch.nn.Linear, torch.nn.Conv2d);
    // containers, parameters and torch.nn.Identity do not.
    static bool isComputeLayer(const QString& qualified);

    struct Use
    {
        QString text; // as written, whitespace dropped: "torch.matmul(", "F.relu(", ".sum(", "@", "self.conv("
        int offset = -1; // into the text searched
    };
    // The first torch computation in span of masked Python: a compute function's call (through the
    // imports), a compute method's call on anything but an imported module or `self`, a call of
    // self.NAME where NAME is in layers (attributes set to a compute layer), or the `@` operator.
    static std::optional<Use> firstInPython(
        const QString& masked, PythonOutline::Span span, const QHash<QString, QString>& imports, const QSet<QString>& layers = {});
    // The first in masked C++: at::X / torch::X calls that compute, torch::nn::functional::X, or a
    // compute method (.matmul(, .sum().
    static std::optional<Use> firstInCpp(const QString& masked, PythonOutline::Span span);

    // The attributes a Python text sets to a compute layer: `self.conv = nn.Conv2d(...)` → "conv".
    static QSet<QString> computeLayers(const QString& masked, const QHash<QString, QString>& imports);
};

} // namespace krw
