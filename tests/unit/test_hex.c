/* Unit tests for src/hex/hex.c: spec A.1-A.5 worked examples, B.14 items 1-2, and properties over
 * pseudo-random hexes (fixed-seed xorshift). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "grognard/hex.h"
#include "xorshift.h"

static grg_hex L(const char *label)
{
    grg_hex h = {0, 0};
    assert_int_equal(grg_hex_parse(label, &h), 0);
    return h;
}

static grg_hex A(int32_t q, int32_t r) { return grg_hex_make(q, r); }

static void assert_hex(grg_hex got, grg_hex want)
{
    assert_int_equal(got.q, want.q);
    assert_int_equal(got.r, want.r);
}

/* The label of a hex on a 2-digit map, or "null" when it has none (A.1.3). */
static const char *label2(grg_hex h, char buf[16])
{
    if (grg_hex_format(h, 2, buf, 16) != 0)
        snprintf(buf, 16, "null");
    return buf;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static int32_t rand_in(int32_t lo, int32_t hi) { return xorshift_in(&rng_state, lo, hi); }
static grg_hex rand_hex(int32_t radius)
{
    return A(rand_in(-radius, radius), rand_in(-radius, radius));
}

/* A.1.3: 1-based labels over 0-based odd-r offsets; 0101 is (0,0). */
static void test_A_1_3_label_axial(void **state)
{
    (void)state;
    assert_hex(L("0101"), A(0, 0));
    assert_hex(L("0505"), A(2, 4));
    assert_hex(L("0504"), A(3, 3));
    assert_hex(L("0605"), A(3, 4));
    assert_hex(L("0404"), A(2, 3));
    int col, row;
    grg_hex_to_offset(L("0504"), &col, &row);
    assert_int_equal(col, 4);
    assert_int_equal(row, 3);
    assert_hex(grg_hex_from_offset(4, 3), A(3, 3));
}

static void check_neighbours(const char *label, const char *want[6])
{
    char buf[16];
    grg_hex h = L(label);
    for (int d = 0; d < 6; d++)
        assert_string_equal(label2(grg_hex_neighbour(h, d), buf), want[d]);
}

/* A.1.3 worked neighbour table (order E, NE, NW, W, SW, SE of A.2.1). */
static void test_A_1_3_neighbours_0505(void **state)
{
    (void)state;
    const char *want[6] = {"0605", "0504", "0404", "0405", "0406", "0506"};
    check_neighbours("0505", want);
}

static void test_A_1_3_neighbours_0504(void **state)
{
    (void)state;
    const char *want[6] = {"0604", "0603", "0503", "0404", "0505", "0605"};
    check_neighbours("0504", want);
}

static void test_A_1_3_neighbours_0101(void **state)
{
    (void)state;
    const char *want[6] = {"0201", "null", "null", "null", "null", "0102"};
    check_neighbours("0101", want);
}

/* A.1.3: distance(0101, 0505) = 6, distance(0504, 0505) = 1. */
static void test_A_1_3_distances(void **state)
{
    (void)state;
    assert_int_equal(grg_hex_distance(L("0101"), L("0505")), 6);
    assert_int_equal(grg_hex_distance(L("0505"), L("0101")), 6);
    assert_int_equal(grg_hex_distance(L("0504"), L("0505")), 1);
    assert_int_equal(grg_hex_distance(L("0505"), L("0505")), 0);
}

/* A.1.3: the part width is 2 up to 99, else the digits of the larger dimension. */
static void test_A_1_3_label_digits(void **state)
{
    (void)state;
    assert_int_equal(grg_label_digits(1, 1), 2);
    assert_int_equal(grg_label_digits(9, 9), 2);
    assert_int_equal(grg_label_digits(99, 40), 2);
    assert_int_equal(grg_label_digits(40, 100), 3);
    assert_int_equal(grg_label_digits(999, 5), 3);
    assert_int_equal(grg_label_digits(1000, 1000), 4);
    assert_int_equal(grg_label_digits(5, 12345), 5);
}

/* A.1.3: even-length all-digit labels with parts >= 1; anything else is -1. */
static void test_A_1_3_parse(void **state)
{
    (void)state;
    grg_hex h = A(77, 77);
    assert_int_equal(grg_hex_parse("100100", &h), 0);
    assert_hex(h, grg_hex_from_offset(99, 99));
    assert_int_equal(grg_hex_parse("00010002", &h), 0);
    assert_hex(h, grg_hex_from_offset(0, 1));
    assert_int_equal(grg_hex_parse("9999999999999999", &h), 0);
    assert_hex(h, grg_hex_from_offset(99999998, 99999998));
    assert_int_equal(grg_hex_parse("0101", NULL), 0);

    const char *bad[] = {"",
                         "1",
                         "11",
                         "010",
                         "01010",
                         "0005",
                         "0500",
                         "0000",
                         "01a1",
                         " 0101",
                         "0101 ",
                         "+101",
                         "-101",
                         "01.1",
                         "001000",
                         "000001",
                         "999999999999999999",
                         "010101010101010101"};
    h = A(77, 77);
    assert_int_equal(grg_hex_parse(NULL, &h), -1);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(grg_hex_parse(bad[i], &h), -1);
    assert_hex(h, A(77, 77)); /* untouched on failure */
}

/* A.1.3: formatting checks width, buffer size and that the hex has a label. */
static void test_A_1_3_format(void **state)
{
    (void)state;
    char buf[32];
    assert_int_equal(grg_hex_format(L("0505"), 2, buf, sizeof buf), 0);
    assert_string_equal(buf, "0505");
    assert_int_equal(grg_hex_format(L("0505"), 3, buf, sizeof buf), 0);
    assert_string_equal(buf, "005005");
    assert_int_equal(grg_hex_format(grg_hex_from_offset(99, 0), 3, buf, sizeof buf), 0);
    assert_string_equal(buf, "100001");
    assert_int_equal(grg_hex_format(grg_hex_from_offset(99, 0), 2, buf, sizeof buf), -1);
    assert_int_equal(grg_hex_format(grg_hex_from_offset(98, 98), 2, buf, sizeof buf), 0);
    assert_string_equal(buf, "9999");
    assert_int_equal(grg_hex_format(grg_hex_from_offset(-1, 0), 2, buf, sizeof buf), -1);
    assert_int_equal(grg_hex_format(grg_hex_from_offset(0, -1), 2, buf, sizeof buf), -1);
    assert_int_equal(grg_hex_format(L("0505"), 2, buf, 4), -1);
    assert_int_equal(grg_hex_format(L("0505"), 2, buf, 5), 0);
    assert_int_equal(grg_hex_format(L("0505"), 1, buf, sizeof buf), -1);
    assert_int_equal(grg_hex_format(L("0505"), GRG_LABEL_MAX_DIGITS + 1, buf, sizeof buf), -1);
    assert_int_equal(grg_hex_format(L("0505"), 2, NULL, 16), -1);
}

/* A.2.1/A.2.2: axial deltas, opposites and direction_to. */
static void test_A_2_directions(void **state)
{
    (void)state;
    const int32_t dq[6] = {1, 1, 0, -1, -1, 0}, dr[6] = {0, -1, -1, 0, 1, 1};
    grg_hex o = A(5, -7);
    for (int d = 0; d < 6; d++) {
        assert_hex(grg_hex_neighbour(o, d), A(5 + dq[d], -7 + dr[d]));
        assert_int_equal(grg_dir_opposite(d), (d + 3) % 6);
        assert_int_equal(grg_hex_direction_to(o, grg_hex_neighbour(o, d)), d);
    }
    assert_int_equal(GRG_E, 0);
    assert_int_equal(GRG_SE, 5);
    assert_int_equal(grg_hex_direction_to(o, o), -1);
    assert_int_equal(grg_hex_direction_to(o, A(7, -7)), -1);
    assert_int_equal(grg_hex_direction_to(o, A(6, -6)), -1);
}

/* A.3.1: canonical hexside ids; both hexes of a side name it the same way. */
static void test_A_3_1_hexside_canonical(void **state)
{
    (void)state;
    grg_hex h = L("0505");
    for (int d = 0; d < 3; d++) {
        grg_hexside s = grg_hexside_canonical(h, d);
        assert_hex(s.hex, h);
        assert_int_equal(s.dir, d);
    }
    grg_hexside w = grg_hexside_canonical(h, GRG_W);
    assert_hex(w.hex, L("0405"));
    assert_int_equal(w.dir, GRG_E);
    grg_hexside sw = grg_hexside_canonical(h, GRG_SW);
    assert_hex(sw.hex, L("0406"));
    assert_int_equal(sw.dir, GRG_NE);
    grg_hexside se = grg_hexside_canonical(h, GRG_SE);
    assert_hex(se.hex, L("0506"));
    assert_int_equal(se.dir, GRG_NW);
    for (int d = 0; d < 6; d++) {
        grg_hexside x = grg_hexside_canonical(h, d);
        grg_hexside y = grg_hexside_canonical(grg_hex_neighbour(h, d), grg_dir_opposite(d));
        assert_true(grg_hexside_eq(x, y));
        assert_true(x.dir >= 0 && x.dir <= 2);
    }
    assert_false(grg_hexside_eq(grg_hexside_canonical(h, 0), grg_hexside_canonical(h, 1)));
}

static void check_facing(grg_hex h, int f, const char *want[6])
{
    int dirs[6];
    char buf[16];
    grg_facing_dirs(f, dirs);
    for (int i = 0; i < 6; i++)
        assert_string_equal(label2(grg_hex_neighbour(h, dirs[i]), buf), want[i]);
}

/* A.4.2: 0505 facing 1: frontal 0504 0404, flank 0405 (left) 0605 (right), rear 0406 0506. */
static void test_A_4_2_facing_0505(void **state)
{
    (void)state;
    const char *want[6] = {"0504", "0404", "0405", "0605", "0406", "0506"};
    grg_hex h = L("0505");
    check_facing(h, 1, want);
    assert_int_equal(grg_facing_class(1, grg_hex_direction_to(h, L("0504"))), GRG_FRONTAL);
    assert_int_equal(grg_facing_class(1, grg_hex_direction_to(h, L("0404"))), GRG_FRONTAL);
    assert_int_equal(grg_facing_class(1, grg_hex_direction_to(h, L("0405"))), GRG_FLANK_LEFT);
    assert_int_equal(grg_facing_class(1, grg_hex_direction_to(h, L("0605"))), GRG_FLANK_RIGHT);
    assert_int_equal(grg_facing_class(1, grg_hex_direction_to(h, L("0406"))), GRG_REAR);
    assert_int_equal(grg_facing_class(1, grg_hex_direction_to(h, L("0506"))), GRG_REAR);
}

/* B.14 item 1: (0,0) facing 0: frontal (1,0) (1,-1); flank (0,-1) left, (0,1) right; rear (-1,0)
 * (-1,1). */
static void test_B_14_1_facing(void **state)
{
    (void)state;
    const grg_hex want[6] = {A(1, 0), A(1, -1), A(0, -1), A(0, 1), A(-1, 0), A(-1, 1)};
    const grg_side_class cls[6] = {GRG_FRONTAL,     GRG_FRONTAL, GRG_FLANK_LEFT,
                                   GRG_FLANK_RIGHT, GRG_REAR,    GRG_REAR};
    int dirs[6];
    grg_facing_dirs(0, dirs);
    for (int i = 0; i < 6; i++) {
        assert_hex(grg_hex_neighbour(A(0, 0), dirs[i]), want[i]);
        assert_int_equal(grg_facing_class(0, dirs[i]), cls[i]);
    }
}

/* True when `u` at uh facing uf has `t` across one of its frontal hexsides. */
static int in_frontal_hex(grg_hex uh, int uf, grg_hex t)
{
    int d = grg_hex_direction_to(uh, t);
    return d >= 0 && grg_facing_class(uf, d) == GRG_FRONTAL;
}

/* B.14 item 2: A (0,0) facing 0 and B (1,0) facing 3 are in frontal contact; B's frontal hexes are
 * (0,0) and (0,1). */
static void test_B_14_2_frontal_contact(void **state)
{
    (void)state;
    int dirs[6];
    grg_facing_dirs(3, dirs);
    assert_hex(grg_hex_neighbour(A(1, 0), dirs[0]), A(0, 0));
    assert_hex(grg_hex_neighbour(A(1, 0), dirs[1]), A(0, 1));
    assert_true(in_frontal_hex(A(0, 0), 0, A(1, 0)));
    assert_true(in_frontal_hex(A(1, 0), 3, A(0, 0)));
    assert_false(in_frontal_hex(A(1, 0), 0, A(0, 0)));
}

/* A.4.3: the arc table, row by row, with the boundary rays included. */
static void test_A_4_3_arc_table(void **state)
{
    (void)state;
    grg_hex h = A(10, -3);
    /* For each f: the hex 3 steps toward the faced vertex, the boundary rays, and just outside. */
    const int32_t vertex[6][2] = {{2, -1}, {1, -2}, {-1, -1}, {-2, 1}, {-1, 2}, {1, 1}};
    for (int f = 0; f < 6; f++) {
        grg_hex centre = A(h.q + 3 * vertex[f][0], h.r + 3 * vertex[f][1]);
        assert_true(grg_in_frontal_arc(h, f, centre));
        /* The boundary rays run through the directions f+2 and f-1 (= f+5), A.4.3 "included". */
        for (int k = 1; k <= 4; k++) {
            grg_hex left = h, right = h;
            for (int i = 0; i < k; i++) {
                left = grg_hex_neighbour(left, f + 1);
                left = grg_hex_neighbour(left, f + 2);
                right = grg_hex_neighbour(right, f);
                right = grg_hex_neighbour(right, f + 5);
            }
            assert_true(grg_in_frontal_arc(h, f, left));
            assert_true(grg_in_frontal_arc(h, f, right));
            assert_false(grg_in_frontal_arc(h, f, grg_hex_neighbour(left, f + 2)));
            assert_false(grg_in_frontal_arc(h, f, grg_hex_neighbour(right, f + 5)));
        }
        assert_false(grg_in_frontal_arc(h, f, h));
        /* Opposite vertex direction is outside. */
        assert_false(grg_in_frontal_arc(h, f, A(h.q - 3 * vertex[f][0], h.r - 3 * vertex[f][1])));
    }
    /* Literal rows: f = 0 (dq >= dr && dq >= ds), f = 3 (dq <= dr && dq <= ds). */
    assert_true(grg_in_frontal_arc(A(0, 0), 0, A(1, -2))); /* dq=1, dr=-2, ds=1: boundary */
    assert_false(grg_in_frontal_arc(A(0, 0), 0, A(0, -2)));
    assert_true(grg_in_frontal_arc(A(0, 0), 3, A(-1, 2)));
    assert_true(grg_in_frontal_arc(A(0, 0), 1, A(0, -1)));
    assert_true(grg_in_frontal_arc(A(0, 0), 2, A(-1, 0)));
    assert_true(grg_in_frontal_arc(A(0, 0), 4, A(-1, 1)));
    assert_true(grg_in_frontal_arc(A(0, 0), 5, A(1, 0)));
    assert_false(grg_in_frontal_arc(A(0, 0), -1, A(1, 0))); /* A.4.5: no facing, no arc */
}

/* A.4.3: the only adjacent members of the arc are the two frontal hexes. */
static void test_A_4_3_arc_adjacent(void **state)
{
    (void)state;
    grg_hex h = L("0505");
    for (int f = 0; f < 6; f++)
        for (int d = 0; d < 6; d++)
            assert_int_equal(grg_in_frontal_arc(h, f, grg_hex_neighbour(h, d)),
                             grg_facing_class(f, d) == GRG_FRONTAL);
}

/* A.4.4: shortest turn, left positive; the 3-step turn is clockwise (-3). */
static void test_A_4_4_turns(void **state)
{
    (void)state;
    assert_int_equal(grg_turn_steps(0, 0), 0);
    assert_int_equal(grg_turn_steps(0, 1), 1);
    assert_int_equal(grg_turn_steps(0, 2), 2);
    assert_int_equal(grg_turn_steps(0, 3), -3);
    assert_int_equal(grg_turn_steps(0, 4), -2);
    assert_int_equal(grg_turn_steps(0, 5), -1);
    assert_int_equal(grg_turn_steps(5, 0), 1);
    assert_int_equal(grg_turn_steps(1, 5), -2);
    assert_int_equal(grg_turn_steps(4, 1), -3);
    assert_int_equal(grg_facing_left(5), 0);
    assert_int_equal(grg_facing_right(0), 5);
    for (int from = 0; from < 6; from++) {
        for (int to = 0; to < 6; to++) {
            int s = grg_turn_steps(from, to), f = from;
            assert_true(s >= -3 && s <= 2);
            for (int i = 0; i < (s < 0 ? -s : s); i++)
                f = s > 0 ? grg_facing_left(f) : grg_facing_right(f);
            assert_int_equal(f, to);
        }
    }
}

/* A.5.1 properties: symmetry, triangle inequality, neighbours at distance 1. */
static void test_A_5_1_distance_properties(void **state)
{
    (void)state;
    for (int i = 0; i < 20000; i++) {
        grg_hex a = rand_hex(1000), b = rand_hex(1000), c = rand_hex(1000);
        int ab = grg_hex_distance(a, b);
        assert_int_equal(ab, grg_hex_distance(b, a));
        assert_true(grg_hex_distance(a, c) <= ab + grg_hex_distance(b, c));
        assert_int_equal(ab == 0, grg_hex_eq(a, b));
        for (int d = 0; d < 6; d++)
            assert_int_equal(grg_hex_distance(a, grg_hex_neighbour(a, d)), 1);
    }
    /* Far apart, within GRG_HEX_COORD_MAX: no overflow. */
    grg_hex far1 = A(-GRG_HEX_COORD_MAX, GRG_HEX_COORD_MAX / 2);
    grg_hex far2 = A(GRG_HEX_COORD_MAX / 2, -GRG_HEX_COORD_MAX);
    assert_int_equal(grg_hex_distance(far1, far2), 3 * (GRG_HEX_COORD_MAX / 2));
}

/* A.2.2 properties: neighbour(neighbour(h, d), opposite(d)) == h; direction_to inverts it. */
static void test_A_2_2_neighbour_properties(void **state)
{
    (void)state;
    for (int i = 0; i < 20000; i++) {
        grg_hex h = rand_hex(100000);
        for (int d = 0; d < 6; d++) {
            grg_hex n = grg_hex_neighbour(h, d);
            assert_hex(grg_hex_neighbour(n, grg_dir_opposite(d)), h);
            assert_int_equal(grg_hex_direction_to(h, n), d);
            assert_int_equal(grg_hex_direction_to(n, h), grg_dir_opposite(d));
        }
    }
}

/* A.1.3 properties: offset and label round trips. */
static void test_A_1_3_roundtrip_properties(void **state)
{
    (void)state;
    char buf[32];
    for (int i = 0; i < 20000; i++) {
        int col = rand_in(-5000, 5000), row = rand_in(-5000, 5000), c2, r2;
        grg_hex h = grg_hex_from_offset(col, row);
        grg_hex_to_offset(h, &c2, &r2);
        assert_int_equal(c2, col);
        assert_int_equal(r2, row);
        assert_hex(grg_hex_from_offset(c2, r2), h);

        int digits = col + 1 > 99 || row + 1 > 99 ? 4 : 2;
        int ok = grg_hex_format(h, digits, buf, sizeof buf);
        assert_int_equal(ok, col >= 0 && row >= 0 ? 0 : -1);
        if (ok == 0) {
            grg_hex back;
            assert_int_equal(strlen(buf), (size_t)(2 * digits));
            assert_int_equal(grg_hex_parse(buf, &back), 0);
            assert_hex(back, h);
        }
    }
}

/* A.4.2 properties: each facing splits the six directions 2 frontal, 1 left, 1 right, 2 rear, and
 * grg_facing_dirs lists them in the order of the spec. */
static void test_A_4_2_facing_partition(void **state)
{
    (void)state;
    const grg_side_class order[6] = {GRG_FRONTAL,     GRG_FRONTAL, GRG_FLANK_LEFT,
                                     GRG_FLANK_RIGHT, GRG_REAR,    GRG_REAR};
    for (int f = 0; f < 6; f++) {
        int count[4] = {0, 0, 0, 0}, dirs[6], seen = 0;
        for (int d = 0; d < 6; d++)
            count[grg_facing_class(f, d)]++;
        assert_int_equal(count[GRG_FRONTAL], 2);
        assert_int_equal(count[GRG_FLANK_LEFT], 1);
        assert_int_equal(count[GRG_FLANK_RIGHT], 1);
        assert_int_equal(count[GRG_REAR], 2);
        grg_facing_dirs(f, dirs);
        for (int i = 0; i < 6; i++) {
            assert_int_equal(grg_facing_class(f, dirs[i]), order[i]);
            seen |= 1 << dirs[i];
        }
        assert_int_equal(seen, 0x3f);
        assert_int_equal(dirs[0], f); /* frontal hexsides touch the faced vertex f (A.3.2) */
        assert_int_equal(dirs[1], (f + 1) % 6);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_A_1_3_label_axial),
        cmocka_unit_test(test_A_1_3_neighbours_0505),
        cmocka_unit_test(test_A_1_3_neighbours_0504),
        cmocka_unit_test(test_A_1_3_neighbours_0101),
        cmocka_unit_test(test_A_1_3_distances),
        cmocka_unit_test(test_A_1_3_label_digits),
        cmocka_unit_test(test_A_1_3_parse),
        cmocka_unit_test(test_A_1_3_format),
        cmocka_unit_test(test_A_2_directions),
        cmocka_unit_test(test_A_3_1_hexside_canonical),
        cmocka_unit_test(test_A_4_2_facing_0505),
        cmocka_unit_test(test_B_14_1_facing),
        cmocka_unit_test(test_B_14_2_frontal_contact),
        cmocka_unit_test(test_A_4_3_arc_table),
        cmocka_unit_test(test_A_4_3_arc_adjacent),
        cmocka_unit_test(test_A_4_4_turns),
        cmocka_unit_test(test_A_5_1_distance_properties),
        cmocka_unit_test(test_A_2_2_neighbour_properties),
        cmocka_unit_test(test_A_1_3_roundtrip_properties),
        cmocka_unit_test(test_A_4_2_facing_partition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
