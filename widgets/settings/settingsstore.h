// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QVariant>
#include <QVector>

namespace krw {

// The application's QSettings file, held in memory: read once, when the store is made; a change
// is seen by every later read at once and written to the file on a thread of the store's own.
//
// Why: QSettings writes its file with QSaveFile and a QLockFile, two fdatasync calls and a
// rename on every sync, 10-35 ms of waiting for the disk on a busy machine. Settings wrote the
// last run and the recent runs (two syncs) in the middle of showing a loaded run, and the
// export folder in the middle of an export: the longest UI-thread stalls of bench_gui were
// mostly that waiting (docs/PERFORMANCE.md, "The longest UI-thread stall"). A QSettings synced
// on another thread does not help by itself: a QSettings read on the UI thread waits for the
// file's mutex while the other thread writes, and a case opened reads the diff options.
//
// Keys and values are those of QSettings (arrays: key/size, key/1/field, ...), so the file stays
// what it was. Writes keep their order (one writer thread); flush() waits for them, and the
// destructor does.
class SettingsStore
{
public:
    // The file of QSettings() as the application names it now (organization and application name).
    SettingsStore();
    ~SettingsStore();
    SettingsStore(const SettingsStore&) = delete;
    SettingsStore& operator=(const SettingsStore&) = delete;

    QVariant value(const QString& key, const QVariant& defaultValue = {}) const;
    void setValue(const QString& key, const QVariant& value);
    void remove(const QString& key); // the key and every key under it (key/...)

    // QSettings' arrays (beginReadArray / beginWriteArray): the items of key, each a map of field
    // to value (the fields asked for); setArray replaces the whole array.
    using Item = QHash<QString, QVariant>;
    QVector<Item> array(const QString& key, const QStringList& fields) const;
    void setArray(const QString& key, const QVector<Item>& items);

    QString fileName() const { return m_fileName; }
    void flush(); // waits until every change so far is in the file

private:
    struct Change
    {
        QString key;
        QVariant value; // invalid: remove
    };
    void enqueue(const QVector<Change>& changes);
    void write(); // on the writer thread: the changes queued so far, one sync

    QString m_fileName;
    QHash<QString, QVariant> m_values;
    QMutex m_mutex; // guards m_pending and m_writeQueued
    QVector<Change> m_pending;
    bool m_writeQueued = false;
    QThreadPool m_writer;
};

} // namespace krw
