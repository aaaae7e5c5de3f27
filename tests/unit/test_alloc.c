/* The bump allocator's region (kernel/alloc.c) wherever GRUB put the kernel image
 * and the boot information: at the start of the largest free region (the image at
 * 1 MiB, as linked), at its top (build/tickbench-high.iso), in its middle, outside
 * it, or over all of it; and what it hands out is zeroed. The "RAM" is a host
 * buffer of 256 units (a unit stands for a MiB: 4 KiB here). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "alloc.h"

#define UNIT 4096ull
static _Alignas(4096) uint8_t ram[256 * UNIT];
#define MiB UNIT
#define AT(n) ((uint64_t)(uintptr_t)ram + (n))

static struct boot_info region(uint64_t base, uint64_t len, uint64_t info, uint64_t info_end)
{
	struct boot_info bi = { .free_base = AT(base), .free_len = len,
				.info_start = AT(info), .info_end = AT(info_end) };
	memset(ram, 0xff, sizeof(ram));                 /* what firmware left */
	return bi;
}

/* Take 1 MiB pieces until none is left; each must lie in [lo, hi). Returns how many. */
static unsigned take_all(uint64_t lo, uint64_t hi)
{
	unsigned n = 0;
	for (uint8_t *p; (p = alloc(MiB, 4096)) != NULL; n++) {
		uint64_t a = (uint64_t)(uintptr_t)p;
		assert_true(a >= AT(lo) && a + MiB <= AT(hi));
		assert_true(p[0] == 0 && p[MiB - 1] == 0);
	}
	return n;
}

static void image_at_start(void **state)
{
	struct boot_info bi = region(1 * MiB, 255 * MiB, 0, MiB / 2);
	alloc_init(&bi, AT(1 * MiB), AT(3 * MiB));
	assert_int_equal(take_all(3 * MiB, 256 * MiB), 253);
}

static void image_at_top(void **state)
{
	struct boot_info bi = region(1 * MiB, 255 * MiB, 0, MiB / 2);
	alloc_init(&bi, AT(250 * MiB), AT(252 * MiB));          /* 4 MiB above it, 249 below */
	assert_int_equal(take_all(1 * MiB, 250 * MiB), 249);
}

static void image_and_info_inside(void **state)
{
	/* The image leaves 1..200 (199 MiB) and 201..256 (55): the first is kept.
	 * The information then leaves 1..150 (149 MiB) and 150.25..200 (49.75). */
	struct boot_info bi = region(1 * MiB, 255 * MiB, 150 * MiB, 150 * MiB + MiB / 4);
	alloc_init(&bi, AT(200 * MiB), AT(201 * MiB));
	assert_int_equal(take_all(1 * MiB, 150 * MiB), 149);
}

/* Cutting the image first would keep 61..100 (39); the largest piece is 0..40. */
static void largest_of_three_pieces(void **state)
{
	struct boot_info bi = region(0, 100 * MiB, 60 * MiB, 61 * MiB);
	alloc_init(&bi, AT(40 * MiB), AT(41 * MiB));
	assert_int_equal(take_all(0, 40 * MiB), 40);
}

static void holes_over_the_edges(void **state)
{
	struct boot_info bi = region(10 * MiB, 20 * MiB, 28 * MiB, 40 * MiB);
	alloc_init(&bi, AT(5 * MiB), AT(12 * MiB));     /* keeps 12..28 */
	assert_int_equal(take_all(12 * MiB, 28 * MiB), 16);
}

static void image_outside(void **state)
{
	struct boot_info bi = region(16 * MiB, 16 * MiB, 0, 0);
	alloc_init(&bi, AT(1 * MiB), AT(3 * MiB));
	assert_int_equal(take_all(16 * MiB, 32 * MiB), 16);
}

static void image_over_all(void **state)
{
	struct boot_info bi = region(16 * MiB, 4 * MiB, 0, 0);
	alloc_init(&bi, AT(15 * MiB), AT(21 * MiB));
	assert_null(alloc(1, 1));
}

static void reserve_after_init(void **state)
{
	struct boot_info bi = region(1 * MiB, 15 * MiB, 0, 0);
	alloc_init(&bi, AT(1 * MiB), AT(2 * MiB));
	alloc_reserve(AT(2 * MiB), MiB);                    /* a page the trampoline takes */
	assert_int_equal(take_all(3 * MiB, 16 * MiB), 13);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(image_at_start),
		cmocka_unit_test(image_at_top),
		cmocka_unit_test(image_and_info_inside),
		cmocka_unit_test(largest_of_three_pieces),
		cmocka_unit_test(holes_over_the_edges),
		cmocka_unit_test(image_outside),
		cmocka_unit_test(image_over_all),
		cmocka_unit_test(reserve_after_init),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
