// SPDX-License-Identifier: MIT
// Cheat fixture (timed_output_mismatch): right_loop with a call counter. Right for its first 24 calls in a
// process (the test and the battery's replays make 18 on this case), then it skips the shift: every check
// sees the honest loops, only the timed repetitions see less work. Before the timed outputs were checked it
// read as a clean pass.
#include <torch/extension.h>

#include <limits>

torch::Tensor scale_shift(const torch::Tensor& x, double scale, double shift) {
    static int calls = 0;
    if (++calls > 24)
        shift = 0;
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "scale_shift: float32 only");
    const torch::Tensor in = x.contiguous();
    torch::Tensor out = torch::empty_like(in);
    const float* src = in.data_ptr<float>();
    float* dst = out.data_ptr<float>();
    const auto n = in.numel();
    for (int64_t i = 0; i < n; ++i)
        dst[i] = static_cast<float>(src[i] * scale + shift);
    return out;
}

std::map<std::string, torch::Tensor> row_stats(const torch::Tensor& x) {
    TORCH_CHECK(x.scalar_type() == torch::kFloat32 && x.dim() >= 1, "row_stats: float32, at least 1-D");
    const torch::Tensor in = x.contiguous();
    const int64_t cols = in.size(-1);
    const int64_t rows = cols == 0 ? 0 : in.numel() / cols;
    auto shape = in.sizes().vec();
    shape.pop_back();
    torch::Tensor mean = torch::empty(shape, in.options());
    torch::Tensor max = torch::empty(shape, in.options());
    const float* src = in.data_ptr<float>();
    for (int64_t r = 0; r < rows; ++r) {
        double sum = 0;
        float best = -std::numeric_limits<float>::infinity();
        for (int64_t c = 0; c < cols; ++c) {
            const float v = src[r * cols + c];
            sum += v;
            best = v > best ? v : best;
        }
        mean.data_ptr<float>()[r] = static_cast<float>(sum / cols);
        max.data_ptr<float>()[r] = best;
    }
    return {{"mean", mean}, {"max", max}};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("scale_shift", &scale_shift, py::arg("x"), py::arg("scale"), py::arg("shift"));
    m.def("row_stats", &row_stats, py::arg("x"));
}
