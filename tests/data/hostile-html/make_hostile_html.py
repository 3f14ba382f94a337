#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Writes the hostile-HTML run fixture (hostile_html_0.jsonl + hostile_html_mem_0.json): every
# text a report renders carries payloads that would set document.title to the marker "PWNED"
# (built as 'PW'+'NED' so the marker never appears literally) if any of them ran as script.
import json
import os

os.chdir(os.path.dirname(os.path.abspath(__file__)))
set_marker = "document.title='PW'+'NED'"
payload = ("<script>" + set_marker + "</script>\n"
           "<img src=x onerror=\"" + set_marker + "\">\n"
           "</textarea></pre></code><svg onload=\"" + set_marker + "\">\n"
           "\"><svg onload=document.body.setAttribute('data-pw'+'ned','1')>\n"
           "'><body onload=\"" + set_marker + "\">\n"
           "[click](javascript:" + set_marker + ") [c2](JaVaScRiPt&#58;alert(1)) [c3]( java\tscript:alert(1))\n"
           "[c4](&#106;avascript:alert(1)) [c5](vbscript:msgbox(1)) [c6](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)\n"
           "[c7](javascript&colon;alert(1)) [c8](\\javascript:alert(1)) <javascript:alert(1)>\n"
           "<a href=\"javascript:" + set_marker + "\">raw link</a> ![pic](javascript:alert(1)) ![pic2](https://example.com/x.png)\n"
           "<iframe src=\"javascript:alert(1)\"></iframe><style>body{display:none}</style>\n"
           "[ref link][r]\n\n[r]: javascript:alert(1)\n\n"
           "[fine](https://example.com/?a=1&b=2) and <meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">\n")
code = "#include <hip/hip_runtime.h>\n// " + payload.replace("\n", "\n// ") + "\nint main() { return 0; }\n"
names = ["\"><svg onload=alert(1)>.py", "plain_case.py"]
lines, mem = [], {}
for i, n in enumerate(names):
    lines.append({"filename": n, "instruction": "Instruction " + str(i) + "\n" + payload,
                  "label": "import triton\n# " + payload.replace("\n", " ") + "\n", "predict": code,
                  "test_code": "def test():\n    return 1\n"})
    mem[n] = {"pass_call": False, "call_err_msg": "error: " + payload, "pass_exe": False,
              "exe_err_msg": "None", "call_candidate": code.replace("return 0", "return 1"), "exe_candidate": None,
              "pass_perf": False, "perf_candidates": [], "perf_debug_num": 0, "temp_strategy": payload,
              "reflection": "# Reflection\n" + payload, "perf_strategy": None, "oneshot": ""}
with open("hostile_html_0.jsonl", "w") as f:
    for line in lines:
        f.write(json.dumps(line) + "\n")
with open("hostile_html_mem_0.json", "w") as f:
    json.dump(mem, f, indent=1)
