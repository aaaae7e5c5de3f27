/* Multiboot2 header (Multiboot2 Specification 1.0, section 3.1). It must lie in the
 * first 32 KiB of the image, 8-byte aligned; linker.ld places .multiboot2 first.
 *
 * Assembled twice. The ELF kernel (build/tickbench.elf) is loaded through its program
 * headers. With MB2_LOAD_ADDRESS (the Secure Boot image's kernel, `make secureboot`)
 * the header also carries the address and entry address tags (sections 3.1.5, 3.1.6):
 * that kernel is the raw image (objcopy -O binary) inside a signed PE file, which
 * GRUB cannot read as ELF, so it copies the bytes from the header's file offset
 * minus (header_addr - load_addr) to load_addr and zeroes up to bss_end_addr. */
#define MB2_MAGIC         0xe85250d6
#define MB2_ARCH_I386     0
#define MB2_TAG_END       0
#define MB2_TAG_INFO_REQ  1
#define MB2_TAG_ADDRESS   2
#define MB2_TAG_ENTRY     3
#define MB2_TAG_CONSOLE   4
#define MB2_TAG_FB        5
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

#ifdef MB2_LOAD_ADDRESS
	.balign 8                       /* load the raw image: linker.ld's symbols */
	.short MB2_TAG_ADDRESS, 0
	.long 24
	.long mb2_header                /* header_addr */
	.long __image_start             /* load_addr: the image's first byte */
	.long __load_end                /* load_end_addr: after .data */
	.long __kernel_end              /* bss_end_addr */

	.balign 8                       /* the 32-bit entry (boot/entry.S) */
	.short MB2_TAG_ENTRY, 0
	.long 12
	.long _start
#endif

	.balign 8
	.short MB2_TAG_END, 0
	.long 8
mb2_header_end:
