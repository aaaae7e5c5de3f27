#!/usr/bin/env bash
# The Secure Boot image's parts (make secureboot), checked on the host:
#   - the kernel file is a multiboot2 kernel (grub-file) and a PE image signed with
#     our certificate (sbverify --cert); the wrong-key and unsigned files are refused;
#   - its multiboot2 header is where the raw image starts (file offset 0x1000) and its
#     address tag loads exactly that raw image, entering at the ELF's _start;
#   - our GRUB is signed with our certificate and has an .sbat section;
#   - the ISO holds that kernel, and its ESP holds Debian's shim (BOOTX64.EFI) and
#     MokManager byte for byte, our GRUB, and our certificate in DER.
# The boot cases secureboot-* (tests/boot/cases) boot the image itself.
set -uo pipefail
cd "$(dirname "$0")/../.."
sb=build/sb iso=build/tickbench-sb.iso out=build/test-logs/secureboot-image
tests/boot/secureboot-images || exit $?        # 77 without the Secure Boot tools
cert=${SIGN_CERT:-$sb/MOK.crt}
rm -rf "$out" && mkdir -p "$out"
bad=0
fail() { echo "FAIL: $*"; bad=1; }

grub-file --is-x86-multiboot2 "$sb/tickbench.efi" || fail "grub-file: the kernel is not multiboot2"
sbverify --cert "$cert" "$sb/tickbench.efi" || fail "sbverify: the kernel's signature"
sbverify --cert "$cert" "$sb/tickbench-wrongkey.efi" >/dev/null 2>&1 &&
	fail "sbverify accepts the kernel signed with the wrong key"
sbverify --cert "$cert" "$sb/tickbench-unsigned.efi" >/dev/null 2>&1 &&
	fail "sbverify accepts the unsigned kernel"

# u32 FILE OFFSET: the little-endian 32-bit word there.
u32() { od -An -tu4 -j "$2" -N 4 "$1" | tr -d ' '; }
raw_size=$(stat -c %s "$sb/tickbench.bin")
cmp -s -n "$raw_size" -i 4096:0 "$sb/tickbench.efi" "$sb/tickbench.bin" ||
	fail "the PE file does not hold the raw image at offset 0x1000"
[[ $(u32 "$sb/tickbench.efi" 4096) == $((0xe85250d6)) ]] || fail "no multiboot2 magic at offset 0x1000"
# The address tag (type 2, size 24) and entry tag (type 3) among the header's tags.
header_len=$(u32 "$sb/tickbench.efi" 4104)
tag=4112 address= entry=
while ((tag < 4096 + header_len)); do
	type=$(( $(u32 "$sb/tickbench.efi" "$tag") & 0xffff )) size=$(u32 "$sb/tickbench.efi" $((tag + 4)))
	[[ $type == 2 ]] && address=$tag
	[[ $type == 3 ]] && entry=$(u32 "$sb/tickbench.efi" $((tag + 8)))
	((size >= 8)) || break
	tag=$((tag + (size + 7) / 8 * 8))
done
if [[ -z $address || -z $entry ]]; then
	fail "no address tag or entry address tag in the kernel's multiboot2 header"
else
	header_addr=$(u32 "$sb/tickbench.efi" $((address + 8)))
	load_addr=$(u32 "$sb/tickbench.efi" $((address + 12)))
	load_end=$(u32 "$sb/tickbench.efi" $((address + 16)))
	[[ $header_addr == "$load_addr" ]] || fail "header_addr $header_addr is not load_addr $load_addr"
	((load_end - load_addr == raw_size)) || fail "the address tag loads $((load_end - load_addr)) bytes, the raw image has $raw_size"
	elf_entry=$(readelf -h "$sb/tickbench-flat.elf" | sed -n 's/.*Entry point address: *//p')
	((entry == elf_entry)) || fail "entry tag $entry, the ELF's entry $elf_entry"
fi

sbverify --cert "$cert" "$sb/grubx64.efi" || fail "sbverify: GRUB's signature"
objdump -h "$sb/grubx64.efi" | grep -q ' \.sbat ' || fail "GRUB has no .sbat section"

xorriso -osirrox on -indev "$iso" -extract /boot/tickbench.efi "$out/kernel" \
	-extract /boot/grub/efi.img "$out/esp.img" >/dev/null 2>&1 || fail "xorriso cannot read $iso"
cmp -s "$out/kernel" "$sb/tickbench.efi" || fail "the ISO's /boot/tickbench.efi is not build/sb/tickbench.efi"
for pair in /EFI/BOOT/BOOTX64.EFI=/usr/lib/shim/shimx64.efi.signed \
	/EFI/BOOT/mmx64.efi=/usr/lib/shim/mmx64.efi.signed \
	/EFI/BOOT/grubx64.efi="$sb/grubx64.efi" /tickbench.cer="$sb/tickbench.cer"; do
	mcopy -n -i "$out/esp.img" "::${pair%%=*}" "$out/file" 2>/dev/null || { fail "ESP: no ${pair%%=*}"; continue; }
	cmp -s "$out/file" "${pair#*=}" || fail "ESP: ${pair%%=*} is not ${pair#*=}"
done
[[ $(openssl x509 -inform DER -in "$sb/tickbench.cer" -noout -fingerprint -sha256) == \
   "$(openssl x509 -in "$cert" -noout -fingerprint -sha256)" ]] ||
	fail "tickbench.cer is not the signing certificate in DER"
[[ $bad == 0 ]] && echo "secureboot image: kernel, GRUB, ESP and certificate as expected"
exit $bad
