#!/usr/bin/env bash
# iso/grub.cfg's "PC est." in each title of a kernel entry is the one build/grub-times
# computes from the entry's words (the benchmarks' plan_ms on the PC it states): a
# title edited by hand, or words changed without `make docs`, fail here. And the
# check can fail: copies of grub.cfg with a title's estimate edited, with an entry's
# runs= doubled, and with a word the kernel refuses must each be refused, by name.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/grub-times
rm -rf "$out" && mkdir -p "$out"
[[ -x build/grub-times ]] || { echo "skipped: build/grub-times is missing (make host)"; exit 77; }

# check FILE: FILE's titles are the generated ones (the difference on stdout).
check() { build/grub-times "$1" | diff -u "$1" -; }

check iso/grub.cfg >"$out/diff" ||
	{ echo "FAIL: iso/grub.cfg's PC estimates are not the generated ones: run make docs"
	  cat "$out/diff"; exit 1; }
kernel=$(grep -c $'^\ttickbench ' iso/grub.cfg)
((kernel >= 11)) || { echo "FAIL: only $kernel kernel entries in iso/grub.cfg"; exit 1; }
echo "iso/grub.cfg: the $kernel kernel entries' PC estimates are the generated ones"

# probe FILE WHAT PATTERN: FILE (a copy with WHAT changed) is refused, its
# difference naming PATTERN.
probe() {
	if check "$1" >"$1.diff"; then
		echo "FAIL: a copy of grub.cfg with $2 passed the check"; exit 1
	fi
	grep -q -- "$3" "$1.diff" ||
		{ echo "FAIL: the difference for $2 does not name $3:"; cat "$1.diff"; exit 1; }
	echo "a copy with $2 is refused: $(grep -m1 '^+menuentry' "$1.diff")"
}
sed '/--id quick {/s/PC est\. [^,]*,/PC est. 1 min 1 s,/' iso/grub.cfg >"$out/title.cfg"
probe "$out/title.cfg" "quick's estimate edited" 'id quick'
sed '/--id recipe-hz {/{n;s/runs=10/runs=20/}' iso/grub.cfg >"$out/runs.cfg"
grep -q 'hz=100,250,1000 workload=spin,matrix runs=20' "$out/runs.cfg" ||
	{ echo "FAIL: could not double recipe-hz's runs in a copy"; exit 1; }
probe "$out/runs.cfg" "recipe-hz's runs doubled" 'id recipe-hz'

# A word the kernel refuses: an error naming the line and the word, nothing printed.
sed '/--id fire {/{n;s/hz=100,1000,10000/hz=100,1000,fast/}' iso/grub.cfg >"$out/bad.cfg"
build/grub-times "$out/bad.cfg" >"$out/bad.out" 2>"$out/bad.err"
rc=$?
line=$(grep -n 'hz=100,1000,fast' "$out/bad.cfg" | cut -d: -f1)
[[ $rc == 2 ]] && grep -q "bad.cfg:$line: bad word \"hz=100,1000,fast\"" "$out/bad.err" ||
	{ echo "FAIL: a bad word gave exit $rc and: $(cat "$out/bad.err")"; exit 1; }
echo "a copy with a bad word is refused: $(cat "$out/bad.err")"
