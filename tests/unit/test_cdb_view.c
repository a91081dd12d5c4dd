/* The speed paths of the cdb ruleset give the answers of the plain ones: the board index kept in
 * the game's cache (index.c, view.c) against the scanning questions of zoc.c and board.c and
 * against an index built afresh, and the command-distance shortcut of points.c (CDB-4.2.b) against
 * a full breadth-first search, on positions from random games on Kadesh and on lines in contact. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "grognard/game.h"
#include "grognard/proto.h"
#include "support.h"
#include "rules/cdb/cdb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static grg_loaded *load(const char *path) { return test_load(path); }

static uint64_t next_rand(uint64_t *s)
{
    *s += 0x9e3779b97f4a7c15u;
    uint64_t z = *s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Every question of view.c about hex h, against the scanning answers. */
static void check_hex(const grg_game *g, const cdb_board *b, grg_hex h)
{
    int a[6], c[6], na, nc;
    for (int side = 0; side < 2; side++) {
        na = cdb_b_zoc_on(g, b, side, h, a);
        nc = cdb_zoc_on(g, side, h, c);
        assert_int_equal(na, nc);
        for (int k = 0; k < na; k++)
            assert_int_equal(a[k], c[k]);
        na = cdb_b_zoc_turned(g, b, side, h, a); /* nothing has turned since the build */
        assert_int_equal(na, nc);
        for (int k = 0; k < na; k++)
            assert_int_equal(a[k], c[k]);
        assert_int_equal(cdb_b_adjacent_enemy(g, b, side, h), cdb_adjacent_enemy(g, side, h));
        int enemy_at = 0; /* some counter on the map at h is not of side */
        for (int i = 0; i < g->n_units; i++)
            enemy_at |= g->units[i].status == GRG_UNIT_ON_MAP && g->units[i].side != side &&
                        grg_hex_eq(g->units[i].hex, h);
        assert_int_equal(cdb_b_enemy_at(g, b, side, h), enemy_at);
        for (int r = 0; r <= 12; r += 4) /* the memo's enemy hexes and their box */
            assert_int_equal(cdb_b_enemy_within(g, b, side, h, r), cdb_enemy_within(g, side, h, r));
    }
    int s1[3], s2[3];
    na = cdb_b_stack(g, b, h, s1);
    nc = cdb_stack(g, h, s2);
    assert_int_equal(na, nc);
    for (int k = 0; k < na; k++)
        assert_int_equal(s1[k], s2[k]);
    assert_int_equal(cdb_b_top_at(g, b, h), grg_unit_at(g, h));
}

/* Every question of view.c, asked of every hex in and around every unit's hex, of a view of the
 * game's board index (index.c), brought up to date from the previous position (or built afresh
 * on a copy whose index was never built, or after counters were moved by hand). */
static void compare_view(grg_game *g)
{
    cdb_board *b = malloc(sizeof *b);
    cdb_cmd_memo *m = malloc(sizeof *m); /* legal's memo, for the enemies' hexes */
    cdb_board_init(g, b);
    assert_true(cdb_b_indexed(b));
    m->enemy_side = -1;
    b->memo = m;
    for (int u = 0; u < g->n_units; u++) {
        assert_int_equal(cdb_b_in_enemy_zoc(g, b, u), cdb_in_enemy_zoc(g, u));
        if (g->units[u].status != GRG_UNIT_ON_MAP)
            continue;
        for (int d = -1; d < 18; d++) {
            grg_hex h = g->units[u].hex;
            if (d >= 0)
                h = cdb_nb(d < 6 ? h : cdb_nb(h, d), d);
            check_hex(g, b, h);
        }
    }
    free(m);
    free(b);
}

/* The index kept up to date equals one built afresh on a copy whose cache is zeroed. */
static void compare_fresh(grg_game *g)
{
    size_t state = grg_game_state_end(g);
    grg_game *fresh = grg_game_clone(g);
    memset((char *)fresh + state, 0, grg_game_size(g) - state);
    assert_true(grg_game_hash(fresh) == grg_game_hash(g)); /* the cache is not hashed */
    cdb_index_view kept, built;
    assert_int_equal(cdb_index_sync(g, &kept), 0);
    assert_int_equal(cdb_index_sync(fresh, &built), 0);
    size_t hexes = (size_t)g->sc->map.width * (size_t)g->sc->map.height;
    assert_memory_equal(kept.seen, built.seen, (size_t)g->n_units * sizeof *kept.seen);
    assert_memory_equal(kept.head, built.head, hexes * sizeof *kept.head);
    assert_memory_equal(kept.zoc, built.zoc, hexes);
    grg_game_free(fresh);
}

/* The index kept up to date over many positions equals one built afresh; then counters moved by
 * hand (two units swap places and facings) are followed too. */
static void compare_index(grg_game *g, uint64_t *rng)
{
    compare_fresh(g);
    grg_game *moved = grg_game_clone(g);
    int a = (int)(next_rand(rng) % (uint64_t)g->n_units);
    int c = (int)(next_rand(rng) % (uint64_t)g->n_units);
    for (int k = 0; k < g->n_units && (c == a || g->units[a].status != GRG_UNIT_ON_MAP ||
                                       g->units[c].status != GRG_UNIT_ON_MAP ||
                                       grg_hex_eq(g->units[a].hex, g->units[c].hex));
         k++) /* two counters on the map in different hexes, so that the swap moves something */
        c = (c + 1) % g->n_units, a = k % 2 ? (a + 1) % g->n_units : a;
    grg_unit t = moved->units[a];
    moved->units[a].hex = moved->units[c].hex;
    moved->units[a].facing = moved->units[c].facing;
    moved->units[c].hex = t.hex;
    moved->units[c].facing = t.facing;
    compare_view(moved);
    compare_fresh(moved);
    grg_game_free(moved);
}

/* CDB-4.2.b by brute force: the path avoids impassable hexes and enemy-held ones. */
static int ref_pass(const grg_game *g, grg_hex h, const void *ctx)
{
    int side = *(const int *)ctx;
    int e = grg_unit_at(g, h);
    return cdb_terrain_cls(g, h) != CDB_IMPASSABLE && (e < 0 || g->units[e].side == side);
}

/* The command term of units (one unit or a group's leaders) against a full search. */
static void compare_command(const grg_game *g, const int *units, int n)
{
    const cdb_data *d = cdb_data_of(g);
    int gen = g->sc->corps[g->units[units[0]].corps].general, side = g->units[units[0]].side;
    for (int i = 0; i < n; i++)
        if (units[i] == gen)
            return;
    if (gen < 0 || g->units[gen].status != GRG_UNIT_ON_MAP)
        return;
    cdb_field *f = malloc(sizeof *f);
    cdb_field_build(g, f, g->units[gen].hex, d->command_far + 1, ref_pass, &side, NULL, 0);
    int best = -1, near = units[0];
    for (int i = 0; i < n; i++) {
        int dist = cdb_field_get(f, g->units[units[i]].hex);
        if (dist < 0)
            dist = d->command_far + 1;
        if (best < 0 || dist < best)
            best = dist, near = units[i];
    }
    free(f);
    char want[64] = "";
    grg_los_result los;
    cdb_los(g, g->units[near].hex, g->units[gen].hex, &los);
    if (best > d->command_far)
        snprintf(want, sizeof want, "more than %d hexes from its general", d->command_far);
    else if (!los.clear && best >= d->command_sight)
        snprintf(want, sizeof want, "out of sight of its general, %d hexes away", best);
    grg_command c;
    cdb_command_cost(g, units, n, 0, &c);
    const char *got = "";
    for (int k = 0; k < c.n_terms; k++)
        if (strcmp(c.terms[k].rule, "CDB-4.2.b") == 0)
            got = c.terms[k].label;
    if (strcmp(want, got) != 0)
        fail_msg("unit %d (n %d): want '%s', got '%s'", units[0], n, want, got);
}

/* The command distances the index keeps from legal call to legal call (its known bits) are those of
 * a full search now, and their CDB-4.2.b cost the one cdb_command_cost counts. Returns how many
 * it compared. */
static int compare_distances(const grg_game *g)
{
    int compared = 0;
    const cdb_data *d = cdb_data_of(g);
    cdb_index_view v;
    assert_int_equal(cdb_index_sync(g, &v), 0);
    cdb_field *f = malloc(sizeof *f);
    for (int u = 0; u < g->n_units; u++) {
        if (!(v.ix->known[u / 32] >> (u % 32) & 1))
            continue;
        int gen = g->sc->corps[g->units[u].corps].general, side = g->units[gen].side;
        cdb_field_build(g, f, g->units[gen].hex, d->command_far + 1, ref_pass, &side, NULL, 0);
        int dist = cdb_field_get(f, g->units[u].hex);
        if (dist < 0 || dist > d->command_far)
            dist = d->command_far + 1;
        assert_int_equal(v.dist[u], dist);
        grg_command c;
        cdb_command_cost(g, &u, 1, 0, &c);
        int far = 0;
        for (int k = 0; k < c.n_terms; k++)
            if (strcmp(c.terms[k].rule, "CDB-4.2.b") == 0)
                far += c.terms[k].value;
        assert_int_equal(v.far[u], far);
        compared++;
    }
    free(f);
    return compared;
}

static void play(const char *path, uint64_t seeds, int every)
{
    grg_loaded *l = load(path);
    grg_action_list *list = malloc(sizeof *list);
    int distances = 0; /* kept distances compared: the comparison must have had some to check */
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        grg_err err;
        grg_game *g = grg_game_new(l->rs, l->sc, NULL, seed, NULL, &err);
        assert_non_null(g);
        uint64_t rng = seed;
        for (long n = 0; !g->over && n < 20000; n++) {
            if (n % every == 0) {
                distances += compare_distances(g);
                compare_view(g);
                compare_index(g, &rng);
                for (int u = 0; u < g->n_units; u++) {
                    if (g->units[u].status != GRG_UNIT_ON_MAP)
                        continue;
                    compare_command(g, &u, 1);
                    int group[4] = {u}, k = 1; /* u with friends of its corps, a would-be group */
                    for (int v = u + 1; v < g->n_units && k < 4; v++)
                        if (g->units[v].status == GRG_UNIT_ON_MAP &&
                            g->units[v].corps == g->units[u].corps && next_rand(&rng) % 3 == 0)
                            group[k++] = v;
                    compare_command(g, group, k);
                }
            }
            grg_legal(g, NULL, 0, list);
            assert_true(list->n > 0);
            grg_action a = list->items[next_rand(&rng) % (uint64_t)list->n];
            grg_verdict why;
            assert_int_equal(grg_apply(g, &a, NULL, &why), 0);
        }
        grg_game_free(g);
    }
    assert_true(distances > 0);
    free(list);
    grg_loaded_free(l);
}

static void test_kadesh(void **state)
{
    (void)state;
    play("data/scenarios/cdb/kadesh.json", 2, 61);
}

static void test_contact(void **state)
{
    (void)state;
    play("tests/rules/cdb/scenarios/brawl.json", 20, 5);
    play("data/scenarios/cdb/skirmish.json", 3, 17);
}

/* Field f of unit x: its hex's q and r, then its int16 fields the index keeps. */
static void set_field(grg_unit *x, int f, int32_t value)
{
    int16_t *narrow[] = {&x->facing, &x->status, &x->side, &x->corps, &x->type, &x->stack};
    if (f < 2)
        *(f ? &x->hex.r : &x->hex.q) = value;
    else
        *narrow[f - 2] = (int16_t)value;
}

/* The index keeps each unit's fields in narrower types (cdb_seen): it holds a unit whose values
 * fit them, up to one short of their ends, and gives up (its questions scan) when a value does
 * not fit, however far past the end, until it fits again. On a unit off the map, where any hex
 * and field is taken in. */
static void test_ranges(void **state)
{
    (void)state;
    grg_loaded *l = load("data/scenarios/cdb/kadesh.json");
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, NULL, 1, NULL, &err);
    assert_non_null(g);
    grg_unit *x = &g->units[5];
    x->status = GRG_UNIT_ELIMINATED;
    const int32_t fits[2][2] = {{32766, -32767}, {126, -127}};
    const int32_t past[2][6] = {{32767, -32768, 100000, -100000, INT32_MAX, INT32_MIN},
                                {127, -128, 300, -300, INT16_MAX, INT16_MIN}};
    grg_unit was = *x;
    cdb_index_view v;
    for (int f = 0; f < 8; f++) {
        for (int k = 0; k < 2; k++)
            for (int p = 0; p < 6; p++) {
                set_field(x, f, fits[f >= 2][k]);
                compare_fresh(g);
                set_field(x, f, past[f >= 2][p]);
                assert_int_equal(cdb_index_sync(g, &v), -1);
            }
        *x = was;
        compare_fresh(g);
    }
    grg_game_free(g);
    grg_loaded_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kadesh),
        cmocka_unit_test(test_contact),
        cmocka_unit_test(test_ranges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
