/* Huffman code lengths and canonical codes (see huffman.h). */
#include "huffman.h"
#include "lib.h"

#define NODES (2 * HUFFMAN_SYMBOLS_MAX)

/* The used symbols, by ascending frequency (ties: by symbol). Returns how many. */
static unsigned sort_used(const uint32_t *freq, unsigned n, uint16_t *sym)
{
	unsigned used = 0;
	for (unsigned s = 0; s < n; s++) {
		if (!freq[s])
			continue;
		unsigned i = used++;
		for (; i > 0 && freq[sym[i - 1]] > freq[s]; i--)
			sym[i] = sym[i - 1];
		sym[i] = (uint16_t)s;
	}
	return used;
}

/* count[d]: leaves at depth d of a Huffman tree over the sorted weights, built with
 * two queues (leaves in order, then internal nodes in the order they are made). */
static void depth_counts(const uint32_t *freq, const uint16_t *sym, unsigned used,
			 uint16_t *count)
{
	uint32_t weight[NODES];
	uint16_t parent[NODES], depth[NODES];
	unsigned leaf = 0, inner = used;
	for (unsigned i = 0; i < used; i++)
		weight[i] = freq[sym[i]];
	for (unsigned next = used; next < 2 * used - 1; next++) {
		unsigned pick[2];
		for (int k = 0; k < 2; k++)
			pick[k] = leaf < used && (inner >= next || weight[leaf] <= weight[inner])
				? leaf++ : inner++;
		weight[next] = weight[pick[0]] + weight[pick[1]];
		parent[pick[0]] = parent[pick[1]] = (uint16_t)next;
	}
	depth[2 * used - 2] = 0;
	for (int node = (int)(2 * used - 3); node >= 0; node--)
		depth[node] = depth[parent[node]] + 1;
	for (unsigned i = 0; i < used; i++)
		count[depth[i]]++;
}

/* Move leaves deeper than max_bits up, keeping the code complete: two leaves at the
 * deepest level become one a level up and a leaf at a shallower level j becomes two
 * at j + 1 (ITU-T T.81, Annex K.3, "Adjust_BITS"). */
static void limit_depth(uint16_t *count, unsigned deepest, unsigned max_bits)
{
	for (unsigned i = deepest; i > max_bits;) {
		if (!count[i]) {
			i--;
			continue;
		}
		unsigned j = i - 2;
		while (!count[j])
			j--;
		count[i] -= 2;
		count[i - 1]++;
		count[j + 1] += 2;
		count[j]--;
	}
}

void huffman_lengths(const uint32_t *freq, unsigned n, unsigned max_bits, uint8_t *len)
{
	uint16_t sym[HUFFMAN_SYMBOLS_MAX], count[NODES] = { 0 };
	memset(len, 0, n);
	unsigned used = sort_used(freq, n, sym);
	if (used <= 1) {
		if (used)
			len[sym[0]] = 1;
		return;
	}
	depth_counts(freq, sym, used, count);
	limit_depth(count, used - 1, max_bits);
	for (unsigned bits = max_bits, k = 0; bits >= 1; bits--)   /* rarest: longest */
		for (unsigned c = 0; c < count[bits]; c++)
			len[sym[k++]] = (uint8_t)bits;
}

void huffman_codes(const uint8_t *len, unsigned n, uint16_t *code)
{
	uint16_t count[16] = { 0 }, next[16];
	for (unsigned s = 0; s < n; s++)
		count[len[s]]++;
	count[0] = 0;
	uint16_t c = 0;
	for (unsigned bits = 1; bits < 16; bits++) {
		c = (uint16_t)((c + count[bits - 1]) << 1);
		next[bits] = c;
	}
	for (unsigned s = 0; s < n; s++)
		code[s] = len[s] ? next[len[s]]++ : 0;
}
