# Reference for the KernelBench fixture (3_Softmax), in KernelBench's problem shape.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.softmax(x, dim=1)


def get_inputs():
    return [torch.randn(8, 1024)]


def get_init_inputs():
    return []
