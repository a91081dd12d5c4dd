/* Storage in SQLite (WAL, synchronous=FULL): games, their seats and their action logs. Writes are
 * transactions; log syncs may share one (a batch, see batch.c), each in its own savepoint. The
 * server acknowledges an action only after the transaction holding it committed. Schema changes
 * are numbered migrations applied in order and recorded in PRAGMA user_version. */
#include "server.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    ST_BEGIN,
    ST_COMMIT,
    ST_ROLLBACK,
    ST_SAVE,
    ST_RELEASE,
    ST_UNDO_SAVE,
    ST_INS_GAME,
    ST_INS_SEAT,
    ST_DEL_ACT,
    ST_INS_ACT,
    ST_UPD_GAME,
    ST_GET_GAME,
    ST_GET_SEATS,
    ST_GET_ACTS,
    ST_IDS,
    ST_IDS_ACTIVE,
    ST_COUNT
};

static const char *const sql_text[ST_COUNT] = {
    "BEGIN IMMEDIATE",
    "COMMIT",
    "ROLLBACK",
    "SAVEPOINT game",
    "RELEASE game",
    "ROLLBACK TO game",
    "INSERT INTO games(id, scenario, options, seed, salt, commitment, created, status, summary,"
    " hints) VALUES(?,?,?,?,?,?,?,?,?,?)",
    "INSERT INTO seats(game, side, kind, token_hash) VALUES(?,?,?,?)",
    "DELETE FROM actions WHERE game = ? AND n >= ?",
    "INSERT INTO actions(game, n, entry) VALUES(?,?,?)",
    "UPDATE games SET summary = ?, status = ? WHERE id = ?",
    "SELECT scenario, options, seed, salt, commitment, created, status, summary, hints FROM games"
    " WHERE id = ?",
    "SELECT side, kind, token_hash FROM seats WHERE game = ? ORDER BY rowid",
    "SELECT entry FROM actions WHERE game = ? ORDER BY n",
    "SELECT id, summary FROM games ORDER BY created, rowid",
    "SELECT id, summary FROM games WHERE status <> 'over' ORDER BY created, rowid",
};

/* Migration i brings the schema from user_version i to i + 1. Never edit one that shipped. */
static const char *const migrations[] = {
    "CREATE TABLE games(id TEXT PRIMARY KEY, scenario TEXT NOT NULL, options TEXT NOT NULL,"
    " seed TEXT NOT NULL, salt TEXT NOT NULL, commitment TEXT NOT NULL, created INTEGER NOT NULL,"
    " status TEXT NOT NULL, summary TEXT NOT NULL DEFAULT '{}');"
    "CREATE TABLE seats(game TEXT NOT NULL REFERENCES games(id), side TEXT NOT NULL,"
    " kind TEXT NOT NULL, token_hash TEXT NOT NULL, PRIMARY KEY(game, side));"
    "CREATE TABLE actions(game TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL,"
    " entry TEXT NOT NULL, PRIMARY KEY(game, n));"
    "CREATE INDEX games_status ON games(status);",
    /* Whether the game's players may ask the AI for suggestions; NULL in the games stored before,
     * which had them against the AI only. */
    "ALTER TABLE games ADD COLUMN hints INTEGER;",
};

struct srv_store {
    sqlite3 *db;
    sqlite3_stmt *st[ST_COUNT];
    int fail_next, fail_commit;
    int in_batch;
};

static int migrate(sqlite3 *db, char *err, size_t err_size)
{
    sqlite3_stmt *q;
    int version = 0;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_step(q) == SQLITE_ROW)
        version = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
    int n = (int)(sizeof migrations / sizeof *migrations);
    if (version > n) {
        snprintf(err, err_size, "the database has schema version %d; this grognard knows %d",
                 version, n);
        return -1;
    }
    for (int v = version; v < n; v++) {
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", v + 1);
        char *msg = NULL;
        if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK ||
            sqlite3_exec(db, migrations[v], NULL, NULL, &msg) != SQLITE_OK ||
            sqlite3_exec(db, pragma, NULL, NULL, &msg) != SQLITE_OK ||
            sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK) {
            snprintf(err, err_size, "migration %d failed: %s", v + 1, msg ? msg : "?");
            sqlite3_free(msg);
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            return -1;
        }
    }
    return 0;
}

int srv_store_open(const char *path, srv_store **out, char *err, size_t err_size)
{
    srv_store *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, err_size, "out of memory");
        return -1;
    }
    if (sqlite3_open_v2(path, &st->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        snprintf(err, err_size, "cannot open %s: %s", path, st->db ? sqlite3_errmsg(st->db) : "?");
        srv_store_close(st);
        return -1;
    }
    sqlite3_busy_timeout(st->db, 5000);
    /* WAL: readers never block the writer; synchronous=FULL makes a commit survive a power cut,
     * not only a crash of the process. */
    if (sqlite3_exec(st->db,
                     "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON",
                     NULL, NULL, NULL) != SQLITE_OK ||
        migrate(st->db, err, err_size) < 0) {
        if (!err[0])
            snprintf(err, err_size, "%s: %s", path, sqlite3_errmsg(st->db));
        srv_store_close(st);
        return -1;
    }
    for (int i = 0; i < ST_COUNT; i++)
        if (sqlite3_prepare_v3(st->db, sql_text[i], -1, SQLITE_PREPARE_PERSISTENT, &st->st[i],
                               NULL) != SQLITE_OK) {
            snprintf(err, err_size, "%s: %s", path, sqlite3_errmsg(st->db));
            srv_store_close(st);
            return -1;
        }
    *out = st;
    return 0;
}

void srv_store_close(srv_store *st)
{
    if (!st)
        return;
    srv_store_batch_commit(st);
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(st->st[i]);
    sqlite3_close(st->db);
    free(st);
}

void srv_store_fail_next(srv_store *st, int n) { st->fail_next = n; }

/* Runs a statement that returns no rows and resets it. */
static int run(srv_store *st, int k)
{
    int rc = sqlite3_step(st->st[k]);
    sqlite3_reset(st->st[k]);
    sqlite3_clear_bindings(st->st[k]);
    return rc == SQLITE_DONE ? 0 : -1;
}

static void bind_text(srv_store *st, int k, int i, const char *v)
{
    sqlite3_bind_text(st->st[k], i, v, -1, SQLITE_TRANSIENT);
}

static int finish(srv_store *st, int ok)
{
    if (ok && run(st, ST_COMMIT) == 0)
        return 0;
    run(st, ST_ROLLBACK);
    return -1;
}

int srv_store_create(srv_store *st, const srv_game_row *g, const srv_seat_row *seats, int n)
{
    if (st->in_batch) /* the server flushes its batch before it creates a game */
        return -1;
    if (run(st, ST_BEGIN) < 0)
        return -1;
    bind_text(st, ST_INS_GAME, 1, g->id);
    bind_text(st, ST_INS_GAME, 2, g->scenario);
    bind_text(st, ST_INS_GAME, 3, g->options ? g->options : "{}");
    bind_text(st, ST_INS_GAME, 4, g->seed);
    bind_text(st, ST_INS_GAME, 5, g->salt);
    bind_text(st, ST_INS_GAME, 6, g->commitment);
    sqlite3_bind_int64(st->st[ST_INS_GAME], 7, g->created);
    bind_text(st, ST_INS_GAME, 8, g->status);
    bind_text(st, ST_INS_GAME, 9, g->summary ? g->summary : "{}");
    sqlite3_bind_int(st->st[ST_INS_GAME], 10, g->hints > 0);
    int ok = run(st, ST_INS_GAME) == 0;
    for (int i = 0; ok && i < n; i++) {
        bind_text(st, ST_INS_SEAT, 1, g->id);
        bind_text(st, ST_INS_SEAT, 2, seats[i].side);
        bind_text(st, ST_INS_SEAT, 3, seats[i].kind);
        bind_text(st, ST_INS_SEAT, 4, seats[i].token_hash);
        ok = run(st, ST_INS_SEAT) == 0;
    }
    return finish(st, ok);
}

int srv_store_batch_begin(srv_store *st)
{
    if (st->in_batch)
        return 0;
    if (run(st, ST_BEGIN) < 0)
        return -1;
    st->in_batch = 1;
    return 0;
}

int srv_store_batch_commit(srv_store *st)
{
    if (!st->in_batch)
        return 0;
    st->in_batch = 0;
    if (st->fail_commit > 0) {
        st->fail_commit--;
        run(st, ST_ROLLBACK);
        return -1;
    }
    return finish(st, 1);
}

void srv_store_fail_commit(srv_store *st, int n) { st->fail_commit = n; }

/* Inside a batch, one game's writes are a savepoint: a failure undoes them and keeps the rest. */
static int batch_finish(srv_store *st, int ok)
{
    if (ok && run(st, ST_RELEASE) == 0)
        return 0;
    run(st, ST_UNDO_SAVE);
    run(st, ST_RELEASE);
    return -1;
}

int srv_store_sync(srv_store *st, const char *gid, int from, char *const *entries, int n,
                   const char *summary, int over)
{
    if (st->fail_next > 0) {
        st->fail_next--;
        return -1;
    }
    if (run(st, st->in_batch ? ST_SAVE : ST_BEGIN) < 0)
        return -1;
    bind_text(st, ST_DEL_ACT, 1, gid);
    sqlite3_bind_int(st->st[ST_DEL_ACT], 2, from);
    int ok = run(st, ST_DEL_ACT) == 0;
    for (int i = from; ok && i < n; i++) {
        bind_text(st, ST_INS_ACT, 1, gid);
        sqlite3_bind_int(st->st[ST_INS_ACT], 2, i);
        bind_text(st, ST_INS_ACT, 3, entries[i]);
        ok = run(st, ST_INS_ACT) == 0;
    }
    if (ok) {
        bind_text(st, ST_UPD_GAME, 1, summary ? summary : "{}");
        bind_text(st, ST_UPD_GAME, 2, over ? "over" : "active");
        bind_text(st, ST_UPD_GAME, 3, gid);
        ok = run(st, ST_UPD_GAME) == 0;
    }
    return st->in_batch ? batch_finish(st, ok) : finish(st, ok);
}

static char *col_dup(sqlite3_stmt *q, int i)
{
    const unsigned char *t = sqlite3_column_text(q, i);
    int n = sqlite3_column_bytes(q, i);
    char *s = malloc((size_t)n + 1);
    if (s) {
        if (t)
            memcpy(s, t, (size_t)n);
        s[n] = '\0';
    }
    return s;
}

static void col_copy(sqlite3_stmt *q, int i, char *out, size_t size)
{
    const unsigned char *t = sqlite3_column_text(q, i);
    snprintf(out, size, "%s", t ? (const char *)t : "");
}

/* Collects columns 0 (and 1 when out2) of every row of statement k into malloc'd arrays. */
static int collect(srv_store *st, int k, char ***out, char ***out2, int *n)
{
    sqlite3_stmt *q = st->st[k];
    char **v = NULL, **v2 = NULL;
    int cnt = 0, cap = 0, rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        if (cnt == cap) {
            cap = cap ? cap * 2 : 64;
            char **nv = realloc(v, (size_t)cap * sizeof *nv);
            if (!nv)
                break;
            v = nv;
            nv = realloc(v2, (size_t)cap * sizeof *nv);
            if (!nv)
                break;
            v2 = nv;
        }
        v[cnt] = col_dup(q, 0);
        v2[cnt] = out2 ? col_dup(q, 1) : NULL;
        if (!v[cnt] || (out2 && !v2[cnt])) {
            free(v[cnt]);
            free(v2[cnt]);
            break;
        }
        cnt++;
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    if (rc != SQLITE_DONE) {
        srv_entries_free(v, cnt);
        srv_entries_free(v2, out2 ? cnt : 0);
        return -1;
    }
    *out = v;
    if (out2)
        *out2 = v2;
    else
        free(v2);
    *n = cnt;
    return 0;
}

int srv_store_load(srv_store *st, const char *gid, srv_game_row *g, srv_seat_row **seats,
                   int *n_seats, char ***entries, int *n_entries)
{
    memset(g, 0, sizeof *g);
    *seats = NULL;
    *n_seats = 0;
    sqlite3_stmt *q = st->st[ST_GET_GAME];
    bind_text(st, ST_GET_GAME, 1, gid);
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) {
        snprintf(g->id, sizeof g->id, "%s", gid);
        col_copy(q, 0, g->scenario, sizeof g->scenario);
        g->options = col_dup(q, 1);
        col_copy(q, 2, g->seed, sizeof g->seed);
        col_copy(q, 3, g->salt, sizeof g->salt);
        col_copy(q, 4, g->commitment, sizeof g->commitment);
        g->created = sqlite3_column_int64(q, 5);
        col_copy(q, 6, g->status, sizeof g->status);
        g->summary = col_dup(q, 7);
        g->hints = sqlite3_column_type(q, 8) == SQLITE_NULL ? -1 : sqlite3_column_int(q, 8) != 0;
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    if (rc == SQLITE_DONE)
        return 1;
    if (rc != SQLITE_ROW)
        return -1;
    q = st->st[ST_GET_SEATS];
    bind_text(st, ST_GET_SEATS, 1, gid);
    srv_seat_row *s = calloc(8, sizeof *s);
    int n = 0;
    while (s && (rc = sqlite3_step(q)) == SQLITE_ROW && n < 8) {
        col_copy(q, 0, s[n].side, sizeof s[n].side);
        col_copy(q, 1, s[n].kind, sizeof s[n].kind);
        col_copy(q, 2, s[n].token_hash, sizeof s[n].token_hash);
        n++;
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    bind_text(st, ST_GET_ACTS, 1, gid);
    if (!s || collect(st, ST_GET_ACTS, entries, NULL, n_entries) < 0) {
        free(s);
        srv_row_release(g);
        return -1;
    }
    *seats = s;
    *n_seats = n;
    return 0;
}

int srv_store_ids(srv_store *st, int active_only, char ***ids, char ***summaries, int *n)
{
    return collect(st, active_only ? ST_IDS_ACTIVE : ST_IDS, ids, summaries, n);
}

void srv_row_release(srv_game_row *g)
{
    free(g->options);
    free(g->summary);
    g->options = g->summary = NULL;
}

void srv_entries_free(char **e, int n)
{
    for (int i = 0; i < n; i++)
        free(e[i]);
    free(e);
}
