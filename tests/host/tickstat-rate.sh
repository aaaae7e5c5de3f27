#!/usr/bin/env bash
# Figures of runs that took more or fewer ticks than their rate asked (issue 42):
# the answer warns of such runs ("got over 101 % of their ticks"), and every figure
# of theirs is marked where it stands, "(ticks 200 %)", and no verdict of theirs
# reads as proven. Two real logs (tests/tickstat, the records as tools/run saved
# them):
#   icount-hpet.log  tools/run --icount bench=tick timer=lapic,hpet hz=100,1000
#                    workload=spin runs=5 ms=50 (the README's sample: QEMU 7.2's
#                    HPET fires twice a period under -icount, lapic at its rate);
#   smp2-tcg.log     a 1-CPU run at HZ=1000 that took none of its 2 ticks, whose
#                    "+50 % +/- 40 %" against HZ=100 read as proven.
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=build/tickstat
[[ -x $ts ]] || { echo "build/tickstat missing (make host)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bad=0
fail() { echo "FAIL: $*"; bad=1; }

$ts report tests/tickstat/icount-hpet.log > "$tmp/hpet" || fail "report icount-hpet.log exits $?"
grep -q 'figures of such runs are marked (ticks N %)' "$tmp/hpet" ||
	fail "the warning does not name the mark: $(grep -A3 '^warning' "$tmp/hpet")"
# each line of hpet's figures marked, and no line of lapic's
for what in '^hpet periodic spin +[0-9.]+ % \(exact\) \(ticks 200 %\) +[0-9.]+ % \(exact\) \(ticks 200 %\)$' \
	    '^hpet +- +- +- +3\.00 \(exact\) \(ticks 200 %\)$' \
	    '^hpet periodic spin +no verdict \(ticks 200 % vs 200 %\)$' \
	    '^  hpet periodic \(ioapic\) HZ=1000: direct 3\.00 \(exact\) \(ticks 200 %\),'; do
	grep -Eq -- "$what" "$tmp/hpet" || fail "icount-hpet.log: no line matches $what"
done
grep -A1 '^  hpet periodic (ioapic) spin HZ=1000 vs HZ=100:' "$tmp/hpet" |
	grep -q 'no verdict (ticks 200 % vs 200 %)$' || fail "icount-hpet.log: hpet's paired shift given"
grep '^lapic\|  lapic' "$tmp/hpet" | grep -q 'ticks' && fail "a lapic figure marked: $(grep 'lapic.*ticks' "$tmp/hpet")"
grep -q '^lapic periodic spin  +0.00162 % (exact)$' "$tmp/hpet" ||
	fail "lapic's verdict, at its rate: $(grep '^lapic periodic spin' "$tmp/hpet" | tail -1)"

$ts report tests/tickstat/smp2-tcg.log > "$tmp/smp2" || fail "report smp2-tcg.log exits $?"
verdict=$(sed -n '/^CPU lost to the tick on 1 CPU/,/^$/p' "$tmp/smp2" | grep '^lapic periodic spin')
[[ $verdict == *"no verdict (ticks 0 % vs "* ]] ||
	fail "smp2-tcg.log: a verdict of runs that took 0 of their ticks: $verdict"
sed -n '/^CPU lost at each HZ on 1 CPU/,/^=====/p' "$tmp/smp2" | grep '^lapic periodic spin' | grep -q '(ticks 0 %)$' ||
	fail "smp2-tcg.log: the share at HZ=1000 not marked"
echo "figures of runs off their rate: marked; their verdicts: none"
exit $bad
