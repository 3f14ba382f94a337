import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Fixture sample: problem 1, sample 0 (correct, 1.25x).
source = "__global__ void k(const float* x, float* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = x[i]; }"


class ModelNew(nn.Module):
    def forward(self, x):
        return x
