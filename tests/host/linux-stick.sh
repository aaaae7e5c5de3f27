#!/usr/bin/env bash
# The ISO's menu entry "Linux beside tickbench: periodic tick" as a PC boots it from
# the USB stick under UEFI (tools/run --firmware uefi --media usb --entry, its own
# words: spin and ftq, 5 runs each), beside a SATA disk holding 8 MiB of random
# bytes: the run ends pass, its records reach the serial log whole (10 runs, os
# linux, firmware uefi, nohz off), the initramfs mounted nothing but proc, sysfs and
# devtmpfs (its "init: mounted:" lines), and the disk's bytes are unchanged.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/linux-stick
rm -rf "$out" && mkdir -p "$out"       # its own logs: tools/run keeps any it would write over
fail() { echo "FAIL: $*"; exit 1; }
xorriso -indev build/tickbench.iso -find /boot/linux/initramfs >/dev/null 2>&1 ||
	{ echo "skip: build/tickbench.iso carries no Debian kernel (built with LINUX=no)"; exit 77; }
[[ -f /usr/share/OVMF/OVMF_CODE_4M.fd ]] || { echo "skip: OVMF is not installed"; exit 77; }
head -c 8M /dev/urandom >"$out/disk.img"
before=$(sha256sum <"$out/disk.img")
tools/run --quiet --timeout 400 --log "$out/run.log" --firmware uefi --media usb \
	--entry linux-periodic --qemu-arg -drive \
	--qemu-arg "if=none,id=beside,format=raw,file=$out/disk.img" \
	--qemu-arg -device --qemu-arg ide-hd,drive=beside,bus=ide.2 ||
	fail "the periodic entry did not end pass from the USB stick under UEFI"
[[ $(sha256sum <"$out/disk.img") == "$before" ]] || fail "the disk beside it was written"
echo "the disk beside it: unchanged"
json() { build/tickstat export --json --type "$1" "$out/run.log"; }
json boot | jq -e '.[0].firmware == "uefi"' >/dev/null || fail "the boot record does not say uefi"
json platform | jq -e '.[0].os == "linux"' >/dev/null || fail "the platform record does not say linux"
json linux | jq -e '.[0].nohz == "off"' >/dev/null || fail "the linux record does not say nohz off"
[[ $(json run | jq 'map(select(.handler == "linux")) | length') == 10 ]] || fail "not 10 run records"
mounts=$(tr -d '\r' <"$out/run.log" | sed -n 's/^init: mounted: [^ ]* [^ ]* \([^ ]*\) .*/\1/p' | sort | tr '\n' ' ')
echo "mounted: $mounts"
[[ -n $mounts ]] || fail "no init: mounted: lines"
for fs in $mounts; do
	[[ $fs =~ ^(rootfs|proc|sysfs|devtmpfs)$ ]] || fail "the initramfs mounted a $fs"
done
echo "records intact in the serial log: $(build/tickstat check "$out/run.log")"
