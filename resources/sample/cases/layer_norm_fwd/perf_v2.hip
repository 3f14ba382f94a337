#include <torch/extension.h>
#include <hip/hip_runtime.h>
#include <ATen/hip/HIPContext.h>

constexpr int kThreads = 256;

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = warpSize / 2; offset > 0; offset >>= 1) {
        v += __shfl_xor(v, offset);
    }
    return v;
}

// Block-wide sum through one shared slot per wavefront; every thread gets the total.
__device__ float block_sum(float v, float* slots) {
    const int lane = threadIdx.x % warpSize;
    const int wave = threadIdx.x / warpSize;
    v = warp_sum(v);
    if (lane == 0) {
        slots[wave] = v;
    }
    __syncthreads();
    float total = 0.0f;
    for (int i = 0; i < kThreads / warpSize; ++i) {
        total += slots[i];
    }
    __syncthreads();
    return total;
}

__global__ void layer_norm_fwd_kernel(const float* __restrict__ x, float* __restrict__ y,
                                      const float* __restrict__ w, const float* __restrict__ b,
                                      int64_t n, float eps) {
    __shared__ float slots[32];
    const float* xr = x + blockIdx.x * n;
    float* yr = y + blockIdx.x * n;

    float s = 0.0f;
    for (int64_t c = threadIdx.x; c < n; c += kThreads) {
        s += xr[c];
    }
    const float mean = block_sum(s, slots) / n;

    float sq = 0.0f;
    for (int64_t c = threadIdx.x; c < n; c += kThreads) {
        const float d = xr[c] - mean;
        sq += d * d;
    }
    const float rstd = rsqrtf(block_sum(sq, slots) / n + eps);

    for (int64_t c = threadIdx.x; c < n; c += kThreads) {
        yr[c] = (xr[c] - mean) * rstd * w[c] + b[c];
    }
}

torch::Tensor layer_norm_fwd(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, double eps) {
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "layer_norm_fwd: expected float32");
    const int64_t n = x.size(-1);
    auto x2d = x.contiguous().view({-1, n});
    auto y = torch::empty_like(x2d);
    const int64_t rows = x2d.size(0);
    if (rows > 0) {
        hipLaunchKernelGGL(layer_norm_fwd_kernel, dim3(rows), dim3(kThreads), 0, at::hip::getCurrentHIPStream(),
                           x2d.data_ptr<float>(), y.data_ptr<float>(), weight.contiguous().data_ptr<float>(),
                           bias.contiguous().data_ptr<float>(), n, static_cast<float>(eps));
    }
    return y.view(x.sizes());
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("layer_norm_fwd", &layer_norm_fwd, "LayerNorm forward (HIP)",
          py::arg("x"), py::arg("weight"), py::arg("bias"), py::arg("eps") = 1e-5);
}
