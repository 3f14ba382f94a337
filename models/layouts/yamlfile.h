// SPDX-License-Identifier: MIT
#pragma once

#include "models/run/rundata.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>
#include <optional>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace krw {

class FileWarnings;
class LoadSession;

// One small YAML file of another writer's layout (an AgentKernelArena task result, a task's
// config), parsed whole with yaml-cpp. Long texts stay TextRefs into the file (a Yaml source: the
// value's own source text, decoded when shown), so a run of a thousand tasks keeps no error
// message in memory. Every problem is a warning naming the file, its line and the field; a member
// that is absent is simply absent (agents and their harnesses drift), a wrong type one warning.
class YamlFile
{
public:
    // Reads path and adds it to the run's sources. Not open() when it does not exist (nothing
    // said), cannot be read or is not YAML (a warning says why, with the line).
    YamlFile(const QString& path, LoadSession* session);
    ~YamlFile();

    bool isOpen() const { return m_source >= 0; }
    const QString& path() const { return m_path; }
    const YAML::Node& root() const { return m_root; }

    // The map or list a member of parent holds (field: its name for warnings); an undefined node
    // when absent, and a warning too when it is there but of another kind.
    YAML::Node map(const YAML::Node& parent, const char* key, const QString& field);
    YAML::Node list(const YAML::Node& parent, const char* key, const QString& field);
    // The whole file as a map; a warning when it is not one.
    YAML::Node rootMap(const QString& what);

    // A scalar member, or nothing (and a warning when it is there but not of that type).
    std::optional<double> number(const YAML::Node& parent, const char* key, const QString& field);
    std::optional<bool> flag(const YAML::Node& parent, const char* key, const QString& field);
    // A short scalar (a name, a path); empty when absent or null.
    QString string(const YAML::Node& parent, const char* key, const QString& field);
    // The scalars of a list member ("[cuda_graph, cuda_event_fallback]"); a lone scalar is one.
    QStringList strings(const YAML::Node& parent, const char* key, const QString& field);
    // A long text member (an error message, instructions) as a TextRef into the file; isNull for
    // null, absent when absent.
    TextRef text(const YAML::Node& parent, const char* key, const QString& field);
    // Every scalar member of map not in known, as extra fields shown with the case.
    QVector<ExtraField> extras(const YAML::Node& map, const std::vector<std::string>& known);

    // A value on one line: a scalar as it is, a list "[a, b]", a map "{k: v}".
    static QString compact(const YAML::Node& node);

    // A warning on the line node starts on (the file's first line when node has no mark).
    void warn(const YAML::Node& node, const QString& field, const QString& message);

private:
    TextRef refOf(const YAML::Node& node);
    std::size_t endOf(std::size_t start) const;

    QString m_path;
    LoadSession* m_session;
    std::string m_bytes;
    YAML::Node m_root;
    std::unique_ptr<FileWarnings> m_warnings;
    std::vector<std::size_t> m_starts; // where each node of the file starts, ascending
    int m_source = -1;
    int m_rawSource = -1; // the same file as raw text, for a value whose source text does not decode alone
};

} // namespace krw
