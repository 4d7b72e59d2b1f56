/* Writes a sorted Have I Been Pwned-format SHA-1 corpus: N lines "HASH40:COUNT\r\n", uppercase hex, each hash once.
 * Usage: gen_hibp N KNOWN.txt OUT
 *   KNOWN.txt: passwords, one per line (LF), whose SHA-1s are included (counts 10..), so lookups of them hit.
 * The other lines are uniform random hashes with heavy-tailed counts (P(count >= k) = 1/k), generated already
 * sorted: 2^20 buckets by the top 20 bits, each bucket's hashes sorted in memory and merged with the known ones.
 * Deterministic (fixed seed). Built by bench/breach.sh: cc -O2 gen_hibp.c -lcrypto. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { unsigned char h[20]; uint32_t count; } entry;

static uint64_t s0 = 0x9E3779B97F4A7C15ull, s1 = 0xD1B54A32D192ED03ull;
static uint64_t next(void) {
    uint64_t a = s0, b = s1;
    s0 = b; a ^= a << 23; s1 = a ^ b ^ (a >> 17) ^ (b >> 26);
    return s1 + b;
}
static int cmp(const void *x, const void *y) { return memcmp(((const entry *)x)->h, ((const entry *)y)->h, 20); }
static uint32_t prefix20(const unsigned char *h) { return ((uint32_t)h[0] << 12) | ((uint32_t)h[1] << 4) | (h[2] >> 4); }
static uint32_t heavy(void) {
    double u = ((next() >> 11) + 1) * (1.0 / 9007199254740992.0);
    double c = 1.0 / u;
    return c > 50000000.0 ? 50000000u : (uint32_t)c;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: gen_hibp N KNOWN.txt OUT\n"); return 64; }
    long total = atol(argv[1]);
    FILE *in = fopen(argv[2], "rb");
    if (!in) { perror(argv[2]); return 66; }
    size_t cap = 1 << 20, known = 0;
    entry *k = malloc(cap * sizeof(entry));
    char *line = NULL; size_t lcap = 0; ssize_t len;
    while ((len = getline(&line, &lcap, in)) > 0) {
        if (line[len - 1] == '\n') len--;
        if (len == 0) continue;
        if (known == cap) { cap *= 2; k = realloc(k, cap * sizeof(entry)); }
        SHA1((unsigned char *)line, (size_t)len, k[known].h);
        k[known].count = 10 + heavy() * 10;
        known++;
    }
    fclose(in);
    qsort(k, known, sizeof(entry), cmp);
    size_t unique = 0;
    for (size_t i = 0; i < known; i++) if (unique == 0 || memcmp(k[unique - 1].h, k[i].h, 20)) k[unique++] = k[i];
    known = unique;
    if ((long)known > total) known = (size_t)total;
    long randoms = total - (long)known;
    const long buckets = 1L << 20;
    FILE *out = fopen(argv[3], "wb");
    if (!out) { perror(argv[3]); return 73; }
    static char buffer[1 << 22];
    setvbuf(out, buffer, _IOFBF, sizeof buffer);
    entry *b = malloc(4096 * sizeof(entry));
    size_t bcap = 4096, ki = 0;
    static const char hex[] = "0123456789ABCDEF";
    char text[64];
    long written = 0;
    for (long bucket = 0; bucket < buckets; bucket++) {
        long m = (long)(((__int128)(bucket + 1) * randoms) / buckets - ((__int128)bucket * randoms) / buckets);
        size_t n = 0;
        while (ki < known && prefix20(k[ki].h) == (uint32_t)bucket) {
            if (n == bcap) { bcap *= 2; b = realloc(b, bcap * sizeof(entry)); }
            b[n++] = k[ki++];
        }
        if (n + (size_t)m > bcap) { bcap = (n + (size_t)m) * 2; b = realloc(b, bcap * sizeof(entry)); }
        for (long i = 0; i < m; i++) {
            entry *e = &b[n++];
            uint64_t r0 = next(), r1 = next(), r2 = next();
            memcpy(e->h, &r0, 8); memcpy(e->h + 8, &r1, 8); memcpy(e->h + 16, &r2, 4);
            e->h[0] = (unsigned char)(bucket >> 12); e->h[1] = (unsigned char)(bucket >> 4);
            e->h[2] = (unsigned char)((bucket & 15) << 4 | (e->h[2] & 15));
            e->count = heavy();
        }
        qsort(b, n, sizeof(entry), cmp);
        for (size_t i = 0; i < n; i++) {
            if (i > 0 && !memcmp(b[i - 1].h, b[i].h, 20)) continue;  /* a random hash equal to a known one */
            for (int j = 0; j < 20; j++) { text[2 * j] = hex[b[i].h[j] >> 4]; text[2 * j + 1] = hex[b[i].h[j] & 15]; }
            int l = 40 + sprintf(text + 40, ":%u\r\n", b[i].count);
            fwrite(text, 1, (size_t)l, out);
            written++;
        }
    }
    if (fclose(out) != 0) { perror(argv[3]); return 74; }
    fprintf(stderr, "# %ld lines (%zu known passwords)\n", written, known);
    return 0;
}
