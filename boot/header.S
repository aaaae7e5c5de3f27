/* Multiboot2 header (Multiboot2 Specification 1.0, section 3.1). It must lie in the
 * first 32 KiB of the image, 8-byte aligned; linker.ld places .multiboot2 first.
 *
 * Assembled twice. The ELF kernel (build/tickbench.elf) is loaded through its program
 * headers. With MB2_LOAD_ADDRESS (the Secure Boot image's kernel, `make secureboot`)
 * the header also carries the address and entry address tags (sections 3.1.5, 3.1.6):
 * that kernel is the raw image (objcopy -O binary) inside a signed PE file, which
 * GRUB cannot read as ELF, so it copies the bytes from the header's file offset
 * minus (header_addr - load_addr) to load_addr and zeroes up to bss_end_addr. */
#include "image.h"

#define MB2_MAGIC         0xe85250d6
#define MB2_ARCH_I386     0
#define MB2_TAG_END       0
#define MB2_TAG_INFO_REQ  1
#define MB2_TAG_ADDRESS   2
#define MB2_TAG_ENTRY     3
#define MB2_TAG_CONSOLE   4
#define MB2_TAG_FB        5
#define MB2_TAG_RELOCATABLE 10
#define MB2_LOAD_PREFER_LOW 1
#define MB2_LOAD_PREFER_HIGH 2
#ifndef MB2_LOAD_PREFERENCE             /* HIGH: build/tickbench-high.iso (Makefile) */
#define MB2_LOAD_PREFERENCE MB2_LOAD_PREFER_LOW
#endif
#define MB2_OPTIONAL      1

	.section .multiboot2, "a"
	.balign 8
mb2_header:
	.long MB2_MAGIC
	.long MB2_ARCH_I386
	.long mb2_header_end - mb2_header
	.long -(MB2_MAGIC + MB2_ARCH_I386 + (mb2_header_end - mb2_header))

	.balign 8                       /* ask for what kmain reads (all optional) */
info_req:
	.short MB2_TAG_INFO_REQ, MB2_OPTIONAL
	.long info_req_end - info_req
	.long 1, 2, 6, 8, 14, 15        /* cmdline, loader, mmap, framebuffer, ACPI old/new */
info_req_end:

	.balign 8                       /* we can draw on EGA text (flags bit 1) */
	.short MB2_TAG_CONSOLE, MB2_OPTIONAL
	.long 12
	.long 2

	/* A framebuffer, BIOS (VBE) and UEFI (GOP) alike: GRUB tries 1920x1080x32, then
	 * 1920x1080 at any depth, then its "auto" mode, then (BIOS, with the console tag
	 * above) EGA text; grub.cfg's gfxpayload, when set, replaces the first two
	 * (GRUB 2.06 grub-core/loader/multiboot.c, grub_multiboot_set_video_mode). Under
	 * QEMU, 0x0x0 ("any mode") gave 800x600 under OVMF and GRUB kept VGA text under
	 * SeaBIOS (shared notes, qr-and-screen.md section 3). */
	.balign 8
	.short MB2_TAG_FB, MB2_OPTIONAL
	.long 20
	.long 1920, 1080, 32

	/* Relocatable (section 3.1.10): GRUB may load the image anywhere from
	 * IMAGE_LINK_BASE up to UNCACHED_WINDOW, on a page boundary, as low as it can
	 * (so at IMAGE_LINK_BASE when that range is free, as before); boot/entry.S
	 * applies the difference. Where firmware holds 1 MiB, a fixed image would not
	 * load. The test image build/tickbench-high.iso asks for the highest place. */
	.balign 8
	.short MB2_TAG_RELOCATABLE, 0
	.long 24
	.long IMAGE_LINK_BASE           /* min_addr */
	.long UNCACHED_WINDOW           /* max_addr: the image's end stays below */
	.long 4096                      /* align */
	.long MB2_LOAD_PREFERENCE       /* preference */

#ifdef MB2_LOAD_ADDRESS
	/* Link addresses, written as IMAGE_LINK_BASE + distance from the header (the
	 * image's first byte): a position-independent link allows no absolute word. */
	.balign 8                       /* load the raw image: linker.ld's symbols */
	.short MB2_TAG_ADDRESS, 0
	.long 24
	.long IMAGE_LINK_BASE           /* header_addr: the header is the first byte */
	.long IMAGE_LINK_BASE           /* load_addr: the image's first byte */
	.long IMAGE_LINK_BASE + (__load_end - mb2_header)       /* load_end_addr */
	.long IMAGE_LINK_BASE + (__kernel_end - mb2_header)     /* bss_end_addr */

	.balign 8                       /* the 32-bit entry (boot/entry.S) */
	.short MB2_TAG_ENTRY, 0
	.long 12
	.long IMAGE_LINK_BASE + (_start - mb2_header)
#endif

	.balign 8
	.short MB2_TAG_END, 0
	.long 8
mb2_header_end:
