// SPDX-License-Identifier: MIT
#include "models/run/mappingguard.h"

#include <QtGlobal>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <atomic>
#include <cstdint>
#include <mutex>

namespace krw {

#ifdef Q_OS_UNIX

namespace {

// A watched range. The handler only looks at slots that are Watched (their range is set before
// and cleared after), and never takes a lock: it may interrupt any code.
struct Slot
{
    enum State { Free, Busy, Watched };
    std::atomic<int> state{Free};
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::uintptr_t> end{0};
    std::atomic<bool> faulted{false};
};

Slot g_slots[MappingGuard::Slots];
struct sigaction g_previous;
std::uintptr_t g_pageSize = 4096;
bool g_installed = false;

void onSigbus(int signal, siginfo_t* info, void* context)
{
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (Slot& slot : g_slots) {
        if (slot.state.load(std::memory_order_acquire) != Slot::Watched)
            continue;
        const std::uintptr_t begin = slot.begin.load(std::memory_order_relaxed);
        const std::uintptr_t end = slot.end.load(std::memory_order_relaxed);
        if (address < begin || address >= end)
            continue;
        // Zeros from the page read on to the end of the mapping: the file has no bytes there
        // any more. mmap is a plain system call, safe here on Linux and the BSDs.
        const std::uintptr_t page = address & ~(g_pageSize - 1);
        void* zeros = ::mmap(reinterpret_cast<void*>(page), end - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros == MAP_FAILED)
            break;
        slot.faulted.store(true, std::memory_order_relaxed);
        return; // the read runs again and finds zeros
    }
    // Not a watched range: as if this handler were not there.
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(signal, info, context);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    ::signal(SIGBUS, SIG_DFL); // the read runs again and the process dies of it
}

bool install()
{
    static std::once_flag once;
    std::call_once(once, [] {
        g_pageSize = std::uintptr_t(::sysconf(_SC_PAGESIZE));
        struct sigaction action = {};
        action.sa_sigaction = onSigbus;
        action.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&action.sa_mask);
        g_installed = ::sigaction(SIGBUS, &action, &g_previous) == 0;
    });
    return g_installed;
}

} // namespace

bool MappingGuard::watch(const void* data, std::size_t size)
{
    stop();
    m_faulted = false;
    if (size == 0 || !install())
        return false;
    for (int i = 0; i < Slots; ++i) {
        Slot& slot = g_slots[i];
        int expected = Slot::Free;
        if (!slot.state.compare_exchange_strong(expected, Slot::Busy, std::memory_order_acquire))
            continue;
        slot.begin.store(reinterpret_cast<std::uintptr_t>(data), std::memory_order_relaxed);
        slot.end.store(reinterpret_cast<std::uintptr_t>(data) + size, std::memory_order_relaxed);
        slot.faulted.store(false, std::memory_order_relaxed);
        slot.state.store(Slot::Watched, std::memory_order_release);
        m_slot = i;
        return true;
    }
    return false;
}

void MappingGuard::stop()
{
    if (m_slot < 0)
        return;
    Slot& slot = g_slots[m_slot];
    m_faulted = m_faulted || slot.faulted.load(std::memory_order_relaxed);
    slot.state.store(Slot::Busy, std::memory_order_release);
    slot.begin.store(0, std::memory_order_relaxed);
    slot.end.store(0, std::memory_order_relaxed);
    slot.state.store(Slot::Free, std::memory_order_release);
    m_slot = -1;
}

bool MappingGuard::faulted() const
{
    return m_slot >= 0 ? g_slots[m_slot].faulted.load(std::memory_order_relaxed) : m_faulted;
}

#else // no SIGBUS here (Windows keeps a mapped file from being cut short): nothing to watch

bool MappingGuard::watch(const void*, std::size_t)
{
    return true;
}

void MappingGuard::stop()
{
}

bool MappingGuard::faulted() const
{
    return false;
}

#endif

} // namespace krw
