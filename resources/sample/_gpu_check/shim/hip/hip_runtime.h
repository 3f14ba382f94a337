#pragma once
// Temporary shim: maps the HIP API used by the sample to CUDA so the code can be run on an NVIDIA GPU.
#include <cuda_runtime.h>
#define hipStream_t cudaStream_t
#define hipLaunchKernelGGL(kernel, grid, block, shmem, stream, ...) kernel<<<(grid), (block), (shmem), (stream)>>>(__VA_ARGS__)
#define __shfl_xor(v, m) __shfl_xor_sync(0xffffffffu, (v), (m))
