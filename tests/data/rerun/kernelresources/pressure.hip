#include <hip/hip_runtime.h>

// 72 KiB of static LDS: more than a gfx90a workgroup may have.
__global__ void big_lds(float* x) {
    __shared__ float tile[18432];
    tile[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = tile[18431 - threadIdx.x];
}

// 200 live floats per lane at 1024 threads per block: more than 128 VGPRs, so it spills.
__global__ void __launch_bounds__(1024) spill(float* x, int n) {
    float acc[200];
#pragma unroll
    for (int i = 0; i < 200; ++i)
        acc[i] = x[threadIdx.x + i * n];
#pragma unroll
    for (int k = 0; k < 8; ++k)
#pragma unroll
        for (int i = 0; i < 200; ++i)
            acc[i] = acc[i] * acc[(i * 7 + k) % 200] + acc[(i + k) % 200];
    float s = 0;
#pragma unroll
    for (int i = 0; i < 200; ++i)
        s += acc[i];
    x[threadIdx.x] = s;
}
