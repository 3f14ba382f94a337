// SPDX-License-Identifier: MIT
//
// Kernel Review Workbench, hip-nvidia profile: ROCm PyTorch's HIP names for streams, guards and
// device properties, on a CUDA PyTorch. ROCm PyTorch hipifies the CUDA API and keeps the CUDA
// classes underneath ("MasqueradingAsCUDA"), so here every name is the CUDA one:
// at::hip::getCurrentHIPStream() is at::cuda::getCurrentCUDAStream(), a c10::cuda::CUDAStream that
// converts to hipStream_t (= cudaStream_t).
#pragma once

#include <hip/hip_runtime.h>

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

namespace c10 {
namespace hip {

using HIPStream = c10::cuda::CUDAStream;
using HIPGuard = c10::cuda::CUDAGuard;
using OptionalHIPGuard = c10::cuda::OptionalCUDAGuard;
using HIPStreamGuard = c10::cuda::CUDAStreamGuard;
using OptionalHIPStreamGuard = c10::cuda::OptionalCUDAStreamGuard;

inline HIPStream getCurrentHIPStream(c10::DeviceIndex device = -1) {
    return c10::cuda::getCurrentCUDAStream(device);
}
inline HIPStream getDefaultHIPStream(c10::DeviceIndex device = -1) {
    return c10::cuda::getDefaultCUDAStream(device);
}
inline HIPStream getStreamFromPool(bool isHighPriority = false, c10::DeviceIndex device = -1) {
    return c10::cuda::getStreamFromPool(isHighPriority, device);
}
inline void setCurrentHIPStream(HIPStream stream) { c10::cuda::setCurrentCUDAStream(stream); }
inline c10::DeviceIndex current_device() { return c10::cuda::current_device(); }
inline c10::DeviceIndex device_count() noexcept { return c10::cuda::device_count(); }
inline void set_device(c10::DeviceIndex device) { c10::cuda::set_device(device); }

}  // namespace hip
}  // namespace c10

namespace at {
namespace hip {

using namespace c10::hip;

using HIPStreamMasqueradingAsCUDA = c10::cuda::CUDAStream;
using HIPGuardMasqueradingAsCUDA = c10::cuda::CUDAGuard;
using OptionalHIPGuardMasqueradingAsCUDA = c10::cuda::OptionalCUDAGuard;
using HIPStreamGuardMasqueradingAsCUDA = c10::cuda::CUDAStreamGuard;
using OptionalHIPStreamGuardMasqueradingAsCUDA = c10::cuda::OptionalCUDAStreamGuard;

inline HIPStream getCurrentHIPStreamMasqueradingAsCUDA(c10::DeviceIndex device = -1) {
    return c10::cuda::getCurrentCUDAStream(device);
}
inline HIPStream getDefaultHIPStreamMasqueradingAsCUDA(c10::DeviceIndex device = -1) {
    return c10::cuda::getDefaultCUDAStream(device);
}
inline HIPStream getStreamFromPoolMasqueradingAsCUDA(bool isHighPriority = false, c10::DeviceIndex device = -1) {
    return c10::cuda::getStreamFromPool(isHighPriority, device);
}
inline void setCurrentHIPStreamMasqueradingAsCUDA(HIPStream stream) { c10::cuda::setCurrentCUDAStream(stream); }

inline int64_t getNumGPUs() { return at::cuda::getNumGPUs(); }
inline bool is_available() { return at::cuda::is_available(); }
inline hipDeviceProp_t* getCurrentDeviceProperties() { return at::cuda::getCurrentDeviceProperties(); }
inline hipDeviceProp_t* getDeviceProperties(c10::DeviceIndex device) { return at::cuda::getDeviceProperties(device); }

}  // namespace hip
}  // namespace at

// Newer CUDA PyTorch defines some of these itself (c10/cuda/CUDAException.h).
#ifndef C10_HIP_CHECK
#define C10_HIP_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
#endif
#ifndef C10_HIP_CHECK_WARN
#define C10_HIP_CHECK_WARN(EXPR) C10_CUDA_CHECK_WARN(EXPR)
#endif
#ifndef C10_HIP_KERNEL_LAUNCH_CHECK
#define C10_HIP_KERNEL_LAUNCH_CHECK() C10_CUDA_KERNEL_LAUNCH_CHECK()
#endif
