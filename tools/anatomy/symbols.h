/* A kernel's text symbols, for the anatomy's names: nm's output of an ELF (the bare
 * kernel's) or the guest's /proc/kallsyms (Linux's, at the addresses of its boot),
 * as text or gzip'ed, and what comes before a gzip stream skipped (the serial port
 * that brings kallsyms carries GRUB's menu first). A line is "ADDRESS TYPE NAME
 * [MODULE]"; types t, T, w and W are text. Where several symbols share an address
 * (a section's start or end marker beside a function), the function's name is the
 * one found. */
#ifndef ANATOMY_SYMBOLS_H
#define ANATOMY_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

struct symbol {
	uint64_t addr;
	char *name;
	size_t line;                /* its place among the file's symbols */
};

struct symbols {
	struct symbol *s;           /* by address */
	size_t n;
};

/* Read text (len bytes, NUL-terminated or not); the symbols found (0: none). */
size_t symbols_parse(struct symbols *t, const char *text, size_t len);
/* Read a file, gzip'ed or not; NULL, or why not. */
const char *symbols_read(struct symbols *t, const char *path);
/* The name of the symbol at or below addr; NULL below the first. */
const char *symbols_find(const struct symbols *t, uint64_t addr);
void symbols_free(struct symbols *t);

/* Addresses of the lower half, where user space lives (x86-64's canonical split). */
#define USER_SPACE_END 0x0000800000000000ull

#endif
