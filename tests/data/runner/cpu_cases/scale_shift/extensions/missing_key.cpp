// SPDX-License-Identifier: MIT
// Candidate fixture: row_stats forgets its "max" entry.
// Plain ATen calls, so g++ builds it as a PyTorch extension and it runs on the CPU (and on a GPU).
// The module's name comes from -DTORCH_EXTENSION_NAME=..., chosen by whoever builds it.
#include <torch/extension.h>

torch::Tensor scale_shift(const torch::Tensor& x, double scale, double shift) {
    return x * scale + shift;
}

std::map<std::string, torch::Tensor> row_stats(const torch::Tensor& x) {
    return {{"mean", x.mean(-1)}};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("scale_shift", &scale_shift, py::arg("x"), py::arg("scale"), py::arg("shift"));
    m.def("row_stats", &row_stats, py::arg("x"));
}
