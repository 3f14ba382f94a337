#pragma once
#include <ATen/cuda/CUDAContext.h>
namespace at { namespace hip {
inline cudaStream_t getCurrentHIPStream() { return at::cuda::getCurrentCUDAStream(); }
} }
