// SPDX-License-Identifier: MIT
#include "models/browse/searchindex.h"

#include "models/browse/casematcher.h"
#include "models/browse/casesearch.h"
#include "models/run/loadedfiles.h"
#include "models/run/textreader.h"
#include "models/work/workpools.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>
#include <QVector>
#include <QtAlgorithms>
#include <QtConcurrent>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <unordered_map>
#include <unordered_set>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace krw {

namespace {

constexpr int BuildBatchCases = 256; // cases decoded between two cancellation checks
constexpr int SearchCheckEvery = 64; // cases searched between two cancellation checks
constexpr quint8 EverythingOnly = 1u << int(SearchScope::Everything);
constexpr quint8 AllScopes = 0xff;

quint8 scopeBit(SearchScope scope)
{
    return quint8(1u << int(scope));
}

// The scopes fieldsInScope knows, besides Everything (which looks at all of them and more).
constexpr SearchScope TextScopes[] = {
    SearchScope::Errors,
    SearchScope::Instruction,
    SearchScope::Code,
    SearchScope::Label,
    SearchScope::TestCode,
    SearchScope::Reflection,
};

void appendUtf8(QByteArray& out, uint c)
{
    if (c < 0x80) {
        out.append(char(c));
    } else if (c < 0x800) {
        out.append(char(0xc0 | (c >> 6)));
        out.append(char(0x80 | (c & 0x3f)));
    } else if (c < 0x10000) {
        out.append(char(0xe0 | (c >> 12)));
        out.append(char(0x80 | ((c >> 6) & 0x3f)));
        out.append(char(0x80 | (c & 0x3f)));
    } else {
        out.append(char(0xf0 | (c >> 18)));
        out.append(char(0x80 | ((c >> 12) & 0x3f)));
        out.append(char(0x80 | ((c >> 6) & 0x3f)));
        out.append(char(0x80 | (c & 0x3f)));
    }
}

// One text of a case before it is stored: folded, with its scopes.
struct FoldedText
{
    QByteArray folded;
    quint8 scopes;
    bool invalidUtf16 = false;
    qint32 carriedEntry = -1; // taken from this entry of the previous index (its lines are known there)
};

// A field a TextRef points to, and which of the case's texts holds it (-1: none, it was empty).
struct FieldRef
{
    TextRef ref;
    int text;
};

struct CaseTexts
{
    std::vector<FoldedText> texts;
    std::vector<FieldRef> fields;
    std::vector<quint64> signature; // SignatureBits bits: the case's trigrams, hashed
    bool verify = false;
};

// Where a build takes texts from instead of reading them (the index of the load before).
class TextCarrier
{
public:
    virtual ~TextCarrier() = default;
    // True when ref's text is known: then out holds it folded (empty when it was), and whether
    // it was valid UTF-16.
    virtual bool carried(const TextRef& ref, FoldedText* out) const = 0;
};

// What one build reads and takes over, counted.
struct BuildCounts
{
    std::vector<qint64> read; // texts read, per source
    qint64 carried = 0; // texts taken over
};

constexpr int SignatureShift = 14;
constexpr quint32 SignatureBits = 1u << SignatureShift;

// The signature bit of the trigram at p.
quint32 trigramBit(const char* p)
{
    const quint32 trigram = quint32(quint8(p[0])) | quint32(quint8(p[1])) << 8 | quint32(quint8(p[2])) << 16;
    return (trigram * 0x9E3779B1u) >> (32 - SignatureShift);
}

// Decodes and folds the texts of one case, as searchCases would read them; the texts carrier
// knows are taken from it instead.
CaseTexts collectCase(const Case& c, TextReader& reader, const TextCarrier* carrier, BuildCounts* counts)
{
    CaseTexts out;
    out.signature.assign(SignatureBits / 64, 0);
    const auto addFolded = [&out](FoldedText text) -> int {
        if (text.folded.isEmpty())
            return -1;
        out.verify = out.verify || text.invalidUtf16;
        const char* p = text.folded.constData();
        for (qsizetype i = 0; i + 3 <= text.folded.size(); ++i) {
            const quint32 bit = trigramBit(p + i);
            out.signature[bit / 64] |= quint64(1) << (bit % 64);
        }
        out.texts.push_back(std::move(text));
        return int(out.texts.size()) - 1;
    };
    const auto add = [&addFolded](const QString& text, quint8 scopes) {
        if (text.isEmpty())
            return -1;
        return addFolded({SearchIndex::fold(text), scopes, !QStringView(text).isValidUtf16()});
    };
    add(c.filename, EverythingOnly);
    const auto addMetadata = [&add](const QVector<ExtraField>& fields) {
        for (const ExtraField& f : fields) {
            add(f.key, EverythingOnly);
            add(f.shortValue, EverythingOnly);
        }
    };
    struct Field
    {
        TextRef ref;
        quint8 scopes;
    };
    for (const IterationRecord& r : c.history) {
        addMetadata(r.extra);
        if (r.memory)
            addMetadata(r.memory->extra);
        // Each field once, with every scope that looks at it.
        std::vector<Field> fields;
        const auto note = [&fields](const TextRef& ref, quint8 bit) {
            if (!ref.hasContent())
                return;
            for (Field& f : fields) {
                if (f.ref.source == ref.source && f.ref.offset == ref.offset && f.ref.length == ref.length) {
                    f.scopes |= bit;
                    return;
                }
            }
            fields.push_back({ref, bit});
        };
        for (const SearchScope scope : TextScopes) {
            const QVector<TextRef> refs = fieldsInScope(r, scope);
            for (const TextRef& ref : refs)
                note(ref, scopeBit(scope));
        }
        const QVector<TextRef> all = fieldsInScope(r, SearchScope::Everything);
        for (const TextRef& ref : all)
            note(ref, EverythingOnly);
        for (const Field& f : fields) {
            FoldedText known{{}, f.scopes, false};
            int text = -1;
            if (carrier && carrier->carried(f.ref, &known)) {
                ++counts->carried;
                text = addFolded(std::move(known));
            } else {
                if (f.ref.source < int(counts->read.size()))
                    ++counts->read[size_t(f.ref.source)];
                const ResolvedText read = reader.read(f.ref, TextStore::DefaultMaxBytes);
                // A text that could not be read (changed on disk, too many open files, an I/O
                // error) is not "contains nothing": every search reads the case again, as
                // searchCases would.
                if (!read.error.isEmpty())
                    out.verify = true;
                text = add(read.text, f.scopes);
            }
            out.fields.push_back({f.ref, text});
        }
    }
    return out;
}

} // namespace

QByteArray SearchIndex::fold(QStringView text)
{
    QByteArray out;
    out.reserve(int(text.size()));
    const auto* p = text.utf16();
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        uint c = p[i];
        if (c < 0x80) {
            out.append(char(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c));
            continue;
        }
        if (QChar::isHighSurrogate(c) && i + 1 < n && QChar::isLowSurrogate(p[i + 1])) {
            c = QChar::surrogateToUcs4(char16_t(c), char16_t(p[i + 1]));
            ++i;
        }
        // A lone surrogate stays itself (encoded like a code point): such texts are confirmed by
        // the old path anyway (CaseTexts::verify).
        appendUtf8(out, QChar::toCaseFolded(c));
    }
    return out;
}

bool SearchIndex::canAnswer(const SearchQuery& query)
{
    return !query.regex && query.scope != SearchScope::Metadata && !query.text.contains(QLatin1Char('\n'));
}

// The texts of the files the loader kept, from the index of the load before: each field's
// entry there, by where the field is (source, offset, length).
struct SearchIndex::Carry : TextCarrier
{
    struct Key
    {
        qint32 source;
        qint64 offset;
        qint64 length;
        bool operator==(const Key& o) const { return source == o.source && offset == o.offset && length == o.length; }
    };
    struct KeyHash
    {
        size_t operator()(const Key& k) const
        {
            return std::hash<qint64>()(k.offset) ^ (std::hash<qint64>()(k.length) * 31) ^ (size_t(k.source) << 40);
        }
    };

    Carry(const Run& run, const Previous& previous)
    {
        if (!previous.run || !previous.index)
            return;
        index = previous.index.get();
        sources = carriedSources(*previous.run, run);
        for (const FieldText& f : index->m_fieldTexts) {
            if (f.source >= 0 && size_t(f.source) < sources.size() && sources[size_t(f.source)])
                entryOf.emplace(Key{f.source, f.offset, f.length}, f.entry);
        }
    }

    bool carried(const TextRef& ref, FoldedText* out) const override
    {
        if (entryOf.empty() || ref.source < 0 || size_t(ref.source) >= sources.size() || !sources[size_t(ref.source)])
            return false;
        const auto it = entryOf.find(Key{ref.source, ref.offset, ref.length});
        if (it == entryOf.end())
            return false;
        if (it->second >= 0) {
            const Entry& entry = index->m_entries[size_t(it->second)];
            out->folded = index->foldedText(entry);
            out->invalidUtf16 = entry.invalidUtf16;
            out->carriedEntry = it->second;
        }
        return true;
    }

    const SearchIndex* index = nullptr;
    std::vector<bool> sources;
    std::unordered_map<Key, qint32, KeyHash> entryOf;
};

std::vector<bool> SearchIndex::carriedSources(const Run& previous, const Run& run)
{
    std::vector<bool> carried(size_t(run.sources ? run.sources->size() : 0), false);
    if (!run.loadedFiles || !previous.sources)
        return carried;
    for (const LoadedFile& file : run.loadedFiles->files) {
        const int i = file.sourceIndex;
        if (!file.kept || i < 0 || size_t(i) >= carried.size() || i >= previous.sources->size())
            continue;
        const SourceFile& before = previous.sources->at(i);
        const SourceFile& now = run.sources->at(i);
        carried[size_t(i)] = before.path == now.path && before.kind == now.kind && TextStore::sameStamp(before, now);
    }
    return carried;
}

QByteArray SearchIndex::foldedText(const Entry& entry) const
{
    QByteArray text;
    for (quint32 k = 0; k < entry.count; ++k) {
        if (k > 0)
            text.append('\n');
        const std::string_view l = line(int(m_refs[entry.first + k]));
        text.append(l.data(), int(l.size()));
    }
    return text;
}

// Keeps each distinct line once (a set of line ids, hashed and compared by their bytes in the
// index), and each distinct list of lines once.
struct SearchIndex::Builder
{
    struct Hash
    {
        const SearchIndex* index;
        size_t operator()(quint32 id) const { return std::hash<std::string_view>()(index->line(int(id))); }
    };
    struct Equal
    {
        const SearchIndex* index;
        bool operator()(quint32 a, quint32 b) const { return index->line(int(a)) == index->line(int(b)); }
    };

    explicit Builder(SearchIndex* index)
        : m_index(index)
        , m_ids(1024, Hash{index}, Equal{index})
    {
    }

    // The id of line, added unless the index has it already.
    quint32 add(std::string_view line)
    {
        SearchIndex& index = *m_index;
        const auto id = quint32(index.lineCount());
        index.m_lines.append(line.data(), line.size());
        index.m_lines.push_back('\n');
        index.m_lineStart.push_back(index.m_lines.size());
        const auto [it, added] = m_ids.insert(id);
        if (added)
            return id;
        index.m_lineStart.pop_back();
        index.m_lines.resize(index.m_lineStart.back());
        return *it;
    }

    // Where the list of line numbers ids starts in m_refs, added unless a text with the same
    // lines is there already (a text that repeats across iterations is stored once).
    quint32 addText(const std::vector<quint32>& ids)
    {
        SearchIndex& index = *m_index;
        const size_t hash
            = std::hash<std::string_view>()(std::string_view(reinterpret_cast<const char*>(ids.data()), ids.size() * sizeof(quint32)));
        const auto [from, to] = m_texts.equal_range(hash);
        for (auto it = from; it != to; ++it) {
            const auto at = index.m_refs.begin() + qsizetype(it->second);
            if (index.m_refs.end() - at >= qsizetype(ids.size()) && std::equal(ids.begin(), ids.end(), at))
                return it->second;
        }
        const auto first = quint32(index.m_refs.size());
        index.m_refs.insert(index.m_refs.end(), ids.begin(), ids.end());
        m_texts.emplace(hash, first);
        return first;
    }

    SearchIndex* m_index;
    std::unordered_set<quint32, Hash, Equal> m_ids;
    std::unordered_multimap<size_t, quint32> m_texts; // hash of a text's line numbers -> where they start
};

void SearchIndex::runParts(int count, const std::function<void(int part)>& work)
{
    WorkPools::runParts(
        count,
        [&work](int part) {
            lowerThreadPriority();
            work(part);
        },
        buildPool());
}

std::shared_ptr<const SearchIndex> SearchIndex::build(const Run& run, const std::function<bool()>& isCancelled,
    const std::function<void(int indexed, int total)>& progress, const Previous& previous)
{
    std::shared_ptr<SearchIndex> index(new SearchIndex);
    const int total = int(run.cases.size());
    const size_t sourceCount = size_t(run.sources ? run.sources->size() : 0);
    index->m_textsRead.assign(sourceCount, 0);
    const Carry carry(run, previous);
    const TextCarrier* carrier = carry.index ? &carry : nullptr;
    // The previous index's lines as lines of this one, once added (the same lines, in the order a
    // build from scratch adds them, so the two indexes are the same).
    constexpr quint32 NoLine = ~quint32(0);
    std::vector<quint32> newLineOf(carrier ? size_t(carry.index->lineCount()) : 0, NoLine);
    index->m_caseStart.reserve(size_t(total) + 1);
    index->m_verify.resize(size_t(total), false);
    Builder builder(index.get());
    std::vector<quint32> lineIds; // of one text
    const size_t words = (size_t(total) + 63) / 64;
    index->m_caseWords = words;
    // Reserved, not written: the pages come into memory block by block as the batches below fill
    // them (a batch's cases are whole blocks), not all at once as the build starts, when the run
    // has just been shown (20 MB at 10,000 cases; docs/PERFORMANCE.md, "The window's memory").
    index->m_signature.reserve(size_t(SignatureBits) * words);
    QThreadPool* pool = buildPool();
    const int parts = std::max(1, pool->maxThreadCount());
    struct Part
    {
        int begin = 0;
        int end = 0;
        std::vector<CaseTexts> cases;
        BuildCounts counts;
    };
    for (int start = 0; start < total; start += BuildBatchCases) {
        if (isCancelled && isCancelled())
            return nullptr;
        const int end = std::min(total, start + BuildBatchCases);
        QVector<Part> work;
        const int step = (end - start + parts - 1) / parts;
        for (int b = start; b < end; b += step)
            work.append(Part{b, std::min(end, b + step), {}, {}});
        // A TextReader per part: readers are not thread-safe. The last part runs here; waiting for
        // the others runs any of them no thread has taken yet, so a build called from a task on
        // the pool cannot wait for itself.
        const auto collect = [&run, carrier, sourceCount](Part& part) {
            TextReader reader(run.sources);
            part.counts.read.assign(sourceCount, 0);
            part.cases.reserve(size_t(part.end - part.begin));
            for (int i = part.begin; i < part.end; ++i)
                part.cases.push_back(collectCase(run.cases.at(i), reader, carrier, &part.counts));
        };
        runParts(int(work.size()), [&collect, &work](int p) { collect(work[p]); });
        int caseIndex = start;
        index->m_signature.resize(size_t(SignatureBits) * ((size_t(end) + 63) / 64));
        std::vector<qint32> entryOfText; // of one case
        for (Part& part : work) {
            for (size_t s = 0; s < sourceCount; ++s)
                index->m_textsRead[s] += part.counts.read[s];
            index->m_textsCarried += part.counts.carried;
            for (CaseTexts& c : part.cases) {
                const auto ci = size_t(caseIndex++);
                index->m_verify[ci] = c.verify;
                for (size_t w = 0; w < c.signature.size(); ++w) {
                    for (quint64 bits = c.signature[w]; bits; bits &= bits - 1) {
                        const size_t bit = w * 64 + size_t(qCountTrailingZeroBits(bits));
                        index->m_signature[ci / 64 * SignatureBits + bit] |= quint64(1) << (ci % 64);
                    }
                }
                entryOfText.clear();
                for (const FoldedText& t : c.texts) {
                    entryOfText.push_back(qint32(index->m_entries.size()));
                    lineIds.clear();
                    if (t.carriedEntry >= 0) {
                        // Its lines are lines of the previous index: each is looked up once.
                        const Entry& old = carry.index->m_entries[size_t(t.carriedEntry)];
                        for (quint32 k = 0; k < old.count; ++k) {
                            const quint32 oldLine = carry.index->m_refs[old.first + k];
                            quint32& line = newLineOf[oldLine];
                            if (line == NoLine)
                                line = builder.add(carry.index->line(int(oldLine)));
                            lineIds.push_back(line);
                        }
                        index->m_entries.push_back({builder.addText(lineIds), quint32(lineIds.size()), t.scopes, t.invalidUtf16});
                        continue;
                    }
                    const std::string_view text(t.folded.constData(), size_t(t.folded.size()));
                    for (size_t from = 0;;) {
                        const size_t end = text.find('\n', from);
                        lineIds.push_back(builder.add(text.substr(from, end == std::string_view::npos ? end : end - from)));
                        if (end == std::string_view::npos)
                            break;
                        from = end + 1;
                    }
                    index->m_entries.push_back({builder.addText(lineIds), quint32(lineIds.size()), t.scopes, t.invalidUtf16});
                }
                for (const FieldRef& f : c.fields)
                    index->m_fieldTexts.push_back(
                        {f.ref.offset, f.ref.length, f.ref.source, f.text >= 0 ? entryOfText[size_t(f.text)] : -1});
                index->m_caseStart.push_back(quint32(index->m_entries.size()));
            }
            part.cases.clear();
        }
        if (progress)
            progress(end, total);
    }
    index->m_lines.shrink_to_fit();
    index->m_lineStart.shrink_to_fit();
    index->m_refs.shrink_to_fit();
    index->m_entries.shrink_to_fit();
    index->m_fieldTexts.shrink_to_fit();
    return index;
}

qint64 SearchIndex::memoryBytes() const
{
    return qint64(m_lines.capacity() + m_lineStart.capacity() * sizeof(quint64) + m_refs.capacity() * sizeof(quint32)
        + m_entries.capacity() * sizeof(Entry) + m_caseStart.capacity() * sizeof(quint32) + m_verify.capacity() / 8
        + m_signature.capacity() * sizeof(quint64) + m_fieldTexts.capacity() * sizeof(FieldText));
}

std::vector<quint64> SearchIndex::candidates(const QByteArray& needle) const
{
    const size_t words = m_caseWords;
    std::vector<quint64> cases(words, ~quint64(0));
    if (const int rest = caseCount() % 64)
        cases.back() = (quint64(1) << rest) - 1;
    if (words == 0)
        return cases;
    std::vector<quint32> bits;
    for (qsizetype i = 0; i + 3 <= needle.size(); ++i)
        bits.push_back(trigramBit(needle.constData() + i));
    for (size_t w = 0; w < words; ++w) {
        const quint64* block = m_signature.data() + w * SignatureBits;
        for (const quint32 bit : bits)
            cases[w] &= block[bit];
    }
    return cases;
}

std::optional<QSet<QString>> SearchIndex::search(const Run& run, const SearchQuery& query, const std::function<bool()>& isCancelled) const
{
    QSet<QString> found;
    const CaseMatcher matcher(query);
    if (!matcher.isValid() || query.text.isEmpty())
        return found;
    Q_ASSERT(canAnswer(query));
    Q_ASSERT(caseCount() == run.cases.size());
    const quint8 mask = query.scope == SearchScope::Everything ? AllScopes : scopeBit(query.scope);
    const QByteArray needle = fold(query.text);
    const auto length = size_t(needle.size());
    // The cases whose signature has every trigram of the query.
    const std::vector<quint64> maybe = candidates(needle);
    const int total = std::min(caseCount(), int(run.cases.size()));
    bool any = false;
    for (int i = 0; i < total && !any; ++i)
        any = (maybe[size_t(i) / 64] >> (i % 64) & 1) || m_verify[size_t(i)];
    if (!any)
        return found;
    // The lines that hold the query: one sweep over all of them, in parts of about equal size,
    // more parts than threads so a thread slowed by other work does not hold up the answer. The
    // query has no \n, so a match never runs over the end of its line.
    const int threads = std::max(1, WorkPools::parts()->maxThreadCount());
    std::vector<quint8> holds(size_t(lineCount()), 0);
    {
        struct Part
        {
            int first;
            int last; // one past
        };
        QVector<Part> work;
        const int lines = lineCount();
        const quint64 partBytes = std::max<quint64>(1, m_lines.size() / quint64(threads * 8));
        for (int first = 0; first < lines;) {
            const auto next
                = std::upper_bound(m_lineStart.begin() + first + 1, m_lineStart.end() - 1, m_lineStart[size_t(first)] + partBytes);
            const int last = std::min(lines, std::max(first + 1, int(next - m_lineStart.begin())));
            work.append(Part{first, last});
            first = last;
        }
        const char* base = m_lines.data();
        WorkPools::runParts(int(work.size()), [&](int p) {
            const Part& part = work[p];
            if (isCancelled && isCancelled())
                return;
            quint64 at = m_lineStart[size_t(part.first)];
            const quint64 end = m_lineStart[size_t(part.last)];
            auto line = m_lineStart.begin() + part.first;
            const auto lastStart = m_lineStart.begin() + part.last;
            while (at + length <= end) {
                const void* match = memmem(base + at, size_t(end - at), needle.constData(), length);
                if (!match)
                    break;
                const auto pos = quint64(static_cast<const char*>(match) - base);
                line = std::upper_bound(line, lastStart, pos) - 1; // the line pos is in
                holds[size_t(line - m_lineStart.begin())] = 1;
                at = *(line + 1); // on to the next line
            }
        });
    }
    if (isCancelled && isCancelled())
        return std::nullopt;
    // Each candidate: does a text of the scope have one of those lines?
    struct Part
    {
        int begin;
        int end;
        QVector<int> hits; // cases that hold the query (or that only the old path can tell)
    };
    QVector<Part> work;
    const int parts = threads * 8;
    const int step = std::max(64, (total + parts - 1) / parts / 64 * 64);
    for (int b = 0; b < total; b += step)
        work.append(Part{b, std::min(total, b + step), {}});
    WorkPools::runParts(int(work.size()), [&](int p) {
        Part& part = work[p];
        if (isCancelled && isCancelled())
            return;
        for (int i = part.begin; i < part.end; ++i) {
            if (!(maybe[size_t(i) / 64] >> (i % 64) & 1) && !m_verify[size_t(i)])
                continue;
            bool hit = m_verify[size_t(i)];
            for (quint32 e = m_caseStart[size_t(i)]; !hit && e < m_caseStart[size_t(i) + 1]; ++e) {
                const Entry& entry = m_entries[e];
                if (!(entry.scopes & mask))
                    continue;
                const quint32* ref = m_refs.data() + entry.first;
                const quint32* refEnd = ref + entry.count;
                for (; ref != refEnd && !hit; ++ref)
                    hit = holds[*ref];
            }
            if (hit)
                part.hits.append(i);
        }
    });
    if (isCancelled && isCancelled())
        return std::nullopt;
    // Those the folded text cannot settle are confirmed the old way.
    QVector<int> confirm;
    for (const Part& part : work) {
        for (const int i : part.hits) {
            if (query.caseSensitive || m_verify[size_t(i)])
                confirm.append(i);
            else
                found.insert(run.cases.at(i).filename);
        }
    }
    if (confirm.isEmpty())
        return found;
    work.clear();
    const int confirmStep = std::max(1, int((confirm.size() + parts - 1) / parts));
    for (int b = 0; b < confirm.size(); b += confirmStep)
        work.append(Part{b, std::min(int(confirm.size()), b + confirmStep), {}});
    std::atomic<bool> stopped{false};
    WorkPools::runParts(int(work.size()), [&](int p) {
        Part& part = work[p];
        TextReader reader(run.sources);
        for (int k = part.begin; k < part.end; ++k) {
            if ((k - part.begin) % SearchCheckEvery == 0 && isCancelled && isCancelled()) {
                stopped = true;
                return;
            }
            if (caseMatchesQuery(run.cases.at(confirm.at(k)), matcher, reader))
                part.hits.append(confirm.at(k));
        }
    });
    if (stopped || (isCancelled && isCancelled()))
        return std::nullopt;
    for (const Part& part : work) {
        for (const int i : part.hits)
            found.insert(run.cases.at(i).filename);
    }
    return found;
}

void SearchIndex::lowerThreadPriority()
{
    // A thread waiting for a task's future may run the task itself (QFuture steals queued tasks):
    // never the UI thread, whose priority cannot be raised back without privileges.
    if (QCoreApplication::instance() && QThread::currentThread() == QCoreApplication::instance()->thread())
        return;
#ifdef Q_OS_LINUX
    // Linux gives each thread its own nice value. Not SCHED_IDLE: under any other load (a build
    // at nice 19 is enough) an idle thread never runs, and the build, and quitting, would wait.
    const auto self = id_t(gettid());
    errno = 0;
    const int now = getpriority(PRIO_PROCESS, self);
    if (errno == 0 && now < BuildNice)
        setpriority(PRIO_PROCESS, self, BuildNice);
#else
    QThread::currentThread()->setPriority(QThread::LowestPriority);
#endif
}

QThreadPool* SearchIndex::buildPool()
{
    return WorkPools::background();
}

} // namespace krw
