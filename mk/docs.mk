# docs/OPTIONS.md's tables of words, printed from the kernel's and the benchmarks'
# own tables (kernel/cmdline.c, bench/core/config.c, bench/*/*_words.c) by build/options-md: `make docs` writes it between the file's markers
# (scripts/options-doc), and tests/host/option-table.sh fails when the two differ.
# iso/grub.cfg's "PC est." in the titles of the kernel's entries, from the
# benchmarks' estimates on a stated PC, by build/grub-times: `make docs` writes
# them, tests/host/grub-times.sh fails when they differ.
# A plain make builds the programs but leaves the files alone: rewriting them there
# would hide a stale doc from the tests.

# docs/FORMAT.md's tables of records, from lib/record/schema.def by build/format-md: `make
# docs` writes them between the file's markers, tests/host/format-tables.sh fails
# when they differ.

.PHONY: docs
OPTIONS_MD := $(BUILD)/options-md
GRUB_TIMES := $(BUILD)/grub-times
FORMAT_MD := $(BUILD)/format-md
host: $(OPTIONS_MD) $(GRUB_TIMES) $(FORMAT_MD)

docs: $(OPTIONS_MD) $(GRUB_TIMES) $(FORMAT_MD)
	$(call msg,GEN,docs/OPTIONS.md)
	$(Q)scripts/options-doc
	$(call msg,GEN,docs/FORMAT.md)
	$(Q)$(FORMAT_MD) docs/FORMAT.md >$(BUILD)/FORMAT.md.new
	$(Q)cmp -s docs/FORMAT.md $(BUILD)/FORMAT.md.new || cp $(BUILD)/FORMAT.md.new docs/FORMAT.md
	$(call msg,GEN,iso/grub.cfg)
	$(Q)$(GRUB_TIMES) iso/grub.cfg >$(BUILD)/grub.cfg.new
	$(Q)cmp -s iso/grub.cfg $(BUILD)/grub.cfg.new || cp $(BUILD)/grub.cfg.new iso/grub.cfg

$(OPTIONS_MD): $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,tools/options-md.c $(WORDS_SRCS) \
		lib/run/idlestate.c lib/c/format.c lib/c/splitmix.c)
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

# lib/ alone on its include path, as every reader of the schema.
$(FORMAT_MD): tools/format-md.c lib/record/schema.def lib/record/schema.h $(BUILD)/flags
	$(call msg,HOSTCC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) -std=gnu11 -O2 -Wall -Wextra -Werror -Wno-unused-parameter $(LIB_INCLUDES) -o $@ $<
