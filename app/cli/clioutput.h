// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QCommandLineParser>
#include <QIODevice>
#include <QString>
#include <QTextStream>

#include <optional>

namespace krw::cli {

// Where the commands write: set by run() for the duration of one command.
struct Streams
{
    QIODevice* out = nullptr;
    QIODevice* err = nullptr;
};
Streams setStreams(const Streams& streams); // returns the ones set before

void writeOut(const QByteArray& bytes); // flushed at once: a batch's lines are read as they come
QTextStream errStream();
int usage(QCommandLineParser& parser, const QString& message); // the message and the help; UsageError
// A file's bytes, or std::nullopt once "cannot read PATH: why" is said.
std::optional<QByteArray> readFileOrSay(const QString& path);

} // namespace krw::cli
