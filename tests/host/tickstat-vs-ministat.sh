#!/usr/bin/env bash
# tickstat compare against Debian's ministat on generated data sets: every
# confidence level, degrees of freedom from 4 to past 100 (where ministat switches
# to the normal value), equal and unequal spreads, 2 and 3 sets, and a log split
# by --by hz against ministat on `tickstat column`. The vitals, the verdicts and
# the plot's frame and bar lines must be identical. (The plot's point rows may
# differ: ministat draws only as many stacked rows as its last set needs, and
# tickstat draws them all.)
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v ministat >/dev/null || { echo "skip: ministat is not installed (scripts/install-deps)"; exit 77; }
ts=$PWD/build/tickstat gen_log=$PWD/build/gen-log
[[ -x $ts ]] || { echo "build/tickstat missing (make host)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
cases=0 bad=0

gen() {   # file, n, mean, sd, seed
	awk -v n="$2" -v m="$3" -v s="$4" -v seed="$5" 'BEGIN { srand(seed);
		for (i = 0; i < n; i++) { u = rand(); v = rand();
			printf "%.6f\n", m + s * sqrt(-2 * log(u + 1e-12)) * cos(6.283185307 * v) } }' > "$1"
}

same() {   # description, then the two outputs' files
	cases=$((cases + 1))
	if ! diff <(grep -v '^|' "$2") <(grep -v '^|' "$3") >"$tmp/diff"; then
		bad=$((bad + 1)); echo "DIFFERS: $1"; head -20 "$tmp/diff"
	fi
	# the bar line (the last | row) holds the A, M and |___| marks
	if ! diff <(grep '^|' "$2" | tail -1) <(grep '^|' "$3" | tail -1) >/dev/null; then
		bad=$((bad + 1)); echo "BAR DIFFERS: $1"
	fi
}

seed=1
for c in 80 90 95 98 99 99.5; do
	for n in 3 4 5 7 10 20 30 40 50 51 52 60 80; do
		for shape in "100 10 103 10" "100 10 100 30" "5e6 2e4 5.01e6 2.2e4"; do
			set -- $shape
			seed=$((seed + 1))
			gen a "$n" "$1" "$2" $seed; gen b $((n + seed % 3)) "$3" "$4" $((seed + 7))
			ministat -c "$c" a b > m.out
			$ts compare --numbers --ministat -c "$c" a b > t.out
			same "c=$c n=$n shape=$shape" m.out t.out
		done
	done
done

gen a 12 50 5 101; gen b 9 56 5 102; gen c 15 53 9 103
ministat -w 60 a b c > m.out
$ts compare -n --ministat -w 60 a b c > t.out
same "three sets, -w 60" m.out t.out

# A log split by hz, against ministat on the columns.
$gen_log -r 8 > t.log
for hz in 100 250 1000 10000; do
	$ts column --where timer=hpet --where hz=$hz cost t.log > "hz=$hz"
done
ministat "hz=100" "hz=250" "hz=1000" "hz=10000" > m.out
$ts compare --ministat --where timer=hpet --by hz t.log > t.full
sed 's/^\(.\) t.log hz=/\1 hz=/' t.full > t.out
cases=$((cases + 1))
diff <(grep -v '^|' m.out) <(grep -v '^|' t.out) || { bad=$((bad + 1)); echo "DIFFERS: --by hz"; }

echo "$cases comparisons, $bad differ"
[[ $bad -eq 0 ]]
