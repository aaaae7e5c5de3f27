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
tmp=$(mktemp -d); trap 'umount "$tmp/tiny" 2>/dev/null; rm -rf "$tmp"' EXIT
build/gen-log -r 4 -z 200 > "$tmp/t.log" || exit 1
build/tickstat plot "$tmp/t.log" -o "$tmp/t.png" || exit 1
build/tickstat plot "$tmp/t.log" -o "$tmp/t.svg" || exit 1
[[ $(head -c 8 "$tmp/t.png" | od -An -c | tr -d ' ') == '211PNG\r\n032\n' ]] || { echo "not a PNG"; exit 1; }
for title in 'Total cost per interrupt against HZ' 'Direct cost per interrupt against HZ' \
	     'CPU share lost to the pit timer against HZ' 'CPU share lost to the lapic timer' \
	     'CPU share lost to the hpet timer'; do
	grep -q "$title" "$tmp/t.svg" || { echo "SVG lacks the panel '$title'"; exit 1; }
done
build/tickstat plot "$tmp/t.log" -o "$tmp/t.gif" 2>/dev/null; [[ $? -eq 2 ]] || { echo ".gif must be refused"; exit 1; }
echo "PNG and SVG written, a CPU-share panel per timer, total and direct apart"

# Write errors are the plot's failure, with their cause (issue 20: a full disk gave
# exit 0 and a 0-byte image, or for .gp a word on gnuplot's installation): the
# script into /dev/full (through a link named .gp); images onto a 16 KiB tmpfs
# (mounting needs root); gnuplot not on PATH.
expect_enospc() {   # output file
	local out rc
	out=$(build/tickstat plot "$tmp/t.log" -o "$1" 2>&1); rc=$?
	[[ $rc -eq 2 ]] || { echo "plot -o $1 on a full disk: exit $rc, wanted 2 ($out)"; exit 1; }
	grep -qF "cannot write $1: No space left on device" <<<"$out" ||
		{ echo "plot -o $1 on a full disk does not say so: $out"; exit 1; }
	! grep -q gnuplot-nox <<<"$out" || { echo "plot -o $1 blames gnuplot's installation: $out"; exit 1; }
}
ln -s /dev/full "$tmp/full.gp"
expect_enospc "$tmp/full.gp"
mkdir "$tmp/tiny"
if [[ $(id -u) -eq 0 ]] && mount -t tmpfs -o size=16k tmpfs "$tmp/tiny" 2>/dev/null; then
	for ext in png svg; do
		expect_enospc "$tmp/tiny/t.$ext"
		[[ ! -e $tmp/tiny/t.$ext ]] || { echo "a cut t.$ext is left on the full disk"; exit 1; }
	done
	umount "$tmp/tiny"
	echo "images on a full disk: exit 2, No space left on device, no file left"
else
	echo "images on a full disk not tried: mounting a small tmpfs needs root"
fi
out=$(PATH=/nonexistent build/tickstat plot "$tmp/t.log" -o "$tmp/nognuplot.png" 2>&1); rc=$?
[[ $rc -eq 2 ]] && grep -q "cannot run gnuplot: No such file or directory (Debian's package is gnuplot-nox)" <<<"$out" ||
	{ echo "gnuplot missing: exit $rc: $out"; exit 1; }
[[ ! -e $tmp/nognuplot.png ]] || { echo "gnuplot missing, and an empty image is left"; exit 1; }
echo "the script on a full disk: exit 2, No space left on device; gnuplot missing: named"

# The styles (-o FILE.gp writes gnuplot's script): on the generated log of 2 timers,
# 2 modes and 2 workloads, each HZ line has a colour of its timer, a dash of its
# workload and a point of its mode, and no two lines share all three.
build/gen-log -m -r 4 > "$tmp/m.log" || exit 1
build/tickstat plot "$tmp/m.log" -o "$tmp/m.gp" || exit 1
python3 - "$tmp/m.gp" <<'PY' || exit 1
import re, sys
script = open(sys.argv[1]).read()
lines = re.findall(r"\$hz\d+ using 1:4:5 with yerrorlines lc rgb '(#[0-9a-f]{6})' dt (\d+) pt (\d+) "
                   r"ps [0-9.]+ title '(\S+) \((\w+)\) (\w+) (\w+)'", script)
bad = []
if len(lines) != 8:
    bad.append("%d lines on the total-cost panel, want 8" % len(lines))
for field, idx in (("timer", 3), ("workload", 6), ("mode", 5)):
    style = {"timer": 0, "workload": 1, "mode": 2}[field]
    seen = {}
    for l in lines:
        seen.setdefault(l[idx], set()).add(l[style])
    if any(len(v) != 1 for v in seen.values()):
        bad.append("a %s drawn in several styles: %s" % (field, seen))
    owners = [s for v in seen.values() for s in v]
    if len(owners) != len(set(owners)):
        bad.append("two %ss share a style: %s" % (field, seen))
if len({l[:3] for l in lines}) != len(lines):
    bad.append("two lines look alike")
if script.count("CPU share lost to the ") != 2:
    bad.append("want one CPU-share panel per timer (2)")
# latency histograms: two non-empty buckets drawn in a row are adjacent (kernel
# buckets: 1 wide below 32, 2^e/16 from 2^e), else the step falls to the axis first
def end(lo):
    return lo + 1 if lo < 32 else lo + (1 << (lo.bit_length() - 1)) // 16
for block in re.findall(r"\$lat\d+ << EOD\n(.*?)EOD", script, re.S):
    pts = [(int(x), float(y)) for x, y in (l.split() for l in block.strip().split("\n"))]
    if pts[0][1] >= 1 or pts[-1][1] >= 1:
        bad.append("a histogram does not start and end on the axis")
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        if y1 >= 1 and y2 >= 1 and x2 != end(x1):
            bad.append("a step carries %g from %d across empty buckets to %d" % (y1, x1, x2))
            break
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
build/gen-log -r 4 -z 300 > "$tmp/h.log" && build/tickstat plot "$tmp/h.log" -o "$tmp/h.gp" || exit 1
python3 - "$tmp/h.gp" <<'PY' || exit 1
import re, sys
script = open(sys.argv[1]).read()
def end(lo):
    return lo + 1 if lo < 32 else lo + (1 << (lo.bit_length() - 1)) // 16
blocks = re.findall(r"\$lat\d+ << EOD\n(.*?)EOD", script, re.S)
falls = 0
for block in blocks:
    pts = [(int(x), float(y)) for x, y in (l.split() for l in block.strip().split("\n"))]
    assert pts[0][1] < 1 and pts[-1][1] < 1, "a histogram does not start and end on the axis"
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        assert not (y1 >= 1 and y2 >= 1 and x2 != end(x1)), "a step across empty buckets"
        falls += y1 >= 1 and y2 < 1
assert blocks and falls > len(blocks), "no histogram with an empty bucket inside"
print("%d latency histograms: every step falls to the axis at an empty bucket (%d falls)" % (len(blocks), falls))
PY
gnuplot "$tmp/m.gp" && [[ -s $tmp/m.png ]] || { echo "the .gp script does not draw"; exit 1; }
echo "a colour per timer, a dash per workload, a point per mode; no two lines alike"

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
