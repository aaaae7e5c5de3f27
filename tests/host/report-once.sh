#!/usr/bin/env bash
# The kernel's report and tickstat report are one computation (lib/answer/answer.h): boot
# the quick suite under --icount once (ms=10: shorter runs, every benchmark and
# section still there; at ms=50 it passed 30 minutes on a loaded 2-core host); every
# line the kernel printed for its report, the details and the answer (from
# "tickbench: the details" to the last line before "tickbench: finished", less its
# own line on where the records went), is a line of `tickstat report` of that log,
# byte for byte and in the same order. The same functions printed both: this guards
# the wiring (the records read back, the lines' kinds), not the arithmetic, which
# tests/unit/test_answer.c and its neighbours test.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/report-once
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over
log=$out/quick.log
tools/run --quiet --icount --timeout 1800 --log "$log" suite=quick ms=10 ||
	{ echo "FAIL: the quick suite did not end pass"; exit 1; }
build/tickstat report "$log" >"$out/report.txt" || { echo "FAIL: tickstat report"; exit 1; }
python3 - "$log" "$out/report.txt" <<'EOF'
import sys

log = [l.rstrip("\r\n") for l in open(sys.argv[1], encoding="utf-8", errors="replace")]
report = [l.rstrip("\n") for l in open(sys.argv[2], encoding="utf-8")]
start = log.index("tickbench: the details (the answer follows):")
end = next(i for i in range(start, len(log)) if log[i].startswith("tickbench: finished"))
kernel = [l for l in log[start:end] if l and not l.startswith("{") and
          not l.startswith("The serial log holds every record")]
answer = [l for l in kernel if l.startswith("=" * 24 + " tickbench: the answer")]
fails = []
if len(answer) != 1 or len(kernel) < 20:
    fails.append("the kernel's report: %d lines, %d answer banners" % (len(kernel), len(answer)))
at = 0
for line in kernel:                 # a subsequence of tickstat's lines
    try:
        at = report.index(line, at) + 1
    except ValueError:
        fails.append("not in tickstat report (or out of order): %r" % line)
for f in fails:
    print("FAIL: " + f)
print("%d lines of the kernel's report, %s in tickstat report's" %
      (len(kernel), "all" if not fails else "not all"))
sys.exit(1 if fails else 0)
EOF
