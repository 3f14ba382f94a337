# Reference for the KernelBench fixture (1_Square_matmul), in KernelBench's problem shape.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, a, b):
        return torch.matmul(a, b)


def get_inputs():
    a = torch.randn(64, 64)
    b = torch.randn(64, 64)
    return [a, b]


def get_init_inputs():
    return []
