/* Reed-Solomon codewords over GF(256) (see reedsolomon.h). */
#include "reedsolomon.h"
#include "lib.h"

/* a * b in GF(256): shift-and-add, reducing by 0x11d as the top bit leaves. */
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
	unsigned r = 0;
	for (int i = 7; i >= 0; i--) {
		r = (r << 1) ^ ((r >> 7) * 0x11d);
		r ^= ((b >> i) & 1) * a;
	}
	return (uint8_t)r;
}

void rs_generator(uint8_t *g, unsigned degree)
{
	memset(g, 0, degree);
	g[degree - 1] = 1;
	uint8_t root = 1;
	for (unsigned i = 0; i < degree; i++) {
		for (unsigned j = 0; j < degree; j++) {
			g[j] = gf_mul(g[j], root);
			if (j + 1 < degree)
				g[j] ^= g[j + 1];
		}
		root = gf_mul(root, 2);
	}
}

void rs_remainder(const uint8_t *data, unsigned n, const uint8_t *g, unsigned degree,
			 uint8_t *ec)
{
	memset(ec, 0, degree);
	for (unsigned i = 0; i < n; i++) {
		uint8_t factor = data[i] ^ ec[0];
		memmove(ec, ec + 1, degree - 1);
		ec[degree - 1] = 0;
		for (unsigned j = 0; j < degree; j++)
			ec[j] ^= gf_mul(g[j], factor);
	}
}
