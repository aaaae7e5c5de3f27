/* SMBIOS parser (see smbios.h). Pure C: host-tested with tables dumped from QEMU. */
#include "smbios.h"
#include "crc32.h"
#include "lib.h"

#define EP2_LEN          0x1f   /* 2.1+ entry point; 2.1 firmware may say 0x1e */
#define EP2_MIN_LEN      0x1e
#define EP2_DMI_OFFSET   0x10   /* intermediate anchor "_DMI_" */
#define EP2_DMI_LEN      0x0f   /* the intermediate checksum covers 0x10-0x1e */
#define EP3_LEN          0x18
#define STRUCT_HEADER    4      /* type, length, handle */
#define TYPE_BIOS        0
#define TYPE_SYSTEM      1
#define TYPE_BASEBOARD   2
#define TYPE_END         127
#define SCAN_START       0xf0000
#define SCAN_LEN         0x10000
#define EFI_SYST_SIG     0x5453595320494249ull  /* "IBI SYST" */
#define EFI_MAX_TABLES   1024
#define EFI_TABLE_ENTRY  24     /* EFI_GUID, then VOID *VendorTable */

static void problem(struct smbios_info *s, uint64_t addr, const char *what)
{
	if (s->n_problems < SMBIOS_MAX_PROBLEMS)
		s->problems[s->n_problems++] = (struct smbios_problem){ addr, what };
}

/* Entry point 2.1+ (DSP0134 5.2.1): both checksums, then the table's place. */
static bool parse_ep2(struct smbios_info *s, const uint8_t *ep, size_t ep_len)
{
	uint8_t len = ep[5];
	if (len < EP2_MIN_LEN || len > ep_len || len > SMBIOS_EP_MAX_LEN) {
		problem(s, s->entry_addr, "entry point length impossible");
		return false;
	}
	if (!checksum_ok(ep, len)) {
		problem(s, s->entry_addr, "entry point checksum bad");
		return false;
	}
	const uint8_t *dmi = ep + EP2_DMI_OFFSET;
	if (memcmp(dmi, "_DMI_", 5) || !checksum_ok(dmi, EP2_DMI_LEN)) {
		problem(s, s->entry_addr, "intermediate entry point (_DMI_) bad");
		return false;
	}
	s->major = ep[6];
	s->minor = ep[7];
	s->table_len = le16(dmi + 6);
	s->table_addr = le32(dmi + 8);
	return true;
}

/* Entry point 3.0 (DSP0134 5.2.2): the table has a maximum size, no count. */
static bool parse_ep3(struct smbios_info *s, const uint8_t *ep, size_t ep_len)
{
	uint8_t len = ep[6];
	if (len < EP3_LEN || len > ep_len || len > SMBIOS_EP_MAX_LEN) {
		problem(s, s->entry_addr, "entry point length impossible");
		return false;
	}
	if (!checksum_ok(ep, len)) {
		problem(s, s->entry_addr, "entry point checksum bad");
		return false;
	}
	s->major = ep[7];
	s->minor = ep[8];
	s->table_len = le32(ep + 0x0c);
	s->table_addr = le64(ep + 0x10);
	return true;
}

static bool parse_entry_point(struct smbios_info *s, const uint8_t *ep, size_t ep_len)
{
	if (ep_len >= EP3_LEN && !memcmp(ep, "_SM3_", 5)) {
		memcpy(s->anchor, "_SM3_", 6);
		return parse_ep3(s, ep, ep_len);
	}
	if (ep_len >= EP2_MIN_LEN && !memcmp(ep, "_SM_", 4)) {
		memcpy(s->anchor, "_SM_", 5);
		return parse_ep2(s, ep, ep_len);
	}
	problem(s, s->entry_addr, "no entry point anchor");
	return false;
}

/* Copy string n (1-based) of the set [set, end) into dst, printable ASCII only and
 * without the blanks firmware pads with; "" for 0. False when n is past the set. */
static bool copy_string(char dst[SMBIOS_STR_MAX], const uint8_t *set, const uint8_t *end,
			uint8_t n)
{
	dst[0] = 0;
	if (n == 0)
		return true;
	const uint8_t *p = set;
	while (--n && p < end)
		p += strlen((const char *)p) + 1;   /* the walk proved every NUL is there */
	if (p >= end || !*p)
		return false;
	while (*p == ' ')
		p++;
	size_t len = 0;
	for (; *p && len < SMBIOS_STR_MAX - 1; p++)
		dst[len++] = *p >= 0x20 && *p < 0x7f ? (char)*p : '?';
	while (len && dst[len - 1] == ' ')
		len--;
	dst[len] = 0;
	return true;
}

/* The 16 UUID bytes of the system structure; the first three fields little-endian
 * from version 2.6 on (DSP0134 7.2.1). All 0x00 or all 0xff: not set, "". */
static void format_uuid(struct smbios_info *s, const uint8_t *u)
{
	static const char hex[] = "0123456789abcdef";
	static const uint8_t le_order[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	bool le = s->major > 2 || (s->major == 2 && s->minor >= 6);
	unsigned zeros = 0, ones = 0, o = 0;
	for (int i = 0; i < 16; i++) {
		uint8_t b = u[le ? le_order[i] : i];
		zeros += b == 0;
		ones += b == 0xff;
		if (i == 4 || i == 6 || i == 8 || i == 10)
			s->sys_uuid[o++] = '-';
		s->sys_uuid[o++] = hex[b >> 4];
		s->sys_uuid[o++] = hex[b & 15];
	}
	s->sys_uuid[o] = 0;
	if (zeros == 16 || ones == 16)
		s->sys_uuid[0] = 0;
}

struct field { uint8_t offset; size_t out; };   /* string number at offset, into out */

#define F(o, member) { o, offsetof(struct smbios_info, member) }
static const struct field bios_fields[] = { F(4, bios_vendor), F(5, bios_version), F(8, bios_date) };
static const struct field system_fields[] = { F(4, sys_manufacturer), F(5, sys_product), F(6, sys_version) };
static const struct field board_fields[] = { F(4, board_manufacturer), F(5, board_product), F(6, board_version) };
#undef F

static void copy_fields(struct smbios_info *s, uint64_t addr, const uint8_t *st,
			const uint8_t *end, const struct field *f, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (f[i].offset >= st[1])       /* an older, shorter structure */
			continue;
		char *dst = (char *)s + f[i].out;
		if (!copy_string(dst, st + st[1], end, st[f[i].offset]))
			problem(s, addr, "string number past the structure's strings");
	}
}

/* The first BIOS, system and baseboard structures give the identity. */
static void use_structure(struct smbios_info *s, uint64_t addr, const uint8_t *st,
			  const uint8_t *end, unsigned *seen)
{
	uint8_t type = st[0];
	if (type > TYPE_BASEBOARD || (*seen & (1u << type)))
		return;
	*seen |= 1u << type;
	if (type == TYPE_BIOS)
		copy_fields(s, addr, st, end, bios_fields, ARRAY_SIZE(bios_fields));
	if (type == TYPE_SYSTEM) {
		copy_fields(s, addr, st, end, system_fields, ARRAY_SIZE(system_fields));
		if (st[1] >= 0x18)
			format_uuid(s, st + 8);
	}
	if (type == TYPE_BASEBOARD)
		copy_fields(s, addr, st, end, board_fields, ARRAY_SIZE(board_fields));
}

/* Where the string set that starts at p ends (after its double NUL, DSP0134 6.1.3),
 * or NULL when it runs past end. */
static const uint8_t *string_set_end(const uint8_t *p, const uint8_t *end)
{
	if (end - p >= 2 && p[0] == 0 && p[1] == 0)
		return p + 2;                   /* no strings */
	for (; end - p >= 2; p++)
		if (p[0] == 0 && p[1] == 0)
			return p + 2;
	return NULL;
}

static void walk_table(struct smbios_info *s, const uint8_t *t, bool v3)
{
	const uint8_t *p = t, *end = t + s->table_len;
	unsigned seen = 0;
	while (end - p >= STRUCT_HEADER) {
		uint64_t addr = s->table_addr + (uint64_t)(p - t);
		if (p[1] < STRUCT_HEADER || p[1] > end - p) {
			problem(s, addr, p[1] < STRUCT_HEADER ? "structure shorter than its header"
					 : "structure runs past the table");
			return;
		}
		const uint8_t *next = string_set_end(p + p[1], end);
		if (!next) {
			problem(s, addr, "unterminated strings run past the table");
			return;
		}
		s->structures++;
		use_structure(s, addr, p, next, &seen);
		if (p[0] == TYPE_END)
			return;
		p = next;
	}
	if (!v3 && p != end)
		problem(s, s->table_addr, "table length does not end on a structure");
}

static void reset(struct smbios_info *s, const char *source, uint64_t ep_addr)
{
	memset(s, 0, sizeof(*s));
	s->source = source;
	s->entry_addr = ep_addr;
}

void smbios_parse(const void *ep, size_t ep_len, uint64_t ep_addr, const char *source,
		  smbios_map_fn map, struct smbios_info *s)
{
	reset(s, ep ? source : "none", ep_addr);
	if (!ep || !parse_entry_point(s, ep, ep_len))
		return;
	if (s->table_len == 0 || s->table_len > SMBIOS_MAX_TABLE_LEN) {
		problem(s, s->entry_addr, "structure table length impossible");
		return;
	}
	const uint8_t *t = map(s->table_addr, s->table_len);
	if (!t) {
		problem(s, s->table_addr, "structure table cannot be mapped");
		return;
	}
	walk_table(s, t, s->anchor[3] == '3');
}

uint64_t smbios_scan_bios_area(smbios_map_fn map)
{
	const uint8_t *area = map(SCAN_START, SCAN_LEN);
	if (!area)
		return 0;
	uint64_t found = 0;
	for (uint32_t off = 0; off + EP3_LEN <= SCAN_LEN; off += 16) {
		if (area[off] != '_')
			continue;
		if (!memcmp(area + off, "_SM3_", 5))
			return SCAN_START + off;
		if (!found && off + EP2_MIN_LEN <= SCAN_LEN && !memcmp(area + off, "_SM_", 4))
			found = SCAN_START + off;
	}
	return found;
}

/* EFI_GUIDs as they lie in memory (UEFI 2.10, appendix A: Data1-3 little-endian). */
static const uint8_t smbios3_guid[16] = { 0x44, 0x15, 0xfd, 0xf2, 0x94, 0x97, 0x2c, 0x4a,
					  0x99, 0x2e, 0xe5, 0xbb, 0xcf, 0x20, 0xe3, 0x94 };
static const uint8_t smbios_guid[16] = { 0x31, 0x2d, 0x9d, 0xeb, 0x88, 0x2d, 0xd3, 0x11,
					 0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d };

/* EFI_SYSTEM_TABLE (UEFI 2.10, 4.3.1), 64-bit: NumberOfTableEntries at 104,
 * ConfigurationTable at 112. */
uint64_t smbios_find_efi(uint64_t system_table, smbios_map_fn map)
{
	const uint8_t *st = system_table ? map(system_table, 120) : NULL;
	if (!st || le64(st) != EFI_SYST_SIG)
		return 0;
	uint64_t n = le64(st + 104);
	const uint8_t *ct = n && n <= EFI_MAX_TABLES ? map(le64(st + 112), n * EFI_TABLE_ENTRY) : NULL;
	if (!ct)
		return 0;
	uint64_t v2 = 0;
	for (uint64_t i = 0; i < n; i++) {
		const uint8_t *e = ct + i * EFI_TABLE_ENTRY;
		if (!memcmp(e, smbios3_guid, 16))
			return le64(e + 16);
		if (!v2 && !memcmp(e, smbios_guid, 16))
			v2 = le64(e + 16);
	}
	return v2;
}

void smbios_identity_id(const char *const *fields, size_t n, char out[9])
{
	static const char hex[] = "0123456789abcdef";
	uint32_t crc = 0;
	for (size_t i = 0; i < n; i++) {
		if (i)
			crc = crc32_update(crc, "\n", 1);
		crc = crc32_update(crc, fields[i], strlen(fields[i]));
	}
	for (int i = 0; i < 8; i++)
		out[i] = hex[(crc >> (28 - 4 * i)) & 15];
	out[8] = 0;
}
