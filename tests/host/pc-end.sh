#!/usr/bin/env bash
# The end of a run as a person at a PC sees it (issue 28): QEMU set up as today's PCs,
# -cpu max,hypervisor=off (the kernel finds no QEMU, so qr=auto keeps the end screen
# as on a PC) and no serial port; the end screen read back with the kernel's font
# from a screendump every second over one cycle (tests/host/screen-text.py --rows,
# then --cycle on them all: the text pages all there and in the cycle's order, then
# the QR pages; no text page begins with a table's row without its head):
#   hz0-uefi   UEFI at 1024x768, no 8042 (q35's i8042=off) and a USB keyboard, hz=0:
#              the reason on the text page and beside the QR pages, status error, the
#              reason in the summary code; no row speaks of a key
#   hz0-bios   BIOS at 1920x1080 (grub.cfg's first mode), hz=0: the same, the 8042 there
#   help-bios  BIOS at 800x600, help: the table's title and first rows, paged in more
#              than one text page, all before the first QR page
#   gp-uefi    UEFI (OVMF's 1280x800), selftest=gp bench=none: the exception, every
#              register and the addr2line line on the text page, the exception beside
#              the QR pages and in the summary code
#   gp-vga     BIOS in VGA text (read from the VGA's text buffer: VGA text has no
#              pixels of the kernel's), selftest=gp bench=none: the same, no QR pages
#   usb        UEFI at 1920x1080, no 8042, a USB keyboard, the quick suite's shape:
#              within one cycle the platform line, the warnings, the read and ack
#              costs, the timers' arm/latency/direct table and the verdict; no key
# Two boots at a time. The dumps' rows are left in build/test-logs/pc-end/.
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v zbarimg >/dev/null || { echo "skipped: zbarimg is not installed (Debian package zbar-tools)"; exit 77; }
[[ -f /usr/share/OVMF/OVMF_CODE_4M.fd ]] || { echo "skipped: OVMF is not installed (Debian package ovmf)"; exit 77; }
out=build/test-logs/pc-end
rm -rf "$out"
mkdir -p "$out"
bad=0
fail() { echo "FAIL: $*"; bad=1; }
. tests/host/endscreen.bash
pc=(--serial-port none --cpu max,hypervisor=off)
usb_only=(--qemu-arg -machine --qemu-arg q35,i8042=off --qemu-arg -device --qemu-arg qemu-xhci
	  --qemu-arg -device --qemu-arg usb-kbd)
quick=(bench=readcost,armcost,latency,tick runs=2 ms=5 workload=spin,matrix,memwalk hz=100,1000)

# summary NAME TEXT: the summary code, beside NAME's QR pages or in its turn, reads TEXT.
summary() {
	local dumps=() f
	for f in "$out/$1"-page.ppm "$out/$1"-summary.ppm; do [[ -e $f ]] && dumps+=("$f"); done
	zbarimg -q --nodbus -Sdisable -Sqrcode.enable "${dumps[@]}" 2>/dev/null | tr -d '\0' |
		grep -a -A12 '^QR-Code:tickbench run' >"$out/$1.summary"
	grep -qF -- "$2" "$out/$1.summary" || fail "$1: the summary code lacks '$2'"
}

reason='bad command-line word "hz=0": bad value for hz'
run_case hz0-uefi fb --firmware uefi --gfxpayload 1024x768x32 "${usb_only[@]}" "${pc[@]}" hz=0 &
run_case hz0-bios fb --firmware bios "${pc[@]}" hz=0
wait
check hz0-uefi - --status error --expect "$reason" --beside "$reason" --no-keys
summary hz0-uefi "$reason"
check hz0-bios - --status error --expect "$reason" --beside "$reason" --expect "Any key"
summary hz0-bios "$reason"

run_case help-bios fb --firmware bios --gfxpayload 800x600x32 "${pc[@]}" help &
run_case gp-vga vga --firmware bios --gfxpayload text "${pc[@]}" selftest=gp bench=none
wait
check help-bios - --status pass --expect "tickbench's words (key=value on the kernel command line; docs/OPTIONS.md):" \
	--expect "kernel's words:" --expect "console   " --beside "tickbench help: the kernel's words"
grep -q '   text 1/[2-9]' <(captions help-bios) || fail "help-bios: help's table not paged (text 1/N, N > 1)"
registers=(--expect "CPU exception #GP general protection (vector 13" --expect "  RIP    " --expect "  R15    "
	   --expect "addr2line -f -e build/tickbench-debug.elf 0x")
check gp-vga - --status error --no-qr "${registers[@]}" --expect "No QR pages: VGA text has no pixels"

run_case gp-uefi fb --firmware uefi "${pc[@]}" selftest=gp bench=none &
run_case usb fb --firmware uefi --gfxpayload 1920x1080x32 "${usb_only[@]}" "${pc[@]}" "${quick[@]}"
wait
check gp-uefi - --status error "${registers[@]}" --beside "CPU exception #GP general protection"
summary gp-uefi "CPU exception #GP general protection"
check usb - --status pass --no-keys --expect "CPU      QEMU TCG CPU" --expect "warning  the TSC is not invariant" \
	--expect "reads (ns): rdtsc " --expect "acks (ns): eoi-" \
	--expect "timer (ns)  arm " --expect "lapic    " \
	--expect "CPU lost to the tick on 1 CPU" --beside "CPU lost to the tick on 1 CPU"
summary usb "warning  the TSC is not invariant"
exit $bad
