/* Unit tests for src/server/crypto.c: the dice commitment's byte layout against a vector computed
 * independently (Python's hashlib: sha256(bytes(range(16)) + (0x0123456789abcdef).to_bytes(8,
 * 'big'))), hex helpers, tokens and their constant-time check. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "server/server.h"

static void test_commitment_vector(void **state)
{
    (void)state;
    unsigned char salt[16];
    for (int i = 0; i < 16; i++)
        salt[i] = (unsigned char)i;
    char out[65];
    assert_int_equal(grg_dice_commitment(salt, 0x0123456789abcdefULL, out), 0);
    assert_string_equal(out, "a64e70c02b217445dba7d2356a35efa11cc82a4f79338c06550d0d3afacca436");
    /* One bit of the seed or the salt changes everything. */
    char other[65];
    grg_dice_commitment(salt, 0x0123456789abcdeeULL, other);
    assert_string_not_equal(out, other);
    salt[15] ^= 1;
    grg_dice_commitment(salt, 0x0123456789abcdefULL, other);
    assert_string_not_equal(out, other);
}

static void test_hex(void **state)
{
    (void)state;
    unsigned char b[4] = {0x00, 0x7f, 0x80, 0xff}, back[4];
    char h[9];
    srv_hex(b, 4, h);
    assert_string_equal(h, "007f80ff");
    assert_int_equal(srv_unhex(h, back, 4), 0);
    assert_memory_equal(b, back, 4);
    assert_int_equal(srv_unhex("007F80FF", back, 4), 0);
    assert_int_equal(srv_unhex("007f80f", back, 4), -1);
    assert_int_equal(srv_unhex("007f80fg", back, 4), -1);
    assert_int_equal(srv_unhex(NULL, back, 4), -1);
}

static void test_tokens(void **state)
{
    (void)state;
    char t1[33], h1[65], t2[33], h2[65];
    assert_int_equal(srv_token_new(t1, h1), 0);
    assert_int_equal(srv_token_new(t2, h2), 0);
    assert_int_equal(strlen(t1), 32);
    assert_int_equal(strlen(h1), 64);
    assert_string_not_equal(t1, t2);
    assert_true(srv_token_matches(t1, h1));
    assert_true(srv_token_matches(t2, h2));
    assert_false(srv_token_matches(t1, h2));
    assert_false(srv_token_matches("", h1));
    assert_false(srv_token_matches(NULL, h1));
    assert_false(srv_token_matches(t1, "not a hash"));
    /* The stored hash is SHA-256 of the token's text. */
    char want[65];
    srv_sha256_hex("00112233445566778899aabbccddeeff", 32, want);
    assert_string_equal(want, "5947d7c33d783f94b3b4c1a96ebc8991ed28f1b069b71e03376cba8caa98a720");
    assert_true(srv_token_matches("00112233445566778899aabbccddeeff", want));
}

static void test_random(void **state)
{
    (void)state;
    unsigned char a[32] = {0}, b[32] = {0}, zero[32] = {0};
    assert_int_equal(srv_random(a, sizeof a), 0);
    assert_int_equal(srv_random(b, sizeof b), 0);
    assert_memory_not_equal(a, b, 32);
    assert_memory_not_equal(a, zero, 32);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commitment_vector),
        cmocka_unit_test(test_hex),
        cmocka_unit_test(test_tokens),
        cmocka_unit_test(test_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
