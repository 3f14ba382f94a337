#include <torch/extension.h>
#include <hip/hip_runtime.h>
#include <ATen/hip/HIPContext.h>

constexpr int kThreads = 128;

// One block per token. When rows are 16-byte aligned the copy moves float4 values.
template <bool kVec4>
__global__ void embedding_gather_kernel(const int64_t* __restrict__ ids, const float* __restrict__ weight,
                                        float* __restrict__ out, int64_t hidden,
                                        int64_t stride_w, int64_t stride_o) {
    const int64_t token = blockIdx.x;
    const float* src = weight + ids[token] * stride_w;
    float* dst = out + token * stride_o;
    if (kVec4) {
        const float4* src4 = reinterpret_cast<const float4*>(src);
        float4* dst4 = reinterpret_cast<float4*>(dst);
        for (int64_t i = threadIdx.x; i < hidden / 4; i += kThreads) {
            dst4[i] = src4[i];
        }
    } else {
        for (int64_t d = threadIdx.x; d < hidden; d += kThreads) {
            dst[d] = src[d];
        }
    }
}

torch::Tensor embedding_gather(torch::Tensor ids, torch::Tensor weight) {
    TORCH_CHECK(ids.scalar_type() == torch::kInt64, "embedding_gather: ids must be int64");
    TORCH_CHECK(weight.dim() == 2 && weight.scalar_type() == torch::kFloat32, "embedding_gather: weight must be 2-D float32");
    auto ids_c = ids.contiguous();
    const int64_t n_tokens = ids_c.numel();
    const int64_t hidden = weight.size(1);
    auto out = torch::empty({n_tokens, hidden}, weight.options());
    if (n_tokens == 0) {
        return out;
    }
    const bool vec4 = hidden % 4 == 0 && weight.stride(0) % 4 == 0 && weight.stride(1) == 1 &&
                      reinterpret_cast<uintptr_t>(weight.data_ptr<float>()) % 16 == 0;
    const hipStream_t stream = at::hip::getCurrentHIPStream();
    if (vec4) {
        hipLaunchKernelGGL(embedding_gather_kernel<true>, dim3(n_tokens), dim3(kThreads), 0, stream,
                           ids_c.data_ptr<int64_t>(), weight.data_ptr<float>(), out.data_ptr<float>(),
                           hidden, weight.stride(0), out.stride(0));
    } else {
        hipLaunchKernelGGL(embedding_gather_kernel<false>, dim3(n_tokens), dim3(kThreads), 0, stream,
                           ids_c.data_ptr<int64_t>(), weight.data_ptr<float>(), out.data_ptr<float>(),
                           hidden, weight.stride(0), out.stride(0));
    }
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("embedding_gather", &embedding_gather, "Embedding row gather (HIP)");
}
