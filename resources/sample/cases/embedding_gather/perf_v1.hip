#include <torch/extension.h>
#include <hip/hip_runtime.h>
#include <ATen/hip/HIPContext.h>

constexpr int kThreads = 256;

// One block per token; the threads copy the token's row column by column.
__global__ void embedding_gather_kernel(const int64_t* __restrict__ ids, const float* __restrict__ weight,
                                        float* __restrict__ out, int64_t hidden,
                                        int64_t stride_w, int64_t stride_o) {
    const int64_t token = blockIdx.x;
    const float* src = weight + ids[token] * stride_w;
    float* dst = out + token * stride_o;
    for (int64_t d = threadIdx.x; d < hidden; d += kThreads) {
        dst[d] = src[d];
    }
}

torch::Tensor embedding_gather(torch::Tensor ids, torch::Tensor weight) {
    TORCH_CHECK(ids.scalar_type() == torch::kInt64, "embedding_gather: ids must be int64");
    TORCH_CHECK(weight.dim() == 2 && weight.scalar_type() == torch::kFloat32, "embedding_gather: weight must be 2-D float32");
    auto ids_c = ids.contiguous();
    const int64_t n_tokens = ids_c.numel();
    const int64_t hidden = weight.size(1);
    auto out = torch::empty({n_tokens, hidden}, weight.options());
    if (n_tokens > 0) {
        hipLaunchKernelGGL(embedding_gather_kernel, dim3(n_tokens), dim3(kThreads), 0, at::hip::getCurrentHIPStream(),
                           ids_c.data_ptr<int64_t>(), weight.data_ptr<float>(), out.data_ptr<float>(),
                           hidden, weight.stride(0), out.stride(0));
    }
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("embedding_gather", &embedding_gather, "Embedding row gather (HIP)");
}
