# The kernel, build/tickbench.iso, the relocation's test image and build/netboot/.

CFLAGS := -std=gnu11 -O2 -g
CFLAGS += -Wall -Wextra -Werror -Wno-unused-parameter
CFLAGS += -ffreestanding
CFLAGS += -fpie -fvisibility=hidden
CFLAGS += -mno-red-zone
CFLAGS += -mgeneral-regs-only -mno-sse -mno-mmx -mno-80387
CFLAGS += -mcmodel=small
CFLAGS += -fno-stack-protector
CFLAGS += -fno-asynchronous-unwind-tables
CFLAGS += -fno-tree-loop-distribute-patterns
CFLAGS += -fno-omit-frame-pointer
CFLAGS += -MMD -MP
ASFLAGS := -D__ASSEMBLY__ -I kernel -MMD -MP
LDFLAGS := -m elf_x86_64 -nostdlib -pie --no-dynamic-linker -z text -z nopack-relative-relocs -z max-page-size=0x1000 -z noexecstack -T linker.ld

# Each layer sees the layers below it only (docs/HACKING.md, "Code organisation"), so
# an include that points up is a compile error: lib/ sees itself, arch/ lib/ (and
# GRUB's font header), kernel/ arch/ and lib/, bench/ everything below and its core
# (bench/core/); kmain.c, the one kernel file that calls into bench/, also sees the
# core. A benchmark's folder (bench/NAME/) is seen by its own files alone (a quoted
# include looks in the includer's folder first): the core and the other benchmarks
# cannot include it.
INCLUDES_lib    := $(LIB_INCLUDES)
INCLUDES_arch   := -I arch/x86 $(LIB_INCLUDES) -I /usr/share/grub
INCLUDES_kernel := -I kernel -I arch/x86 $(LIB_INCLUDES) -I $(BUILD)
INCLUDES_bench  := -I bench/core -I kernel -I arch/x86 $(LIB_INCLUDES)
layer_includes = $(INCLUDES_$(firstword $(subst /, ,$(1))))

# The report's core (lib/answer/answer.h and what it computes with): doubles, so compiled
# with SSE, which the kernel enables after the last benchmark (kernel/report.c,
# arch/x86/fpu.h); every other file keeps -mgeneral-regs-only, so that no handler
# and no measured path touches an XMM register (docs/METHOD.md, "The report").
REPORT_CORE := lib/answer/figure_double.o lib/answer/student.o lib/answer/dataset.o \
	lib/answer/estimate.o lib/record/rec.o lib/record/rec_full.o lib/record/rec_fast.o \
	lib/record/rec_shapes.o lib/record/schema.o lib/record/configuration.o \
	lib/answer/pairs.o lib/answer/answer_out.o lib/answer/answer_take.o \
	lib/answer/answer_print.o lib/answer/answer_series.o lib/answer/answer_table.o \
	lib/answer/answer_timers.o lib/answer/answer_shares.o lib/answer/answer_idle.o
SSE_CFLAGS := $(filter-out -mgeneral-regs-only -mno-sse -mno-mmx,$(CFLAGS)) -msse2 \
	-mfpmath=sse -fno-math-errno

# Every source of each benchmark's folder (the Makefile's BENCH_FOLDERS).
BENCH_OBJS := $(foreach d,$(BENCH_FOLDERS),$(patsubst %.c,%.o,$(wildcard $(d)/*.c)) \
	$(patsubst %.S,%.o,$(wildcard $(d)/*.S)))

# The link order is the image's layout; boot/header.o (the multiboot2 header) first.
KERNEL_OBJS := \
	boot/header.o \
	boot/entry.o \
	boot/trampoline.o \
	arch/x86/cpu.o \
	arch/x86/gdt.o \
	arch/x86/idt.o \
	arch/x86/isr.o \
	arch/x86/uart.o \
	arch/x86/vga.o \
	arch/x86/fb.o \
	arch/x86/fbdraw.o \
	arch/x86/font.o \
	arch/x86/paging.o \
	arch/x86/pagetable.o \
	arch/x86/pci.o \
	arch/x86/qemu.o \
	arch/x86/bochs.o \
	arch/x86/acpi.o \
	arch/x86/msr_safe.o \
	arch/x86/mwait.o \
	arch/x86/cstate.o \
	arch/x86/rapl.o \
	arch/x86/pic.o \
	arch/x86/ioapic.o \
	arch/x86/lapic.o \
	arch/x86/pit.o \
	arch/x86/hpet.o \
	arch/x86/mce.o \
	arch/x86/pmu.o \
	arch/x86/pmtimer.o \
	arch/x86/i8042.o \
	kernel/kmain.o \
	lib/c/lib.o \
	lib/c/format.o \
	lib/c/crc32.o \
	kernel/record.o \
	lib/run/words.o \
	kernel/cmdline.o \
	kernel/multiboot2.o \
	kernel/console.o \
	kernel/mcheck.o \
	kernel/serial.o \
	kernel/panic.o \
	kernel/platform.o \
	kernel/identity.o \
	kernel/run.o \
	kernel/selftest.o \
	kernel/acpi_tables.o \
	kernel/acpi_dump.o \
	kernel/machine.o \
	kernel/smbios.o \
	kernel/irq.o \
	kernel/alloc.o \
	kernel/smp.o \
	kernel/clock.o \
	kernel/problem.o \
	kernel/status.o \
	lib/c/splitmix.o \
	lib/run/idlestate.o \
	lib/run/energy.o \
	lib/run/tscvote.o \
	lib/run/pmuplan.o \
	lib/run/ftq.o \
	kernel/logstore.o \
	arch/x86/fpu.o \
	lib/c/alloc_hook.o \
	lib/answer/figure.o \
	lib/answer/lines.o \
	lib/answer/tickmodel.o \
	$(REPORT_CORE) \
	kernel/report.o \
	lib/endscreen/deflate.o \
	lib/endscreen/huffman.o \
	lib/endscreen/qr.o \
	lib/endscreen/qrmask.o \
	lib/endscreen/reedsolomon.o \
	lib/endscreen/qrpages.o \
	lib/endscreen/qrlayout.o \
	lib/endscreen/textpages.o \
	lib/run/progress.o \
	kernel/qrscreen.o \
	bench/core/bench.o \
	bench/core/config.o \
	bench/core/plan.o \
	kernel/timers.o \
	kernel/calibrate.o \
	kernel/calibration.o \
	bench/core/tscsync.o \
	kernel/speed.o \
	bench/core/source.o \
	bench/core/handler.o \
	bench/core/handler_floor.o \
	bench/core/handler_full.o \
	bench/core/entry.o \
	bench/core/hist.o \
	bench/core/suite.o \
	bench/core/workload.o \
	bench/core/spin.o \
	bench/core/spin_loop.o \
	bench/core/measured.o \
	bench/core/footprint.o \
	bench/core/workcode.o \
	bench/core/idlecaps.o \
	bench/core/idlewait.o \
	bench/core/idlecount.o \
	bench/core/cost.o \
	$(BENCH_OBJS)
KERNEL_OBJS := $(addprefix $(BUILD)/kernel-obj/,$(KERNEL_OBJS))

ISO          := $(BUILD)/tickbench.iso
KERNEL       := $(BUILD)/tickbench.elf
KERNEL_DEBUG := $(BUILD)/tickbench-debug.elf

.PHONY: kernel iso netboot
kernel: $(KERNEL)
iso: $(ISO)

$(BUILD)/kernel-obj/%.o: %.c
	$(call msg,CC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) $(call layer_includes,$<) -c $< -o $@

$(addprefix $(BUILD)/kernel-obj/,$(REPORT_CORE)): $(BUILD)/kernel-obj/%.o: %.c
	$(call msg,CC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(SSE_CFLAGS) $(call layer_includes,$<) -c $< -o $@

$(BUILD)/kernel-obj/%.o: %.S
	$(call msg,AS,$<)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ASFLAGS) -c $< -o $@

INCLUDES_kmain := -I bench/core
$(BUILD)/kernel-obj/kernel/kmain.o: INCLUDES_kernel += $(INCLUDES_kmain)
# The floor handlers are leaves of a few instructions: no frame pointer to set up.
$(BUILD)/kernel-obj/bench/core/handler_floor.o: CFLAGS += -fomit-frame-pointer

# The version (git describe) in a header of its own, rewritten only when it changes:
# the boot record's "version" is then that of the build, and only platform.o, its
# one user, is rebuilt for it.
$(BUILD)/version.h: FORCE
	@mkdir -p $(BUILD)
	@echo '#define TICKBENCH_VERSION "$(VERSION)"' > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi
$(BUILD)/kernel-obj/kernel/platform.o: $(BUILD)/version.h

# The compilers' flags and include paths in a file of their own, rewritten only when
# they change: every object depends on it, so an object compiled with other flags is
# rebuilt. Its .d file cannot tell: a header that moved to another include folder
# (bench/core/) leaves the objects that include it unchanged, and make takes the
# old path, gone, for a header deleted (tests/host/flags-rebuild.sh).
$(BUILD)/flags: FORCE
	@mkdir -p $(BUILD)
	@printf '%s\n' '$(CC) $(CFLAGS) $(SSE_CFLAGS) $(ASFLAGS)' \
		'$(foreach l,lib arch kernel bench kmain linux,$(INCLUDES_$(l)))' \
		'$(HOSTCC) $(HOSTCFLAGS) $(SANITIZE) $(LINUX_CFLAGS)' '$(HOSTCFLAGS_LIB)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi
$(KERNEL_OBJS): $(BUILD)/flags

# The kernel is position independent (linker.ld, boot/entry.S): the link may leave
# only R_X86_64_RELATIVE relocations, the one kind boot/entry.S applies (RELR, packed
# relocations, it does not read: -z nopack-relative-relocs in LDFLAGS).
# $(call link_kernel,HEADER-OBJECT): link $@ from it and the other kernel objects.
define link_kernel
	$(call msg,LD,$@)
	$(Q)$(LD) $(LDFLAGS) -o $@ $(1) $(filter-out $(BUILD)/kernel-obj/boot/header.o,$(KERNEL_OBJS))
	@! readelf -rW $@ | grep -E '^[0-9a-f]{16} ' | grep -v R_X86_64_RELATIVE || \
		{ echo "$@: relocations other than R_X86_64_RELATIVE (above)"; rm $@; exit 1; }
endef

$(KERNEL_DEBUG): $(KERNEL_OBJS) linker.ld
	$(call link_kernel,$(BUILD)/kernel-obj/boot/header.o)

# What GRUB boots: the debug kernel stripped, its section header table cut to the
# null entry. GRUB's multiboot2 loader refuses a file with any SHT_RELA section
# header ("ELF files with relocs are not supported yet", grub-core/loader/
# multiboot_elfxx.c) though it loads by program headers alone, and GRUB 2.12's
# grub_elf64_get_shnum refuses e_shoff 0 with e_shnum 0; so e_shnum becomes 1 and
# e_shstrndx 0 (ELF-64 header offsets 0x3c, 0x3e), e_shoff kept: section 0 is null.
# gdb and addr2line read $(KERNEL_DEBUG), whose addresses are the link's: 1 MiB up
# (the boot record's load_addr says where GRUB put the image; subtract the difference).
$(BUILD)/%.elf: $(BUILD)/%-debug.elf
	$(call msg,STRIP,$@)
	$(Q)objcopy --strip-all $< $@.tmp
	$(Q)printf '\1\0\0\0' | dd of=$@.tmp bs=1 seek=60 conv=notrunc status=none
	$(Q)grub-file --is-x86-multiboot2 $@.tmp
	$(Q)mv $@.tmp $@

# $(call make_iso,KERNEL,DIR[,LINUX-FILES]): the bootable ISO $@ with that kernel
# and iso/grub.cfg (and Debian's kernel and the initramfs in /boot/linux/, mk/linux.mk).
define make_iso
	$(call msg,ISO,$@)
	@rm -rf $(2)
	@mkdir -p $(2)/boot/grub $(if $(3),$(2)/boot/linux)
	$(Q)cp $(1) $(2)/boot/tickbench.elf
	$(Q)cp iso/grub.cfg $(2)/boot/grub/grub.cfg
	$(if $(3),$(Q)cp $(3) $(2)/boot/linux/)
	$(Q)grub-mkrescue -o $@ $(2) 2>$(2).log || { cat $(2).log; exit 1; }
endef

$(ISO): $(KERNEL) iso/grub.cfg $(ISO_LINUX) $(BUILD)/iso-linux
	$(call make_iso,$(KERNEL),$(BUILD)/isodir,$(ISO_LINUX))

# The relocation's test image (boot cases relocated-*): the same kernel whose
# relocatable tag asks GRUB for the highest place it can, not the lowest, so that
# it runs far from where it was linked (boot/header.S).
HIGH     := $(BUILD)/high
HIGH_ISO := $(BUILD)/tickbench-high.iso
$(HIGH)/header.o: boot/header.S
	$(call msg,AS,$@)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ASFLAGS) -DMB2_LOAD_PREFERENCE=MB2_LOAD_PREFER_HIGH -c $< -o $@
$(HIGH)/tickbench-debug.elf: $(HIGH)/header.o $(KERNEL_DEBUG)
	$(call link_kernel,$(HIGH)/header.o)
$(HIGH_ISO): $(HIGH)/tickbench.elf iso/grub.cfg
	$(call make_iso,$(HIGH)/tickbench.elf,$(HIGH)/isodir)

# The same kernel and grub.cfg in a GRUB network-boot directory (BIOS PXE and UEFI)
# for a TFTP server: boot/grub/i386-pc/core.0, boot/grub/x86_64-efi/core.efi, and
# tickbench/ for the per-machine words (docs/NETBOOT.md).
NETBOOT := $(BUILD)/netboot
netboot: $(NETBOOT)/boot/tickbench.elf
$(NETBOOT)/boot/tickbench.elf: $(KERNEL) iso/grub.cfg
	$(call msg,NETBOOT,$(NETBOOT))
	@rm -rf $(NETBOOT)
	$(Q)for p in i386-pc x86_64-efi; do \
		grub-mknetdir --net-directory=$(NETBOOT) --subdir=boot/grub \
			-d /usr/lib/grub/$$p >$(BUILD)/grub-mknetdir.log 2>&1 || \
			{ cat $(BUILD)/grub-mknetdir.log; exit 1; }; \
	done
	$(Q)cp iso/grub.cfg $(NETBOOT)/boot/grub/grub.cfg
	$(Q)mkdir -p $(NETBOOT)/tickbench
	$(Q)cp $(KERNEL) $@
