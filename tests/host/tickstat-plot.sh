#!/usr/bin/env bash
# tickstat plot writes a PNG and an SVG through gnuplot from a generated log; the
# "1 versus N CPUs" panel appears for a log whose tick configurations ran at two CPU
# counts, one line per configuration, and not for a log with one CPU count.
# The two logs in tests/tickstat are the records of real runs (QEMU TCG, q35, 2 CPUs):
#   tools/run --quiet --machine q35 --smp 2 --log raw.log bench=tick timer=lapic \
#     hz=1000 workload=spin,matrix runs=2 ms=10 tick_cpus=1,2
#   tr -d '\r' < raw.log | grep '^{' > tests/tickstat/tick-cpus-1-2.log
# and the same with tick_cpus=1 for tick-cpus-1.log.
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v gnuplot >/dev/null || { echo "skip: gnuplot is not installed (gnuplot-nox)"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
build/gen-log -r 4 -z 200 > "$tmp/t.log" || exit 1
build/tickstat plot "$tmp/t.log" -o "$tmp/t.png" || exit 1
build/tickstat plot "$tmp/t.log" -o "$tmp/t.svg" || exit 1
[[ $(head -c 8 "$tmp/t.png" | od -An -c | tr -d ' ') == '211PNG\r\n032\n' ]] || { echo "not a PNG"; exit 1; }
grep -q 'Cost per timer interrupt against HZ' "$tmp/t.svg" || { echo "SVG lacks its title"; exit 1; }
build/tickstat plot "$tmp/t.log" -o "$tmp/t.gif" 2>/dev/null; [[ $? -eq 2 ]] || { echo ".gif must be refused"; exit 1; }
echo "PNG and SVG written"

scaling='1 versus N CPUs'
config='timer=lapic mode=periodic delivery=local hz=1000 workload'
build/tickstat plot tests/tickstat/tick-cpus-1-2.log -o "$tmp/cpus.svg" 2>/dev/null || exit 1
grep -q "<text>$scaling" "$tmp/cpus.svg" || { echo "no '$scaling' panel for CPU counts 1 and 2"; exit 1; }
for w in spin matrix; do
	n=$(grep -c "<text>$config=$w</text>" "$tmp/cpus.svg")
	[[ $n -eq 1 ]] || { echo "workload=$w: $n lines in the key, want 1"; exit 1; }
done
build/tickstat plot tests/tickstat/tick-cpus-1.log -o "$tmp/cpu.svg" 2>/dev/null || exit 1
! grep -q "$scaling" "$tmp/cpu.svg" || { echo "a '$scaling' panel for one CPU count"; exit 1; }
! grep -q "$scaling" "$tmp/t.svg" || { echo "a '$scaling' panel for a log without cpus"; exit 1; }
height() { grep -o -m1 'height="[0-9]*"' "$1" | tr -dc 0-9; }
[[ $(height "$tmp/cpus.svg") -eq $(($(height "$tmp/cpu.svg") + 420)) ]] ||
	{ echo "the image is not one panel (420 px) taller with '$scaling'"; exit 1; }
echo "'$scaling' panel for CPU counts 1 and 2 (a line per workload), none for one count"

# A crafted log cannot reach gnuplot's command line: a latency "what" holding a
# quote, a newline and gnuplot's system() ends up as one harmless title.
python3 - "$tmp/evil.log" "$tmp/pwned" <<'PY' || exit 1
import json, sys, zlib
out, mark = sys.argv[1], sys.argv[2]
what = "x'\nEOD\nsystem('touch %s')\nprint '" % mark
recs = [{"type": "boot", "seq": 0},
        {"type": "stats", "seq": 1, "bench": "latency", "what": what, "run": 0, "unit": "cycles",
         "n": 2, "min": 10, "max": 20, "sum": 30, "p50": 10, "p90": 20, "p99": 20, "p999": 20,
         "hist_lo": [10, 20], "hist_n": [1, 1]},
        {"type": "end", "seq": 2, "records": 3, "status": "pass"}]
with open(out, "w") as f:
    for r in recs:
        line = json.dumps(r, separators=(",", ":"))[:-1]
        f.write('%s,"crc":"%08x"}\n' % (line, zlib.crc32(line.encode())))
PY
build/tickstat plot "$tmp/evil.log" -o "$tmp/evil.svg" >/dev/null 2>&1
[[ ! -e $tmp/pwned ]] || { echo "a string from the log ran as a gnuplot command"; exit 1; }
echo "a log's strings stay text in gnuplot"
