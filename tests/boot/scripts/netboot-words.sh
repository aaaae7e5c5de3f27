#!/usr/bin/env bash
# The words of a network boot, per machine (docs/NETBOOT.md): build/netboot
# served by QEMU's TFTP server holds tickbench/default.cfg and a file for one MAC.
# The NIC with that MAC must boot that file's words; another NIC, default.cfg's.
# A script, not a case: tools/run --media net writes one MAC's file only, so this test
# starts QEMU itself, under SeaBIOS, whose NIC ROM is iPXE; it judges each log with the
# cases' expectations (tests/boot/lib.sh).
set -uo pipefail
cd "$(dirname "$0")/../../.."
. tests/boot/lib.sh
out=build/test-logs/netboot-words
[[ -f build/netboot/boot/tickbench.elf ]] || { echo "build/netboot is missing (make netboot)"; exit 1; }
rm -rf "$out"
mkdir -p "$out/tftp/tickbench"
ln -s "$PWD/build/netboot/boot" "$out/tftp/boot"

words_file() {   # file, entry id, words
	printf 'menuentry "netboot-words test" --id %s {\n\ttickbench %s\n}\nset default=%s\nset timeout=0\n' \
		"$2" "$3" "$2" >"$out/tftp/tickbench/$1"
}
words_file default.cfg all-machines "bench=none hz=250"
words_file 52:54:00:12:34:56.cfg this-machine "bench=none hz=500"

bad=0
boot() {   # name, NIC MAC, the command line the boot record must carry
	local log=$out/$1.log
	timeout -k 5 120 qemu-system-x86_64 -machine q35 -accel tcg -cpu max -m 256 \
		-display none -no-reboot -nic none -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-serial "file:$log" \
		-netdev "user,id=net0,tftp=$out/tftp,bootfile=boot/grub/i386-pc/core.0" \
		-device "virtio-net-pci,netdev=net0,mac=$2,bootindex=0" </dev/null >"$out/$1.qemu" 2>&1
	local rc=$? fail=0
	[[ $rc == 33 ]] || { echo "FAIL: $1: QEMU exit status $rc, expected 33 (the kernel's pass)"; fail=1; }
	build/tickstat check "$log" >/dev/null || { echo "FAIL: $1: tickstat check refuses the log"; fail=1; }
	expects=("\"cmdline\":\"$3\"") texts=() notexts=() checks=("count boot 1") reports=()
	scenario_expectations "$log" || { echo "FAIL: $1"; fail=1; }
	[[ $fail == 1 ]] && bad=1 || echo "$1: MAC $2 booted \"$3\""
}

boot this-mac 52:54:00:12:34:56 "bench=none hz=500"
boot other-mac 52:54:00:00:00:01 "bench=none hz=250"
exit $bad
