// SPDX-License-Identifier: MIT
#include "models/report/workspaceexport.h"

#include "models/report/reportcontent.h"
#include "models/report/reportmarkdown.h"
#include "models/run/casetexts.h"
#include "models/run/caseversions.h"
#include "models/run/debugfolder.h"
#include "models/storage/atomicfile.h"
#include "models/storage/filenameallocator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace krw {

namespace {

bool isInside(const QString& path, const QString& canonicalRoot)
{
    const QString canonical = QFileInfo(path).canonicalFilePath();
    return !canonical.isEmpty() && canonical.startsWith(canonicalRoot + QLatin1Char('/'));
}

// File name → contents of one case folder, from the newest iteration.
QVector<QPair<QString, QString>> caseFiles(const Case& c, const CaseTexts& texts)
{
    QVector<QPair<QString, QString>> files;
    const int n = c.newest().iteration;
    auto add = [&](const QString& name, const QString& key) {
        if (texts.has(key))
            files.append({name, texts.text(key)});
    };
    auto addCode = [&](const QString& base, const QString& key) {
        if (texts.has(key))
            files.append({base + DebugFolder::codeExtension(texts.text(key)), texts.text(key)});
    };
    add(DebugFolder::Instruction, iterationKey(n, "instruction"));
    add(DebugFolder::Label, QStringLiteral("label"));
    addCode(DebugFolder::PredictStem, iterationKey(n, "predict"));
    add(DebugFolder::TestCode, QStringLiteral("test"));
    // Always written, so the loader recognises the folder even when the case has little else.
    QStringList errors;
    for (const char* field : {"call_err", "exe_err"}) {
        if (texts.has(iterationKey(n, field)))
            errors << texts.text(iterationKey(n, field));
    }
    files.append({DebugFolder::ErrorLog, errors.join(QLatin1Char('\n'))});
    if (texts.has(iterationKey(n, "temp_strategy")))
        add(DebugFolder::Reflection, iterationKey(n, "temp_strategy"));
    else
        add(DebugFolder::Reflection, iterationKey(n, "reflection"));
    addCode(DebugFolder::CallFixStem, iterationKey(n, "call"));
    addCode(DebugFolder::ExeFixStem, iterationKey(n, "exe"));
    const int perfCount = c.newest().memory ? int(c.newest().memory->perfCandidates.size()) : 0;
    for (int k = 1; k <= perfCount; ++k)
        addCode(DebugFolder::perfFixStem(k), QStringLiteral("it%1:perf:%2").arg(n).arg(k));
    return files;
}

QByteArray annotationMarkdown(const Run& run, const CaseTexts& texts, const CaseAnnotation& annotation)
{
    // The report's own writer, for one case: same escaping, same layout.
    const ReportCase rc = buildReportCase(run, texts, annotation, {});
    const ReportSummary summary = summarize(run, {rc}, ExportScope::Selection, annotation.modified);
    const QString md = QString::fromUtf8(reportMarkdown(summary, {rc}));
    const int at = int(md.indexOf(QStringLiteral("### Annotation")));
    return md.mid(at < 0 ? 0 : at).toUtf8();
}

class Exporter
{
public:
    Exporter(const RunPtr& run, const QString& dest, const AnnotationMap& annotations)
        : m_run(run)
        , m_dest(dest)
        , m_annotations(annotations)
    {
    }

    bool prepare(QString* error)
    {
        if (!QDir().mkpath(m_dest)) {
            *error = QStringLiteral("%1: cannot create the folder").arg(m_dest);
            return false;
        }
        m_root = QFileInfo(m_dest).canonicalFilePath();
        m_names.reserve(DebugFolder::IndexFile);
        const auto existing = QDir(m_root).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
        for (const QString& name : existing)
            m_names.reserve(name);
        // An earlier export into the same folder keeps its entries: its folders stay named.
        m_index = DebugFolder::readIndex(m_root);
        return !m_root.isEmpty();
    }

    bool exportCase(int index, QString* error)
    {
        const Case& c = m_run->cases.at(index);
        QString wanted = c.filename;
        if (wanted.endsWith(QStringLiteral(".py")))
            wanted.chop(3);
        const AllocatedName folder = m_names.allocate(wanted);
        const QString path = m_root + QLatin1Char('/') + folder.name;
        if (!QDir(m_root).mkdir(folder.name) || !isInside(path, m_root)) {
            *error = QStringLiteral("%1: cannot create a folder inside %2").arg(folder.name, m_root);
            return false;
        }
        const CaseTexts texts = readCaseTexts(m_run, index);
        auto files = caseFiles(c, texts);
        const CaseAnnotation annotation = m_annotations.value(c.filename);
        if (!annotation.isEmpty())
            files.append({DebugFolder::Annotation, QString::fromUtf8(annotationMarkdown(*m_run, texts, annotation))});
        for (const auto& file : files) {
            if (!writeFileAtomically(path + QLatin1Char('/') + file.first, file.second.toUtf8(), error))
                return false;
        }
        m_index.append({c.filename, folder.name, folder.reason});
        ++m_written;
        return true;
    }

    bool writeIndex(QString* error) { return writeFileAtomically(indexPath(), DebugFolder::indexJson(m_run->name, m_index), error); }

    QString indexPath() const { return m_root + QLatin1Char('/') + DebugFolder::IndexFile; }
    int written() const { return m_written; }

private:
    RunPtr m_run;
    QString m_dest;
    const AnnotationMap& m_annotations;
    QString m_root;
    FileNameAllocator m_names;
    QVector<DebugFolderIndexEntry> m_index;
    int m_written = 0;
};

} // namespace

ExportResult exportWorkspace(const RunPtr& run, const QVector<int>& caseIndexes, const QString& destFolder,
    const std::function<bool(int, int)>& progress, const AnnotationMap& annotations)
{
    ExportResult result;
    result.path = destFolder;
    if (!run) {
        result.error = QStringLiteral("no run to export");
        return result;
    }
    Exporter exporter(run, destFolder, annotations);
    if (!exporter.prepare(&result.error))
        return result;
    const int total = int(caseIndexes.size());
    for (int done = 0; done < total && result.error.isEmpty(); ++done) {
        if (progress && !progress(done, total)) {
            result.cancelled = true;
            break;
        }
        const int index = caseIndexes.at(done);
        if (index < 0 || index >= run->cases.size())
            continue;
        exporter.exportCase(index, &result.error);
    }
    // The index lists exactly the complete folders, also after a cancel or an error.
    QString indexError;
    if (!exporter.writeIndex(&indexError) && result.error.isEmpty())
        result.error = indexError;
    result.indexPath = exporter.indexPath();
    result.cases = exporter.written();
    result.ok = !result.cancelled && result.error.isEmpty();
    if (result.ok && progress)
        progress(total, total);
    return result;
}

} // namespace krw
