#!/usr/bin/env bash
# Repeatable runs: under QEMU -icount (shift=0, sleep=off) time is a function of the
# instructions executed, so two boots of the same ISO with the same command line must
# print the same records, byte for byte, once the fields docs/FORMAT.md
# ("Repeatability") names as variable are taken out. A line that loses a field also
# loses its crc (which covers the field); seq and every other crc must match. A
# script, not a case: two boots compared.
set -uo pipefail
cd "$(dirname "$0")/../../.."
out=build/test-logs/repeatable
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over
# The HPET on (QEMU's default): its figures repeat since the kernel starts it after
# the PM timer's waits (FORMAT.md, "Repeatability"), and it gives tsc_hz. seed=: the
# TSC at the kernel's start differs between two -icount boots, and with it the seed
# of tick's run order; a seed given makes one order.
words=(bench=fire,readcost,latency,tick timer=pit,lapic,hpet hz=1000 runs=2 ms=5 seed=1)

# The fields FORMAT.md lists as variable between boots: "type:field".
variable=(boot:version end:tsc)

# records LOG: the verified records, variable fields (and then their crc) removed.
records() {
	local sed_args=() v
	for v in "${variable[@]}"; do
		sed_args+=(-e "/^{\"type\":\"${v%%:*}\",/{s/,\"${v#*:}\":\"[^\"]*\"//;s/,\"${v#*:}\":[^,}]*//;s/,\"crc\":\"[0-9a-f]*\"}\$/}/}")
	done
	tr -d '\r' <"$1" | grep -a '^{' | sed "${sed_args[@]}"
}

for i in 1 2; do
	tools/run --quiet --icount --timeout 120 --log "$out/boot$i.log" "${words[@]}" \
		>"$out/runner$i.txt" 2>&1 ||
		{ echo "FAIL: boot $i did not end pass"; cat "$out/runner$i.txt"; exit 1; }
	build/tickstat check "$out/boot$i.log" || { echo "FAIL: boot $i: damaged log"; exit 1; }
	records "$out/boot$i.log" >"$out/boot$i.records"
done
n=$(wc -l <"$out/boot1.records")
if ! diff "$out/boot1.records" "$out/boot2.records" >"$out/records.diff"; then
	echo "FAIL: two -icount boots differ outside the variable fields (${variable[*]}):"
	head -20 "$out/records.diff" | cut -c1-300
	exit 1
fi
[[ $n -ge 40 ]] || { echo "FAIL: only $n records"; exit 1; }
echo "$n records identical in two -icount boots (variable: ${variable[*]})"
