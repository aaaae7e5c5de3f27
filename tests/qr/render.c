/* build/qr-render: the kernel's QR pages of a log, drawn on the host into PGM images,
 * for tests/host/qr-import.sh (tools/qr-import without QEMU). The records of LOG
 * (lines starting '{') are compressed by lib/endscreen/deflate.c and cut into pages by
 * lib/endscreen/qrpages.c, as kernel/qrscreen.c does, then encoded by lib/endscreen/qr.c at
 * VERSION, level M, PX pixels a module.
 *   qr-render LOG VERSION PX OUTDIR [PER_IMAGE]
 * writes OUTDIR/page-K.pgm, or with PER_IMAGE > 1 that many codes side by side per
 * image (OUTDIR/image-I.pgm); prints the page count. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "deflate.h"
#include "qr.h"
#include "qrpages.h"

#define QUIET 4

static struct qr codes[8];
static struct deflate_work work;

static size_t read_records(const char *path, uint8_t **out)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	char line[65536];
	size_t len = 0, cap = 1 << 20;
	*out = malloc(cap);
	while (fgets(line, sizeof(line), f)) {
		size_t n = strlen(line);
		if (line[0] != '{')
			continue;
		while (len + n > cap)
			*out = realloc(*out, cap *= 2);
		memcpy(*out + len, line, n);
		len += n;
	}
	fclose(f);
	return len;
}

/* count codes in a row, each with its quiet zone, dark modules 0 on 255. */
static void write_image(const char *path, unsigned count, unsigned px)
{
	unsigned side = (codes[0].size + 2 * QUIET) * px, width = side * count;
	FILE *f = fopen(path, "wb");
	fprintf(f, "P5 %u %u 255\n", width, side);
	for (unsigned y = 0; y < side; y++)
		for (unsigned x = 0; x < width; x++) {
			const struct qr *q = &codes[x / side];
			int mx = (int)(x % side / px) - QUIET, my = (int)(y / px) - QUIET;
			int in = mx >= 0 && my >= 0 && mx < (int)q->size && my < (int)q->size;
			fputc(in && qr_module(q, (unsigned)mx, (unsigned)my) ? 0 : 255, f);
		}
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: qr-render LOG VERSION PX OUTDIR [PER_IMAGE]\n");
		return 64;
	}
	unsigned version = (unsigned)atoi(argv[2]), px = (unsigned)atoi(argv[3]);
	unsigned per = argc > 5 ? (unsigned)atoi(argv[5]) : 1;
	uint8_t *log, *packed, page[4096];
	size_t len = read_records(argv[1], &log);
	packed = malloc(deflate_bound(len));
	size_t plen = deflate_compress(log, len, packed, deflate_bound(len), &work);
	struct qrpages p;
	if (per < 1 || per > 8 || !plen ||
	    !qrpages_plan(&p, packed, plen, qrpages_run_id(log, len),
			  qr_byte_capacity(version, QR_M))) {
		fprintf(stderr, "qr-render: cannot make pages\n");
		return 1;
	}
	char path[4096];
	for (unsigned k = 1, in_image = 0; k <= p.count; k++) {
		size_t n = qrpages_page(&p, k, page);
		if (!qr_encode(&codes[in_image++], version, QR_M, page, n))
			return 1;
		if (in_image == per || k == p.count) {
			snprintf(path, sizeof(path), per > 1 ? "%s/image-%u.pgm" : "%s/page-%u.pgm",
				 argv[4], per > 1 ? (k - 1) / per + 1 : k);
			write_image(path, in_image, px);
			in_image = 0;
		}
	}
	printf("%u\n", p.count);
	return 0;
}
