// SPDX-License-Identifier: MIT
//
// Kernel Review Workbench, hip-nvidia profile: the HIP runtime subset that HIP PyTorch extensions
// of the Triton-to-HIP datasets use, mapped onto the CUDA runtime of the machine. It replaces the
// HIP headers' own NVIDIA backend (hip/nvidia_detail), which only fits the CUDA versions of its HIP
// release. Types and error codes are the CUDA ones (hipError_t is cudaError_t, hipStream_t is
// cudaStream_t), so nothing is converted at run time.
//
// Not HIP semantics (see runner/compat/README.md): warpSize is CUDA's 32, not AMD's 64; the
// non-_sync warp functions (__shfl*, __ballot, __any, __all) become the _sync ones over all 32
// lanes, so every lane of the warp must reach them; __ballot returns 32 bits, not 64.
#pragma once

#include <cuda_runtime.h>

#define KRW_HIP_NVIDIA_SHIM 1
#ifndef __HIP_PLATFORM_NVIDIA__
#define __HIP_PLATFORM_NVIDIA__ 1
#endif
#ifndef __HIP_PLATFORM_NVCC__
#define __HIP_PLATFORM_NVCC__ 1
#endif
#if defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#define __HIP_DEVICE_COMPILE__ 1
#endif

// ---- types --------------------------------------------------------------------------------------
typedef cudaError_t hipError_t;
typedef cudaStream_t hipStream_t;
typedef cudaEvent_t hipEvent_t;
typedef cudaDeviceProp hipDeviceProp_t;
typedef cudaMemcpyKind hipMemcpyKind;
typedef cudaDeviceAttr hipDeviceAttribute_t;
typedef cudaFuncAttributes hipFuncAttributes;
typedef cudaFuncAttribute hipFuncAttribute;
typedef cudaFuncCache hipFuncCache_t;
typedef cudaSharedMemConfig hipSharedMemConfig;
typedef cudaPointerAttributes hipPointerAttribute_t;

// ---- constants ----------------------------------------------------------------------------------
#define hipSuccess cudaSuccess
#define hipErrorInvalidValue cudaErrorInvalidValue
#define hipErrorOutOfMemory cudaErrorMemoryAllocation
#define hipErrorMemoryAllocation cudaErrorMemoryAllocation
#define hipErrorNotReady cudaErrorNotReady
#define hipErrorInvalidDevice cudaErrorInvalidDevice
#define hipErrorInvalidDeviceFunction cudaErrorInvalidDeviceFunction
#define hipErrorInvalidConfiguration cudaErrorInvalidConfiguration
#define hipErrorLaunchFailure cudaErrorLaunchFailure
#define hipErrorNoDevice cudaErrorNoDevice
#define hipErrorNotSupported cudaErrorNotSupported

#define hipMemcpyHostToHost cudaMemcpyHostToHost
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
#define hipMemcpyDefault cudaMemcpyDefault

#define hipStreamDefault cudaStreamDefault
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipEventDefault cudaEventDefault
#define hipEventBlockingSync cudaEventBlockingSync
#define hipEventDisableTiming cudaEventDisableTiming
#define hipHostMallocDefault cudaHostAllocDefault
#define hipHostMallocPortable cudaHostAllocPortable
#define hipHostMallocMapped cudaHostAllocMapped
#define hipHostMallocWriteCombined cudaHostAllocWriteCombined
#define hipMemAttachGlobal cudaMemAttachGlobal

#define hipDeviceAttributeMaxThreadsPerBlock cudaDevAttrMaxThreadsPerBlock
#define hipDeviceAttributeMaxBlockDimX cudaDevAttrMaxBlockDimX
#define hipDeviceAttributeMaxGridDimX cudaDevAttrMaxGridDimX
#define hipDeviceAttributeMaxSharedMemoryPerBlock cudaDevAttrMaxSharedMemoryPerBlock
#define hipDeviceAttributeSharedMemPerBlockOptin cudaDevAttrMaxSharedMemoryPerBlockOptin
#define hipDeviceAttributeWarpSize cudaDevAttrWarpSize
#define hipDeviceAttributeMultiprocessorCount cudaDevAttrMultiProcessorCount
#define hipDeviceAttributeMaxThreadsPerMultiProcessor cudaDevAttrMaxThreadsPerMultiProcessor
#define hipDeviceAttributeMaxRegistersPerBlock cudaDevAttrMaxRegistersPerBlock
#define hipDeviceAttributeL2CacheSize cudaDevAttrL2CacheSize
#define hipDeviceAttributeComputeCapabilityMajor cudaDevAttrComputeCapabilityMajor
#define hipDeviceAttributeComputeCapabilityMinor cudaDevAttrComputeCapabilityMinor

#define hipFuncAttributeMaxDynamicSharedMemorySize cudaFuncAttributeMaxDynamicSharedMemorySize
#define hipFuncAttributePreferredSharedMemoryCarveout cudaFuncAttributePreferredSharedMemoryCarveout
#define hipFuncCachePreferNone cudaFuncCachePreferNone
#define hipFuncCachePreferShared cudaFuncCachePreferShared
#define hipFuncCachePreferL1 cudaFuncCachePreferL1
#define hipFuncCachePreferEqual cudaFuncCachePreferEqual

// ---- runtime functions: same signatures under another name --------------------------------------
#define hipGetLastError cudaGetLastError
#define hipPeekAtLastError cudaPeekAtLastError
#define hipGetErrorString cudaGetErrorString
#define hipGetErrorName cudaGetErrorName
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipDeviceReset cudaDeviceReset
#define hipGetDevice cudaGetDevice
#define hipSetDevice cudaSetDevice
#define hipGetDeviceCount cudaGetDeviceCount
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipDeviceGetAttribute cudaDeviceGetAttribute
#define hipMalloc cudaMalloc
#define hipMallocManaged cudaMallocManaged
#define hipFree cudaFree
#define hipHostFree cudaFreeHost
#define hipFreeHost cudaFreeHost
#define hipMemcpy cudaMemcpy
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemcpy2D cudaMemcpy2D
#define hipMemcpy2DAsync cudaMemcpy2DAsync
#define hipMemset cudaMemset
#define hipMemsetAsync cudaMemsetAsync
#define hipMemGetInfo cudaMemGetInfo
#define hipMemcpyToSymbol cudaMemcpyToSymbol
#define hipMemcpyToSymbolAsync cudaMemcpyToSymbolAsync
#define hipMemcpyFromSymbol cudaMemcpyFromSymbol
#define hipGetSymbolAddress cudaGetSymbolAddress
#define hipPointerGetAttributes cudaPointerGetAttributes
#define hipStreamCreate cudaStreamCreate
#define hipStreamCreateWithFlags cudaStreamCreateWithFlags
#define hipStreamDestroy cudaStreamDestroy
#define hipStreamSynchronize cudaStreamSynchronize
#define hipStreamQuery cudaStreamQuery
#define hipStreamWaitEvent cudaStreamWaitEvent
#define hipEventCreate cudaEventCreate
#define hipEventCreateWithFlags cudaEventCreateWithFlags
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
#define hipEventQuery cudaEventQuery
#define hipEventElapsedTime cudaEventElapsedTime
#define hipEventDestroy cudaEventDestroy
#define hipFuncSetAttribute cudaFuncSetAttribute
#define hipFuncGetAttributes cudaFuncGetAttributes
#define hipFuncSetCacheConfig cudaFuncSetCacheConfig
#define hipDeviceSetCacheConfig cudaDeviceSetCacheConfig
#define hipOccupancyMaxActiveBlocksPerMultiprocessor cudaOccupancyMaxActiveBlocksPerMultiprocessor
#define hipOccupancyMaxPotentialBlockSize cudaOccupancyMaxPotentialBlockSize
#define hipLaunchKernel cudaLaunchKernel
#define hipLaunchCooperativeKernel cudaLaunchCooperativeKernel

// hipHostMalloc has a default for its flags; cudaHostAlloc has none.
inline hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags = cudaHostAllocDefault) {
    return cudaHostAlloc(ptr, size, flags);
}
template <class T>
inline hipError_t hipHostMalloc(T** ptr, size_t size, unsigned int flags = cudaHostAllocDefault) {
    return cudaHostAlloc(reinterpret_cast<void**>(ptr), size, flags);
}
inline hipError_t hipMallocHost(void** ptr, size_t size) { return cudaMallocHost(ptr, size); }

// ---- kernel launch ------------------------------------------------------------------------------
// As in HIP: a kernel name with a comma (a template with two arguments) needs HIP_KERNEL_NAME(...).
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(X) X
#define hipLaunchKernelGGLInternal(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...) \
    do {                                                                                      \
        kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__);     \
    } while (0)
#define hipLaunchKernelGGL(kernelName, ...) hipLaunchKernelGGLInternal((kernelName), __VA_ARGS__)

#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

// ---- device side --------------------------------------------------------------------------------
// threadIdx, blockIdx, blockDim, gridDim, warpSize (32), __syncthreads, atomics and the math
// functions are CUDA's own. HIP's old-style index names:
#define hipThreadIdx_x threadIdx.x
#define hipThreadIdx_y threadIdx.y
#define hipThreadIdx_z threadIdx.z
#define hipBlockIdx_x blockIdx.x
#define hipBlockIdx_y blockIdx.y
#define hipBlockIdx_z blockIdx.z
#define hipBlockDim_x blockDim.x
#define hipBlockDim_y blockDim.y
#define hipBlockDim_z blockDim.z
#define hipGridDim_x gridDim.x
#define hipGridDim_y gridDim.y
#define hipGridDim_z gridDim.z

// HIP's warp functions without a mask act on the active lanes; CUDA (sm_70 and newer) only has
// the _sync forms. Full 32-lane mask: all lanes of the warp must call them.
#define KRW_HIP_FULL_MASK 0xffffffffu
#define __shfl(...) __shfl_sync(KRW_HIP_FULL_MASK, __VA_ARGS__)
#define __shfl_up(...) __shfl_up_sync(KRW_HIP_FULL_MASK, __VA_ARGS__)
#define __shfl_down(...) __shfl_down_sync(KRW_HIP_FULL_MASK, __VA_ARGS__)
#define __shfl_xor(...) __shfl_xor_sync(KRW_HIP_FULL_MASK, __VA_ARGS__)
#define __ballot(predicate) __ballot_sync(KRW_HIP_FULL_MASK, (predicate))
#define __any(predicate) __any_sync(KRW_HIP_FULL_MASK, (predicate))
#define __all(predicate) __all_sync(KRW_HIP_FULL_MASK, (predicate))

#if defined(__CUDACC__)
__device__ __forceinline__ unsigned int __lane_id() {
    unsigned int lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
}
#endif
