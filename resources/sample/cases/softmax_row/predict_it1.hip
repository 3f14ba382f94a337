#include <torch/extension.h>
#include <hip/hip_runtime.h>
#include <ATen/hip/HIPContext.h>

constexpr int kThreads = 256;

// Tree reduction over kThreads values in shared memory; op is max or sum.
template <bool kIsMax>
__device__ float block_reduce(float v, float* scratch) {
    scratch[threadIdx.x] = v;
    __syncthreads();
    for (unsigned s = kThreads / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            const float other = scratch[threadIdx.x + s];
            scratch[threadIdx.x] = kIsMax ? fmaxf(scratch[threadIdx.x], other) : scratch[threadIdx.x] + other;
        }
        __syncthreads();
    }
    const float result = scratch[0];
    __syncthreads();  // scratch is reused by the next reduction
    return result;
}

__global__ void softmax_row_kernel(const float* __restrict__ in, float* __restrict__ out,
                                   int64_t n_cols, int64_t in_stride, int64_t out_stride) {
    __shared__ float scratch[kThreads];
    const float* src = in + blockIdx.x * in_stride;
    float* dst = out + blockIdx.x * out_stride;

    float local_max = -INFINITY;
    for (int64_t c = threadIdx.x; c < n_cols; c += kThreads) {
        local_max = fmaxf(local_max, src[c]);
    }
    const float row_max = block_reduce<true>(local_max, scratch);

    float local_sum = 0.0f;
    for (int64_t c = threadIdx.x; c < n_cols; c += kThreads) {
        local_sum += expf(src[c] - row_max);
    }
    const float inv_sum = 1.0f / block_reduce<false>(local_sum, scratch);

    for (int64_t c = threadIdx.x; c < n_cols; c += kThreads) {
        dst[c] = expf(src[c] - row_max) * inv_sum;
    }
}

torch::Tensor softmax(torch::Tensor x) {
    TORCH_CHECK(x.dim() == 2, "softmax: expected a 2-D tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "softmax: expected float32");
    auto xc = x.contiguous();
    auto out = torch::empty_like(xc);
    const int64_t rows = xc.size(0);
    const int64_t cols = xc.size(1);
    if (rows == 0 || cols == 0) {
        return out;
    }
    hipLaunchKernelGGL(softmax_row_kernel, dim3(rows), dim3(kThreads), 0, at::hip::getCurrentHIPStream(),
                       xc.data_ptr<float>(), out.data_ptr<float>(), cols, xc.stride(0), out.stride(0));
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("softmax", &softmax, "Row-wise softmax (HIP)");
}
