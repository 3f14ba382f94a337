#include <torch/extension.h>
#include <hip/hip_runtime.h>
#include <ATen/hip/HIPContext.h>

constexpr int kThreads = 256;

__global__ void rms_norm_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                float* __restrict__ y, int64_t n, float eps) {
    __shared__ float scratch[kThreads];
    const float* xr = x + blockIdx.x * n;
    float* yr = y + blockIdx.x * n;

    float sq = 0.0f;
    for (int64_t c = threadIdx.x; c < n; c += kThreads) {
        sq += xr[c] * xr[c];
    }
    scratch[threadIdx.x] = sq;
    __syncthreads();
    for (unsigned s = kThreads / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            scratch[threadIdx.x] += scratch[threadIdx.x + s];
        }
        __syncthreads();
    }
    const float inv_rms = rsqrtf(scratch[0] / n + eps);
    for (int64_t c = threadIdx.x; c < n; c += kThreads) {
        yr[c] = xr[c] * inv_rms * w[c];
    }
}

torch::Tensor rms_norm(torch::Tensor x, torch::Tensor weight, double eps) {
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "rms_norm: expected float32");
    const int64_t n = x.size(-1);
    auto x2d = x.contiguous().view({-1, n});
    auto y = torch::empty_like(x2d);
    if (x2d.size(0) > 0) {
        hipLaunchKernelGGL(rms_norm_kernel, dim3(x2d.size(0)), dim3(kThreads), 0, at::hip::getCurrentHIPStream(),
                           x2d.data_ptr<float>(), weight.contiguous().data_ptr<float>(), y.data_ptr<float>(),
                           n, static_cast<float>(eps));
    }
    return y.view(x.sizes());
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("rms_norm", &rms_norm, "RMSNorm forward (HIP)");
}
