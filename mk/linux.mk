# The OS beside the hardware (docs/METHOD.md): build/tickbench-linux, a static Linux
# program built from the kernel's own sources (the spin loop, the workloads, the
# record writer, the word tables and their parser (mk/host.mk's WORDS_SRCS), the
# platform and machine records) and the
# services linux/ gives them in the kernel's place; and make linux: Debian's own
# kernel and busybox (scripts/get-linux) with an initramfs that runs the program.

LINUX_PROG := $(BUILD)/tickbench-linux
LINUX_SRCS := linux/main.c linux/about.c linux/host.c linux/tsc.c linux/proctext.c \
	linux/tickgrid.c linux/tickrun.c \
	bench/spin.c bench/spin_loop.S bench/hist.c bench/workload.c \
	kernel/record.c kernel/smbios.c kernel/identity.c $(WORDS_SRCS) \
	arch/x86/cpu.c \
	lib/format.c lib/crc32.c lib/ftq.c lib/splitmix.c lib/idlestate.c
LINUX_OBJS := $(patsubst %,$(BUILD)/linux-obj/%.o,$(basename $(LINUX_SRCS)))
# linux/ stands where kmain stands: it sees every layer, and each shared file is
# built with its own layer's view (mk/kernel.mk's INCLUDES_*), hosted.
LINUX_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter -MMD -MP
INCLUDES_linux := -I linux -I bench -I kernel -I arch/x86 -I lib -I $(BUILD)

.PHONY: linux-prog
linux-prog: $(LINUX_PROG)

$(BUILD)/linux-obj/%.o: %.c
	$(call msg,HOSTCC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(LINUX_CFLAGS) $(call layer_includes,$<) -c $< -o $@

$(BUILD)/linux-obj/%.o: %.S
	$(call msg,HOSTAS,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) -c $< -o $@

$(BUILD)/linux-obj/linux/about.o: $(BUILD)/version.h

$(LINUX_PROG): $(LINUX_OBJS)
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -static -o $@ $^ -lz

# make linux: build/linux/vmlinuz and build/linux/initramfs. scripts/get-linux
# downloads Debian's kernel package of the day and busybox-static once (their .deb
# files stay in build/linux/debs/) and unpacks the three files used. The initramfs:
# busybox, tickbench-linux, linux/init, and the kernel's configuration as
# /boot/config-RELEASE (Debian's kernel has no /proc/config.gz; the program reads
# CONFIG_HZ there), every file dated 0 so that the same files give the same image.
LINUX_DIR       := $(BUILD)/linux
LINUX_KERNEL    := $(LINUX_DIR)/vmlinuz
LINUX_INITRAMFS := $(LINUX_DIR)/initramfs

.PHONY: linux
linux: $(LINUX_KERNEL) $(LINUX_INITRAMFS)
host: $(LINUX_PROG)

# A plain make puts them on the ISO, with their GRUB entries (scripts/get-linux
# fetches the packages once: about 70 MB); LINUX=no builds the ISO without them
# (its Linux entries then do not show), for a machine that cannot reach a Debian
# mirror.
LINUX ?= yes
ISO_LINUX := $(if $(filter no,$(LINUX)),,$(LINUX_KERNEL) $(LINUX_INITRAMFS))
# The choice in a file of its own, rewritten when it changes: the ISO follows it.
$(BUILD)/iso-linux: FORCE
	@mkdir -p $(BUILD)
	@echo '$(LINUX)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

$(LINUX_KERNEL) $(LINUX_DIR)/config $(LINUX_DIR)/busybox &:
	$(call msg,GET,$(LINUX_KERNEL) $(LINUX_DIR)/busybox)
	$(Q)scripts/get-linux

$(LINUX_INITRAMFS): $(LINUX_PROG) linux/init $(LINUX_DIR)/busybox $(LINUX_DIR)/config
	$(call msg,CPIO,$@)
	@rm -rf $(LINUX_DIR)/initramfs-root && mkdir -p $(LINUX_DIR)/initramfs-root/bin $(LINUX_DIR)/initramfs-root/boot $(LINUX_DIR)/initramfs-root/proc $(LINUX_DIR)/initramfs-root/sys $(LINUX_DIR)/initramfs-root/dev
	$(Q)cp $(LINUX_DIR)/busybox $(LINUX_PROG) $(LINUX_DIR)/initramfs-root/bin/
	$(Q)install -m 755 linux/init $(LINUX_DIR)/initramfs-root/init
	$(Q)cp $(LINUX_DIR)/config $(LINUX_DIR)/initramfs-root/boot/config-$$(cat $(LINUX_DIR)/release)
	$(Q)find $(LINUX_DIR)/initramfs-root -exec touch -h -d @0 {} +
	$(Q)(cd $(LINUX_DIR)/initramfs-root && find . | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0 --reproducible) | \
		gzip -9n >$@.tmp
	$(Q)mv $@.tmp $@
