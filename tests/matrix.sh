#!/usr/bin/env bash
# make matrix: the quick suite (shortened: runs=1 ms=20) on every platform cell we can
# emulate here, then a table of cells x result x seconds. The cells are declared in
# tests/boot/matrix (read by tests/boot/lib.sh, as the boot cases are). A cell passes
# when the run ends pass, `tickstat check` accepts the log, every skip has a reason
# this platform explains (skip_ok below: an HPET skip only where the HPET is off, a
# TSC-deadline, x2APIC or RDTSCP skip only where CPUID lacks it, the other mode's EOI
# only in the mode in use, an HPET MSI skip only where no comparator has FSB
# delivery, an APIC id refused only where a CPU has one above 254, a PMU skip only
# under an emulator or a hypervisor), and the cell's
# own expect/text/check lines hold. A cell whose emulator, accelerator or QEMU is
# missing is skipped with the reason (KVM where /dev/kvm is not usable, Bochs where
# it is not installed, the qemu10-* cells without `make qemu10`).
#   tests/matrix.sh [CELL...]     only those cells (names as in the table)
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/boot/lib.sh
out=build/test-logs/matrix
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over

# field LINE KEY: the value of "KEY" in a record line (string or bare), or "".
field() { sed -nE "s/.*\"$2\":\"?([^\",}]*).*/\1/p" <<<"$1" | head -1; }

# skip_ok LOG CELL SKIP-LINE: does the platform explain this skip? Prints why not.
skip_ok() {
	local log=$1 cell=$2 line=$3 timer what delivery bench
	timer=$(field "$line" timer) what=$(field "$line" what) delivery=$(field "$line" delivery)
	bench=$(field "$line" bench)
	if [[ $(field "$line" reason) == *"APIC id is above 254"* ]]; then
		grep -aqE '"apic_ids":\[[^]]*[0-9]{3}' "$log" && [[ $cell == *apic-id-256 ]] ||
			{ echo "an APIC id above 254 refused where no CPU has one"; return 1; }
	elif [[ $bench == interference || ( $bench == tick || $bench == latency && $what == ipi ) &&
		$(field "$line" reason) == *CPU* ]]; then
		grep -aq '"online":1,' "$log" || { echo "skipped for want of CPUs, yet more than one is online"; return 1; }
	elif [[ $timer == tscdl || $what == tscdl-write ]]; then
		grep -aq '"tsc_deadline":false' "$log" || grep -aq '"lapic":false' "$log" ||
			{ echo "TSC-deadline skipped though CPUID has it"; return 1; }
	elif [[ $what == rdtscp ]]; then
		grep -aq '"rdtscp":false' "$log" || { echo "RDTSCP skipped though CPUID has it"; return 1; }
	elif [[ $what == eoi-xapic ]]; then
		grep -aq '"lapic_mode":"x2apic"' "$log" || { echo "xAPIC EOI skipped in xAPIC mode"; return 1; }
	elif [[ $what == eoi-x2apic ]]; then
		grep -aq '"x2apic":false' "$log" || { echo "x2APIC skipped though CPUID has it"; return 1; }
	elif [[ $timer == hpet && $delivery == msi ]]; then
		! grep -aq '"type":"hpet_comparator".*"fsb":true' "$log" ||
			{ echo "HPET MSI skipped though a comparator has FSB delivery"; return 1; }
	elif [[ $timer == hpet || $what == hpet || $what == hpet-cmp ]]; then
		[[ $cell == *nohpet* ]] || { echo "HPET skipped on a machine that has one"; return 1; }
	elif [[ $what == pmu ]]; then
		# no platform here counts events (docs/METHOD.md, "Misses per tick"): TCG,
		# Bochs and this KVM (no vPMU) all run under a hypervisor bit or an emulator
		grep -aqE '"hypervisor":true|"emulator":"(qemu|bochs)"' "$log" ||
			{ echo "the PMU skipped on a machine without a hypervisor"; return 1; }
	else
		echo "a skip this cell does not explain"; return 1
	fi
}

# check_cell CELL LOG: prints problems, returns 1 if any.
check_cell() {
	local cell=$1 log=$2 bad=0 line why
	build/tickstat check "$log" >/dev/null 2>&1 || { echo "tickstat check refuses the log"; return 1; }
	while IFS= read -r line; do
		why=$(skip_ok "$log" "$cell" "$line") ||
			{ echo "$why: $(cut -c1-160 <<<"$line")"; bad=1; }
	done < <(tr -d '\r' <"$log" | grep -a '^{"type":"skip"')
	scenario_expectations "$log" || bad=1
	return $bad
}

wanted() { [[ $# -le 1 ]] && return 0; local c=$1 w; shift; for w; do [[ $c == "$w" ]] && return 0; done; return 1; }

printf '%-26s %-6s %8s  %s\n' cell result seconds note >"$out/table"
failed=0
for cell in $(scenario_names tests/boot/matrix); do
	wanted "$cell" "$@" || continue
	scenario_read tests/boot/matrix "$cell" || exit 1
	read -ra args <<<"$run"
	log=$out/$cell.log
	start=$SECONDS
	tools/run --quiet --timeout "${timeout:-300}" --log "$log" "${args[@]}" >"$out/$cell.runner" 2>&1
	rc=$?
	secs=$((SECONDS - start))
	note=
	case $rc in
	0)  if note=$(check_cell "$cell" "$log"); then result=pass; else result=FAIL; failed=1; fi ;;
	77) result=skip note=$(tail -1 "$out/$cell.runner") ;;
	*)  result=FAIL failed=1 note="runner exit $rc: $(grep -aF '"type":"error"' "$log" | head -1 | cut -c1-120)" ;;
	esac
	line=$(printf '%-26s %-6s %8d  %s' "$cell" "$result" "$secs" "${note//$'\n'/; }")
	echo "$line" >>"$out/table"
	echo "$line"
done
echo
cat "$out/table"
exit $failed
