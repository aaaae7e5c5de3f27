#!/usr/bin/env bash
# tick's runs in a random order (order=random, the default; docs/METHOD.md "tick"):
# three TCG boots of the same words have three seeds in their boot records and run
# their off/on pairs in three orders; in each boot every run's position is its place,
# off then on in each pair (tests/boot/check pairs); tickstat report over the three
# pools them as 3 boots, with the shift line and what a difference needs; the same log
# twice, or a copy of a boot (its drawn seed), is refused, two boots given one seed=
# are not; seed= repeats an order, order=fixed gives today's. A script, not a case:
# six boots compared. Under --icount: free TCG on a loaded host misses periodic ticks
# (CI: HZ=1000's runs took 91.6 % of theirs), and runs off their rate get no verdict
# and no shift; the TSC at boot, the seed's source, still differs boot to boot.
set -uo pipefail
cd "$(dirname "$0")/../../.."
[[ -x build/tickstat && -f build/tickbench.iso ]] || { echo "build/tickstat or the ISO missing (make)"; exit 1; }
out=build/test-logs/tick-order
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over
fail() { echo "FAIL: $*"; exit 1; }
words=(bench=tick timer=lapic hz=100,1000 workload=spin runs=4 ms=20)

boot() {   # log, extra words
	local log=$1; shift
	tools/run --quiet --icount --timeout 120 --log "$out/$log" "${words[@]}" "$@" >"$out/$log.runner" 2>&1 ||
		fail "$log: the boot did not end pass: $(tail -3 "$out/$log.runner")"
	build/tickstat check "$out/$log" >/dev/null || fail "$log: damaged"
	tests/boot/check "$out/$log" count run 16 bench=tick || fail "$log: not 16 runs"
	tests/boot/check "$out/$log" pairs run || fail "$log: the pairs are not in their positions"
}
for i in 1 2 3; do boot boot$i.log; done
boot seeded1.log seed=12345
boot seeded2.log seed=12345
boot fixed.log order=fixed

# order LOG: the boot's seed, then its pairs in the order run: "hz/run" each.
order() {
	build/tickstat export --json --type boot "$out/$1" | jq -r '.[0].seed | if type == "number" and
		. >= 0 and . < 9007199254740992 then . else "no seed below 2^53: \(.)" end'
	build/tickstat export --json --type run "$out/$1" |
		jq -r 'sort_by(.position) | map(select(.timer_on | not) | "\(.hz)/\(.run)") | join(" ")'
}
boots=$(for i in 1 2 3; do order boot$i.log; done)
seeds=$(sed -n 'p;n' <<<"$boots") orders=$(sed -n 'n;p' <<<"$boots")
[[ $(sort -u <<<"$seeds" | grep -c '^[0-9]*$') == 3 ]] || fail "three boots, not three seeds: $(echo $seeds)"
[[ $(sort -u <<<"$orders" | wc -l) == 3 ]] || fail "two boots ran their pairs in one order: $orders"
[[ $(order seeded1.log) == "$(order seeded2.log)" && $(order seeded1.log | head -1) == 12345 ]] ||
	fail "seed=12345 twice: two orders"
fixed=$(order fixed.log | tail -1)
[[ $fixed == "100/0 100/1 100/2 100/3 1000/0 1000/1 1000/2 1000/3" ]] || fail "order=fixed: $fixed"
echo "seeds $(echo $seeds): three orders, each pair off then on; seed= repeats one; order=fixed is" \
	"each configuration in turn"

logs=("$out"/boot1.log "$out"/boot2.log "$out"/boot3.log)
build/tickstat report "${logs[@]}" >"$out/report" || fail "report of the three exits $?"
grep -q '95 %, 3 boots x 4 runs, t on boot means' "$out/report" || fail "the intervals do not say 3 boots"
grep -Pzoq 'HZ=1000 vs HZ=100: [+-]?[0-9.]+ % of the CPU,\s+p [=<] [0-9.e-]+ \(12 pairs\)' \
	"$out/report" || fail "no shift line over 12 pairs"
if grep -Eq '^lapic periodic [a-z]+ +needed:' "$out/report"; then
	grep -Eq '^lapic periodic [a-z]+ +needed: [0-9]+ boots x [0-9]+ runs' "$out/report" ||
		fail "an unproven difference without 'needed: N boots x M runs'"
else   # proven under this host's noise: the plan says what the CPU shares need
	build/tickstat plan "${logs[@]}" | grep -q 'needed: [0-9]* boots x [0-9]* runs' ||
		fail "plan gives no 'needed: N boots x M runs'"
fi
build/tickstat report "${logs[0]}" "${logs[0]}" >/dev/null 2>"$out/twice"; [[ $? -eq 2 ]] &&
	grep -q 'are one log given twice' "$out/twice" || fail "the same log twice is not refused"
cp "${logs[1]}" "$out/copy.log"
build/tickstat report "${logs[1]}" "$out/copy.log" >/dev/null 2>"$out/twice"; [[ $? -eq 2 ]] &&
	grep -q 'are one boot given twice' "$out/twice" || fail "a copy of a boot (its seed) is not refused"
build/tickstat report "$out/seeded1.log" "$out/seeded2.log" >/dev/null 2>"$out/twice" ||
	fail "two boots given seed=12345 are refused: $(cat "$out/twice")"
echo "report over the three: 3 boots, the shift, needed; one log, or a copy of a boot, refused"
