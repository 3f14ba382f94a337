// SPDX-License-Identifier: MIT
#include "recordcheck.h"

#include "fuzzfile.h"
#include "models/run/jsonstringdecoder.h"
#include "models/run/textstore.h"
#include "rundump.h"

#include <QFile>

#include <nlohmann/json.hpp>

namespace krw::fuzz {

void RecordCheck::checkText(const TextRef& ref, const SourceTable& sources, const char* field)
{
    if (!ref.isPresent())
        return;
    if (ref.source >= sources.size())
        fail("TextRef names an unknown source", QString::fromLatin1(field));
    const SourceFile& source = sources.at(ref.source);
    if (ref.offset < 0 || ref.length < 0 || ref.offset + ref.length > source.size)
        fail("TextRef outside its file",
            QStringLiteral("%1: offset %2 length %3, file size %4")
                .arg(QString::fromLatin1(field))
                .arg(ref.offset)
                .arg(ref.length)
                .arg(source.size));
    // Whole, then cut as a view with a small limit cuts it (a cut string literal is decoded up to the cut).
    TextStore::resolve(sources, ref);
    if (ref.length > 1)
        TextStore::resolve(sources, ref, ref.length / 2);
    checkDecoders(ref, source, field);
}

void RecordCheck::checkDecoders(const TextRef& ref, const SourceFile& source, const char* field)
{
    if (source.kind != SourceFile::Kind::Json || ref.isEmptyString)
        return;
    QFile file(source.path);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(ref.offset))
        return;
    const QByteArray bytes = file.read(ref.length);
    // Where the fast path answers, the careful one must accept the span and give the same text.
    QString fast;
    if (!JsonStringDecoder::decode(std::string_view(bytes.constData(), std::size_t(bytes.size())), &fast))
        return;
    const nlohmann::json careful = nlohmann::json::parse(bytes.cbegin(), bytes.cend(), nullptr, false);
    if (careful.is_discarded() || !careful.is_string())
        fail("JsonStringDecoder decoded a span nlohmann rejects", QString::fromLatin1(field));
    const std::string& text = careful.get_ref<const std::string&>();
    if (fast != QString::fromUtf8(text.data(), int(text.size())))
        fail("JsonStringDecoder and nlohmann decode a span differently", QString::fromLatin1(field));
}

void RecordCheck::check(const IterationRecords& records, const SourceTable& sources)
{
    if (records.byName.size() > records.records.size())
        fail("more names than records");
    for (auto it = records.byName.cbegin(); it != records.byName.cend(); ++it) {
        if (it.value() < 0 || it.value() >= records.records.size() || records.records.at(it.value()).name != it.key())
            fail("byName does not point at its record", it.key());
    }
    for (const auto& named : records.records)
        checkRecord(named.record, sources);
}

void RecordCheck::checkRun(const Run& run)
{
    if (!run.sources)
        fail("a loaded run has no source table");
    for (const Case& c : run.cases) {
        if (c.history.isEmpty())
            fail("a case without an iteration", c.filename);
        if (run.indexOf(c.filename) < 0)
            fail("indexOf does not find a case of the run", c.filename);
        for (const IterationRecord& r : c.history)
            checkRecord(r, *run.sources);
    }
}

void RecordCheck::checkSameRun(const Run& expected, const Run& actual, const char* how)
{
    const QString a = test::dumpRun(expected);
    const QString b = test::dumpRun(actual);
    if (a != b)
        fail("two loads of the same files disagree", QStringLiteral("%1\nfirst:\n%2\nthen:\n%3").arg(QString::fromLatin1(how), a, b));
}

void RecordCheck::checkRecord(const IterationRecord& r, const SourceTable& sources)
{
    checkText(r.instruction, sources, "instruction");
    checkText(r.label, sources, "label");
    checkText(r.predict, sources, "predict");
    checkText(r.testCode, sources, "test_code");
    for (const ExtraField& extra : r.extra)
        checkText(extra.value, sources, "extra");
    if (!r.memory)
        return;
    const MemoryEntry& m = *r.memory;
    for (const TextRef* ref :
        {&m.callError, &m.exeError, &m.callCandidate, &m.exeCandidate, &m.tempStrategy, &m.reflection, &m.perfStrategy, &m.oneshot})
        checkText(*ref, sources, "memory text");
    for (const ExtraField& extra : m.extra)
        checkText(extra.value, sources, "memory extra");
    for (const PerfCandidate& candidate : m.perfCandidates) {
        checkText(candidate.code, sources, "perf code");
        for (const PerfItem& item : candidate.items)
            checkText(item.text, sources, "perf item");
        // What the case view asks of a candidate.
        candidate.speedup();
        candidate.meanMs();
        candidate.efficiencyPercent();
        checkText(candidate.analysis(), sources, "perf analysis");
        checkText(candidate.profiling(), sources, "perf profiling");
    }
}

} // namespace krw::fuzz
