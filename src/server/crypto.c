/* Randomness and hashing for the server: seeds, salts, game ids and seat tokens come from the
 * operating system's random source (getrandom); SHA-256 comes from OpenSSL's libcrypto (EVP),
 * never from a hand-written implementation (design §3, issue 7). */
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

/* Fills buf from the kernel's CSPRNG; falls back to /dev/urandom where getrandom is missing. */
int srv_random(void *buf, size_t n)
{
    unsigned char *p = buf;
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(p + got, n - got, 0);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        got += (size_t)r;
    }
    if (got == n)
        return 0;
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd < 0)
        return -1;
    while (got < n) {
        ssize_t r = read(fd, p + got, n - got);
        if (r <= 0) {
            close(fd);
            return -1;
        }
        got += (size_t)r;
    }
    close(fd);
    return 0;
}

void srv_hex(const unsigned char *b, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[b[i] >> 4];
        out[2 * i + 1] = digits[b[i] & 15];
    }
    out[2 * n] = '\0';
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Reads exactly 2n hex digits into n bytes; returns 0 or -1. */
int srv_unhex(const char *hex, unsigned char *out, size_t n)
{
    if (!hex || strlen(hex) != 2 * n)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (unsigned char)(hi << 4 | lo);
    }
    return 0;
}

static int sha256(const void *data, size_t n, unsigned char md[32])
{
    unsigned int len = 0;
    if (EVP_Digest(data, n, md, &len, EVP_sha256(), NULL) != 1 || len != 32)
        return -1;
    return 0;
}

int srv_sha256_hex(const void *data, size_t n, char out[65])
{
    unsigned char md[32];
    if (sha256(data, n, md) < 0)
        return -1;
    srv_hex(md, 32, out);
    return 0;
}

int grg_dice_commitment(const unsigned char salt[16], unsigned long long seed, char out[65])
{
    unsigned char buf[24];
    memcpy(buf, salt, 16);
    for (int i = 0; i < 8; i++)
        buf[16 + i] = (unsigned char)(seed >> (56 - 8 * i));
    return srv_sha256_hex(buf, sizeof buf, out);
}

int srv_token_new(char token[33], char hash[65])
{
    unsigned char b[16];
    if (srv_random(b, sizeof b) < 0)
        return -1;
    srv_hex(b, sizeof b, token);
    return srv_sha256_hex(token, 32, hash);
}

/* Hashes the offered token and compares digests with CRYPTO_memcmp, so the time taken says
 * nothing about how much of a guess was right. */
int srv_token_matches(const char *token, const char *hash)
{
    unsigned char want[32], got[32];
    if (!token || !hash || srv_unhex(hash, want, 32) < 0)
        return 0;
    size_t n = strnlen(token, 256);
    if (sha256(token, n, got) < 0)
        return 0;
    return CRYPTO_memcmp(want, got, 32) == 0;
}
