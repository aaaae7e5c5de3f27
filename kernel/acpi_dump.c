/* dump=acpi (see acpi_dump.h). Walks the RSDP, the RSDT and the XSDT on its own,
 * without the parser's checks, so a table that fails its checksum is dumped too.
 * Line format, never starting with '{' (docs/FORMAT.md):
 *
 *   acpidump SIG 0xADDRESS LENGTH +OFFSET: HEX     (up to 32 bytes a line)
 *   acpidump SIG 0xADDRESS LENGTH unmappable       (nothing could be read)
 *
 * LENGTH is the table's whole length; a table whose header claims more than
 * ACPI_MAX_TABLE_LEN is dumped as its 36-byte header only. */
#include "acpi_dump.h"
#include "console.h"
#include "lib.h"

#define SDT_HEADER_LEN  36
#define DUMP_LINE_BYTES 32
#define MAX_DUMPED      64              /* tables remembered, to dump each once */

static uint64_t dumped[MAX_DUMPED];
static unsigned n_dumped;


static void sig_text(const uint8_t *p, char sig[5])
{
	for (int i = 0; i < 4; i++)
		sig[i] = p && p[i] > 0x20 && p[i] < 0x7f ? (char)p[i] : '?';
	sig[4] = 0;
}

void dump_hex_lines(const char *prefix, const char *name, uint64_t addr, const void *data,
		    uint32_t len)
{
	const uint8_t *p = data;
	static const char hex[] = "0123456789abcdef";
	char line[2 * DUMP_LINE_BYTES + 1];
	for (uint32_t off = 0; off < len; off += DUMP_LINE_BYTES) {
		uint32_t n = len - off < DUMP_LINE_BYTES ? len - off : DUMP_LINE_BYTES;
		for (uint32_t i = 0; i < n; i++) {
			line[2 * i] = hex[p[off + i] >> 4];
			line[2 * i + 1] = hex[p[off + i] & 15];
		}
		line[2 * n] = 0;
		kprintf_serial("%s %s 0x%08llx %u +%04x: %s\n", prefix, name, (unsigned long long)addr,
			len, off, line);
	}
}

/* Dump the table at addr once; returns it (header at least) or NULL. */
static const uint8_t *dump_table(uint64_t addr, acpi_map_fn map)
{
	for (unsigned i = 0; i < n_dumped; i++)
		if (dumped[i] == addr)
			return NULL;
	if (n_dumped < MAX_DUMPED)
		dumped[n_dumped++] = addr;
	const uint8_t *h = map(addr, SDT_HEADER_LEN);
	char sig[5];
	sig_text(h, sig);
	if (!h) {
		kprintf_serial("acpidump %s 0x%08llx 0 unmappable\n", sig, (unsigned long long)addr);
		return NULL;
	}
	uint32_t len = le32(h + 4);
	const uint8_t *t = len >= SDT_HEADER_LEN && len <= ACPI_MAX_TABLE_LEN ? map(addr, len) : NULL;
	if (!t) {
		t = h;
		len = SDT_HEADER_LEN;
	}
	dump_hex_lines("acpidump", sig, addr, t, len);
	return t;
}

static void dump_root(uint64_t addr, unsigned entry, acpi_map_fn map)
{
	if (!addr)
		return;
	const uint8_t *t = dump_table(addr, map);
	if (!t)
		return;
	uint32_t len = le32(t + 4);
	if (len > ACPI_MAX_TABLE_LEN || !map(addr, len))
		return;
	for (uint32_t off = SDT_HEADER_LEN; off + entry <= len; off += entry)
		dump_table(entry == 8 ? le64(t + off) : le32(t + off), map);
}

void acpi_dump(const void *rsdp, size_t rsdp_len, acpi_map_fn map)
{
	const uint8_t *r = rsdp;
	n_dumped = 0;
	if (!r || rsdp_len < 20) {
		kprintf_serial("acpidump: no RSDP\n");
		return;
	}
	uint32_t len = r[15] >= 2 && rsdp_len >= 36 ? 36 : 20;
	dump_hex_lines("acpidump", "RSDP", (uint64_t)(uintptr_t)r, r, len);
	dump_root(le32(r + 16), 4, map);
	if (len == 36)
		dump_root(le64(r + 24), 8, map);
	kprintf_serial("acpidump: end\n");
}
