#!/usr/bin/env bash
# The end of a run as a person at a PC sees it (qr=on, as qr=auto is on a PC): two
# boots at once, BIOS with a serial port (1920x1080, grub.cfg's first mode) and UEFI
# without any (the firmware's mode, 1280x800 under OVMF), each screendumped 2, 11,
# 28 and 59 s after its end (the end record; without a serial port, the first dump
# showing the end screen) and every 2 s between, then, once the QR pages show, a key
# (QEMU's sendkey into the 8042) and one more dump. Checks, read back with the kernel's own font
# (tests/host/screen-text.py --end):
#   - at each moment: row 0 names the run (the log's run id) and its status; on a
#     text page its rows are a run of the report's; on every text page, the first
#     too (issue 42: at 1280x800 the first showed the details alone), and beside the
#     QR pages every line of the report's verdict table (the log's) is a row's text;
#     without a log, the table's header and a row per series;
#   - zbarimg reads the summary code as text (the run id, "CPU lost to the tick")
#     beside the QR pages, and a data page, at some moment; the BIOS boot's dumps hold every page, and
#     tools/qr-import gives back the serial log's records byte for byte;
#   - after the key (within 20 s: dumps every second until it shows), the first text
#     page: the report's first rows (without a serial port, its line says the
#     records leave as the QR pages);
#   - tests/qr/photo.sh's degraded photos of the BIOS boot's 1080p pages decode
#     (at least 95 %).
# The dumps and their text are left in build/test-logs/end-screen/.
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v zbarimg >/dev/null || { echo "skipped: zbarimg is not installed (Debian package zbar-tools)"; exit 77; }
out=build/test-logs/end-screen
rm -rf "$out"
mkdir -p "$out"
words=(bench=readcost,latency,tick timer=lapic,hpet hz=100,1000 runs=3 ms=20 workload=spin,matrix qr=on)
moments=(2 11 28 59)
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# monitor SOCKET COMMAND: one HMP command (tests/host/monitor.py).
monitor() { tests/host/monitor.py "$1" "$2" >/dev/null; }

# boot NAME RUNNER-ARGS: QEMU in the background, its monitor on NAME.mon.
boot() {
	local name=$1; shift
	rm -f "$out/$name.mon"
	tools/run --quiet --timeout 400 --log "$out/$name.log" --qemu-arg -monitor \
		--qemu-arg "unix:$out/$name.mon,server,nowait" "$@" "${words[@]}" \
		>"$out/$name.runner" 2>&1 &
	echo $!
}

is_end_screen() {
	tests/host/screen-text.py "$1" - --end 2>/dev/null | grep -q '^|tickbench run '
}

# header_of NAME PPM: a screendump of NAME into PPM, and its header row (the page
# shown).
header_of() {
	monitor "$out/$1.mon" "screendump $2"
	tests/host/screen-text.py --rows "$2" | sed -n 2p
}

# key_in_pages NAME: a key into the 8042 once the screen shows a QR page other than
# the last, within 60 s. A key on a text page turns to the next page, and the last QR
# page may have turned to the first text page before the key arrives (CI: "page
# 14/14" dumped, the key sent, then no text page for 20 s).
key_in_pages() {
	local tries=0 page
	while ((tries++ < 60)); do
		page=$(header_of "$1" "$out/$1-key.ppm" | sed -n 's,.*   page \([0-9]*\)/\([0-9]*\).*,\1 \2,p')
		[[ -n $page ]] && ((${page% *} < ${page#* })) && break
		sleep 1
	done
	monitor "$out/$1.mon" "sendkey spc"
}

# report_after_key NAME: NAME-report.ppm, the first dump that shows the first text
# page, within 20 s of the key (the kernel reads the 8042 between pages: on a
# loaded machine a QR page's drawing alone takes seconds); else the last dump.
report_after_key() {
	local tries=0
	while ((tries++ < 20)); do
		sleep 1
		header_of "$1" "$out/$1-report.ppm" | grep -q '   text 1/' && break
	done
}

# watch NAME PID HAS_LOG T...: wait for the end, then the dumps; NAME-T.ppm at T s.
watch() {
	local name=$1 pid=$2 log=$3 t0= waited=0 t
	shift 3
	while [[ -z $t0 ]]; do
		sleep 1
		((waited++ < 300)) && kill -0 "$pid" 2>/dev/null || { fail "$name: no end screen"; return; }
		if [[ $log == yes ]]; then
			grep -aq '^{"type":"end"' "$out/$name.log" 2>/dev/null && t0=$(date +%s.%N)
		elif monitor "$out/$name.mon" "screendump $out/$name-probe.ppm" 2>/dev/null &&
		     is_end_screen "$out/$name-probe.ppm"; then
			t0=$(date +%s.%N)
		fi
	done
	for t in "$@"; do
		while (($(echo "$(date +%s.%N) - $t0 < $t" | bc))); do sleep 0.1; done
		monitor "$out/$name.mon" "screendump $out/$name-$t.ppm" || fail "$name: no screendump at $t s"
	done
	key_in_pages "$name"
	report_after_key "$name"
	monitor "$out/$name.mon" quit
}

bios=$(boot bios --firmware bios)
uefi=$(boot uefi --firmware uefi --serial-port none)
# The photo test on the BIOS boot's 1080p pages, one dump per page, while the UEFI
# boot goes on.
photos() {
	tools/qr-import --list "$out"/bios-[0-9]*.ppm >"$out/bios.pages" 2>/dev/null
	mapfile -t firsts < <(sort -t' ' -k5,5 -u "$out/bios.pages" | grep ' page [0-9]' | cut -d: -f1)
	tests/qr/photo.sh "${firsts[@]}" >"$out/photo.out" 2>&1
	echo $? >"$out/photo.rc"
}

# BIOS: a dump every 4 s too (every page of up to 14, for qr-import).
(watch bios "$bios" yes 2 6 10 11 14 18 22 26 28 30 34 38 42 46 50 54 59; photos) &
watch_bios=$!
watch uefi "$uefi" no "${moments[@]}"
wait "$watch_bios"

# The text at each moment, and the codes.
for name in bios uefi; do
	log=-
	[[ $name == bios ]] && log=$out/bios.log
	for t in "${moments[@]}"; do
		[[ -s $out/$name-$t.ppm ]] || { fail "$name: no screendump at $t s"; continue; }
		tests/host/screen-text.py "$out/$name-$t.ppm" "$log" --end --verdict >"$out/$name-$t.screen" ||
			fail "$name at $t s: $(grep FAIL "$out/$name-$t.screen" | head -3)"
		sed -n 1p "$out/$name-$t.screen"
	done
	report=(--report)
	[[ $log == - ]] && report=(--expect "   text 1/"
		--expect "No serial port: the records leave as the screen's QR pages")
	tests/host/screen-text.py "$out/$name-report.ppm" "$log" --end --verdict "${report[@]}" \
		>"$out/$name-report.screen" ||
		fail "$name: the report after a key: $(grep FAIL "$out/$name-report.screen" | head -3)"
	at=$(grep -l '^|tickbench run .*   page [0-9]*/' "$out/$name"-[0-9]*.screen | head -1)
	at=${at%.screen}
	summary=$(zbarimg -q --nodbus -Sdisable -Sqrcode.enable "$at.ppm" 2>/dev/null | tr -d '\0' |
		  grep -a -A30 '^QR-Code:tickbench run' | head -30)
	echo "$summary" >"$out/$name.summary"
	grep -q 'CPU lost to the tick' <<<"$summary" || fail "$name: no text summary read beside the QR pages"
	id=$(sed -n 's/^|tickbench run \([0-9a-f]\{8\}\) .*/\1/p' "$at.screen")
	grep -q "^QR-Code:tickbench run $id: " <<<"$summary" || fail "$name: the summary names another run than row 0 ($id)"
	[[ -s $out/$name.pages ]] || tools/qr-import --list "$out/$name"-[0-9]*.ppm >"$out/$name.pages" 2>/dev/null
	pages=$(grep -c ' page [0-9]' "$out/$name.pages")
	((pages > 0)) || fail "$name: no data page read at any moment"
	echo "$name: $pages data pages read over the dumps; summary: $(head -1 <<<"$summary")"
done

# Every BIOS page was on screen at some dump: the log comes back.
if tools/qr-import "$out"/bios-[0-9]*.ppm >"$out/bios.imported" 2>"$out/bios.import-err"; then
	cmp -s "$out/bios.imported" <(tr -d '\r' <"$out/bios.log" | grep -a '^{') ||
		fail "the pages do not give the serial log's records"
else
	fail "tools/qr-import: $(cat "$out/bios.import-err")"
fi

cat "$out/photo.out"
[[ $(cat "$out/photo.rc" 2>/dev/null) == 0 ]] || bad=1
exit $bad
