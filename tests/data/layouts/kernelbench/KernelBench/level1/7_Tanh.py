# Reference for the KernelBench fixture (7_Tanh), in KernelBench's problem shape.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.tanh(x)


def get_inputs():
    return [torch.randn(4, 4096)]


def get_init_inputs():
    return []
