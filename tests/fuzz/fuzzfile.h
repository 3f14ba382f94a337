// SPDX-License-Identifier: MIT
//
// The fuzz targets' way into readers that take a path: one temporary folder per process, whose
// files are rewritten with each input. The folder is removed when the process ends normally.
#pragma once

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

namespace krw::fuzz {

class FuzzFile
{
public:
    // The process's folder (created on first use).
    static QString folder();
    // Writes the input to folder()/name and returns its path; aborts when it cannot (a full /tmp
    // must not read as "no finding").
    static QString write(const QString& name, const QByteArray& bytes);
    static QString write(const QString& name, const uint8_t* data, std::size_t size);
};

// Stops the process with a message: libFuzzer reports the abort as a finding and saves the input.
[[noreturn]] void fail(const char* what, const QString& detail = QString());

} // namespace krw::fuzz
