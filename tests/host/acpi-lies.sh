#!/usr/bin/env bash
# ACPI tables that lie: QEMU's -acpitable injects an HPET table the firmware passes
# on, with QEMU's own HPET off. Each lie must be reported and the HPET skipped, and
# the run must still end pass with the other timers firing.
#   unmapped  the table's base (0xfed00000) answers nothing: reads give 0, so the
#             timer record says present:false with the reason, a skip follows
#   io-space  the base is in I/O space (GAS space id 1): an acpi_problem record,
#             and the timer record says the table was unusable
# A table with a bad checksum cannot be injected this way: a file= table whose
# checksum byte was spoilt reached the kernel with a correct one (QEMU 7.2 and
# SeaBIOS: fixed on the way), so tests/unit/test_acpi.c feeds the parser such
# tables instead.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/acpi-lies
mkdir -p "$out"

# hpet_body SPACE_ID: the 20 bytes after the table header (IA-PC HPET spec 1.0a,
# table 3): event timer block id, base address (GAS: space, width 64, offset 0,
# access 0, address 0xfed00000), HPET number, minimum tick 128, page protection.
hpet_body() {
	printf '\x01\xa2\x86\x80'"\\x0$1"'\x40\x00\x00\x00\x00\xd0\xfe\x00\x00\x00\x00\x00\x80\x00\x00'
}

bad=0
boot() {   # name, space id, then the expectations (fixed strings in record lines)
	local name=$1 space=$2; shift 2
	hpet_body "$space" >"$out/$name.bin"
	local log=$out/$name.log
	tools/run --quiet --timeout 120 --log "$log" --machine q35 \
		--qemu-arg -machine --qemu-arg hpet=off \
		--qemu-arg -acpitable --qemu-arg "sig=HPET,oem_id=TICKBN,data=$out/$name.bin" \
		bench=fire hz=1000 ms=20 >"$out/$name.runner" 2>&1
	local rc=$?
	[[ $rc == 0 ]] || { echo "FAIL: $name: runner exit status $rc, expected 0 (pass)"; cat "$out/$name.runner"; bad=1; }
	build/tickstat check "$log" >/dev/null || { echo "FAIL: $name: tickstat check refuses the log"; bad=1; }
	local records e
	records=$(tr -d '\r' <"$log" | grep -a '^{')
	for e in "$@"; do
		grep -qF -- "$e" <<<"$records" || { echo "FAIL: $name: no record contains: $e"; bad=1; }
	done
	tests/boot/check "$log" count fire 0 timer=hpet || bad=1
	tests/boot/check "$log" count skip 1 timer=hpet || bad=1
	tests/boot/check "$log" count error 0 || bad=1
	tests/boot/check "$log" count fire 5 || bad=1
	echo "$name: $(grep -aF '"timer":"hpet","present"' "$log" | tr -d '\r' | cut -c1-160)"
}

boot unmapped 0 \
	'"tables":"FACP,APIC,MCFG,WAET,HPET"' '"hpet_address":"0x00000000fed00000"' \
	'"timer":"hpet","present":false,"reason":"its capabilities register reads nonsense (no HPET at the ACPI address)"'
boot io-space 1 \
	'"type":"acpi_problem","seq":' '"table":"HPET"' '"problem":"base address is not in memory space"' \
	'"hpet_address":"0x0000000000000000"' \
	'"timer":"hpet","present":false,"reason":"the ACPI HPET table is unusable (see the acpi_problem record)"'
exit $bad
