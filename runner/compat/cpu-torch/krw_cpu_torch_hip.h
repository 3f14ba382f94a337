// SPDX-License-Identifier: MIT
//
// Kernel Review Workbench, compile-check profile: the part of ROCm PyTorch's HIP API that HIP
// extensions call, for a CPU-only PyTorch (Debian's libtorch-dev) that ships no
// ATen/hip/HIPContext.h. Compile-check only compiles (-c), it never runs the result, so the
// streams here are all the default stream (hipStream_t 0) and the guards switch devices with
// hipSetDevice. Names follow ROCm PyTorch (c10::hip, at::hip, the "MasqueradingAsCUDA" aliases).
#pragma once

#include <hip/hip_runtime.h>

#include <c10/core/Device.h>
#include <c10/util/Exception.h>
#include <c10/util/Optional.h>

#include <cstdint>
#include <ostream>

#define KRW_CPU_TORCH_HIP_SHIM 1

namespace c10 {
namespace hip {

using DeviceIndex = c10::DeviceIndex;
using StreamId = int64_t;

inline DeviceIndex current_device() {
    int d = 0;
    (void)hipGetDevice(&d);
    return static_cast<DeviceIndex>(d);
}

inline DeviceIndex device_count() noexcept {
    int n = 0;
    return hipGetDeviceCount(&n) == hipSuccess ? static_cast<DeviceIndex>(n) : DeviceIndex(0);
}

inline void set_device(DeviceIndex d) { (void)hipSetDevice(static_cast<int>(d)); }

// A stream handle. Every stream of this shim is the default (null) stream of a device.
class HIPStream {
public:
    explicit HIPStream(DeviceIndex device = -1, hipStream_t stream = nullptr)
        : device_(device < 0 ? current_device() : device), stream_(stream) {}

    hipStream_t stream() const { return stream_; }
    operator hipStream_t() const { return stream_; }
    DeviceIndex device_index() const { return device_; }
    c10::Device device() const { return c10::Device(c10::DeviceType::HIP, device_); }
    StreamId id() const { return 0; }
    int priority() const { return 0; }
    bool query() const { return hipStreamQuery(stream_) == hipSuccess; }
    void synchronize() const { (void)hipStreamSynchronize(stream_); }

    bool operator==(const HIPStream& o) const { return device_ == o.device_ && stream_ == o.stream_; }
    bool operator!=(const HIPStream& o) const { return !(*this == o); }

private:
    DeviceIndex device_;
    hipStream_t stream_;
};

inline std::ostream& operator<<(std::ostream& os, const HIPStream& s) {
    return os << "HIPStream(device=" << static_cast<int>(s.device_index()) << ", default)";
}

inline HIPStream getCurrentHIPStream(DeviceIndex device = -1) { return HIPStream(device); }
inline HIPStream getDefaultHIPStream(DeviceIndex device = -1) { return HIPStream(device); }
inline HIPStream getStreamFromPool(bool /*isHighPriority*/ = false, DeviceIndex device = -1) {
    return HIPStream(device);
}
inline void setCurrentHIPStream(HIPStream /*stream*/) {}

// Device guards: set the device on construction, restore the previous one on destruction.
class HIPGuard {
public:
    explicit HIPGuard(DeviceIndex device) : previous_(current_device()) { c10::hip::set_device(device); }
    explicit HIPGuard(c10::Device device) : HIPGuard(device.index()) {}
    HIPGuard(const HIPGuard&) = delete;
    HIPGuard& operator=(const HIPGuard&) = delete;
    ~HIPGuard() { c10::hip::set_device(previous_); }
    void set_device(c10::Device device) { c10::hip::set_device(device.index()); }
    void set_index(DeviceIndex device) { c10::hip::set_device(device); }
    c10::Device original_device() const { return c10::Device(c10::DeviceType::HIP, previous_); }

private:
    DeviceIndex previous_;
};

class OptionalHIPGuard {
public:
    OptionalHIPGuard() = default;
    explicit OptionalHIPGuard(c10::optional<c10::Device> device) {
        if (device.has_value()) set_index(device->index());
    }
    explicit OptionalHIPGuard(c10::optional<DeviceIndex> device) {
        if (device.has_value()) set_index(*device);
    }
    explicit OptionalHIPGuard(c10::Device device) { set_index(device.index()); }
    explicit OptionalHIPGuard(DeviceIndex device) { set_index(device); }
    OptionalHIPGuard(const OptionalHIPGuard&) = delete;
    OptionalHIPGuard& operator=(const OptionalHIPGuard&) = delete;
    ~OptionalHIPGuard() { reset(); }
    void set_device(c10::Device device) { set_index(device.index()); }
    void set_index(DeviceIndex device) {
        if (!active_) {
            previous_ = current_device();
            active_ = true;
        }
        c10::hip::set_device(device);
    }
    void reset() {
        if (active_) {
            c10::hip::set_device(previous_);
            active_ = false;
        }
    }

private:
    bool active_ = false;
    DeviceIndex previous_ = 0;
};

class HIPStreamGuard {
public:
    explicit HIPStreamGuard(HIPStream stream) : guard_(stream.device_index()) {}

private:
    HIPGuard guard_;
};

}  // namespace hip
}  // namespace c10

namespace at {
namespace hip {

using namespace c10::hip;

// The "masquerading" names ROCm PyTorch gives the hipified CUDA API.
using HIPStreamMasqueradingAsCUDA = c10::hip::HIPStream;
using HIPGuardMasqueradingAsCUDA = c10::hip::HIPGuard;
using OptionalHIPGuardMasqueradingAsCUDA = c10::hip::OptionalHIPGuard;
using HIPStreamGuardMasqueradingAsCUDA = c10::hip::HIPStreamGuard;

inline HIPStream getCurrentHIPStreamMasqueradingAsCUDA(DeviceIndex device = -1) {
    return HIPStream(device);
}
inline HIPStream getDefaultHIPStreamMasqueradingAsCUDA(DeviceIndex device = -1) {
    return HIPStream(device);
}
inline HIPStream getStreamFromPoolMasqueradingAsCUDA(bool /*isHighPriority*/ = false, DeviceIndex device = -1) {
    return HIPStream(device);
}
inline void setCurrentHIPStreamMasqueradingAsCUDA(HIPStream /*stream*/) {}

inline DeviceIndex getNumGPUs() { return c10::hip::device_count(); }
inline bool is_available() { return c10::hip::device_count() > 0; }

inline hipDeviceProp_t* getDeviceProperties(DeviceIndex device) {
    static thread_local hipDeviceProp_t prop;
    (void)hipGetDeviceProperties(&prop, static_cast<int>(device));
    return &prop;
}
inline hipDeviceProp_t* getCurrentDeviceProperties() {
    return getDeviceProperties(c10::hip::current_device());
}

}  // namespace hip
}  // namespace at

#define C10_HIP_CHECK(EXPR)                                                              \
    do {                                                                                 \
        const hipError_t krw_err_ = (EXPR);                                              \
        TORCH_CHECK(krw_err_ == hipSuccess, "HIP error: ", hipGetErrorString(krw_err_)); \
    } while (0)
#define C10_HIP_CHECK_WARN(EXPR)                                                          \
    do {                                                                                  \
        const hipError_t krw_err_ = (EXPR);                                               \
        if (krw_err_ != hipSuccess) TORCH_WARN("HIP warning: ", hipGetErrorString(krw_err_)); \
    } while (0)
#define C10_HIP_KERNEL_LAUNCH_CHECK() C10_HIP_CHECK(hipGetLastError())
