// SPDX-License-Identifier: MIT
#include "fuzzfile.h"

#include <QDir>
#include <QFile>

#include <cstdio>
#include <cstdlib>

namespace krw::fuzz {

QString FuzzFile::folder()
{
    static QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/krw-fuzz-XXXXXX"));
    if (!dir.isValid())
        fail("cannot create a temporary folder", dir.errorString());
    return dir.path();
}

QString FuzzFile::write(const QString& name, const QByteArray& bytes)
{
    const QString path = QDir(folder()).filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        fail("cannot write the input file", path + QStringLiteral(": ") + file.errorString());
    return path;
}

QString FuzzFile::write(const QString& name, const uint8_t* data, std::size_t size)
{
    return write(name, QByteArray::fromRawData(reinterpret_cast<const char*>(data), int(size)));
}

void fail(const char* what, const QString& detail)
{
    std::fprintf(stderr, "krw fuzz finding: %s%s%s\n", what, detail.isEmpty() ? "" : ": ", qPrintable(detail));
    std::abort();
}

} // namespace krw::fuzz
