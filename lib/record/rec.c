/* One record line parsed and checked (see rec.h): the fast parser first
 * (rec_fast.c), the full one where it gives up (rec_full.c); a field looked up. */
#include "rec.h"
#include "rec_parse.h"

const char *rec_parse(struct rec *r, const char *line, size_t len, const struct rec_scratch *s)
{
	if (!rec_parse_fast(r, line, len, s))
		return rec_parse_full(r, line, len, s);
	r->raw = line;
	r->rawlen = len;
	return NULL;
}

const struct value *rec_get_sig(const struct rec *r, const char *key, unsigned sig)
{
	if (r->indexed) {
		unsigned k = r->index[slot_for(r, key, sig)];
		return k ? &r->f[k - 1].v : NULL;
	}
	for (size_t i = 0; i < r->nfields; i++)
		if (key_is(&r->f[i], key, sig))
			return &r->f[i].v;
	return NULL;
}
