// SPDX-License-Identifier: MIT
//
// Part of the run loader (runloader.cpp): what the readers of one load share. The source table
// the run's TextRefs will point into, the warnings in the order they were found, the limits,
// and the caller's LoadControl: cancellation (latched: once seen, the load stays cancelled) and
// progress in bytes over all the run's JSONL and memory files.
//
// Files are read on several threads at once: isCancelled and advance may be called from any of
// them; the source table and warnings() are only touched before and after (runloader.cpp).
#pragma once

#include "models/run/runloader.h"

#include <QMutex>

#include <atomic>

namespace krw {

class LoadSession
{
public:
    // control and limits must outlive the session.
    LoadSession(const LoadControl& control, const LoadLimits& limits);

    const LoadLimits& limits() const { return m_limits; }

    // Appends a file to the source table; returns its index for TextRef::source.
    int addSource(const SourceFile& file);
    const SourceTable& sources() const { return m_sources; }

    QVector<LoadWarning>& warnings() { return m_warnings; }

    // True once the caller asked to stop; asks the caller until it does.
    bool isCancelled();
    // Whether isCancelled() has returned true, without asking the caller again.
    bool wasCancelled() const { return m_cancelled; }

    // Progress: total bytes of the files that count, and bytes just read of one of them (a
    // reader adds up to its file's size). The caller hears one call at a time, never a smaller
    // done than before.
    static constexpr std::size_t ProgressStep = 4 * 1024 * 1024; // bytes a reader reads between two

    void setTotalBytes(qint64 total) { m_totalBytes = total; }
    void advance(qint64 bytes);

private:
    const LoadControl& m_control;
    const LoadLimits& m_limits;
    SourceTable m_sources;
    QVector<LoadWarning> m_warnings;
    qint64 m_totalBytes = 0;
    QMutex m_progressMutex;
    qint64 m_doneBytes = 0; // guarded by m_progressMutex
    std::atomic<bool> m_cancelled{false};
};

} // namespace krw
