# The tick's anatomy (docs/METHOD.md, "The tick's anatomy"; tools/anatomy/): the QEMU
# plugin, built against QEMU's own header from Debian's qemu source package
# (scripts/get-qemu-plugin-header, once), the measured code of each image as the
# plugin reads it (from their ELF symbols), and build/anatomy/annex, which turns the
# plugin's counts into the log's annex. A plain make builds them all; without the
# header (no network) the plugin alone is left out, said once, and what needs it
# says so and skips (tools/run --anatomy exits 77).
ANATOMY          := $(BUILD)/anatomy
QEMU_PLUGIN_H    := $(BUILD)/qemu-plugin/qemu-plugin.h
ANATOMY_PLUGIN   := $(ANATOMY)/plugin.so
ANATOMY_ANNEX    := $(ANATOMY)/annex
ANATOMY_MEASURED := $(ANATOMY)/bare.measured $(ANATOMY)/linux.measured
ANATOMY_CFLAGS   := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter -MMD -MP
PLUGIN_SRCS      := tools/anatomy/plugin.c tools/anatomy/follow.c tools/anatomy/tally.c \
	tools/anatomy/cache.c tools/anatomy/caches.c
ANNEX_SRCS       := tools/anatomy/annex.c tools/anatomy/annex_caches.c tools/anatomy/profile.c \
	tools/anatomy/cache.c tools/anatomy/caches.c tools/anatomy/symbols.c \
	tools/anatomy/table.c tools/anatomy/tally.c tools/tickstat/log.c tools/tickstat/check.c \
	tools/tickstat/say_error.c tools/tickstat/contract.c $(REPORT_SRCS) lib/c/format.c lib/c/crc32.c kernel/record.c

.PHONY: anatomy anatomy-try
all: anatomy
anatomy: $(ANATOMY_ANNEX) $(ANATOMY_MEASURED) \
	$(if $(wildcard $(QEMU_PLUGIN_H)),$(ANATOMY_PLUGIN),anatomy-try)
anatomy-try:
	@$(MAKE) --no-print-directory $(ANATOMY_PLUGIN) || \
		echo "  (the anatomy's plugin is not built: $(BUILD)/qemu-plugin/get.log says why)"

$(QEMU_PLUGIN_H):
	$(call msg,GET,$@)
	@mkdir -p $(dir $@)
	$(Q)scripts/get-qemu-plugin-header >$(BUILD)/qemu-plugin/get.log 2>&1 || \
		{ tail -3 $(BUILD)/qemu-plugin/get.log; exit 1; }

# Hidden but for qemu_plugin_install and qemu_plugin_version (QEMU_PLUGIN_EXPORT):
# QEMU's own symbols would take the place of the plugin's of the same name
# (cache_init is QEMU's migration page cache's too).
$(ANATOMY)/plugin-obj/%.o: %.c $(QEMU_PLUGIN_H)
	$(call msg,HOSTCC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(ANATOMY_CFLAGS) -fPIC -fvisibility=hidden -I $(BUILD)/qemu-plugin -c $< -o $@

$(ANATOMY_PLUGIN): $(PLUGIN_SRCS:%.c=$(ANATOMY)/plugin-obj/%.o)
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -shared -o $@ $^ -lpthread

$(ANATOMY)/annex-obj/%.o: %.c $(BUILD)/version.h
	$(call msg,HOSTCC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(ANATOMY_CFLAGS) -I tools/anatomy -I tools/tickstat -I kernel $(LIB_INCLUDES) -I $(BUILD) -c $< -o $@

$(ANATOMY_ANNEX): $(ANNEX_SRCS:%.c=$(ANATOMY)/annex-obj/%.o)
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -o $@ $^ -lisal -lz -lm

$(ANATOMY)/bare.measured: $(KERNEL_DEBUG) tools/anatomy/measured.sh
	$(call msg,GEN,$@)
	@mkdir -p $(dir $@)
	$(Q)tools/anatomy/measured.sh $< >$@.tmp && mv $@.tmp $@
$(ANATOMY)/linux.measured: $(LINUX_PROG) tools/anatomy/measured.sh
	$(call msg,GEN,$@)
	@mkdir -p $(dir $@)
	$(Q)tools/anatomy/measured.sh $< >$@.tmp && mv $@.tmp $@

# Its host parts' unit tests (tests/unit/test_anatomy.c), under the sanitizers.
ANATOMY_TESTED := tools/anatomy/follow.c tools/anatomy/tally.c tools/anatomy/profile.c \
	tools/anatomy/symbols.c tools/anatomy/table.c tools/anatomy/cache.c tools/anatomy/caches.c
$(BUILD)/tests/test_anatomy: $(BUILD)/host-obj/tests/unit/test_anatomy.o \
		$(ANATOMY_TESTED:%.c=$(BUILD)/host-obj/%.o)
	$(call msg,HOSTLD,$@)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(SANITIZE) -o $@ $^ -lcmocka -lz
$(BUILD)/host-obj/tools/anatomy/%.o $(BUILD)/host-obj/tests/unit/test_anatomy.o: HOSTCFLAGS += -I tools/anatomy
$(BUILD)/host-obj/tests/unit/test_anatomy.o: HOSTCFLAGS += \
	-DANATOMY_FIXTURES='"$(CURDIR)/tests/unit/anatomy"' -DANATOMY_LAYERS='"$(CURDIR)/tools/anatomy/layers"'
host: $(BUILD)/tests/test_anatomy $(BUILD)/tests/test_caches

$(BUILD)/tests/test_caches: $(BUILD)/host-obj/tests/unit/test_caches.o \
		$(patsubst %,$(BUILD)/host-obj/tools/anatomy/%.o,cache caches tally follow)
	$(call msg,HOSTLD,$@)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(SANITIZE) -o $@ $^ -lcmocka
$(BUILD)/host-obj/tests/unit/test_caches.o: HOSTCFLAGS += -I tools/anatomy
