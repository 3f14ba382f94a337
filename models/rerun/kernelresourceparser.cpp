// SPDX-License-Identifier: MIT
#include "models/rerun/kernelresourceparser.h"

#include <QRegularExpression>

#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <utility>

namespace krw {

namespace {

const QLatin1String remarkTag(" [-Rpass-analysis=kernel-resource-usage]");

// An AMD remark's label and value: "    SGPRs: 12" → ("SGPRs", "12"). Empty label when the line is
// not such a remark.
struct Remark
{
    QString label;
    QString value;
};

Remark amdRemark(const QString& line)
{
    // "file:1:2: remark: BODY [tag]" (clang), "remark: BODY [tag]" (no location),
    // "remark: file:1:2: BODY" (llc).
    static const QRegularExpression shape(QStringLiteral(R"((?:^|: )remark: (?:\S[^:]*:\d+:\d+: )?(.*)$)"));
    static const QRegularExpression body(QStringLiteral(R"(^\s*([A-Za-z][A-Za-z ]*(?: \[[A-Za-z/]+\])?):\s*(.*)$)"));
    if (!line.contains(QLatin1String("remark: ")))
        return {};
    const QRegularExpressionMatch m = shape.match(line);
    if (!m.hasMatch())
        return {};
    QString text = m.captured(1);
    if (text.endsWith(remarkTag))
        text.chop(remarkTag.size());
    const QRegularExpressionMatch b = body.match(text);
    if (!b.hasMatch())
        return {};
    static const QStringList labels = {QStringLiteral("Function Name"), QStringLiteral("SGPRs"), QStringLiteral("TotalSGPRs"),
        QStringLiteral("VGPRs"), QStringLiteral("AGPRs"), QStringLiteral("ScratchSize [bytes/lane]"), QStringLiteral("Dynamic Stack"),
        QStringLiteral("Occupancy [waves/SIMD]"), QStringLiteral("SGPRs Spill"), QStringLiteral("VGPRs Spill"),
        QStringLiteral("LDS Size [bytes/block]")};
    const QString label = b.captured(1).trimmed();
    if (!labels.contains(label))
        return {};
    return {label, b.captured(2).trimmed()};
}

std::optional<int> intValue(const QString& text)
{
    bool ok = false;
    const int v = text.toInt(&ok);
    return ok ? std::optional<int>(v) : std::nullopt;
}

std::optional<qint64> bytesValue(const QString& text)
{
    bool ok = false;
    const qint64 v = text.toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

// Collects the remarks of one function; only kernels (those with an LDS line) are kept.
class AmdBlock
{
public:
    void start(const QString& name, const QString& target)
    {
        m_kernel = KernelResourceUsage{};
        m_kernel.source = KernelResourceUsage::Source::AmdRemarks;
        m_kernel.name = name;
        m_kernel.target = target;
        m_open = true;
        m_isKernel = false;
    }

    void add(const Remark& r)
    {
        if (!m_open)
            return;
        if (r.label == QLatin1String("SGPRs") || r.label == QLatin1String("TotalSGPRs"))
            m_kernel.sgprs = intValue(r.value);
        else if (r.label == QLatin1String("VGPRs"))
            m_kernel.vgprs = intValue(r.value);
        else if (r.label == QLatin1String("AGPRs"))
            m_kernel.agprs = intValue(r.value);
        else if (r.label == QLatin1String("ScratchSize [bytes/lane]"))
            m_kernel.scratchBytes = bytesValue(r.value);
        else if (r.label == QLatin1String("Occupancy [waves/SIMD]"))
            m_kernel.occupancy = intValue(r.value);
        else if (r.label == QLatin1String("SGPRs Spill"))
            m_kernel.sgprSpills = intValue(r.value);
        else if (r.label == QLatin1String("VGPRs Spill"))
            m_kernel.vgprSpills = intValue(r.value);
        else if (r.label == QLatin1String("LDS Size [bytes/block]")) {
            m_kernel.sharedBytes = bytesValue(r.value);
            m_isKernel = true;
        }
    }

    void finish(QVector<KernelResourceUsage>* out)
    {
        if (m_open && m_isKernel)
            out->append(m_kernel);
        m_open = false;
    }

private:
    KernelResourceUsage m_kernel;
    bool m_open = false;
    bool m_isKernel = false;
};

QString ptxasInfo(const QString& line)
{
    static const QRegularExpression info(QStringLiteral(R"(^\s*ptxas info\s*:\s*(.*?)\s*$)"));
    const QRegularExpressionMatch m = info.match(line);
    return m.hasMatch() ? m.captured(1) : QString();
}

void parsePtxasUsed(const QString& items, KernelResourceUsage* kernel)
{
    // "Used 32 registers, used 1 barriers, 16 bytes smem, 384 bytes cmem[0]"
    static const QRegularExpression registers(QStringLiteral(R"(^Used (\d+) registers$)"));
    static const QRegularExpression smem(QStringLiteral(R"(^(\d+) bytes smem$)"));
    for (const QString& rawItem : items.split(QLatin1Char(','))) {
        const QString item = rawItem.trimmed();
        if (const auto m = registers.match(item); m.hasMatch())
            kernel->registers = intValue(m.captured(1));
        else if (const auto s = smem.match(item); s.hasMatch())
            kernel->sharedBytes = bytesValue(s.captured(1));
    }
    if (!kernel->sharedBytes)
        kernel->sharedBytes = 0; // ptxas leaves out "0 bytes smem"
}

} // namespace

QVector<KernelResourceUsage> KernelResourceParser::parse(const QString& log, const QString& amdTarget)
{
    static const QRegularExpression entry(QStringLiteral(R"(^Compiling entry function '([^']+)' for '([^']+)'$)"));
    static const QRegularExpression properties(QStringLiteral(R"(^Function properties for (\S+)$)"));
    static const QRegularExpression frame(
        QStringLiteral(R"(^\s*(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads\s*$)"));

    QVector<KernelResourceUsage> kernels;
    AmdBlock amd;
    int ptxasKernel = -1; // index into kernels of the entry ptxas is compiling
    bool framesForKernel = false; // the last "Function properties" named that entry
    for (QString line : log.split(QLatin1Char('\n'))) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (const Remark r = amdRemark(line); !r.label.isEmpty()) {
            if (r.label == QLatin1String("Function Name")) {
                amd.finish(&kernels);
                amd.start(r.value, amdTarget);
            } else {
                amd.add(r);
            }
            continue;
        }
        const QString info = ptxasInfo(line);
        if (!info.isEmpty()) {
            if (const auto m = entry.match(info); m.hasMatch()) {
                KernelResourceUsage k;
                k.source = KernelResourceUsage::Source::Ptxas;
                k.name = m.captured(1);
                k.target = m.captured(2);
                kernels.append(k);
                ptxasKernel = int(kernels.size()) - 1;
                framesForKernel = false;
            } else if (const auto p = properties.match(info); p.hasMatch()) {
                // Device functions that were not inlined get properties of their own.
                framesForKernel = ptxasKernel >= 0 && kernels.at(ptxasKernel).name == p.captured(1);
            } else if (info.startsWith(QLatin1String("Used ")) && ptxasKernel >= 0 && !kernels.at(ptxasKernel).registers) {
                // The entry's own line; callees that were not inlined only get properties.
                parsePtxasUsed(info, &kernels[ptxasKernel]);
            }
            continue;
        }
        if (const auto f = frame.match(line); f.hasMatch() && framesForKernel) {
            KernelResourceUsage& k = kernels[ptxasKernel];
            k.scratchBytes = bytesValue(f.captured(1));
            k.spillStoreBytes = bytesValue(f.captured(2));
            k.spillLoadBytes = bytesValue(f.captured(3));
            framesForKernel = false;
        }
    }
    amd.finish(&kernels);
    for (KernelResourceUsage& k : kernels) {
        k.demangledName = demangle(k.name);
        applyLimits(&k);
    }
    return kernels;
}

std::optional<qint64> KernelResourceParser::sharedLimitBytes(const QString& target)
{
    const QString arch = target.section(QLatin1Char(':'), 0, 0).trimmed().toLower(); // gfx90a:xnack- → gfx90a
    if (arch.startsWith(QLatin1String("sm_")))
        return NvidiaStaticSharedLimitBytes;
    if (arch == QLatin1String("gfx950"))
        return Gfx950SharedLimitBytes;
    static const QStringList cdna = {
        QStringLiteral("gfx908"), QStringLiteral("gfx90a"), QStringLiteral("gfx940"), QStringLiteral("gfx941"), QStringLiteral("gfx942")};
    static const QRegularExpression rdna(QStringLiteral(R"(^gfx1[0-2][0-9a-f]{2}$)"));
    if (cdna.contains(arch) || rdna.match(arch).hasMatch())
        return CdnaSharedLimitBytes;
    return std::nullopt;
}

void KernelResourceParser::applyLimits(KernelResourceUsage* k)
{
    k->sharedLimitBytes = sharedLimitBytes(k->target);
    k->flags.clear();
    const bool spills = k->sgprSpills.value_or(0) > 0 || k->vgprSpills.value_or(0) > 0 || k->spillStoreBytes.value_or(0) > 0
        || k->spillLoadBytes.value_or(0) > 0;
    if (spills)
        k->flags << QLatin1String(KernelResourceUsage::FlagSpills);
    if (k->sharedBytes && k->sharedLimitBytes && *k->sharedBytes > *k->sharedLimitBytes)
        k->flags << QLatin1String(KernelResourceUsage::FlagSharedOverLimit);
}

bool KernelResourceParser::isResourceLine(const QString& rawLine)
{
    QString line = rawLine;
    if (line.endsWith(QLatin1Char('\r')))
        line.chop(1);
    if (!amdRemark(line).label.isEmpty() || !ptxasInfo(line).isEmpty())
        return true;
    static const QRegularExpression frame(
        QStringLiteral(R"(^\s+\d+ bytes stack frame, \d+ bytes spill stores, \d+ bytes spill loads\s*$)"));
    return frame.match(line).hasMatch();
}

QVector<Diagnostic> KernelResourceParser::withoutResourceLines(QVector<Diagnostic> diagnostics)
{
    QVector<Diagnostic> kept;
    for (Diagnostic& d : diagnostics) {
        // The located remarks: their message is the remark body; their context the source excerpt.
        if (d.severity == Diagnostic::Severity::Remark && d.message.endsWith(remarkTag.trimmed())
            && !amdRemark(QStringLiteral("remark: ") + d.message).label.isEmpty())
            continue;
        QStringList context;
        for (const QString& line : std::as_const(d.context)) {
            if (!isResourceLine(line))
                context << line;
        }
        d.context = context;
        kept << d;
    }
    return kept;
}

QString KernelResourceParser::demangle(const QString& symbol)
{
    if (!symbol.startsWith(QLatin1String("_Z")) || symbol.size() > 4096)
        return {};
    int status = 0;
    const QByteArray mangled = symbol.toLatin1();
    const std::unique_ptr<char, decltype(&std::free)> readable(
        abi::__cxa_demangle(mangled.constData(), nullptr, nullptr, &status), &std::free);
    if (status != 0 || !readable)
        return {};
    return QString::fromUtf8(readable.get());
}

} // namespace krw
