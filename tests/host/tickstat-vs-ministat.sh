#!/usr/bin/env bash
# tickstat compare against Debian's ministat.
#  1. The t table: every confidence level x every degree of freedom from 4 (ministat
#     and compare need 3 values a set) to 122, and 151, 301 and 1001 beyond its last
#     row, on small integers with integer means, where ministat's double arithmetic
#     is exact (its variance, sum(x^2) - sum(x)^2/n, loses digits on large values
#     where tickstat's two-pass one does not): every "+/-" line, so every t, must be
#     ministat's to the digit. Six sets against one per run of each program.
#  2. Generated data sets: equal and unequal spreads, 2 and 3 sets, and a log split
#     by --by hz against ministat on `tickstat column`.
# The vitals, the verdicts and the plot's frame and bar lines must be identical.
# (The plot's point rows may differ: ministat draws only as many stacked rows as its
# last set needs, and tickstat draws them all.)
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v ministat >/dev/null || { echo "skip: ministat is not installed (scripts/install-deps)"; exit 77; }
repo=$PWD ts=$PWD/build/tickstat gen_log=$PWD/build/gen-log
[[ -x $ts ]] || { echo "build/tickstat missing (make host)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
cases=0 bad=0

gen() {   # file, n, mean, sd, seed
	awk -v n="$2" -v m="$3" -v s="$4" -v seed="$5" 'BEGIN { srand(seed);
		for (i = 0; i < n; i++) { u = rand(); v = rand();
			printf "%.6f\n", m + s * sqrt(-2 * log(u + 1e-12)) * cos(6.283185307 * v) } }' > "$1"
}

# Where the two differ in a vitals line only, tickstat must hold every figure of its
# output against exact arithmetic (tickstat-exact.py): a mean that is a tie at the
# 8th digit (50.8293385), which ministat's plain sum rounds up and tickstat's
# compensated one down, is no difference of substance.
exact_ties=0
vitals_exact() {   # tickstat's output, the level, the files compared
	local out=$1 level=$2
	shift 2
	grep '^[<>]' "$tmp/diff" | grep -qv '^[<>] [x+*%#@O] ' && return 1
	python3 "$repo/tests/host/tickstat-exact.py" --judge "$repo/tools/tickstat/stats.c" \
		"$level" "$out" "$@"
}

same() {   # description, the two outputs' files, then the level and the files compared
	local what=$1 m=$2 t=$3
	shift 3
	cases=$((cases + 1))
	if ! diff <(grep -v '^|' "$m") <(grep -v '^|' "$t") >"$tmp/diff"; then
		if (($#)) && vitals_exact "$t" "$@"; then
			exact_ties=$((exact_ties + 1))
		else
			bad=$((bad + 1)); echo "DIFFERS: $what"; head -20 "$tmp/diff"
		fi
	fi
	# the bar line (the last | row) holds the A, M and |___| marks
	if ! diff <(grep '^|' "$m" | tail -1) <(grep '^|' "$t" | tail -1) >/dev/null; then
		bad=$((bad + 1)); echo "BAR DIFFERS: $what"
	fi
}

# 1. the t table
awk 'BEGIN { print 0; print 2; print 4 }' > x
sizes="$(seq 3 121) 150 300 1000"
# y$m: m values of mean 100, 99 and 101 in pairs and 100 if m is odd
awk -v sizes="$sizes" 'BEGIN { k = split(sizes, ms, /[ \n]+/);
	for (j = 1; j <= k; j++) { m = ms[j]; f = "y" m;
		for (i = 0; i < m - m % 2; i++) print 100 + (i % 2 ? 1 : -1) > f;
		if (m % 2) print 100 > f; close(f) } }'

: > m.sweep; : > t.sweep
for c in 80 90 95 98 99 99.5; do
	set -- $sizes
	while (($#)); do
		chunk=()
		for _ in 1 2 3 4 5 6; do ((${#})) && { chunk+=("y$1"); shift; }; done
		ministat -c "$c" x "${chunk[@]}" >> m.sweep
		$ts compare --numbers --ministat -c "$c" x "${chunk[@]}" >> t.sweep
	done
done
levels_dfs=$(($(grep -c '^Difference at' m.sweep)))
cases=$((cases + levels_dfs))
if ! diff <(grep -v '^|' m.sweep) <(grep -v '^|' t.sweep) > sweep.diff; then
	bad=$((bad + $(grep -c '^<.*+/-' sweep.diff))); echo "t TABLE DIFFERS:"; head -30 sweep.diff
fi
[[ $levels_dfs -eq $((6 * 122)) ]] || { bad=$((bad + 1)); echo "sweep: $levels_dfs verdicts, wanted $((6 * 122))"; }

# 2. generated data sets
seed=1
for c in 80 99.5; do
	for n in 3 10 52; do
		for shape in "100 10 103 10" "5e6 2e4 5.01e6 2.2e4"; do
			set -- $shape
			seed=$((seed + 1))
			gen a "$n" "$1" "$2" $seed; gen b $((n + seed % 3)) "$3" "$4" $((seed + 7))
			ministat -c "$c" a b > m.out
			$ts compare --numbers --ministat -c "$c" a b > t.out
			same "c=$c n=$n shape=$shape" m.out t.out "$c" a b
		done
	done
done

gen a 12 50 5 101; gen b 9 56 5 102; gen c 15 53 9 103
ministat -w 60 a b c > m.out
$ts compare -n --ministat -w 60 a b c > t.out
same "three sets, -w 60" m.out t.out 95 a b c

# A log split by hz, against ministat on the columns.
$gen_log -r 8 > t.log
for hz in 100 250 1000 10000; do
	$ts column --where timer=hpet --where hz=$hz cost t.log > "hz=$hz"
done
ministat "hz=100" "hz=250" "hz=1000" "hz=10000" > m.out
$ts compare --ministat --where timer=hpet --by hz t.log > t.full
sed 's/^\(.\) t.log hz=/\1 hz=/' t.full > t.out
same "--by hz" m.out t.out 95 "hz=100" "hz=250" "hz=1000" "hz=10000"

# Where they differ on purpose (docs/TICKSTAT.md): ten values 10^9 + 7k, k = 1..10,
# whose standard deviation is 21.19: ministat's one-pass variance keeps no digit of
# it, tickstat's two passes keep all eight printed.
seq 1 10 | awk '{ print 1000000000 + 7 * $1 }' > big
ministat -n big big | grep -q '^x  10 .* 15.084945$' || { bad=$((bad + 1)); echo "ministat's digits on big values changed"; }
$ts compare -n big big | grep -q '^x  10 .* 21.193552$' || { bad=$((bad + 1)); echo "tickstat loses digits on big values"; }
cases=$((cases + 1))

echo "$cases comparisons, $bad differ ($exact_ties where ministat's last digit is not exact)"
[[ $bad -eq 0 ]]
