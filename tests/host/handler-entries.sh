#!/usr/bin/env bash
# The measured handler's entries as built (build/tickbench-debug.elf, objdump), for
# every kind, the ones QEMU 7.2 cannot run included (x2APIC, TSC deadline): each of
# the 17 floor entries (bench/core/handler_floor.c) has at most its instructions of record, ends
# in IRETQ and holds no call, no indirect jump and no TSC read; bench_entry and
# bench_entry_ap read the TSC by their third instruction; nothing on the measured
# path (the entries, bench_irq, bench_irq_ap) calls or jumps through a register or
# memory. All are one body (bench/core/handler_body.h): an edit of it reaches them all.
set -uo pipefail
cd "$(dirname "$0")/../.."
elf=build/tickbench-debug.elf
[[ -f $elf ]] || { echo "FAIL: $elf missing (make)"; exit 1; }

# name, instructions of record (the listing, the HPET's late loop included)
floors=(
	floor_8259 6            floor_xapic 6           floor_x2apic 12
	floor_xapic_lapic 10    floor_x2apic_lapic 15   floor_xapic_tscdl 17
	floor_x2apic_tscdl 19   floor_xapic_hpet 44     floor_x2apic_hpet 46
	floor_xapic_pit 10      floor_x2apic_pit 16     floor_ap_xapic 6
	floor_ap_x2apic 12      floor_ap_xapic_lapic 10 floor_ap_x2apic_lapic 15
	floor_ap_xapic_tscdl 17 floor_ap_x2apic_tscdl 19
)

# insns FUNCTION: its instructions, one mnemonic and operands a line (alignment
# padding after the last return left out).
insns() {
	objdump -d --no-show-raw-insn --no-addresses -M att "$elf" --disassemble="$1" |
		awk '/^<.*>:$/ { p = 1; next } p && NF { sub(/^[ \t]+/, ""); print }' |
		awk '{ l[NR] = $0 } /^(ret|iretq)/ { last = NR } END { for (i = 1; i <= last; i++) print l[i] }'
}

bad=0
fail() { echo "FAIL: $*"; bad=1; }

built=$(nm "$elf" | awk '$3 ~ /^floor_/ { print $3 }' | sort)
want=$(for ((i = 0; i < ${#floors[@]}; i += 2)); do echo "${floors[i]}"; done | sort)
[[ $built == "$want" ]] || fail "floor entries built: $(echo $built), want: $(echo $want)"

for ((i = 0; i < ${#floors[@]}; i += 2)); do
	name=${floors[i]} most=${floors[i + 1]}
	body=$(insns "$name")
	n=$(grep -c . <<<"$body")
	echo "$name: $n instructions (of record $most)"
	((n > 0 && n <= most)) || fail "$name has $n instructions, more than its $most"
	[[ $(tail -1 <<<"$body") == iretq ]] || fail "$name does not end in iretq"
	grep -qE '^(call|rdtsc)' <<<"$body" && fail "$name calls or reads the TSC"
	grep -qE '^j[a-z]*[[:space:]]+\*' <<<"$body" && fail "$name jumps through a pointer"
done

for name in bench_entry bench_entry_ap; do
	[[ $(insns "$name" | sed -n 3p) == rdtsc ]] || fail "$name: the TSC is not read by its third instruction"
done
for name in bench_entry bench_entry_ap bench_irq bench_irq_ap; do
	body=$(insns "$name")
	[[ -n $body ]] || fail "$name not found"
	grep -qE '^(call|j[a-z]*)[[:space:]]+\*' <<<"$body" && fail "$name calls or jumps through a pointer"
done
((bad)) || echo "17 floor entries within their instructions of record; no indirection on the measured path"
exit $bad
