#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Writes the hostile run fixture (hostile_0.jsonl + hostile_mem_0.json): file names that try to
# escape an export folder or collide, and texts that try to run script or break Markdown/CSV.
import json
import os

os.chdir(os.path.dirname(os.path.abspath(__file__)))
evil_md = ("<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n[x](javascript:alert(1)) [y](JaVaScRiPt&#58;alert(1)) "
           "[z]( java\tscript:alert(1)) [ok](https://example.com/a?b=1&c=2) ![i](data:text/html,<script>alert(1)</script>)\n"
           "[ref]: vbscript:msgbox(1)\n`inline <b>code</b>` and ``` unclosed fence below\n```html\n<script>alert('in fence')</script>\n")
evil_code = "x = 1  # ``` breaks fences\n````\n<script>alert(1)</script>\n| a | b |\n"
formula = "=cmd|' /C calc'!A0"
names = ["../../etc/passwd.py", "/abs/path.py", "a/b\\c.py", "CON.py", ".py", "", "n" * 297 + ".py", "Case.py", "case.py",
         "<script>alert(1)</script>.py"]
lines, mem = [], {}
for i, n in enumerate(names):
    lines.append({"filename": n, "instruction": "Instruction " + str(i) + ": " + evil_md + "\n" + formula,
                  "label": "import triton\n\n@triton.jit\ndef k(x):\n    pass\n", "predict": "#include <hip/hip_runtime.h>\n" + evil_code,
                  "test_code": "def test():\n    return {'a|b': 1}\n"})
    if n:
        mem[n] = {"pass_call": False, "call_err_msg": "error: <script>alert(1)</script>\n```\n" + formula, "pass_exe": False,
                  "exe_err_msg": "None", "call_candidate": None, "exe_candidate": None, "pass_perf": False, "perf_candidates": [],
                  "perf_debug_num": 0, "temp_strategy": evil_md, "reflection": None, "perf_strategy": None, "oneshot": ""}
mem["Case.py"]["call_candidate"] = "#include <hip/hip_runtime.h>\n" + evil_code.replace("x = 1", "x = 2")
with open("hostile_0.jsonl", "w") as f:
    for line in lines:
        f.write(json.dumps(line) + "\n")
with open("hostile_mem_0.json", "w") as f:
    json.dump(mem, f, indent=1)
