#!/usr/bin/env bash
# tickstat report on a tick that does work, from a hand-made log with known answers
# (docs/TICKSTAT.md, "Report"): matrix runs of three data footprints (0, 16 and
# 64 KiB) losing 0.2, 0.6 and 1.4 % of the CPU, whose LLC misses grow by 20, 36
# and 84 per tick, a spin run of the 16 KiB model whose holes give a direct cost
# of 3000 cycles; and an ftq configuration at 250 Hz whose quanta lose 200 units
# every 40 quanta of 100 us. The report must label the rows by model, give the
# shares, the misses per tick, the direct and a proven indirect cost (6000 - 3000
# cycles), the 1 % crossing at 40 KiB (interpolated between 16 and 64), ftq's work
# lost per quantum (5 units, 0.1 %) and its spectrum's peak at 250 Hz.
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

python3 - "$tmp/work.log" <<'PY' || exit 1
import json, sys, zlib
recs = [{"type": "boot", "format": 1, "cmdline": "hand-made"},
        {"type": "calibration", "tsc_hz": 1000000000}]
def run(workload, kib, k, on, cycles, irqs, **more):
    r = {"type": "run", "bench": "tick", "cpu": 0, "cpus": 1, "timer": "lapic",
         "mode": "periodic", "delivery": "local", "hz": 1000, "workload": workload,
         "run": k, "timer_on": on, "cycles": cycles, "interrupts": irqs,
         "tick_work": 0, "tick_data_kib": kib, "tick_code_kib": 0, "tick_pages": 0}
    r.update(more)
    return r
share = {0: 2000, 16: 6000, 64: 14000}            # ppm
for kib, ppm in share.items():
    for k in range(3):
        jitter = (k - 1) * 10                      # ppm, so the intervals are not 0
        recs.append(run("matrix", kib, k, False, 100000000, 0, pmu_llc_misses=1000))
        recs.append(run("matrix", kib, k, True, 100000000 + (ppm + jitter) * 100, 100,
                        pmu_llc_misses=1000 + 100 * (20 + kib)))
for k in range(3):
    recs.append(run("spin", 16, k, False, 100000000, 0, gap_interrupts=0, gap_cycles=0))
    recs.append(run("spin", 16, k, True, 100400000, 100, gap_interrupts=100,
                    gap_cycles=100 * (3000 + 10 * k)))
def series(on):
    return [5000 - (200 if on and q % 40 == 7 else 0) for q in range(1000)]
for k in range(3):
    for on in (False, True):
        s = series(on)
        r = run("ftq", 0, k, on, 100000000, 25 if on else 0, quantum_cycles=100000,
                quanta=1000, work=sum(s), work_min=min(s), work_max=max(s))
        r["hz"] = 250
        recs.append(r)
        for first in range(0, 1000, 256):
            f = {"type": "ftq", "bench": "tick", "cpu": 0, "cpus": 1, "timer": "lapic",
                 "mode": "periodic", "delivery": "local", "hz": 250, "workload": "ftq",
                 "tick_work": 0, "tick_data_kib": 0, "tick_code_kib": 0, "tick_pages": 0,
                 "run": k, "timer_on": on, "first": first, "work": s[first:first + 256]}
            recs.append(f)
recs.append({"type": "end", "records": len(recs), "status": "pass"})
with open(sys.argv[1], "w") as f:
    for seq, r in enumerate(recs):
        r = dict([("type", r["type"]), ("seq", seq)] + [(k, v) for k, v in r.items() if k != "type"])
        line = json.dumps(r, separators=(",", ":"))[:-1]
        f.write('%s,"crc":"%08x"}\n' % (line, zlib.crc32(line.encode())))
PY
build/tickstat check "$tmp/work.log" >/dev/null || { echo "FAIL: the hand-made log is refused"; exit 1; }
build/tickstat report "$tmp/work.log" > "$tmp/report" || { echo "FAIL: tickstat report"; exit 1; }
cat "$tmp/report"
fail=0
want() {   # an extended regular expression the report must match
	if grep -Eq -- "$1" "$tmp/report"; then echo "ok   $1"; else echo "FAIL $1"; fail=1; fi
}
want '^    floor +0\.2000 % \+/- 0\.0025 %'
want '^    data 16 KiB +0\.6000 % \+/- 0\.0025 %'
want '^    data 64 KiB +1\.4000 % \+/- 0\.0025 %'
want '^      20\.0 \(exact\) llc_misses per tick'
want '^      36\.0 \(exact\) llc_misses per tick'
want '^      84\.0 \(exact\) llc_misses per tick'
want 'direct \(spin\) 3\.010k \+/- 0\.025k,'
want 'indirect 2\.990k \+/- 0\.0[0-9]+k'
want 'matrix: data 40\.0 KiB$'
want 'work lost per quantum 5\.00 \(exact\) units \(0\.100 %\)'
want 'spectrum peak at 250 Hz'
if grep -q "not proven" "$tmp/report"; then echo "FAIL: an indirect cost not proven"; fail=1; fi
exit $fail
