#include <torch/extension.h>
#include <hip/hip_runtime.h>
#include <ATen/hip/HIPContext.h>

// BLOCK_SIZE is fixed by the specification: one partial sum per 256 input elements.
constexpr int BLOCK_SIZE = 256;

// Accumulate in double so the result does not depend on the reduction order.
__global__ void block_sum_kernel(const float* __restrict__ x, float* __restrict__ partial, int64_t n) {
    __shared__ double buf[BLOCK_SIZE];
    const int64_t i = static_cast<int64_t>(blockIdx.x) * BLOCK_SIZE + threadIdx.x;
    buf[threadIdx.x] = i < n ? static_cast<double>(x[i]) : 0.0;
    __syncthreads();
    for (unsigned s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            buf[threadIdx.x] += buf[threadIdx.x + s];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = static_cast<float>(buf[0]);
    }
}

torch::Tensor block_sum(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda(), "block_sum: expected a GPU tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "block_sum: expected float32");
    auto flat = x.contiguous().view({-1});
    const int64_t n = flat.numel();
    const int64_t num_blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    auto partial = torch::empty({num_blocks}, flat.options());
    if (num_blocks == 0) {
        return partial;
    }
    hipLaunchKernelGGL(block_sum_kernel, dim3(num_blocks), dim3(BLOCK_SIZE), 0, at::hip::getCurrentHIPStream(),
                       flat.data_ptr<float>(), partial.data_ptr<float>(), n);
    return partial;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("block_sum", &block_sum, "Block-wise partial sums, 256 elements per block (HIP)");
}
