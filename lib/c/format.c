/* The kernel's formatter (see format.h). Unit-tested against the host's snprintf. */
#include "format.h"
#include <stdint.h>
#include <stdbool.h>

struct out {
	char *buf;
	size_t size, len;
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void pad(struct out *o, char c, int n)
{
	while (n-- > 0)
		put(o, c);
}

struct spec {
	bool left, zero;
	int width, precision;
	int length;                 /* 0: int, 1: long, 2: long long, 3: size_t */
};

static void put_string(struct out *o, const struct spec *s, const char *str)
{
	if (!str)
		str = "(null)";
	int n = 0;
	while (str[n] && (s->precision < 0 || n < s->precision))
		n++;
	if (!s->left)
		pad(o, ' ', s->width - n);
	for (int i = 0; i < n; i++)
		put(o, str[i]);
	if (s->left)
		pad(o, ' ', s->width - n);
}

static void put_number(struct out *o, const struct spec *s, uint64_t v,
		       bool negative, unsigned base, bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0;
	do {
		tmp[n++] = digits[v % base];
		v /= base;
	} while (v);
	int len = n + negative;
	if (s->left || !s->zero) {
		if (!s->left)
			pad(o, ' ', s->width - len);
		if (negative)
			put(o, '-');
	} else {
		if (negative)
			put(o, '-');
		pad(o, '0', s->width - len);
	}
	while (n)
		put(o, tmp[--n]);
	if (s->left)
		pad(o, ' ', s->width - len);
}

static const char *parse_spec(const char *f, struct spec *s, va_list *ap)
{
	*s = (struct spec){ .precision = -1 };
	for (;; f++) {
		if (*f == '-')
			s->left = true;
		else if (*f == '0')
			s->zero = true;
		else
			break;
	}
	if (*f == '*') {
		s->width = va_arg(*ap, int);
		f++;
	}
	for (; *f >= '0' && *f <= '9'; f++)
		s->width = s->width * 10 + (*f - '0');
	if (*f == '.') {
		f++;
		s->precision = 0;
		if (*f == '*') {
			s->precision = va_arg(*ap, int);
			f++;
		}
		for (; *f >= '0' && *f <= '9'; f++)
			s->precision = s->precision * 10 + (*f - '0');
	}
	for (; *f == 'l'; f++)
		s->length++;
	if (*f == 'z') {
		s->length = 3;
		f++;
	}
	return f;
}

static uint64_t arg_unsigned(const struct spec *s, va_list *ap)
{
	switch (s->length) {
	case 0: return va_arg(*ap, unsigned int);
	case 1: return va_arg(*ap, unsigned long);
	case 3: return va_arg(*ap, size_t);
	default: return va_arg(*ap, unsigned long long);
	}
}

static int64_t arg_signed(const struct spec *s, va_list *ap)
{
	switch (s->length) {
	case 0: return va_arg(*ap, int);
	case 1: return va_arg(*ap, long);
	case 3: return (int64_t)va_arg(*ap, size_t);
	default: return va_arg(*ap, long long);
	}
}

static void convert(struct out *o, struct spec *s, char c, va_list *ap)
{
	switch (c) {
	case 'd':
	case 'i': {
		int64_t v = arg_signed(s, ap);
		put_number(o, s, v < 0 ? -(uint64_t)v : (uint64_t)v, v < 0, 10, false);
		break;
	}
	case 'u': put_number(o, s, arg_unsigned(s, ap), false, 10, false); break;
	case 'x': put_number(o, s, arg_unsigned(s, ap), false, 16, false); break;
	case 'X': put_number(o, s, arg_unsigned(s, ap), false, 16, true); break;
	case 'p':
		put(o, '0');
		put(o, 'x');
		put_number(o, s, (uintptr_t)va_arg(*ap, void *), false, 16, false);
		break;
	case 'c': {
		char ch[2] = { (char)va_arg(*ap, int), 0 };
		s->precision = 1;
		put_string(o, s, ch);
		break;
	}
	case 's': put_string(o, s, va_arg(*ap, const char *)); break;
	case '%': put(o, '%'); break;
	default: put(o, '%'); put(o, c); break;
	}
}

int vformat(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };
	va_list args;
	va_copy(args, ap);
	for (const char *f = fmt; *f; f++) {
		if (*f != '%') {
			put(&o, *f);
			continue;
		}
		struct spec s;
		f = parse_spec(f + 1, &s, &args);
		if (!*f)
			break;
		convert(&o, &s, *f, &args);
	}
	va_end(args);
	if (size)
		buf[o.len < size ? o.len : size - 1] = 0;
	return (int)o.len;
}

int format(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vformat(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
