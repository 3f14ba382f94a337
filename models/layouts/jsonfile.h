// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/fieldreader.h"
#include "models/run/filewarnings.h"
#include "models/run/jsonspans.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace krw {

class LoadSession;

// One small JSON file of another writer's layout (a report, an evaluation), read whole: members are
// found by json_spans and values read by FieldReader, so texts stay TextRefs into the file and every
// problem is a warning naming the file, its line and the field. Layouts written by LLM agents drift:
// a missing member is simply absent, a wrong type one warning.
class JsonFile
{
public:
    // Reads path and adds it to the run's sources. Not open() when it does not exist (nothing said)
    // or cannot be read (a warning says why).
    JsonFile(const QString& path, LoadSession* session);
    ~JsonFile();

    bool isOpen() const { return m_source >= 0; }
    const QString& path() const { return m_path; }

    struct Object
    {
        std::size_t base = 0; // where the object starts in the file
        std::vector<json_spans::Member> members; // offsets relative to base
        const json_spans::Member* find(std::string_view key) const;
    };
    // The object at byte offset of the file (0: the whole file), warned about as field when it is not
    // one; then it has no members.
    Object object(std::size_t offset, const QString& field);
    // The object on one line of a JSON Lines file: from offset, and no further than length bytes.
    Object row(std::size_t offset, std::size_t length, const QString& field);
    // The object a member of o holds (its own field name: "full_benchmark").
    Object member(const Object& o, std::string_view key, const QString& field);
    // The list at byte offset (0: the whole file): its elements as members without keys.
    Object list(std::size_t offset, const QString& field);
    // A warning at the start of o.
    void warn(const Object& o, const QString& field, const QString& message);

    // A member's value, or nothing (and a warning when it is there but of another type).
    TextRef text(const Object& o, std::string_view key, const QString& field) const;
    // An error message: "None" or "" is no error (absent).
    TextRef error(const Object& o, std::string_view key, const QString& field) const;
    std::optional<double> number(const Object& o, std::string_view key, const QString& field) const;
    std::optional<bool> flag(const Object& o, std::string_view key, const QString& field) const;
    // A string member decoded (small values: names, paths); empty when absent or not a string.
    QString string(const Object& o, std::string_view key) const;
    // Every member not in known, as extra fields shown with the case.
    QVector<ExtraField> extras(const Object& o, const std::vector<std::string_view>& known) const;

private:
    Object container(std::size_t offset, const QString& field, char open, std::size_t length = std::string_view::npos);
    FieldReader reader(const Object& o) const;
    std::string_view from(const Object& o) const;

    QString m_path;
    LoadSession* m_session;
    QByteArray m_bytes;
    std::unique_ptr<FileWarnings> m_warnings;
    int m_source = -1;
};

} // namespace krw
