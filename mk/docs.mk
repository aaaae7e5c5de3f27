# docs/OPTIONS.md's tables of words, printed from the kernel's and the benchmarks'
# own tables (kernel/cmdline.c, bench/core/config.c, bench/*/*_words.c) by build/options-md: `make docs` writes it between the file's markers
# (scripts/options-doc), and tests/host/option-table.sh fails when the two differ.
# A plain make builds the program but leaves the file alone: rewriting it there
# would hide a stale doc from the test.

.PHONY: docs
OPTIONS_MD := $(BUILD)/options-md
host: $(OPTIONS_MD)

docs: $(OPTIONS_MD)
	$(call msg,GEN,docs/OPTIONS.md)
	$(Q)scripts/options-doc

$(OPTIONS_MD): $(patsubst %.c,$(BUILD)/tickstat-obj/%.o,tools/options-md.c $(WORDS_SRCS) \
		lib/idlestate.c lib/format.c lib/splitmix.c)
	$(call msg,HOSTLD,$@)
	$(Q)$(HOSTCC) -o $@ $^
