// SPDX-License-Identifier: MIT
#include "app/cli/clioutput.h"

#include "app/cli/cli.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileDevice>
#include <QTextStream>

namespace krw::cli {

namespace {
Streams streams;
} // namespace

Streams setStreams(const Streams& next)
{
    const Streams previous = streams;
    streams = next;
    return previous;
}

void writeOut(const QByteArray& bytes)
{
    streams.out->write(bytes);
    // A batch's lines are read as they come (JSON Lines): a pipe or file sees each at once.
    if (auto* file = qobject_cast<QFileDevice*>(streams.out))
        file->flush();
}

QTextStream errStream()
{
    return QTextStream(streams.err);
}

int usage(QCommandLineParser& parser, const QString& message)
{
    errStream() << "kernel-review-cli: " << message << "\n\n" << parser.helpText();
    return UsageError;
}

std::optional<QByteArray> readFileOrSay(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        errStream() << "kernel-review-cli: "
                    << QCoreApplication::translate("kernel-review-cli", "cannot read %1: %2").arg(path, file.errorString()) << '\n';
        return std::nullopt;
    }
    return file.readAll();
}

} // namespace krw::cli
