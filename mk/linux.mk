# The OS beside the hardware (docs/METHOD.md): build/tickbench-linux, a static Linux
# program built from the kernel's own sources (the spin loop, the workloads, the
# record writer, the word tables and their parser (mk/host.mk's WORDS_SRCS), the
# platform and machine records) and the
# services linux/ gives them in the kernel's place; and make linux: Debian's own
# kernel and busybox (scripts/get-linux) with an initramfs that runs the program.

LINUX_PROG := $(BUILD)/tickbench-linux
LINUX_SRCS := linux/main.c linux/linux_info.c linux/host.c linux/tsc.c linux/proctext.c \
	linux/tickgrid.c linux/tickrun.c linux/measured.c \
	bench/core/spin.c bench/core/spin_loop.S bench/core/hist.c bench/core/workload.c \
	kernel/record.c kernel/smbios.c kernel/identity.c $(WORDS_SRCS) \
	arch/x86/cpu.c \
	lib/c/format.c lib/c/crc32.c lib/run/ftq.c lib/c/splitmix.c lib/run/idlestate.c
LINUX_OBJS := $(patsubst %,$(BUILD)/linux-obj/%.o,$(basename $(LINUX_SRCS)))
# linux/ stands where kmain stands: it sees every layer, and each shared file is
# built with its own layer's view (mk/kernel.mk's INCLUDES_*), hosted.
LINUX_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter -MMD -MP
INCLUDES_linux := -I linux -I bench/core -I bench/tick -I kernel -I arch/x86 $(LIB_INCLUDES) -I $(BUILD)

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

$(BUILD)/linux-obj/linux/linux_info.o: $(BUILD)/version.h
$(LINUX_OBJS): $(BUILD)/flags

# Linked at 512 MiB, away from busybox's text (at 4 MiB, in the same initramfs): the
# anatomy's plugin tells the measured code by its virtual address alone
# (tools/anatomy/plugin.c).
$(LINUX_PROG): $(LINUX_OBJS)
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -static -Wl,-Ttext-segment=0x20000000 -o $@ $^ -lz

# make linux: build/linux/vmlinuz and build/linux/initramfs. scripts/get-linux
# downloads Debian's kernel package of the day and busybox-static once (their .deb
# files stay in build/linux/debs/) and unpacks the three files used. The initramfs:
# busybox, tickbench-linux, linux/init, and the kernel's configuration as
# /boot/config-RELEASE (Debian's kernel has no /proc/config.gz; the program reads
# CONFIG_HZ there), every file dated 0 so that the same files give the same image.
# make linux LINUX_KERNEL=K: another kernel in a folder of its own beside it,
# build/linux-K/ (K: rt, cloud, backports, backports-rt, backports-cloud, or a
# bzImage's path, whose folder is named after its file; scripts/get-linux), which
# tools/run --linux=K boots. The ISO carries build/linux/'s alone. A kernel of one's
# own without LINUX_CONFIG= has an empty config, left out of its initramfs (the
# program then says it has none and takes HZ from TICK_NSEC).
LINUX_DIR       := $(BUILD)/linux
LINUX_VMLINUZ   := $(LINUX_DIR)/vmlinuz
LINUX_INITRAMFS := $(LINUX_DIR)/initramfs
LINUX_KERNEL    ?= default
LINUX_NAME      := $(if $(findstring /,$(LINUX_KERNEL)),$(firstword $(subst ., ,$(notdir $(LINUX_KERNEL)))),$(LINUX_KERNEL))
LINUX_FOLDER    := $(if $(filter default amd64,$(LINUX_NAME)),$(LINUX_DIR),$(BUILD)/linux-$(LINUX_NAME))

.PHONY: linux
linux: $(LINUX_FOLDER)/vmlinuz $(LINUX_FOLDER)/initramfs
host: $(LINUX_PROG)
# Every kernel fetched before keeps an initramfs of today's program and init.
all: $(patsubst %/vmlinuz,%/initramfs,$(wildcard $(BUILD)/linux-*/vmlinuz))

# A plain make puts them on the ISO, with their GRUB entries (scripts/get-linux
# fetches the packages once: about 70 MB); LINUX=no builds the ISO without them
# (its Linux entries then do not show), for a machine that cannot reach a Debian
# mirror.
LINUX ?= yes
ISO_LINUX := $(if $(filter no,$(LINUX)),,$(LINUX_VMLINUZ) $(LINUX_INITRAMFS))
# The choice in a file of its own, rewritten when it changes: the ISO follows it.
$(BUILD)/iso-linux: FORCE
	@mkdir -p $(BUILD)
	@echo '$(LINUX)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

$(LINUX_DIR)/vmlinuz $(LINUX_DIR)/config $(LINUX_DIR)/busybox &:
	$(call msg,GET,$(LINUX_DIR))
	$(Q)scripts/get-linux
$(BUILD)/linux-%/vmlinuz $(BUILD)/linux-%/config $(BUILD)/linux-%/busybox &:
	$(call msg,GET,$(BUILD)/linux-$*)
	$(Q)scripts/get-linux $(if $(findstring /,$(LINUX_KERNEL)),$(LINUX_KERNEL),$*)

# The initramfs of the kernel in folder $(1).
define initramfs
	$(call msg,CPIO,$@)
	@rm -rf $(1)/initramfs-root && mkdir -p $(1)/initramfs-root/bin $(1)/initramfs-root/boot $(1)/initramfs-root/proc $(1)/initramfs-root/sys $(1)/initramfs-root/dev
	$(Q)cp $(1)/busybox $(LINUX_PROG) $(1)/initramfs-root/bin/
	$(Q)install -m 755 linux/init $(1)/initramfs-root/init
	$(Q)if [ -s $(1)/config ]; then cp $(1)/config $(1)/initramfs-root/boot/config-$$(cat $(1)/release); fi
	$(Q)find $(1)/initramfs-root -exec touch -h -d @0 {} +
	$(Q)(cd $(1)/initramfs-root && find . | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0 --reproducible) | \
		gzip -9n >$@.tmp
	$(Q)mv $@.tmp $@
endef
$(LINUX_INITRAMFS): $(LINUX_PROG) linux/init $(LINUX_DIR)/busybox $(LINUX_DIR)/config
	$(call initramfs,$(LINUX_DIR))
$(BUILD)/linux-%/initramfs: $(LINUX_PROG) linux/init $(BUILD)/linux-%/busybox $(BUILD)/linux-%/config
	$(call initramfs,$(BUILD)/linux-$*)
