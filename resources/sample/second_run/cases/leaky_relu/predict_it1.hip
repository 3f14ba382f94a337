#include <torch/extension.h>
#include <hip/hip_runtime.h>
#include <ATen/hip/HIPContext.h>

namespace {

constexpr int kThreads = 256;

__global__ void leaky_relu_kernel(const float* __restrict__ x, float* __restrict__ out, int64_t n,
                                  float negative_slope) {
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n) {
        const float v = x[i];
        out[i] = v >= 0.0f ? v : v * negative_slope;
    }
}

}  // namespace

torch::Tensor leaky_relu_forward(torch::Tensor x, double negative_slope) {
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32, "leaky_relu: expected a float32 GPU tensor");
    auto xc = x.contiguous();
    auto out = torch::empty_like(xc);
    const int64_t n = xc.numel();
    if (n == 0) {
        return out;
    }
    const int blocks = static_cast<int>((n + kThreads - 1) / kThreads);
    hipLaunchKernelGGL(leaky_relu_kernel, dim3(blocks), dim3(kThreads), 0, at::hip::getCurrentHIPStream(),
                       xc.data_ptr<float>(), out.data_ptr<float>(), n, static_cast<float>(negative_slope));
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("leaky_relu", &leaky_relu_forward, "Leaky ReLU (HIP)",
          py::arg("x"), py::arg("negative_slope") = 0.01);
}
