#!/usr/bin/env bash
# make matrix: the quick suite (shortened: runs=1 ms=20) on every platform cell we can
# emulate here, then a table of cells x result x seconds. A cell passes when the run
# ends pass, `tickstat check` accepts the log, and every skip has a reason this
# platform explains (skip_ok below: an HPET skip only where the HPET is off, a
# TSC-deadline, x2APIC or RDTSCP skip only where CPUID lacks it, the other mode's EOI
# only in the mode in use, an HPET MSI skip only where
# no comparator has FSB delivery). KVM cells skip where /dev/kvm is not usable, the
# Bochs cell where Bochs is not installed. There is one KVM cell, with SeaBIOS, and
# it runs tick alone, every timer, and must see each tick: this machine's /dev/kvm
# (kvm_pvm) emulates every instruction of a guest that is not a PVM guest, the
# firmware, GRUB and tickbench alike (about 5 minutes to the kernel here, then
# about 1000 cycles an instruction: docs/METHOD.md, "What runs below"), hence its
# 1200 s; OVMF did not reach GRUB in 300 s.
# The qemu10-* cells run QEMU 10 (scripts/get-qemu10 unpacks it from Debian's
# bookworm-backports into build/qemu10/; Debian 12's QEMU 7.2 stays the default and
# every other cell uses it): x2APIC under TCG, which QEMU 7.2 lacks, and a sparse
# topology (2 sockets of 129 cores: the second socket's first CPU has APIC id 256,
# coldplugged with -device) where tick runs on 2 CPUs with the PIT's and HPET's
# interrupt given to that AP: those configurations must be refused with the
# 8-bit-destination reason, the local APIC timer must run there. Without
# build/qemu10 they are skipped with the reason.
#   tests/matrix.sh [CELL...]     only those cells (names as in the table)
set -uo pipefail
cd "$(dirname "$0")/.."
out=build/test-logs/matrix
mkdir -p "$out"
words=(suite=quick runs=1 ms=20)
hpet_off=(--qemu-arg -machine --qemu-arg hpet=off)
qemu10=(--qemu build/qemu10/qemu-system-x86_64)
apic_id_256=(--qemu-arg -smp --qemu-arg 1,sockets=2,cores=129,threads=1,maxcpus=258
	     --qemu-arg -device --qemu-arg max-x86_64-cpu,socket-id=1,core-id=0,thread-id=0)

# name | runner options (cells get the words above unless they give bench= themselves)
cells=(
	"tcg-pc-bios-cd|--machine pc --firmware bios --media cd"
	"tcg-pc-bios-usb|--machine pc --firmware bios --media usb"
	"tcg-pc-uefi-cd|--machine pc --firmware uefi --media cd"
	"tcg-pc-uefi-usb|--machine pc --firmware uefi --media usb"
	"tcg-q35-bios-cd|--machine q35 --firmware bios --media cd"
	"tcg-q35-bios-usb|--machine q35 --firmware bios --media usb"
	"tcg-q35-uefi-cd|--machine q35 --firmware uefi --media cd"
	"tcg-q35-uefi-usb|--machine q35 --firmware uefi --media usb"
	"tcg-pc-bios-cd-nohpet|--machine pc --firmware bios --media cd ${hpet_off[*]}"
	"tcg-q35-uefi-cd-nohpet|--machine q35 --firmware uefi --media cd ${hpet_off[*]}"
	"tcg-q35-bios-cd-qemu64|--machine q35 --cpu qemu64"
	"tcg-pc-bios-usb-qemu64|--machine pc --media usb --cpu qemu64"
	"tcg-q35-bios-cd-max|--machine q35 --cpu max"
	"kvm-q35-bios-cd|--accel kvm --machine q35 bench=tick timer=pit,lapic,tscdl,hpet hz=1000 runs=1 ms=20 workload=spin"
	"qemu10-q35-bios-cd-x2apic|${qemu10[*]} --machine q35 --firmware bios"
	"qemu10-q35-uefi-cd-x2apic|${qemu10[*]} --machine q35 --firmware uefi"
	"qemu10-q35-bios-cd-apic-id-256|${qemu10[*]} --machine q35 ${apic_id_256[*]} bench=tick timer=pit,hpet,lapic tick_cpus=2 irq_cpu=1 workload=spin hz=1000 runs=1 ms=20"
	"bochs-bios-cd|--emulator bochs bench=fire timer=pit,lapic,tscdl hz=1000 ms=20"
)

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
	elif [[ $bench == interference || $bench == tick && $(field "$line" reason) == *CPU* ]]; then
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
	if [[ $cell == qemu10* ]]; then
		grep -aqF '"lapic_mode":"x2apic"' "$log" || { echo "QEMU 10 under TCG, yet no x2APIC"; bad=1; }
	fi
	if [[ $cell == *apic-id-256 ]]; then
		grep -aqF '"apic_ids":[0,256]' "$log" || { echo "the CPU with APIC id 256 did not come online"; bad=1; }
		grep -aq '"type":"skip".*APIC id is above 254' "$log" ||
			{ echo "no interrupt path to APIC id 256 was refused"; bad=1; }
		grep -aq '"type":"run","seq":[0-9]*,"bench":"tick","cpu":256,.*"timer":"lapic"' "$log" ||
			{ echo "no local APIC timer run on the CPU with APIC id 256"; bad=1; }
	fi
	if [[ $cell == kvm* ]]; then     # under KVM every timer present must tick
		local timer
		for timer in pit lapic tscdl hpet; do
			grep -aqF "\"timer\":\"$timer\",\"present\":true" "$log" || continue
			grep -aqE "\"type\":\"run\".*\"bench\":\"tick\".*\"timer\":\"$timer\".*\"timer_on\":true,[^}]*\"interrupts\":[1-9]" "$log" ||
				{ echo "no $timer tick with interrupts under KVM"; bad=1; }
		done
		grep -aq '"type":"error"' "$log" && { echo "an error record under KVM"; bad=1; }
	fi
	if [[ $cell == *nohpet* ]]; then
		grep -aqF '"timer":"hpet","present":false' "$log" || { echo "HPET off, yet found"; bad=1; }
	elif [[ $cell != bochs* ]]; then
		grep -aqF '"timer":"hpet","present":true' "$log" || { echo "the HPET is missing"; bad=1; }
	fi
	return $bad
}

wanted() { [[ $# -le 1 ]] && return 0; local c=$1 w; shift; for w; do [[ $c == "$w" ]] && return 0; done; return 1; }

printf '%-26s %-6s %8s  %s\n' cell result seconds note >"$out/table"
failed=0
for entry in "${cells[@]}"; do
	cell=${entry%%|*}
	wanted "$cell" "$@" || continue
	read -ra opts <<<"${entry#*|}"
	[[ " ${opts[*]}" == *" bench="* ]] && args=("${opts[@]}") || args=("${opts[@]}" "${words[@]}")
	log=$out/$cell.log
	start=$SECONDS
	[[ $cell == kvm* ]] && timeout=1200 || timeout=300
	tools/run --quiet --timeout "$timeout" --log "$log" "${args[@]}" >"$out/$cell.runner" 2>&1
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
