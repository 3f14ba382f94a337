// SPDX-License-Identifier: MIT
// Candidate fixture: every output is NaN.
// Plain ATen calls, so g++ builds it as a PyTorch extension and it runs on the CPU (and on a GPU).
// The module's name comes from -DTORCH_EXTENSION_NAME=..., chosen by whoever builds it.
#include <torch/extension.h>

#include <limits>

torch::Tensor scale_shift(const torch::Tensor& x, double, double) {
    return torch::full_like(x, std::numeric_limits<double>::quiet_NaN());
}

std::map<std::string, torch::Tensor> row_stats(const torch::Tensor& x) {
    const auto nan = std::numeric_limits<double>::quiet_NaN();
    return {{"mean", torch::full_like(x.select(-1, 0), nan)}, {"max", torch::full_like(x.select(-1, 0), nan)}};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("scale_shift", &scale_shift, py::arg("x"), py::arg("scale"), py::arg("shift"));
    m.def("row_stats", &row_stats, py::arg("x"));
}
