#!/usr/bin/env bash
# The whole answer on every screen size the kernel takes (issue 28): boots of the
# quick and the default suite's shapes (every timer and workload; hz=100,1000 and
# hz=100,250,1000,10000; runs=2 ms=5, as tests/host/report-fit.sh), a serial port
# and qr=on (the end screen under QEMU too), each at one size:
#   vga-default   VGA text 80x25 (read from the VGA's text buffer)
#   800-quick     800x600      (100x37 cells)
#   1024-default  1024x768     (128x48)
#   1080-quick    1920x1080    (240x67)
#   4k-default    3840x2160    (240x67 at twice the scale)
# Over one cycle of dumps (tests/host/endscreen.bash) the text pages, less the heads
# they repeat, are the log's report line for line, folded at the screen's width;
# no page begins with a table's row without its head; where the report is longer
# than the screen it is paged ("text 1/2"). lib/endscreen/textpages.c's own test pages both
# suites' reports at every size. Two boots at a time; the rows are left in
# build/test-logs/screen-sizes/.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/screen-sizes
rm -rf "$out"
mkdir -p "$out"
bad=0
fail() { echo "FAIL: $*"; bad=1; }
. tests/host/endscreen.bash
common=(bench=readcost,armcost,latency,tick runs=2 ms=5 workload=spin,matrix,memwalk qr=on)
quick=("${common[@]}" hz=100,1000)
default=("${common[@]}" hz=100,250,1000,10000)
answer=(--expect "======================== tickbench: the answer" --expect "CPU lost to the tick on 1 CPU")

run_case vga-default vga --gfxpayload text "${default[@]}" &
run_case 800-quick fb --gfxpayload 800x600x32 "${quick[@]}"
wait
check vga-default "$out/vga-default.log" --no-qr "${answer[@]}"
grep -q '   text 1/[2-9]' <(captions vga-default) || fail "vga-default: the report not paged on 80x25"
check 800-quick "$out/800-quick.log" "${answer[@]}"

run_case 1024-default fb --gfxpayload 1024x768x32 "${default[@]}" &
run_case 1080-quick fb "${quick[@]}"
wait
check 1024-default "$out/1024-default.log" "${answer[@]}"
check 1080-quick "$out/1080-quick.log" "${answer[@]}"

run_case 4k-default fb --qemu-arg -vga --qemu-arg none \
	--qemu-arg -device --qemu-arg VGA,xres=3840,yres=2160,vgamem_mb=64 \
	--gfxpayload 3840x2160x32 "${default[@]}"
check 4k-default "$out/4k-default.log" "${answer[@]}"
exit $bad
