// SPDX-License-Identifier: MIT
#include "models/diff/patchapplier.h"

#include <QFileInfo>
#include <QStringList>

#include <git2/apply.h>
#include <git2/blob.h>
#include <git2/diff.h>
#include <git2/errors.h>
#include <git2/global.h>
#include <git2/index.h>
#include <git2/odb.h>
#include <git2/repository.h>
#include <git2/sys/mempack.h>
#include <git2/sys/repository.h>
#include <git2/tree.h>
#include <memory>

namespace krw {

namespace {

template<typename T, void (*Free)(T*)>
struct Freer
{
    void operator()(T* p) const { Free(p); }
};
template<typename T, void (*Free)(T*)>
using Owned = std::unique_ptr<T, Freer<T, Free>>;

QString lastError(const char* what)
{
    const git_error* e = git_error_last();
    return QStringLiteral("%1: %2").arg(QLatin1String(what), e && e->message ? QString::fromUtf8(e->message) : QStringLiteral("failed"));
}

// libgit2 reads git's patches only: a plain diff -u (no "diff --git" line; paths perhaps without
// a/ b/, with a time stamp after a tab) gets git's header lines, so both kinds apply.
QByteArray withGitHeaders(const QByteArray& patch)
{
    if (patch.startsWith("diff --git ") || patch.contains("\ndiff --git "))
        return patch;
    const QList<QByteArray> lines = patch.split('\n');
    QByteArray out;
    for (int i = 0; i < lines.size(); ++i) {
        QByteArray line = lines.at(i);
        if (line.startsWith("--- ") && i + 1 < lines.size() && lines.at(i + 1).startsWith("+++ ")) {
            auto pathOf = [](QByteArray l, const char* prefix) {
                l = l.mid(4);
                const int tab = l.indexOf('\t');
                if (tab >= 0)
                    l.truncate(tab);
                l = l.trimmed();
                return l.startsWith(prefix) ? l.mid(2) : l;
            };
            const QByteArray from = pathOf(line, "a/");
            const QByteArray to = pathOf(lines.at(i + 1), "b/");
            out += "diff --git a/" + from + " b/" + to + "\n--- a/" + from + "\n+++ b/" + to + "\n";
            ++i;
            continue;
        }
        out += line;
        if (i + 1 < lines.size())
            out += '\n';
    }
    return out;
}

// The part of a git patch that changes one file (from its "diff --git" line to the next).
QByteArray sectionOf(const QByteArray& patch, const QString& path)
{
    const QByteArray header = "diff --git a/" + path.toUtf8() + ' ';
    int start = 0;
    if (!patch.startsWith(header)) {
        const int at = patch.indexOf(QByteArray(QByteArray("\n") + header));
        if (at < 0)
            return patch;
        start = at + 1;
    }
    const int next = patch.indexOf("\ndiff --git ", start);
    return next < 0 ? patch.mid(start) : patch.mid(start, next + 1 - start);
}

} // namespace

PatchApplier::Result PatchApplier::apply(const QByteArray& patch, const QByteArray& base, const QString& baseName)
{
    static const int initialized = git_libgit2_init();
    Q_UNUSED(initialized);
    Result result;
    const QByteArray whole = withGitHeaders(patch);
    git_diff* rawDiff = nullptr;
    if (git_diff_from_buffer(&rawDiff, whole.constData(), std::size_t(whole.size())) != 0) {
        result.error = lastError("not a unified diff");
        return result;
    }
    Owned<git_diff, git_diff_free> diff(rawDiff);
    // Which file of the patch: the one named like the base, else the only one.
    const std::size_t deltas = git_diff_num_deltas(diff.get());
    QString path;
    QStringList files;
    for (std::size_t i = 0; i < deltas; ++i) {
        const git_diff_delta* delta = git_diff_get_delta(diff.get(), i);
        const QString oldPath = QString::fromUtf8(delta->old_file.path);
        files << oldPath;
        if (QFileInfo(oldPath).fileName() == baseName)
            path = oldPath;
    }
    if (path.isEmpty() && deltas == 1)
        path = files.first();
    if (path.isEmpty()) {
        result.error = deltas == 0 ? QStringLiteral("the patch changes no file")
                                   : QStringLiteral("the patch changes %1, not %2").arg(files.join(QStringLiteral(", ")), baseName);
        return result;
    }
    result.file = path;
    if (deltas > 1) {
        // Only the base's file is in the tree the patch is applied to.
        const QByteArray section = sectionOf(whole, path);
        if (git_diff_from_buffer(&rawDiff, section.constData(), std::size_t(section.size())) != 0) {
            result.error = lastError("not a unified diff");
            return result;
        }
        diff.reset(rawDiff);
    }

    // An in-memory repository: the base as the one file of a tree, the patch applied to that tree.
    git_repository* rawRepo = nullptr;
    git_odb* rawOdb = nullptr;
    git_odb_backend* pack = nullptr;
    if (git_repository_new(&rawRepo) != 0 || git_odb_new(&rawOdb) != 0) {
        result.error = lastError("libgit2");
        if (rawRepo)
            git_repository_free(rawRepo);
        return result;
    }
    const Owned<git_repository, git_repository_free> repo(rawRepo);
    const Owned<git_odb, git_odb_free> odb(rawOdb);
    if (git_mempack_new(&pack) != 0 || git_odb_add_backend(odb.get(), pack, 1) != 0) {
        result.error = lastError("libgit2");
        return result;
    }
    git_repository_set_odb(repo.get(), odb.get());
    git_oid blobId;
    git_oid treeId;
    git_index* rawIndex = nullptr;
    if (git_blob_create_from_buffer(&blobId, repo.get(), base.constData(), std::size_t(base.size())) != 0
        || git_index_new(&rawIndex) != 0) {
        result.error = lastError("libgit2");
        return result;
    }
    const Owned<git_index, git_index_free> index(rawIndex);
    const QByteArray pathBytes = path.toUtf8();
    git_index_entry entry{};
    entry.mode = GIT_FILEMODE_BLOB;
    entry.id = blobId;
    entry.path = pathBytes.constData();
    git_tree* rawTree = nullptr;
    if (git_index_add(index.get(), &entry) != 0 || git_index_write_tree_to(&treeId, index.get(), repo.get()) != 0
        || git_tree_lookup(&rawTree, repo.get(), &treeId) != 0) {
        result.error = lastError("libgit2");
        return result;
    }
    const Owned<git_tree, git_tree_free> tree(rawTree);
    git_apply_options options = GIT_APPLY_OPTIONS_INIT;
    git_index* rawPatched = nullptr;
    if (git_apply_to_tree(&rawPatched, repo.get(), tree.get(), diff.get(), &options) != 0) {
        result.error = lastError("the patch does not apply");
        return result;
    }
    const Owned<git_index, git_index_free> patched(rawPatched);
    const git_index_entry* after = git_index_get_bypath(patched.get(), pathBytes.constData(), 0);
    if (!after) {
        result.error = QStringLiteral("the patch deletes %1").arg(path);
        return result;
    }
    git_blob* rawBlob = nullptr;
    if (git_blob_lookup(&rawBlob, repo.get(), &after->id) != 0) {
        result.error = lastError("libgit2");
        return result;
    }
    const Owned<git_blob, git_blob_free> blob(rawBlob);
    result.text = QByteArray(static_cast<const char*>(git_blob_rawcontent(blob.get())), int(git_blob_rawsize(blob.get())));
    result.applied = true;
    return result;
}

} // namespace krw
