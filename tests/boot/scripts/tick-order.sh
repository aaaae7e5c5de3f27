#!/usr/bin/env bash
# tick's runs in a random order (order=random, the default; docs/METHOD.md "tick"):
# three TCG boots of the same words have three seeds in their boot records and run
# their off/on pairs in three orders; every run's position is its place, off then on
# in each pair; tickstat report over the three pools them as 3 boots, with the
# shift line and what a difference needs; the same log twice, or a copy of a boot
# (its drawn seed), is refused, two boots given one seed= are not; seed= repeats an
# order, order=fixed gives today's.
set -uo pipefail
cd "$(dirname "$0")/../../.."
command -v python3 >/dev/null || { echo "skip: python3 is not installed (scripts/install-deps)"; exit 77; }
[[ -x build/tickstat && -f build/tickbench.iso ]] || { echo "build/tickstat or the ISO missing (make)"; exit 1; }
out=build/test-logs/tick-order
mkdir -p "$out"
fail() { echo "FAIL: $*"; exit 1; }
words=(bench=tick timer=lapic hz=100,1000 workload=spin runs=4 ms=20)

boot() {   # log, extra words
	local log=$1; shift
	tools/run --quiet --timeout 120 --log "$out/$log" "${words[@]}" "$@" >"$out/$log.runner" 2>&1 ||
		fail "$log: the boot did not end pass: $(tail -3 "$out/$log.runner")"
	build/tickstat check "$out/$log" >/dev/null || fail "$log: damaged"
}
for i in 1 2 3; do boot boot$i.log; done
boot seeded1.log seed=12345
boot seeded2.log seed=12345
boot fixed.log order=fixed

python3 - "$out" <<'PY' || exit 1
import json, sys
out = sys.argv[1]
def recs(name):
    return [json.loads(l) for l in open("%s/%s" % (out, name), encoding="utf-8") if l.startswith("{")]
def order(name):
    rs = recs(name)
    runs = sorted((r for r in rs if r["type"] == "run"), key=lambda r: r["position"])
    seq = [(r["hz"], r["run"], r["timer_on"]) for r in runs]
    # positions 0..15 once each, by seq too; a pair is its off run then its on run
    assert [r["position"] for r in runs] == list(range(16)), name + ": positions"
    assert [r["seq"] for r in runs] == sorted(r["seq"] for r in runs), name + ": position is not the order run"
    for p in range(0, 16, 2):
        assert seq[p][:2] == seq[p + 1][:2] and not seq[p][2] and seq[p + 1][2], name + ": a pair split"
    return rs[0]["seed"], [s[:2] for s in seq[::2]]
boots = [order("boot%d.log" % i) for i in (1, 2, 3)]
seeds = [b[0] for b in boots]
assert len(set(seeds)) == 3 and all(isinstance(s, int) and 0 <= s < 2 ** 53 for s in seeds), seeds
assert len({tuple(b[1]) for b in boots}) == 3, "two boots ran their pairs in one order"
a, b = order("seeded1.log"), order("seeded2.log")
assert a == b and a[0] == 12345, "seed=12345 twice: two orders"
fixed = order("fixed.log")[1]
assert fixed == [(100, k) for k in range(4)] + [(1000, k) for k in range(4)], "order=fixed: %s" % fixed
print("seeds %s: three orders, each pair off then on; seed= repeats one; order=fixed is each "
      "configuration in turn" % seeds)
PY
[[ $? -eq 0 ]] || exit 1

logs=("$out"/boot1.log "$out"/boot2.log "$out"/boot3.log)
build/tickstat report "${logs[@]}" >"$out/report" || fail "report of the three exits $?"
grep -q '(95 %, 3 boots × 4 runs, t on boot means)' "$out/report" || fail "the intervals do not say 3 boots"
grep -Pzoq 'shift \(Hodges-Lehmann\) [+-][0-9.]+ % of the CPU,\s+signed-rank p [=<] [0-9.e-]+ \(12 pairs\)' \
	"$out/report" || fail "no shift line over 12 pairs"
if grep -q 'HZ=1000 vs HZ=100: no difference proven' "$out/report"; then
	grep -q 'no difference proven (needed: [0-9]* boots × [0-9]* runs)' "$out/report" ||
		fail "an unproven difference without 'needed: N boots × M runs'"
else   # proven under this host's noise: the plan says what the CPU shares need
	build/tickstat plan "${logs[@]}" | grep -q 'needed: [0-9]* boots × [0-9]* runs' ||
		fail "plan gives no 'needed: N boots × M runs'"
fi
build/tickstat report "${logs[0]}" "${logs[0]}" >/dev/null 2>"$out/twice"; [[ $? -eq 2 ]] &&
	grep -q 'are one log given twice' "$out/twice" || fail "the same log twice is not refused"
cp "${logs[1]}" "$out/copy.log"
build/tickstat report "${logs[1]}" "$out/copy.log" >/dev/null 2>"$out/twice"; [[ $? -eq 2 ]] &&
	grep -q 'are one boot given twice' "$out/twice" || fail "a copy of a boot (its seed) is not refused"
build/tickstat report "$out/seeded1.log" "$out/seeded2.log" >/dev/null 2>"$out/twice" ||
	fail "two boots given seed=12345 are refused: $(cat "$out/twice")"
echo "report over the three: 3 boots, the shift, needed; one log, or a copy of a boot, refused"
