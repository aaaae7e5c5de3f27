#!/usr/bin/env bash
# tickstat summary's structure on generated logs (tests/tickstat/gen-log.c):
#  - a ministat row only for a figure that varies over two records or more; the
#    constant fields (readcost's overhead, n) and a record of its own kind
#    (tsc_sync) said once as field=value lines; --all keeps a row for each;
#  - every skip line names the benchmark, timer, mode and reason;
#  - two boots with different tsc_hz: said, kept apart, each converted to ns with
#    its own frequency (the injected cost per interrupt in cycles, halved in ns at
#    2 GHz and quartered at 4 GHz); two boots with the same tsc_hz: pooled.
#  - a record of every type docs/FORMAT.md names: the descriptive ones (machine,
#    cpus, ...) make no table and no second TSC frequency (issue 20), nor in a
#    real QEMU log.
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=$PWD/build/tickstat gen=$PWD/build/gen-log
[[ -x $ts && -x $gen ]] || { echo "build/tickstat or build/gen-log missing (make host)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*"; exit 1; }
has() { grep -qF -- "$2" "$1" || fail "$1 lacks: $2"; }

$gen -r 4 -z 40 > a.log
$ts summary a.log > s.out || fail "summary exits $?"
$ts summary --all a.log > all.out || fail "summary --all exits $?"
# table rows: a label, then N and six figures. No N=1 row, no row with Min = Max.
awk 'NF >= 10 && $(NF-8) ~ /^[0-9]+$/ { n = $(NF-8); if (n < 2 || $(NF-7) == $(NF-6)) { print; bad = 1 } }
     END { exit bad }' s.out || fail "summary has table rows with N = 1 or constant values"
awk '/^== tsc_sync/ { getline; print }' s.out | grep -qx '  the record: from=0 to=1 ms=20 readings=4000 warps=0 max_warp_cycles=0' ||
	fail "tsc_sync is not one field=value line"
[[ $(grep -c '^  the same in every record: overhead=24 n=40$' s.out) -eq 3 ]] ||
	fail "the three readcost tables do not say overhead=24 n=40 once each"
grep -A1 '^== stats bench=readcost what=rdtsc' s.out | grep -q '^ *N  *Min' || fail "no ministat table for rdtsc"
has all.out "overhead                     4            24            24"
grep -A2 '^== tsc_sync' all.out | grep -q '^from  *1 ' || fail "--all lacks the N=1 row"
has s.out "skip: tick timer=pit mode=oneshot: no path of delivery= serves this timer in this mode here (line 7)"
has s.out "skip: tscdl: no TSC-deadline mode"
(( $(wc -l < s.out) < $(wc -l < all.out) )) || fail "summary is not shorter than --all"
echo "summary $(wc -l < s.out) lines, --all $(wc -l < all.out)"

# Two boots, two TSC frequencies.
{ $gen -r 4 -z 20; $gen -r 4 -z 20 -s 2 -t 4000000000; } > two.log
$ts summary two.log > two.out || fail "summary two.log exits $?"
has two.out "boots with different TSC frequencies: tsc_hz 2000000000 (line 5), tsc_hz 4000000000"
has two.out "the log holds runs of different boots or machines"
for hz in 2000000000 4000000000; do
	key="== run bench=tick timer=pit mode=periodic hz=1000 workload=spin  (tsc_hz $hz; 8 records"
	has two.out "$key"
	# cycles / ns of the total cost per interrupt is the boot's GHz (figures by the
	# rule: an SI prefix, the digits their interval leaves)
	awk -v key="$key" -v ghz=$((hz / 1000000000)) '
		function num(s) { return s ~ /k$/ ? s * 1e3 : s ~ /M$/ ? s * 1e6 : s + 0 }
		index($0, key) == 1 { on = 1 }
		on && /total cost per interrupt/ { for (i = 5; i <= NF; i++) if ($i == "cycles") c = num($5)
			for (i = 5; i < NF; i++) if ($(i + 1) == "ns") n = num($(i - 2))
			r = c / n; found = 1
			ok = r > ghz * 0.999 && r < ghz * 1.001; if (!ok) print "cycles/ns " r; exit }
		END { exit !(found && ok) }' two.out || fail "tsc_hz $hz: ns not converted with it"
done
{ $gen -r 4 -z 20; $gen -r 4 -z 20 -s 2; } > same.log
$ts summary same.log > same.out || fail "summary same.log exits $?"
has same.out ", tsc_hz 2000000000"
has same.out "== run bench=tick timer=pit mode=periodic hz=1000 workload=spin  (16 records"
grep -q 'different' same.out && fail "one frequency reported as several"
echo "summary structure ok"

# Every record type of docs/FORMAT.md is a measurement (a table) or describes the
# machine and the run (no table): one record of each descriptive type before the
# calibration, as the kernel writes machine_check, machine and the others, may
# neither make a table nor a second "TSC frequency" of 0. A type added to
# FORMAT.md without a decision here fails.
measures="run stats fire storm storm_limit tsc_sync report idle"
types=$(sed -n '/^## Records/,/^## Text lines/s/^### `\([a-z_]*\)`.*/\1/p' "$OLDPWD/docs/FORMAT.md" | sort -u)
[[ $(wc -w <<<"$types") -ge 20 ]] || fail "FORMAT.md's record types not found: $types"
python3 - every.log "$OLDPWD/lib/record/schema.def" $types <<'PY' || fail "cannot write every.log"
import re, sys, zlib
out, schema, types = sys.argv[1], sys.argv[2], sys.argv[3:]
measures = {"run", "stats", "fire", "storm", "storm_limit", "tsc_sync", "report", "idle"}
# each type's first string field and first integer field, as lib/record/schema.def declares
# them, and those every record of it has; a string's first word where it has words
first, word, required = {}, {}, {}
for t, name, kind, rest in re.findall(r'^F\((\w+), (\w+), (\w+), (.*)', open(schema).read(), re.M):
    first.setdefault((t, kind), name)
    words = re.search(r'WORDS\("(\w+)', rest)
    word.setdefault((t, name), words.group(1) if words else "y")
    if re.search(r'^"[^"]*", \w+, \w+, \d+, REQ,', rest):
        required.setdefault(t, []).append((name, kind))
def value(t, name, kind, n):
    return {"STR": '"%s"' % word[t, name], "U64": str(n), "I64": str(n), "BOOL": "true",
            "HEX": '"0x%016x"' % n, "ARR": "[]"}[kind]
recs = [("boot", '"format":1,"version":"t"')]
for t in types:
    if t in measures or t in ("boot", "end", "calibration"):
        continue
    if t in ("skip", "error"):
        fields = '"bench":"tick","reason":"r"'
    else:
        names = [(first[t, k], k) for k in ("STR", "U64") if (t, k) in first]
        names += [f for f in required.get(t, []) if f not in names]
        fields = ','.join('"%s":%s' % (name, value(t, name, kind, len(recs)))
                          for name, kind in names)
    recs.append((t, fields))
recs.append(("calibration", '"tsc_hz":2000000000'))
recs.append(("tsc_sync", '"from":0,"to":1,"readings":4000,"warps":0'))
for run in range(2):
    recs.append(("stats", '"bench":"readcost","what":"rdtsc","run":%d,"unit":"cycles","n":2,'
                 '"min":20,"max":%d,"sum":%d' % (run, 30 + run, 50 + run)))
recs.append(("end", '"records":%d,"status":"pass"' % len(recs)))
with open(out, "w") as f:
    for seq, (t, fields) in enumerate(recs):
        body = '{"type":"%s","seq":%d,%s' % (t, seq, fields)
        f.write('%s,"crc":"%08x"}\n' % (body, zlib.crc32(body.encode())))
PY
$ts summary every.log > every.out || fail "summary every.log exits $?"
has every.out ", tsc_hz 2000000000"
grep -q 'different TSC frequencies' every.out && fail "a descriptive record counted as a boot's TSC frequency"
for t in $(sed -n 's/^== \([a-z_]*\) .*/\1/p' every.out | sort -u); do
	grep -qw "$t" <<<"$measures" || fail "a table for the descriptive record type $t"
done
has every.out "== tsc_sync  (1 record"
has every.out "== stats bench=readcost what=rdtsc unit=cycles  (2 records"
for t in $types; do
	grep -qw "$t" <<<"$measures boot end calibration skip error" || grep -q "\"type\":\"$t\"" every.log ||
		fail "every.log lacks $t"
done
# A real single-boot log (QEMU TCG, make run's recipe: tools/run bench=tick,readcost
# timer=lapic,hpet hz=100,1000 runs=3 ms=10 workload=spin): no warning, no table for
# machine_check, machine or cpus.
$ts summary "$OLDPWD/tests/tickstat/qemu-tick-readcost.log" > qemu.out || fail "summary of the QEMU log exits $?"
grep -q '^warning' qemu.out && fail "the QEMU log warns: $(grep '^warning' qemu.out)"
grep -qE '^== (machine_check|machine|cpus|acpi|interrupts) ' qemu.out && fail "a table for a descriptive record"
has qemu.out ", tsc_hz 2245779569"
echo "descriptive records make no table; one boot, one TSC frequency"

# Stats histograms pooled: the record's buckets added in place when the group has
# them all, merged when one is new (25 after two known ones: the counts already
# added taken back; 5 before them, 40 after; 50 past the last, after two known
# ones taken back).
python3 - pool.log <<'PY' || fail "cannot write pool.log"
import sys, zlib
runs = [(3, 10, 30, 60, [10, 20, 30], [1, 1, 1]), (11, 10, 25, 175, [10, 20, 25], [5, 5, 1]),
        (4, 20, 30, 100, [20, 30], [2, 2]), (2, 5, 45, 50, [5, 40], [1, 1]),
        (3, 10, 50, 100, [10, 40, 50], [1, 1, 1])]
recs = [("boot", '"format":1,"version":"t"'), ("calibration", '"tsc_hz":2000000000')]
for i, (n, lo, hi, s, buckets, counts) in enumerate(runs):
    recs.append(("stats", '"bench":"readcost","what":"rdtsc","run":%d,"unit":"cycles","n":%d,'
                 '"min":%d,"max":%d,"sum":%d,"hist_lo":[%s],"hist_n":[%s]' %
                 (i, n, lo, hi, s, ",".join(map(str, buckets)), ",".join(map(str, counts)))))
recs.append(("end", '"records":%d,"status":"pass"' % len(recs)))
with open(sys.argv[1], "w") as f:
    for seq, (t, fields) in enumerate(recs):
        body = '{"type":"%s","seq":%d,%s' % (t, seq, fields)
        f.write('%s,"crc":"%08x"}\n' % (body, zlib.crc32(body.encode())))
PY
$ts summary pool.log > pool.out || fail "summary pool.log exits $?"
# merged: 5:1 10:7 20:8 25:1 30:3 40:2 50:1, 23 samples
has pool.out "pooled over runs: n=23 min=5 "
has pool.out "from the merged histogram (bucket lower bounds): p50>=20 p90>=40 p99>=50 p99.9>=50 cycles"
# min is 10 in the first two records, then 20, 5, 10: a row of one value so far
# keeps its count, and writes its values out at the first other one
has pool.out "min                          5             5            20            10            11"
echo "histograms pooled bucket by bucket"
