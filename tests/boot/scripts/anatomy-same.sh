#!/usr/bin/env bash
# The anatomy's plugin changes no guest instruction: the bare kernel's boot with and
# without tools/run --anatomy (and --caches, its cache mode), under -icount and one
# seed=, prints the same records byte for byte up to its end (but end's tsc, the time before the kernel, which no
# two boots share: docs/FORMAT.md, "Repeatability"); the annex comes after the end.
# A script, not a case: two boots compared. Linux repeats no boot (its tick keeps
# the absolute time): tests/boot/cases' anatomy-linux says what is checked there.
set -uo pipefail
cd "$(dirname "$0")/../../.."
out=build/test-logs/anatomy-same
mkdir -p "$out"
if [[ ! -f build/anatomy/plugin.so ]]; then
	echo "skipped: the anatomy's plugin is not built (make anatomy; build/qemu-plugin/get.log)"
	exit 77
fi
words=(bench=tick timer=lapic,hpet,pit hz=1000,250 workload=spin,matrix,memwalk runs=2 ms=20 seed=1)

# The boot's records up to its end, end's tsc (and so its crc) left out.
boot_records() {
	tr -d '\r' <"$1" | grep -a '^{' | awk '{ print } /^\{"type":"end",/ { exit }' |
		sed '/^{"type":"end",/{s/,"tsc":[0-9]*//;s/,"crc":"[0-9a-f]*"}$/}/}'
}

for how in without with caches; do
	args=()
	[[ $how == without ]] || args=(--anatomy)
	[[ $how != caches ]] || args=(--caches)
	tools/run --quiet --icount --timeout 200 --log "$out/$how.log" "${args[@]}" "${words[@]}" \
		>"$out/runner-$how.txt" 2>&1 ||
		{ echo "FAIL: the boot $how the plugin did not end pass"; cat "$out/runner-$how.txt"; exit 1; }
	build/tickstat check "$out/$how.log" || { echo "FAIL: $how the plugin: damaged log"; exit 1; }
	boot_records "$out/$how.log" >"$out/$how.records"
done
for how in with caches; do
	if ! diff "$out/without.records" "$out/$how.records" >"$out/records-$how.diff"; then
		echo "FAIL: the boot's records differ with the plugin ($how):"
		head -20 "$out/records-$how.diff" | cut -c1-300
		exit 1
	fi
done
runs=$(grep -c '"type":"run"' "$out/with.records")
annex=$(grep -ac '^{"type":"anatomy' "$out/with.log")
grep -aq '^{"type":"annex",' "$out/without.log" && { echo "FAIL: an annex without the plugin"; exit 1; }
[[ $runs -ge 48 && $annex -ge 24 ]] || { echo "FAIL: $runs run records, $annex anatomy records"; exit 1; }
caches=$(grep -ac '^{"type":"cache"' "$out/caches.log")
[[ $caches -ge 18 ]] || { echo "FAIL: $caches cache records"; exit 1; }
echo "$(wc -l <"$out/with.records") records (of them $runs runs) the same with and without the plugin, in its cache mode too; $annex anatomy records after the end, $caches cache records"
