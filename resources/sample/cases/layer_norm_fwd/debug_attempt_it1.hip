#include <torch/extension.h>
#include <hip/hip_runtime.h>
#include <ATen/hip/HIPContext.h>

// One wavefront per row, several rows per block: no shared memory, no __syncthreads.
constexpr int kRowsPerBlock = 4;
constexpr int kThreads = kRowsPerBlock * WARP_SIZE;

__device__ __forceinline__ float wave_sum(float v) {
    for (int offset = warpSize / 2; offset > 0; offset >>= 1) {
        v += __shfl_xor(v, offset);
    }
    return v;
}

__global__ void layer_norm_fwd_kernel(const float* __restrict__ x, float* __restrict__ y,
                                      const float* __restrict__ w, const float* __restrict__ b,
                                      int64_t rows, int64_t n, float eps) {
    const int lane = threadIdx.x % warpSize;
    const int64_t row = static_cast<int64_t>(blockIdx.x) * kRowsPerBlock + threadIdx.x / warpSize;
    if (row >= rows) {
        return;
    }
    const float* xr = x + row * n;
    float* yr = y + row * n;

    float s = 0.0f;
    for (int64_t c = lane; c < n; c += warpSize) {
        s += xr[c];
    }
    const float mean = wave_sum(s) / n;

    float sq = 0.0f;
    for (int64_t c = lane; c < n; c += warpSize) {
        const float d = xr[c] - mean;
        sq += d * d;
    }
    const float rstd = rsqrtf(wave_sum(sq) / n + eps);

    for (int64_t c = lane; c < n; c += warpSize) {
        yr[c] = (xr[c] - mean) * rstd * w[c] + b[c];
    }
}

torch::Tensor layer_norm_fwd(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, double eps) {
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "layer_norm_fwd: expected float32");
    const int64_t n = x.size(-1);
    auto x2d = x.contiguous().view({-1, n});
    auto y = torch::empty_like(x2d);
    auto wc = weight.contiguous();
    auto bc = bias.contiguous();
    const int64_t rows = x2d.size(0);
    if (rows > 0) {
        const int64_t blocks = (rows + kRowsPerBlock - 1) / kRowsPerBlock;
        hipLaunchKernelGGL(layer_norm_fwd_kernel, dim3(blocks), dim3(kThreads), 0, at::hip::getCurrentHIPStream(),
                           x2d.data_ptr<float>(), y.data_ptr<float>(), wc.data_ptr<float>(), bc.data_ptr<float>(),
                           rows, n, static_cast<float>(eps));
    }
    return y.view(x.sizes());
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("layer_norm_fwd", &layer_norm_fwd, "LayerNorm forward (HIP)",
          py::arg("x"), py::arg("weight"), py::arg("bias"), py::arg("eps") = 1e-5);
}
