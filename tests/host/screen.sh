#!/usr/bin/env bash
# The framebuffer console as a person sees it: boot in QEMU with a monitor socket,
# take a screendump while the run goes on, read the text back cell by cell
# (tests/host/screen-text.py, with the kernel's own font) and check it against the
# serial log of the same run:
#   4k        -device VGA,xres=3840,yres=2160,vgamem_mb=64 and gfxpayload 3840x2160x32
#             (BIOS, VBE): at least 80 columns (the font is scaled), no JSON on the
#             screen, the kernel's first line on the first row;
#   640x480   the smallest VBE mode (80x30 text) with more lines than rows: the
#             screen scrolled (the rows are the last lines of the log, in order),
#             no JSON;
#   no-serial no serial port at all: the screen still shows the human lines (read
#             from dumps taken every 2 s until the first fire line is on screen),
#             at the kernel's own request, 1920x1080x32.
# (UEFI's framebuffer, the firmware's mode, is checked by the boot case uefi-cd-q35.)
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/screen
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over
bad=0

# monitor SOCKET COMMAND: one HMP command (tests/host/monitor.py).
monitor() { tests/host/monitor.py "$1" "$2" >/dev/null; }

# screen_rows LOG COLS: the rows the kernel's text lines fill at COLS columns, from
# its first line on (records left out: they never reach the screen).
screen_rows() {
	tr -d '\r' <"$1" | sed -n '/^tickbench .*: booted by/,$p' | grep -av '^{' |
	awk -v c="$2" '{ n += length($0) > c ? int((length($0) + c - 1) / c) : 1 } END { print n + 0 }'
}

# dump NAME COLS MIN_ROWS CHECK-ARGS -- RUNNER-ARGS: boot, wait until the kernel's
# text fills MIN_ROWS rows of COLS columns (and its first fire record is out; each
# fire configuration then gives a quiet second or more), screendump, check.
dump() {
	local name=$1 cols=$2 min=$3; shift 3
	local check=()
	while [[ $1 != -- ]]; do check+=("$1"); shift; done
	shift
	local sock=$out/$name.mon log=$out/$name.log ppm=$out/$name.ppm
	rm -f "$sock" "$ppm" "$log"
	tools/run --quiet --timeout 120 --log "$log" --qemu-arg -monitor \
		--qemu-arg "unix:$sock,server,nowait" "$@" >"$out/$name.runner" 2>&1 &
	local pid=$! waited=0
	until [[ -s $log && $(screen_rows "$log" "$cols") -ge $min ]] && grep -aq '"type":"fire"' "$log"; do
		sleep 0.5
		waited=$((waited + 1))
		if ! kill -0 "$pid" 2>/dev/null || ((waited > 180)); then
			echo "FAIL: $name: the run ended or stalled before $min human lines"
			cat "$out/$name.runner"
			bad=1
			return
		fi
	done
	monitor "$sock" "screendump $ppm"
	wait "$pid" || { echo "FAIL: $name: runner exit status $?"; cat "$out/$name.runner"; bad=1; }
	[[ -s $ppm ]] || { echo "FAIL: $name: no screendump"; bad=1; return; }
	echo "--- $name"
	tests/host/screen-text.py "$ppm" "$log" "${check[@]}" >"$out/$name.screen" || bad=1
	grep -v '^|' "$out/$name.screen"
}

# no_serial: boot with no serial port, screendump every 2 s until a fire line shows.
no_serial() {
	local sock=$out/no-serial.mon ppm=$out/no-serial.ppm
	rm -f "$sock" "$ppm"
	tools/run --quiet --timeout 120 --log "$out/no-serial.log" --serial-port none \
		--qemu-arg -monitor --qemu-arg "unix:$sock,server,nowait" \
		bench=fire timer=pit hz=100,1000 ms=2000 >"$out/no-serial.runner" 2>&1 &
	local pid=$! tries=0
	echo "--- no-serial"
	while ((tries++ < 45)); do
		sleep 2
		kill -0 "$pid" 2>/dev/null || break
		monitor "$sock" "screendump $ppm" 2>/dev/null || continue
		grep -q '^|fire pit' <(tests/host/screen-text.py "$ppm" - 2>/dev/null) && break
	done
	wait "$pid"
	[[ -s $ppm ]] || { echo "FAIL: no-serial: no screendump"; bad=1; return; }
	tests/host/screen-text.py "$ppm" - --expect "tickbench " \
		--expect "console: no serial port (SPCR: no table; COM1-COM4: none answers; PCI: no 16550-" \
		--expect "screen: framebuffer 1920x1080x32" --expect "fire pit   periodic pic" \
		>"$out/no-serial.screen" || bad=1
	grep -v '^|' "$out/no-serial.screen"
}

dump 4k 160 10 --min-cols 80 --mode 3840x2160x32 -- \
	--qemu-arg -vga --qemu-arg none \
	--qemu-arg -device --qemu-arg VGA,xres=3840,yres=2160,vgamem_mb=64 \
	--gfxpayload 3840x2160x32 bench=fire timer=pit hz=100,1000 ms=1500
dump 640x480 80 32 --min-cols 80 --mode 640x480x32 --scrolled -- \
	--gfxpayload 640x480x32 bench=fire timer=pit,hpet hz=100,1000,2000 ms=1000
no_serial
exit $bad
