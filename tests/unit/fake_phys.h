/* A fake physical address space for the firmware-table tests (test_acpi.c,
 * test_smbios.c): a list of regions, each exactly one image's bytes in its own heap
 * block. fake_map returns memory only when the whole range lies inside one region,
 * so any read past an image is an ASan report. Include after <cmocka.h>. */
#ifndef TESTS_UNIT_FAKE_PHYS_H
#define TESTS_UNIT_FAKE_PHYS_H

#define MAX_REGIONS 32

struct region {
	char sig[8];                    /* what the image is ("RSDT", "_SM3_", ...) */
	uint64_t phys;
	size_t len;
	uint8_t *data;
};

static struct region mem[MAX_REGIONS];
static unsigned n_mem;

static const void *fake_map(uint64_t phys, size_t len)
{
	for (unsigned i = 0; i < n_mem; i++) {
		const struct region *r = &mem[i];
		if (phys >= r->phys && len <= r->len && phys - r->phys <= r->len - len)
			return r->data + (phys - r->phys);
	}
	return NULL;
}

static uint8_t *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	fseek(f, 0, SEEK_END);
	*len = (size_t)ftell(f);
	rewind(f);
	uint8_t *p = malloc(*len ? *len : 1);
	assert_non_null(p);
	assert_int_equal(fread(p, 1, *len, f), *len);
	fclose(f);
	return p;
}

static void free_regions(void)
{
	for (unsigned i = 0; i < n_mem; i++)
		free(mem[i].data);
	n_mem = 0;
}

/* Set the byte at `at` so that the len bytes at t add up to 0. */
static void fix_checksum(uint8_t *t, size_t len, size_t at)
{
	uint8_t sum = 0;
	t[at] = 0;
	for (size_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + t[i]);
	t[at] = (uint8_t)-sum;
}

#endif
