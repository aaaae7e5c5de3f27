# docs/OPTIONS.md's tables of words, printed from the kernel's and the benchmarks'
# own tables (kernel/cmdline.c, bench/core/config.c, bench/*/*_words.c) by build/options-md: `make docs` writes it between the file's markers
# (scripts/options-doc), and tests/host/option-table.sh fails when the two differ.
# iso/grub.cfg's "PC est." in the titles of the kernel's entries, from the
# benchmarks' estimates on a stated PC, by build/grub-times: `make docs` writes
# them, tests/host/grub-times.sh fails when they differ.
# A plain make builds the programs but leaves the files alone: rewriting them there
# would hide a stale doc from the tests.

.PHONY: docs
OPTIONS_MD := $(BUILD)/options-md
GRUB_TIMES := $(BUILD)/grub-times
host: $(OPTIONS_MD) $(GRUB_TIMES)

docs: $(OPTIONS_MD) $(GRUB_TIMES)
	$(call msg,GEN,docs/OPTIONS.md)
	$(Q)scripts/options-doc
	$(call msg,GEN,iso/grub.cfg)
	$(Q)$(GRUB_TIMES) iso/grub.cfg >$(BUILD)/grub.cfg.new
	$(Q)cmp -s iso/grub.cfg $(BUILD)/grub.cfg.new || cp $(BUILD)/grub.cfg.new iso/grub.cfg

$(OPTIONS_MD): $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,tools/options-md.c $(WORDS_SRCS) \
		lib/idlestate.c lib/format.c lib/splitmix.c)
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -o $@ $^

# The kernel's own objects, but for its entry (boot/header.S, boot/entry.S, kmain.c),
# under a main of the host's: the words' parse and the benchmarks' rows run here as
# they run in the kernel. The image's link constants (linker.ld, boot/entry.S) that
# those objects name are given 0: nothing here reads the image.
GRUB_TIMES_OBJS := $(filter-out %/boot/header.o %/boot/entry.o %/kernel/kmain.o,$(KERNEL_OBJS))
GRUB_TIMES_SYMS := __image_start __kernel_end __fixup_table_start __fixup_table_end pml4
$(GRUB_TIMES): $(BUILD)/tickstat-obj/tools/grub-times.o $(GRUB_TIMES_OBJS)
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -o $@ $^ $(GRUB_TIMES_SYMS:%=-Wl,--defsym=%=0) -Wl,-z,noexecstack
