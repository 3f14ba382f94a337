// SPDX-License-Identifier: MIT
#include "models/lint/torchops.h"

#include <QRegularExpression>

namespace krw {

namespace {

// torch.X that allocate, create, view, convert or keep books (the battery's bookkeeping ops and
// their neighbours): they do none of a kernel's work.
const QSet<QString>& bookkeepingFunctions()
{
    static const QSet<QString> names = {QStringLiteral("empty"), QStringLiteral("empty_like"), QStringLiteral("empty_strided"),
        QStringLiteral("zeros"), QStringLiteral("zeros_like"), QStringLiteral("ones"), QStringLiteral("ones_like"), QStringLiteral("full"),
        QStringLiteral("full_like"), QStringLiteral("arange"), QStringLiteral("range"), QStringLiteral("linspace"),
        QStringLiteral("logspace"), QStringLiteral("tensor"), QStringLiteral("as_tensor"), QStringLiteral("asarray"),
        QStringLiteral("as_strided"), QStringLiteral("from_numpy"), QStringLiteral("frombuffer"), QStringLiteral("from_dlpack"),
        QStringLiteral("rand"), QStringLiteral("rand_like"), QStringLiteral("randn"), QStringLiteral("randn_like"),
        QStringLiteral("randint"), QStringLiteral("randint_like"), QStringLiteral("randperm"), QStringLiteral("normal"),
        QStringLiteral("manual_seed"), QStringLiteral("seed"), QStringLiteral("initial_seed"), QStringLiteral("get_rng_state"),
        QStringLiteral("set_rng_state"), QStringLiteral("is_tensor"), QStringLiteral("is_storage"), QStringLiteral("is_floating_point"),
        QStringLiteral("is_complex"), QStringLiteral("numel"), QStringLiteral("get_default_dtype"), QStringLiteral("set_default_dtype"),
        QStringLiteral("set_default_device"), QStringLiteral("set_grad_enabled"), QStringLiteral("no_grad"), QStringLiteral("enable_grad"),
        QStringLiteral("inference_mode"), QStringLiteral("is_grad_enabled"), QStringLiteral("device"), QStringLiteral("dtype"),
        QStringLiteral("finfo"), QStringLiteral("iinfo"), QStringLiteral("promote_types"), QStringLiteral("result_type"),
        QStringLiteral("can_cast"), QStringLiteral("broadcast_shapes"), QStringLiteral("set_printoptions"),
        QStringLiteral("set_float32_matmul_precision"), QStringLiteral("get_float32_matmul_precision"),
        QStringLiteral("use_deterministic_algorithms"), QStringLiteral("set_num_threads"), QStringLiteral("get_num_threads"),
        QStringLiteral("compile"), QStringLiteral("load"), QStringLiteral("save"), QStringLiteral("view_as_real"),
        QStringLiteral("view_as_complex"), QStringLiteral("reshape"), QStringLiteral("flatten"), QStringLiteral("unflatten"),
        QStringLiteral("squeeze"), QStringLiteral("unsqueeze"), QStringLiteral("permute"), QStringLiteral("transpose"), QStringLiteral("t"),
        QStringLiteral("movedim"), QStringLiteral("moveaxis"), QStringLiteral("swapaxes"), QStringLiteral("swapdims"),
        QStringLiteral("narrow"), QStringLiteral("select"), QStringLiteral("split"), QStringLiteral("chunk"),
        QStringLiteral("tensor_split"), QStringLiteral("unbind"), QStringLiteral("broadcast_to"), QStringLiteral("broadcast_tensors"),
        QStringLiteral("atleast_1d"), QStringLiteral("atleast_2d"), QStringLiteral("atleast_3d"), QStringLiteral("detach"),
        QStringLiteral("typename"), QStringLiteral("is_same_size"), QStringLiteral("autocast"), QStringLiteral("vmap")};
    return names;
}

// Tensor methods that compute; an in-place one (add_) is its name with '_'.
const QSet<QString>& computeMethods()
{
    static const QSet<QString> names = {QStringLiteral("matmul"), QStringLiteral("mm"), QStringLiteral("bmm"), QStringLiteral("mv"),
        QStringLiteral("dot"), QStringLiteral("addmm"), QStringLiteral("addmv"), QStringLiteral("addbmm"), QStringLiteral("baddbmm"),
        QStringLiteral("outer"), QStringLiteral("sum"), QStringLiteral("nansum"), QStringLiteral("mean"), QStringLiteral("nanmean"),
        QStringLiteral("prod"), QStringLiteral("max"), QStringLiteral("min"), QStringLiteral("amax"), QStringLiteral("amin"),
        QStringLiteral("aminmax"), QStringLiteral("argmax"), QStringLiteral("argmin"), QStringLiteral("std"), QStringLiteral("var"),
        QStringLiteral("norm"), QStringLiteral("softmax"), QStringLiteral("log_softmax"), QStringLiteral("logsumexp"),
        QStringLiteral("cumsum"), QStringLiteral("cumprod"), QStringLiteral("cummax"), QStringLiteral("cummin"), QStringLiteral("exp"),
        QStringLiteral("exp2"), QStringLiteral("expm1"), QStringLiteral("log"), QStringLiteral("log2"), QStringLiteral("log10"),
        QStringLiteral("log1p"), QStringLiteral("sqrt"), QStringLiteral("rsqrt"), QStringLiteral("pow"), QStringLiteral("abs"),
        QStringLiteral("neg"), QStringLiteral("relu"), QStringLiteral("sigmoid"), QStringLiteral("tanh"), QStringLiteral("sin"),
        QStringLiteral("cos"), QStringLiteral("tan"), QStringLiteral("erf"), QStringLiteral("erfc"), QStringLiteral("clamp"),
        QStringLiteral("clamp_min"), QStringLiteral("clamp_max"), QStringLiteral("clip"), QStringLiteral("add"), QStringLiteral("sub"),
        QStringLiteral("mul"), QStringLiteral("div"), QStringLiteral("true_divide"), QStringLiteral("floor_divide"),
        QStringLiteral("remainder"), QStringLiteral("fmod"), QStringLiteral("floor"), QStringLiteral("ceil"), QStringLiteral("round"),
        QStringLiteral("trunc"), QStringLiteral("frac"), QStringLiteral("sign"), QStringLiteral("reciprocal"), QStringLiteral("square"),
        QStringLiteral("maximum"), QStringLiteral("minimum"), QStringLiteral("lerp"), QStringLiteral("addcmul"), QStringLiteral("addcdiv"),
        QStringLiteral("masked_fill"), QStringLiteral("masked_scatter"), QStringLiteral("topk"), QStringLiteral("sort"),
        QStringLiteral("argsort"), QStringLiteral("kthvalue"), QStringLiteral("median"), QStringLiteral("gather"),
        QStringLiteral("scatter"), QStringLiteral("scatter_add"), QStringLiteral("scatter_reduce"), QStringLiteral("index_select"),
        QStringLiteral("index_add"), QStringLiteral("index_copy"), QStringLiteral("index_fill"), QStringLiteral("take"),
        QStringLiteral("tril"), QStringLiteral("triu"), QStringLiteral("trace"), QStringLiteral("flip"), QStringLiteral("roll"),
        QStringLiteral("repeat_interleave"), QStringLiteral("count_nonzero"), QStringLiteral("cross"), QStringLiteral("hardtanh"),
        QStringLiteral("cosh"), QStringLiteral("sinh"), QStringLiteral("atan"), QStringLiteral("atan2"), QStringLiteral("logical_and"),
        QStringLiteral("logical_or"), QStringLiteral("logical_not"), QStringLiteral("bitwise_and"), QStringLiteral("bitwise_or")};
    return names;
}

// torch.nn classes that compute nothing when called (or are not called at all).
const QSet<QString>& structuralLayers()
{
    static const QSet<QString> names = {QStringLiteral("Module"), QStringLiteral("ModuleList"), QStringLiteral("ModuleDict"),
        QStringLiteral("Sequential"), QStringLiteral("Parameter"), QStringLiteral("ParameterList"), QStringLiteral("ParameterDict"),
        QStringLiteral("Buffer"), QStringLiteral("Identity"), QStringLiteral("Flatten"), QStringLiteral("Unflatten")};
    return names;
}

const QRegularExpression& dottedCall()
{
    // A dotted name from its root (not after '.' or a word character) followed by '('.
    static const QRegularExpression re(QStringLiteral(R"((?<![\w.])([A-Za-z_]\w*+(?:[ \t]*+\.[ \t]*+[A-Za-z_]\w*+)*+)[ \t]*+\()"));
    return re;
}

} // namespace

bool TorchOps::isComputeFunction(const QString& qualified)
{
    if (!qualified.startsWith(QLatin1String("torch.")))
        return false;
    const QStringList parts = qualified.split(QLatin1Char('.'));
    if (parts.size() == 2) {
        const QString& name = parts.at(1);
        if (name.isEmpty() || name.front().isUpper() || name.startsWith(QLatin1Char('_')))
            return false; // a type (torch.Tensor, torch.Size) or private
        return !bookkeepingFunctions().contains(name);
    }
    const QString& module = parts.at(1);
    if (module == QLatin1String("linalg") || module == QLatin1String("fft") || module == QLatin1String("special"))
        return parts.size() == 3;
    if (module == QLatin1String("nn") && parts.size() == 4 && parts.at(2) == QLatin1String("functional"))
        return true;
    if (module == QLatin1String("Tensor") && parts.size() == 3)
        return isComputeMethod(parts.at(2));
    return false;
}

bool TorchOps::isComputeMethod(const QString& name)
{
    if (computeMethods().contains(name))
        return true;
    return name.size() > 1 && name.endsWith(QLatin1Char('_')) && computeMethods().contains(name.left(name.size() - 1));
}

bool TorchOps::isComputeLayer(const QString& qualified)
{
    const QStringList parts = qualified.split(QLatin1Char('.'));
    if (parts.size() != 3 || parts.at(0) != QLatin1String("torch") || parts.at(1) != QLatin1String("nn"))
        return false;
    const QString& name = parts.at(2);
    return !name.isEmpty() && name.front().isUpper() && !structuralLayers().contains(name);
}

std::optional<TorchOps::Use> TorchOps::firstInPython(
    const QString& masked, PythonOutline::Span span, const QHash<QString, QString>& imports, const QSet<QString>& layers)
{
    span.start = qBound(0, span.start, int(masked.size()));
    span.end = qBound(span.start, span.end, int(masked.size()));
    const QString subject = masked.mid(span.start, span.end - span.start);
    std::optional<Use> first;
    auto take = [&first, &span](const QString& text, int at) {
        if (!first || span.start + at < first->offset)
            first = Use{text, span.start + at};
    };
    for (auto it = dottedCall().globalMatch(subject); it.hasNext();) {
        const auto m = it.next();
        QString dotted = m.captured(1);
        dotted.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
        const QStringList parts = dotted.split(QLatin1Char('.'));
        bool compute = false;
        if (parts.first() == QLatin1String("self") || parts.first() == QLatin1String("cls")) {
            // self.conv(x) of a compute layer; self.weight.sum(); not self.method(x) (the candidate's own)
            compute = parts.size() == 2 ? layers.contains(parts.at(1)) : isComputeMethod(parts.last());
        } else if (imports.contains(parts.first())) {
            compute = isComputeFunction(PythonOutline::resolve(imports, dotted));
        } else if (parts.first() == QLatin1String("torch")) {
            compute = isComputeFunction(dotted); // torch used without an import the masked text shows
        } else if (parts.size() >= 2) {
            compute = isComputeMethod(parts.last());
        }
        if (compute) {
            take(dotted + QLatin1Char('('), int(m.capturedStart(1)));
            break; // the first match in the text is the first of its kind
        }
    }
    // A method called on a call's result or an item: f(x).sum(, x[0].mean(.
    static const QRegularExpression chained(QStringLiteral(R"([)\]][ \t]*+\.[ \t]*+([A-Za-z_]\w*+)[ \t]*+\()"));
    for (auto it = chained.globalMatch(subject); it.hasNext();) {
        const auto m = it.next();
        if (isComputeMethod(m.captured(1))) {
            take(QLatin1Char('.') + m.captured(1) + QLatin1Char('('), int(m.capturedStart(1)) - 1);
            break;
        }
    }
    // The matrix product operator; a decorator's '@' has nothing before it on its line.
    static const QRegularExpression matmul(QStringLiteral(R"([\w)\]][ \t]*+(@)=?+[ \t]*+[\w(\[])"));
    const auto mm = matmul.match(subject);
    if (mm.hasMatch())
        take(QStringLiteral("@"), int(mm.capturedStart(1)));
    return first;
}

std::optional<TorchOps::Use> TorchOps::firstInCpp(const QString& masked, PythonOutline::Span span)
{
    span.start = qBound(0, span.start, int(masked.size()));
    span.end = qBound(span.start, span.end, int(masked.size()));
    const QString subject = masked.mid(span.start, span.end - span.start);
    std::optional<Use> first;
    static const QRegularExpression call(
        QStringLiteral(R"((?<![\w:])((?:at|torch)(?:[ \t]*+::[ \t]*+[A-Za-z_]\w*+)++)[ \t]*+(?:<[^<>;{}()]{0,200}>[ \t]*+)?\()"));
    for (auto it = call.globalMatch(subject); it.hasNext();) {
        const auto m = it.next();
        QString name = m.captured(1);
        name.remove(QLatin1Char(' ')).remove(QLatin1Char('\t'));
        const QStringList parts = name.split(QStringLiteral("::"));
        bool compute = false;
        if (parts.size() == 2)
            compute = isComputeFunction(QStringLiteral("torch.") + parts.at(1));
        else if (parts.size() == 4 && parts.at(1) == QLatin1String("nn") && parts.at(2) == QLatin1String("functional"))
            compute = true;
        else if (parts.size() == 3 && (parts.at(1) == QLatin1String("linalg") || parts.at(1) == QLatin1String("fft")))
            compute = true;
        if (compute) {
            first = Use{name + QLatin1Char('('), span.start + int(m.capturedStart(1))};
            break;
        }
    }
    static const QRegularExpression method(QStringLiteral(R"((?<=[\w)\]])[ \t]*+(?:\.|->)[ \t]*+([A-Za-z_]\w*+)[ \t]*+\()"));
    for (auto it = method.globalMatch(subject); it.hasNext();) {
        const auto m = it.next();
        if (!isComputeMethod(m.captured(1)))
            continue;
        const int at = span.start + int(m.capturedStart(1)) - 1;
        if (!first || at < first->offset)
            first = Use{QLatin1Char('.') + m.captured(1) + QLatin1Char('('), at};
        break;
    }
    return first;
}

QSet<QString> TorchOps::computeLayers(const QString& masked, const QHash<QString, QString>& imports)
{
    QSet<QString> layers;
    static const QRegularExpression assign(
        QStringLiteral(R"(\bself[ \t]*+\.[ \t]*+([A-Za-z_]\w*+)[ \t]*+=[ \t]*+([A-Za-z_][\w.]*+)[ \t]*+\()"));
    for (auto it = assign.globalMatch(masked); it.hasNext();) {
        const auto m = it.next();
        QString callee = m.captured(2);
        if (!callee.startsWith(QLatin1String("torch.")) && !imports.contains(callee.section(QLatin1Char('.'), 0, 0)))
            continue;
        if (isComputeLayer(PythonOutline::resolve(imports, callee)))
            layers.insert(m.captured(1));
    }
    return layers;
}

} // namespace krw
