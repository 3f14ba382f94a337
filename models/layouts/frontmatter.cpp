// SPDX-License-Identifier: MIT
#include "models/layouts/frontmatter.h"

#include <QFile>

#include <yaml-cpp/yaml.h>

namespace krw {

FrontMatter FrontMatter::read(const QString& path)
{
    FrontMatter matter;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        matter.error = QStringLiteral("cannot be read: %1").arg(file.errorString());
        return matter;
    }
    const QByteArray bytes = file.read(1024 * 1024); // front matter is small; the body is not needed
    if (!bytes.startsWith("---\n") && !bytes.startsWith("---\r\n"))
        return matter;
    const int start = bytes.indexOf('\n') + 1;
    int end = bytes.indexOf("\n---", start - 1);
    if (end < 0) {
        matter.error = QStringLiteral("front matter is not closed by a line \"---\"");
        matter.errorLine = 1;
        return matter;
    }
    const std::string yaml(bytes.constData() + start, std::size_t(std::max(0, end + 1 - start)));
    const int closing = bytes.indexOf('\n', end + 1); // the end of the closing "---" line
    matter.bodyOffset = closing < 0 ? bytes.size() : closing + 1;
    try {
        const YAML::Node root = YAML::Load(yaml);
        if (!root.IsMap()) {
            matter.error = QStringLiteral("front matter is not a map of keys");
            matter.errorLine = 2;
            return matter;
        }
        for (const auto& item : root) {
            if (item.first.IsScalar() && item.second.IsScalar())
                matter.fields.insert(QString::fromStdString(item.first.Scalar()), QString::fromStdString(item.second.Scalar()));
        }
    } catch (const YAML::Exception& e) {
        matter.errorLine = e.mark.line >= 0 ? e.mark.line + 2 : 2; // the front matter starts on line 2
        matter.error = QString::fromStdString(e.msg);
    }
    return matter;
}

} // namespace krw
