# The kernel as the run left it (fixture).
def layernorm(x):
    return x
