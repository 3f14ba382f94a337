// SPDX-License-Identifier: MIT
#include "widgets/settings/settingsstore.h"

#include <QMutexLocker>
#include <QSettings>

#include <iterator>

namespace krw {

namespace {

QString arrayKey(const QString& key, int i, const QString& field)
{
    return QStringLiteral("%1/%2/%3").arg(key).arg(i + 1).arg(field); // QSettings counts from 1
}

QString sizeKey(const QString& key)
{
    return key + QStringLiteral("/size");
}

} // namespace

SettingsStore::SettingsStore()
{
    const QSettings settings;
    m_fileName = settings.fileName();
    for (const QString& key : settings.allKeys())
        m_values.insert(key, settings.value(key));
    m_writer.setMaxThreadCount(1);
    m_writer.setExpiryTimeout(-1);
}

SettingsStore::~SettingsStore()
{
    flush();
}

QVariant SettingsStore::value(const QString& key, const QVariant& defaultValue) const
{
    return m_values.value(key, defaultValue);
}

void SettingsStore::setValue(const QString& key, const QVariant& value)
{
    m_values.insert(key, value);
    enqueue({{key, value}});
}

void SettingsStore::remove(const QString& key)
{
    const QString prefix = key + QLatin1Char('/');
    bool had = false;
    for (auto it = m_values.begin(); it != m_values.end();) {
        if (it.key() == key || it.key().startsWith(prefix)) {
            it = m_values.erase(it);
            had = true;
        } else {
            ++it;
        }
    }
    if (had)
        enqueue({{key, QVariant()}});
}

QVector<SettingsStore::Item> SettingsStore::array(const QString& key, const QStringList& fields) const
{
    QVector<Item> items;
    const int size = m_values.value(sizeKey(key)).toInt();
    items.reserve(size);
    for (int i = 0; i < size; ++i) {
        Item item;
        for (const QString& field : fields)
            item.insert(field, m_values.value(arrayKey(key, i, field)));
        items.append(item);
    }
    return items;
}

void SettingsStore::setArray(const QString& key, const QVector<Item>& items)
{
    const QString prefix = key + QLatin1Char('/');
    for (auto it = m_values.begin(); it != m_values.end();)
        it = it.key() == key || it.key().startsWith(prefix) ? m_values.erase(it) : std::next(it);
    QVector<Change> changes{{key, QVariant()}};
    for (int i = 0; i < items.size(); ++i) {
        for (auto field = items.at(i).constBegin(); field != items.at(i).constEnd(); ++field) {
            const QString fieldKey = arrayKey(key, i, field.key());
            m_values.insert(fieldKey, field.value());
            changes.append({fieldKey, field.value()});
        }
    }
    m_values.insert(sizeKey(key), int(items.size()));
    changes.append({sizeKey(key), int(items.size())});
    enqueue(changes);
}

void SettingsStore::enqueue(const QVector<Change>& changes)
{
    QMutexLocker lock(&m_mutex);
    m_pending += changes;
    if (m_writeQueued)
        return; // the write queued takes these too
    m_writeQueued = true;
    m_writer.start([this] { write(); });
}

void SettingsStore::write()
{
    QVector<Change> changes;
    {
        QMutexLocker lock(&m_mutex);
        changes.swap(m_pending);
        m_writeQueued = false;
    }
    QSettings settings(m_fileName, QSettings::IniFormat);
    for (const Change& change : qAsConst(changes)) {
        if (change.value.isValid())
            settings.setValue(change.key, change.value);
        else
            settings.remove(change.key);
    }
    settings.sync(); // the disk: here, never on the thread that changed the values
}

void SettingsStore::flush()
{
    m_writer.waitForDone();
}

} // namespace krw
