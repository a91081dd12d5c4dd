/* Unit tests for src/server/store.c: migrations on a fresh and a reopened database, creating a
 * game with its seats, syncing logs (append, rewrite from an index as undo does), reading back,
 * listing, and the injected failure leaving the stored log as it was. */
#define _GNU_SOURCE /* mkdtemp */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/server.h"

#include <sqlite3.h>

static char dir[64], path[128];

static srv_store *open_db(void)
{
    srv_store *st = NULL;
    char err[256] = "";
    assert_int_equal(srv_store_open(path, &st, err, sizeof err), 0);
    return st;
}

static void make_game(srv_store *st, const char *id)
{
    srv_game_row g;
    memset(&g, 0, sizeof g);
    snprintf(g.id, sizeof g.id, "%s", id);
    snprintf(g.scenario, sizeof g.scenario, "scenarios/test/duel.json");
    g.options = "{\"mode\":\"plain\"}";
    snprintf(g.seed, sizeof g.seed, "00000000000000a7");
    snprintf(g.salt, sizeof g.salt, "%032d", 0);
    snprintf(g.commitment, sizeof g.commitment, "%064d", 0);
    g.created = 1;
    snprintf(g.status, sizeof g.status, "active");
    g.summary = "{\"turn\":1}";
    g.hints = 1;
    srv_seat_row seats[2];
    memset(seats, 0, sizeof seats);
    snprintf(seats[0].side, sizeof seats[0].side, "blue");
    snprintf(seats[0].kind, sizeof seats[0].kind, "human");
    snprintf(seats[0].token_hash, sizeof seats[0].token_hash, "%064d", 1);
    snprintf(seats[1].side, sizeof seats[1].side, "red");
    snprintf(seats[1].kind, sizeof seats[1].kind, "ai");
    assert_int_equal(srv_store_create(st, &g, seats, 2), 0);
}

static void test_create_sync_load(void **state)
{
    (void)state;
    srv_store *st = open_db();
    make_game(st, "00000000000000aa");
    /* The same id twice is refused (primary key) and changes nothing. */
    srv_game_row dup;
    memset(&dup, 0, sizeof dup);
    snprintf(dup.id, sizeof dup.id, "00000000000000aa");
    assert_int_equal(srv_store_create(st, &dup, NULL, 0), -1);

    char *log[3] = {"{\"action\":1}", "{\"action\":2}", "{\"action\":3}"};
    assert_int_equal(srv_store_sync(st, "00000000000000aa", 0, log, 2, "{\"turn\":2}", 0), 0);
    assert_int_equal(srv_store_sync(st, "00000000000000aa", 2, log, 3, "{\"turn\":3}", 0), 0);
    /* An undo: entry 1 rewritten, entry 2 gone. */
    char *undone[2] = {"{\"action\":1}", "{\"action\":9}"};
    assert_int_equal(srv_store_sync(st, "00000000000000aa", 1, undone, 2, "{\"turn\":4}", 0), 0);
    /* A failed sync leaves everything as it was. */
    srv_store_fail_next(st, 1);
    assert_int_equal(srv_store_sync(st, "00000000000000aa", 0, log, 3, "{}", 1), -1);
    srv_store_close(st);

    st = open_db(); /* reopening runs no migration twice */
    srv_game_row g;
    srv_seat_row *seats;
    char **entries;
    int ns, ne;
    assert_int_equal(srv_store_load(st, "00000000000000aa", &g, &seats, &ns, &entries, &ne), 0);
    assert_string_equal(g.scenario, "scenarios/test/duel.json");
    assert_string_equal(g.options, "{\"mode\":\"plain\"}");
    assert_string_equal(g.seed, "00000000000000a7");
    assert_string_equal(g.status, "active");
    assert_string_equal(g.summary, "{\"turn\":4}");
    assert_int_equal(g.hints, 1);
    assert_int_equal(ns, 2);
    assert_string_equal(seats[0].side, "blue");
    assert_string_equal(seats[1].kind, "ai");
    assert_string_equal(seats[1].token_hash, "");
    assert_int_equal(ne, 2);
    assert_string_equal(entries[0], "{\"action\":1}");
    assert_string_equal(entries[1], "{\"action\":9}");
    free(seats);
    srv_entries_free(entries, ne);
    srv_row_release(&g);
    assert_int_equal(srv_store_load(st, "ffffffffffffffff", &g, &seats, &ns, &entries, &ne), 1);
    srv_store_close(st);

    /* A game stored before the choice of hints was (migration 2) reads as not chosen. */
    sqlite3 *d = NULL;
    assert_int_equal(sqlite3_open(path, &d), SQLITE_OK);
    assert_int_equal(sqlite3_exec(d, "UPDATE games SET hints = NULL", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(d);
    st = open_db();
    assert_int_equal(srv_store_load(st, "00000000000000aa", &g, &seats, &ns, &entries, &ne), 0);
    assert_int_equal(g.hints, -1);
    free(seats);
    srv_entries_free(entries, ne);
    srv_row_release(&g);
    srv_store_close(st);
}

static void test_listing(void **state)
{
    (void)state;
    srv_store *st = open_db();
    make_game(st, "00000000000000bb");
    char *log[1] = {"{}"};
    assert_int_equal(srv_store_sync(st, "00000000000000bb", 0, log, 1, "{\"over\":true}", 1), 0);
    char **ids, **sums;
    int n;
    assert_int_equal(srv_store_ids(st, 0, &ids, &sums, &n), 0);
    assert_int_equal(n, 2);
    assert_string_equal(sums[1], "{\"over\":true}");
    srv_entries_free(ids, n);
    srv_entries_free(sums, n);
    assert_int_equal(srv_store_ids(st, 1, &ids, NULL, &n), 0);
    assert_int_equal(n, 1);
    assert_string_equal(ids[0], "00000000000000aa");
    srv_entries_free(ids, n);
    srv_store_close(st);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/grg-store-test-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/t.db", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_sync_load),
        cmocka_unit_test(test_listing),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
