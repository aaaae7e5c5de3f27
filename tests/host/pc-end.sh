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
pc=(--serial-port none --cpu max,hypervisor=off)
usb_only=(--qemu-arg -machine --qemu-arg q35,i8042=off --qemu-arg -device --qemu-arg qemu-xhci
	  --qemu-arg -device --qemu-arg usb-kbd)
quick=(bench=readcost,armcost,latency,tick runs=2 ms=5 workload=spin,matrix,memwalk hz=100,1000)

# The rows of row 0 (the captions) of NAME's dumps so far, in order.
captions() { local f; for f in "$out/$1"-[0-9]*.screen; do [[ -e $f ]] && sed -n 2p "$f"; done; }

# Every text page k/n seen, and (unless VGA) a QR page after the last of them.
cycle_done() {
	local caps n k
	caps=$(captions "$1")
	n=$(sed -n 's/.*   text [0-9]*\/\([0-9]*\),.*/\1/p' <<<"$caps" | head -1)
	[[ -n $n ]] || return 1
	for ((k = 1; k <= n; k++)); do grep -q "   text $k/$n," <<<"$caps" || return 1; done
	[[ $2 == vga ]] && return 0
	awk -v n="$n" '/   text [0-9]+\// { last = ($0 ~ "   text " n "/") }
		/   (page [0-9]+\/|the summary as text)/ { if (last) found = 1 }
		END { exit !found }' <<<"$caps"
}

# A data page dumped, and the summary code: beside it, or in its own turn.
codes_seen() {
	[[ $2 == vga ]] && return 0
	[[ -e $out/$1-page.ppm ]] || return 1
	[[ -e $out/$1-summary.ppm ]] || grep -q 'The small code is the summary as text' "$out/$1"-[0-9]*.screen
}

# shot NAME SCREEN FILE: one dump's rows into FILE.screen; a framebuffer's first
# data page and first summary turn kept as NAME-page.ppm and NAME-summary.ppm (the
# summary code is beside the one or the other), other pictures dropped.
shot() {
	local name=$1 screen=$2 f=$3
	if [[ $screen == vga ]]; then
		tests/host/monitor.py "$out/$name.mon" "xp /2000hx 0xb8000" >"$f.xp" 2>/dev/null || return 1
		tests/host/screen-text.py --rows "$f.xp" >"$f.screen"
		rm -f "$f.xp"
		return 0
	fi
	tests/host/monitor.py "$out/$name.mon" "screendump $f.ppm" >/dev/null 2>&1 && [[ -s $f.ppm ]] || return 1
	tests/host/screen-text.py --rows "$f.ppm" >"$f.screen"
	local turn=page
	sed -n 2p "$f.screen" | grep -q '   the summary as text' && turn=summary
	if [[ ! -e $out/$name-$turn.ppm ]] && sed -n 2p "$f.screen" | grep -q '   page [0-9]*/\|   the summary'; then
		mv "$f.ppm" "$out/$name-$turn.ppm"
	fi
	rm -f "$f.ppm"
}

# run_case NAME fb|vga RUNNER-ARGS...: boot, then a dump a second from the first
# that shows the end screen until one cycle is seen (at most 300 s), then quit.
run_case() {
	local name=$1 screen=$2 i=0 end=$((SECONDS + 300)) f
	shift 2
	tools/run --quiet --timeout 400 --log "$out/$name.log" --qemu-arg -monitor \
		--qemu-arg "unix:$out/$name.mon,server,nowait" "$@" >"$out/$name.runner" 2>&1 &
	local pid=$!
	while ((SECONDS < end)) && kill -0 "$pid" 2>/dev/null; do
		sleep 1
		f=$out/$name-$(printf %03d "$i")
		shot "$name" "$screen" "$f" || continue
		if ! sed -n 2p "$f.screen" | grep -q '^|tickbench run '; then
			rm -f "$f.screen"       # not yet the end screen
			continue
		fi
		i=$((i + 1))
		cycle_done "$name" "$screen" && codes_seen "$name" "$screen" && break
	done
	tests/host/monitor.py "$out/$name.mon" quit >/dev/null 2>&1
	wait "$pid"
}

# check NAME CYCLE-ARGS...: the cycle's checks on NAME's dumps.
check() {
	local name=$1
	shift
	tests/host/screen-text.py --cycle - "$@" "$out/$name"-[0-9]*.screen >"$out/$name.cycle" 2>&1 ||
		fail "$name: $(grep FAIL "$out/$name.cycle" | head -3)"
	echo "$name: $(head -1 "$out/$name.cycle")"
}

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
check hz0-uefi --status error --expect "$reason" --beside "$reason" --no-keys
summary hz0-uefi "$reason"
check hz0-bios --status error --expect "$reason" --beside "$reason" --expect "Any key"
summary hz0-bios "$reason"

run_case help-bios fb --firmware bios --gfxpayload 800x600x32 "${pc[@]}" help &
run_case gp-vga vga --firmware bios --gfxpayload text "${pc[@]}" selftest=gp bench=none
wait
check help-bios --status pass --expect "tickbench options (words key=value on the kernel command line):" \
	--expect "suite     " --expect "bench     " --beside "tickbench help: the kernel's words"
grep -q '   text 1/[2-9]' <(captions help-bios) || fail "help-bios: help's table not paged (text 1/N, N > 1)"
registers=(--expect "CPU exception #GP general protection (vector 13" --expect "  RIP    " --expect "  R15    "
	   --expect "addr2line -f -e build/tickbench-debug.elf 0x")
check gp-vga --status error --no-qr "${registers[@]}" --expect "No QR pages: VGA text has no pixels"

run_case gp-uefi fb --firmware uefi "${pc[@]}" selftest=gp bench=none &
run_case usb fb --firmware uefi --gfxpayload 1920x1080x32 "${usb_only[@]}" "${pc[@]}" "${quick[@]}"
wait
check gp-uefi --status error "${registers[@]}" --beside "CPU exception #GP general protection"
summary gp-uefi "CPU exception #GP general protection"
check usb --status pass --no-keys --expect "CPU      QEMU TCG CPU" --expect "warning  the TSC is not invariant" \
	--expect "reads (median cycles): rdtsc " --expect "acks (median cycles): eoi-" \
	--expect "timer    arm (ns)  latency p50 (ns)" --expect "lapic    " \
	--expect "CPU lost to the tick on 1 CPU" --beside "CPU lost to the tick on 1 CPU"
summary usb "warning  the TSC is not invariant"
exit $bad
