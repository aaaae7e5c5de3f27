#!/usr/bin/env bash
# A configuration of many runs (a long log's): `tickstat report` pairs the runs of
# HZ=1000 with those of HZ=100 and gives their Hodges-Lehmann shift, the median of
# the n(n + 1)/2 pairwise means of the differences. With 16,000 runs a side those
# means would take 1 GB if they were kept (tickstat ran out of memory, and took
# minutes on a 200 MB log); it must give the shift within 600 MB of address space.
# The log: gen-log's first records, then 16,000 off/on pairs at each HZ, written
# here with their CRCs (zlib's, the records' own), each on run costing a known
# 0.05 % (HZ=100) or 0.5 % (HZ=1000) more cycles, give or take the noise.
# TICKSTAT=OTHER/tickstat tests another build (the one before the fix fails).
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=${TICKSTAT:-$PWD/build/tickstat}
[[ -x $ts && -x build/gen-log ]] || { echo "build/tickstat or build/gen-log missing (make host)"; exit 1; }
log=$(mktemp) out=$(mktemp)
trap 'rm -f "$log" "$out"' EXIT
build/gen-log -r 2 -k 1 -z 10 | sed -n '1,/"type":"skip"/p' | grep '^{' > "$log"
python3 - "$log" <<'PY' || exit 1
import json, random, sys, zlib
path = sys.argv[1]
lines = open(path).read().split("\n")[:-1]
seq = len(lines)
random.seed(29)
def emit(fields):
    global seq
    body = json.dumps({"type": fields.pop("type"), "seq": seq, **fields}, separators=(",", ":"))
    body = body[:-1]
    lines.append(body + ',"crc":"%08x"}' % zlib.crc32(body.encode()))
    seq += 1
for hz, cost in ((100, 0.0005), (1000, 0.005)):
    for run in range(16000):
        for on in (False, True):
            cycles = 1000000000 + random.randint(-3000, 3000) + (int(cost * 1e9) if on else 0)
            emit({"type": "run", "bench": "tick", "timer": "lapic", "mode": "periodic", "hz": hz,
                  "workload": "spin", "run": run, "timer_on": on, "cycles": cycles,
                  "interrupts": hz if on else 0})
emit({"type": "end", "records": seq, "status": "pass"})
open(path, "w").write("\n".join(lines) + "\n")
PY
(ulimit -v 600000; "$ts" report "$log") > "$out" 2>&1
rc=$?
fail=0
if ((rc != 0)); then
	echo "FAIL: tickstat report exited $rc within 600 MB:"; tail -5 "$out"; fail=1
fi
# the block of shifts: HZ=1000 costs 0.45 % more than HZ=100 (0.5 - 0.05), all pairs
shift_line=$(sed -n '/Each HZ against the lowest, run by run/,/^$/p' "$out" | grep -A1 'HZ=1000 vs HZ=100:' | tr -s ' \n' ' ')
echo "shift: ${shift_line:-(none)}"
if ! grep -Eq 'HZ=1000 vs HZ=100: \+0\.4[4-6][0-9]* % .*\(16000 pairs\)' <<<"$shift_line"; then
	echo "FAIL: no HZ=1000 shift of +0.45 % over 16000 pairs in report's block of shifts"; fail=1
fi
exit $fail
