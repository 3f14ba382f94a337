#include <torch/extension.h>
#include <hip/hip_runtime.h>
#include <ATen/hip/HIPContext.h>

// One block per (batch, head); thread d owns element d of the head dimension.
__global__ void flash_decode_stage2_kernel(
    const int* __restrict__ b_seqlen, const float* __restrict__ mid_o, const float* __restrict__ mid_lse,
    float* __restrict__ out,
    int64_t s_mb, int64_t s_mh, int64_t s_ms, int64_t s_md,
    int64_t s_lb, int64_t s_lh, int64_t s_ls,
    int64_t s_ob, int64_t s_oh, int64_t s_od,
    int block_seq, int head_dim) {
    const int b = blockIdx.x;
    const int h = blockIdx.y;
    const int d = threadIdx.x;
    if (d >= head_dim) {
        return;
    }
    const int seq_len = b_seqlen[b];
    const int n_blocks = (seq_len + block_seq - 1) / block_seq;
    const float* mo = mid_o + b * s_mb + h * s_mh + d * s_md;
    const float* lse = mid_lse + b * s_lb + h * s_lh;

    float running_max = -INFINITY;
    float running_sum = 0.0f;
    float acc = 0.0f;
    for (int i = 0; i < n_blocks; ++i) {
        const float l = lse[i * s_ls];
        const float new_max = fmaxf(running_max, l);
        const float rescale = expf(running_max - new_max);
        const float w = expf(l - new_max);
        acc = acc * rescale + w * mo[i * s_ms];
        running_sum = running_sum * rescale + w;
        running_max = new_max;
    }
    out[b * s_ob + h * s_oh + d * s_od] = acc / running_sum;
}

torch::Tensor flash_decode_stage2(torch::Tensor mid_out, torch::Tensor mid_out_logexpsum,
                                  torch::Tensor b_seqlen, torch::Tensor out, int64_t block_seq) {
    TORCH_CHECK(mid_out.dim() == 4, "flash_decode_stage2: mid_out must be [batch, head, seq_block, head_dim]");
    TORCH_CHECK(mid_out_logexpsum.dim() == 3, "flash_decode_stage2: mid_out_logexpsum must be [batch, head, seq_block]");
    const int64_t batch = mid_out.size(0);
    const int64_t heads = mid_out.size(1);
    const int64_t head_dim = mid_out.size(3);
    TORCH_CHECK(head_dim <= 1024, "flash_decode_stage2: head_dim must fit in one block");

    const hipStream_t stream = at::hip::getCurrentHIPStream();
    hipLaunchKernelGGL(flash_decode_stage2_kernel, dim3(batch, heads), dim3(head_dim), 0, stream,
                       b_seqlen.data_ptr<int>(), mid_out.data_ptr<float>(),
                       mid_out_logexpsum.data_ptr<float>(), out.data_ptr<float>(),
                       mid_out.stride(0), mid_out.stride(1), mid_out.stride(2), mid_out.stride(3),
                       mid_out_logexpsum.stride(0), mid_out_logexpsum.stride(1), mid_out_logexpsum.stride(2),
                       out.stride(0), out.stride(1), out.stride(2),
                       static_cast<int>(block_seq), static_cast<int>(head_dim));
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("flash_decode_stage2", &flash_decode_stage2, "Flash decoding stage 2: merge split-K partials (HIP)");
}
