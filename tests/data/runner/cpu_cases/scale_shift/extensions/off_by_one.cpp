// SPDX-License-Identifier: MIT
// Candidate fixture: the loop bound misses the last element, which keeps its zero.
// Plain ATen calls, so g++ builds it as a PyTorch extension and it runs on the CPU (and on a GPU).
// The module's name comes from -DTORCH_EXTENSION_NAME=..., chosen by whoever builds it.
#include <torch/extension.h>

torch::Tensor scale_shift(const torch::Tensor& x, double scale, double shift) {
    auto out = torch::zeros_like(x);
    const int64_t n = x.numel();
    out.view({-1}).slice(0, 0, n - 1).copy_(x.reshape({-1}).slice(0, 0, n - 1) * scale + shift);
    return out;
}

std::map<std::string, torch::Tensor> row_stats(const torch::Tensor& x) {
    return {{"mean", x.mean(-1)}, {"max", x.amax(-1)}};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("scale_shift", &scale_shift, py::arg("x"), py::arg("scale"), py::arg("shift"));
    m.def("row_stats", &row_stats, py::arg("x"));
}
