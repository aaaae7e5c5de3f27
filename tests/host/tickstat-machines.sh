#!/usr/bin/env bash
# tickstat across machines on generated logs with known answers (build/gen-log -M
# writes a machine record, -x scales that machine's direct, read, arm and latency
# costs, -V sets the build):
#   - A1, A2: one machine (id 1a2b3c4d), one build: pooled (2 boots x 10 runs);
#   - B: same CPU brand, another id, every cost x2: kept apart with a note, its
#     direct cost found 2x A's: difference proven, sign +, interval holding the
#     truth (direct[lapic] 1500 cycles at 2 GHz: +750 ns);
#   - A3: A's id with another build: kept apart with a note;
#   - old: no machine record: its own machine, labelled by its file name;
#   - --baseline by key and by id; compare --by machine; export's machine columns;
#   - one machine's logs: report as before (no machine table).
set -uo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ts=build/tickstat g=build/gen-log
A='1a2b3c4d,ACME,Box 1,Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz,1.0.4,0xf0'
B='5e6f7a8b,ACME,Box 1,Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz,1.0.7,0xf4'
$g -s 1 -M "$A" > "$tmp/a1.log" && $g -s 2 -M "$A" > "$tmp/a2.log" &&
$g -s 3 -M "$B" -x 2 > "$tmp/b.log" && $g -s 4 > "$tmp/old.log" &&
$g -s 5 -M "$A" -V other-build > "$tmp/a3.log" || { echo "FAIL: gen-log"; exit 1; }
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# block FIGURE FILE: the rows of one figure's table
block() { awk -v f="$1" '$0 == f { on = 1; next } on && /^$/ { exit } on' "$2"; }

$ts report "$tmp/a1.log" "$tmp/a2.log" "$tmp/b.log" "$tmp/old.log" > "$tmp/r" ||
	bad "report on four logs"
head -1 "$tmp/r" | grep -q '^tickstat report: 3 machines' || bad "three machines expected: $(head -1 "$tmp/r")"
grep -q '^  M1  ACME Box 1 / Intel(R) Core(TM) i5-8250U' "$tmp/r" || bad "M1 label"
grep -q 'id 1a2b3c4d, build gen-log, 2 logs;$' "$tmp/r" &&
	grep -q '^      BIOS 1.0.4, microcode 0x00000000000000f0, boots bios$' "$tmp/r" ||
	bad "M1 pools 2 logs"
grep -q '^  M3  unknown machine: old.log (no machine record)' "$tmp/r" || bad "old log apart"
grep -q '^note: M1 and M2 share a CPU brand, not a machine id: kept apart' "$tmp/r" ||
	bad "same brand, other id: no note"
python3 -c 'import sys; sys.exit(any(len(l.rstrip("\n")) > 80 for l in open(sys.argv[1], encoding="utf-8")))' "$tmp/r" ||
	bad "a line over 80 columns"

# Direct cost of lapic: M1 750 ns (2 boots x 10 runs), M2 1500 ns (1 x 10): +750 proven
# (the runs of both against each other: M2 has one boot), inside the interval.
block 'direct cost lapic periodic spin cpus=1 HZ=10000, ns:' "$tmp/r" > "$tmp/dl"
python3 - "$tmp/dl" <<'PY' || fail=1
import re, sys
rows = open(sys.argv[1]).read().splitlines()
def row(key):   # with the verdict on its own line when it did not fit
    for i, r in enumerate(rows):
        if r.startswith(f"  {key} "):
            return r + (" " + rows[i + 1].strip() if i + 1 < len(rows) and rows[i + 1].startswith("      ") else "")
    sys.exit(f"FAIL: no {key} row in {rows}")
m1, m2, m3 = row("M1"), row("M2"), row("M3")
ok = True
def check(label, cond):
    global ok
    print(("ok   " if cond else "FAIL ") + label)
    ok &= bool(cond)
num = lambda t: float(t[:-1]) * 1e3 if t.endswith("k") else float(t)
v = re.match(r"  M1\s+([\d.]+k?) \+/- ([\d.]+k?)\s+\(95 %, 2 boots x 10 runs, t on boot means\)\s+baseline$", m1)
check("M1 direct 750 ns inside its interval, 2 boots x 10 runs",
      v and abs(num(v[1]) - 750) <= num(v[2]))
d = re.search(r"\(95 %, 1 boot x 10 runs, t over runs\)\s+difference proven at 95 %: "
              r"\+([\d.]+k?) \+/- ([\d.]+k?) \(\+([\d.]+) %\)", m2)
check("M2 - M1 proven, +750 ns inside the interval, about +100 %",
      d and abs(num(d[1]) - 750) <= num(d[2]) and 95 < float(d[3]) < 105)
check("M3 (same costs) no difference proven",
      "no difference proven (needed: 1 boot x" in m3)
sys.exit(0 if ok else 1)
PY

# CPU share lapic HZ=10000: M1 (1500+800)*10^4/2e9 = 1.15 %, M2 (3000+800): 1.9 %.
block 'CPU share lapic periodic spin cpus=1 HZ=10000:' "$tmp/r" | grep -A1 '^  M2 ' |
	grep -q 'difference proven at 95 %: +0\.7[45][0-9]* % +/-' ||
	bad "share difference +0.75 % at 10 kHz"

# --baseline by key and by id prefix: the same table against M2, signs reversed.
$ts report --baseline M2 "$tmp/a1.log" "$tmp/b.log" > "$tmp/rb" || bad "--baseline M2"
$ts report --baseline 5e6f "$tmp/a1.log" "$tmp/b.log" > "$tmp/rb2" || bad "--baseline 5e6f"
cmp -s "$tmp/rb" "$tmp/rb2" || bad "--baseline by key and by id differ"
block 'direct cost lapic periodic spin cpus=1 HZ=10000, ns:' "$tmp/rb" | sed -n 1p | grep -q '^  M2 .*baseline$' ||
	bad "baseline row first"
block 'direct cost lapic periodic spin cpus=1 HZ=10000, ns:' "$tmp/rb" | grep -A1 '^  M1 ' | grep -q 'proven at 95 %: -' ||
	bad "M1 against M2: negative difference"
$ts report --baseline M9 "$tmp/a1.log" "$tmp/b.log" > /dev/null 2> "$tmp/err"
[[ $? == 2 ]] && grep -q 'names no one machine' "$tmp/err" || bad "--baseline M9 not refused"

# Same id, another build: apart, said so.
$ts report "$tmp/a1.log" "$tmp/a3.log" > "$tmp/rv" || bad "report a1 a3"
grep -q "^note: M2 is M1's machine, another build (other-build): kept apart" "$tmp/rv" ||
	bad "another build not kept apart"

# One machine, two logs: the single-machine report, as before.
$ts report "$tmp/a1.log" "$tmp/a2.log" > "$tmp/r1" || bad "report of one machine"
grep -q 'machines' "$tmp/r1" && bad "one machine printed as several"
grep -q '^CPU lost at each HZ on 1 CPU' "$tmp/r1" || bad "one machine: no report"

# compare --by machine: one comparison per configuration, M1 (pooled: N 20) first.
$ts compare --by machine --field lost_ppm "$tmp/a1.log" "$tmp/a2.log" "$tmp/b.log" > "$tmp/c" ||
	bad "compare --by machine"
n=$(grep -c '^== run bench=tick' "$tmp/c")
[[ $n == 12 ]] || bad "compare: $n configurations, 12 expected (3 timers x 4 HZ)"
grep -q '^x M1 1a2b3c4d$' "$tmp/c" && grep -q '^+ M2 5e6f7a8b$' "$tmp/c" || bad "compare set names"
[[ $(grep -c '^x  20 ' "$tmp/c") == 12 && $(grep -c '^+  10 ' "$tmp/c") == 12 ]] ||
	bad "compare: M1 pooled to 20 runs, M2 10, in every configuration"

# export: machine columns on every row.
$ts export --csv --type run "$tmp/a1.log" "$tmp/b.log" "$tmp/old.log" > "$tmp/e.csv" || bad "export"
python3 - "$tmp/e.csv" <<'PY' || fail=1
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
want = {"a1.log": ("M1", "1a2b3c4d"), "b.log": ("M2", "5e6f7a8b"), "old.log": ("M3", "")}
bad = [r for r in rows if (r["machine"], r["machine_id"]) != want[r["file"].rsplit("/", 1)[-1]]
       or not r["machine_label"]]
print(f"export: {len(rows)} rows, {len(bad)} with wrong machine columns")
sys.exit(1 if bad or not rows else 0)
PY

# plot: a panel per figure of the report's table, a bar per machine (the .gp script),
# and a PNG when gnuplot is here.
$ts plot "$tmp/a1.log" "$tmp/a2.log" "$tmp/b.log" -o "$tmp/m.gp" || bad "plot across machines"
figures=$(grep -c '^[a-zA-Z].*:$' "$tmp/r")
panels=$(grep -c "^plot \$m[0-9]* using 0:2:xtic(1) with boxes" "$tmp/m.gp")
[[ $panels == "$figures" ]] || bad "plot: $panels panels, the report has $figures figures"
bars=$(awk '/^\$m0 << EOD/ { on = 1; next } on && /^EOD/ { exit } on' "$tmp/m.gp" | cut -d' ' -f1 | tr '\n' ' ')
[[ $bars == '"M1" "M2" ' ]] || bad "plot: bars of the first panel: $bars"
if command -v gnuplot > /dev/null; then
	$ts plot "$tmp/a1.log" "$tmp/b.log" -o "$tmp/m.png" &&
	[[ $(head -c 4 "$tmp/m.png" | od -An -c | tr -d ' ') == '211PNG' ]] || bad "plot: no PNG"
fi
exit $fail
