import json, os, sys, subprocess, shutil, traceback
from concurrent.futures import ThreadPoolExecutor
HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, '..', 'cases')
OUT = os.environ.get('OUT', '/tmp/out')
NAMES = {
    'sin_kernel': ['call_kernel'], 'leaky_relu': ['leaky_relu'], 'softmax_row': ['softmax'],
    'flash_decode_stage2': ['flash_decode_stage2'], 'block_sum': ['block_sum'],
    'layer_norm_fwd': ['layer_norm_fwd'], 'embedding_gather': ['embedding_gather'],
    'rotary_emb': ['apply_rotary'], 'rms_norm': ['rms_norm'],
}
WORK = '/tmp/vwork'

def gold(case):
    d = os.path.join(CASES, case)
    src = open(os.path.join(d, 'label.py')).read() + '\n' + open(os.path.join(d, 'test_code.py')).read()
    src += '\nimport torch\ntorch.save(result_gold, %r)\n' % os.path.join(WORK, case + '_gold.pt')
    p = os.path.join(WORK, case + '_label.py')
    open(p, 'w').write(src)
    r = subprocess.run([sys.executable, p], capture_output=True, text=True)
    return case, r.returncode, r.stderr[-3000:]

WORKER = r'''
import sys, os, torch, traceback
case, code, names = sys.argv[1], sys.argv[2], sys.argv[3].split(',')
from torch.utils.cpp_extension import load
tag = os.path.basename(code).replace('.hip', '')
bdir = '/tmp/vwork/build_%s_%s' % (case, tag); os.makedirs(bdir, exist_ok=True)
src = os.path.join(bdir, case + '.cu')
open(src, 'w').write(open(code).read())
try:
    ext = load(name='%s_%s' % (case, tag), sources=[src], extra_include_paths=[sys.argv[4]],
               extra_cuda_cflags=['-O2'], build_directory=bdir, verbose=False)
except Exception as e:
    print('RESULT BUILD_FAIL', str(e)[-1500:]); sys.exit(0)
g = {}
try:
    for n in names:
        g[n] = getattr(ext, n)
    test = open(os.path.join(os.path.dirname(code), 'test_code.py')).read()
    exec(compile(test, 'test_code.py', 'exec'), g)
except Exception as e:
    print('RESULT CALL_FAIL %s: %s' % (type(e).__name__, e)); traceback.print_exc(); sys.exit(0)
res = g['result_gold']
ref = torch.load('/tmp/vwork/%s_gold.pt' % case)
if any(v is None for v in res.values()):
    print('RESULT NONE', {k: type(v).__name__ for k, v in res.items()}); sys.exit(0)
bad = []
for k in ref:
    a, b = res.get(k), ref[k]
    if a is None or a.shape != b.shape or not torch.allclose(a, b, atol=1e-3, rtol=1e-3, equal_nan=False):
        det = ('shape %s vs %s' % (tuple(a.shape), tuple(b.shape))) if a is not None and a.shape != b.shape else ('maxdiff %s nan %s' % ((a - b).abs().max().item() if a is not None and a.numel() else None, torch.isnan(a).any().item() if a is not None else None))
        bad.append((k, det))
print('RESULT', 'MISMATCH' if bad else 'MATCH', bad)
'''

def run_code(args):
    case, code = args
    r = subprocess.run([sys.executable, os.path.join(WORK, 'worker.py'), case, code, ','.join(NAMES[case]),
                        os.path.join(HERE, 'shim')], capture_output=True, text=True)
    return case, os.path.basename(code), r.stdout, r.stderr[-3000:]

def main():
    os.makedirs(WORK, exist_ok=True)
    open(os.path.join(WORK, 'worker.py'), 'w').write(WORKER)
    with ThreadPoolExecutor(9) as ex:
        for case, rc, err in ex.map(gold, sorted(NAMES)):
            print('GOLD', case, rc, err if rc else '')
    jobs = []
    for case in sorted(NAMES):
        for f in sorted(os.listdir(os.path.join(CASES, case))):
            if f.endswith('.hip'):
                jobs.append((case, os.path.join(CASES, case, f)))
    with ThreadPoolExecutor(16) as ex:
        for case, code, out, err in ex.map(run_code, jobs):
            print('====', case, code)
            print(out)
            if 'RESULT' not in out:
                print('STDERR', err)
    one = os.path.join(HERE, '..', 'oneshot')
    chk = {
        'elementwise_scale_shift.py': "x = torch.randn(5000, device='cuda'); assert torch.allclose(scale_shift(x, 2.0, 1.0), x * 2 + 1)",
        'row_reduction.py': "x = torch.randn(7, 300, device='cuda'); assert torch.allclose(row_absmax(x), x.abs().amax(1))",
        'gather_rows.py': "s = torch.randn(50, 77, device='cuda'); i = torch.randint(0, 50, (9,), device='cuda'); assert torch.equal(gather_rows(i, s), s[i])",
    }
    for f, c in sorted(chk.items()):
        p = os.path.join(WORK, 'one_' + f)
        open(p, 'w').write(open(os.path.join(one, f)).read() + '\n' + c + '\nprint("ONESHOT OK")\n')
        r = subprocess.run([sys.executable, p], capture_output=True, text=True)
        print('ONESHOT', f, r.returncode, r.stdout.strip(), r.stderr[-1500:])
main()
