/* grognard verify RECORD: checks a finished game's dice (design §3). The record carries the
 * commitment published at the start and the salt and seed revealed at the end; verify re-derives
 * SHA-256(salt || seed), then replays every action from that seed, so every die is rolled again
 * and every state hash must match. */
#include "cli.h"

#include "grognard/proto.h"
#include "grognard/server.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char use[] =
    "usage: grognard verify RECORD\n"
    "Checks a finished game's record (GET /api/games/GID/record): the commitment published at\n"
    "the start must be SHA-256(salt || seed), and replaying every action from that seed must\n"
    "give every recorded state hash. Exits 0 when the record is honest, 1 when it is not.\n";

static const char *field(const cJSON *root, const cJSON *rec, const char *name)
{
    const cJSON *v = cJSON_GetObjectItem(root, name);
    if (!cJSON_IsString(v))
        v = cJSON_GetObjectItem(rec, name);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int hexlen(const char *s, size_t n)
{
    return s && strlen(s) == n && strspn(s, "0123456789abcdef") == n;
}

static int dishonest(const char *why)
{
    printf("NOT honest: %s\n", why);
    return 1;
}

/* The commitment check: salt is 16 bytes, seed 8 bytes big-endian (docs/server-api.md). */
static int check_commitment(const cJSON *root, const cJSON *rec, unsigned long long *seed)
{
    const char *com = field(root, rec, "commitment"), *salt = field(root, rec, "salt");
    const char *sd = field(root, rec, "seed");
    const cJSON *rs = cJSON_GetObjectItem(rec, "seed");
    if (!hexlen(com, 64) || !hexlen(salt, 32) || !hexlen(sd, 16))
        return dishonest("the record lacks the commitment, salt or seed (is the game over?)");
    if (cJSON_IsString(rs) && strcmp(rs->valuestring, sd) != 0)
        return dishonest("the record's seed is not the revealed seed");
    unsigned char s[16];
    for (int i = 0; i < 16; i++) {
        char b[3] = {salt[2 * i], salt[2 * i + 1], 0};
        s[i] = (unsigned char)strtoul(b, NULL, 16);
    }
    *seed = strtoull(sd, NULL, 16);
    char got[65];
    if (grg_dice_commitment(s, *seed, got) < 0)
        return dishonest("SHA-256 is unavailable");
    if (strcmp(got, com) != 0)
        return dishonest("SHA-256(salt || seed) is not the commitment published at the start");
    printf("commitment %s = SHA-256(salt || seed): ok\n", com);
    return 0;
}

int grg_cli_verify(int argc, char **argv)
{
    if (grg_cli_help(argc, argv, use) == 0)
        return 0;
    if (argc != 2) {
        fputs(use, stderr);
        return 2;
    }
    cJSON *root, *rec;
    if (grg_cli_read_record(argv[1], &root, &rec) < 0)
        return 1;
    unsigned long long seed = 0;
    int rc = check_commitment(root, rec, &seed);
    grg_session *s = rc ? NULL : grg_session_new(grg_data_dir());
    if (s) {
        char hex[17];
        snprintf(hex, sizeof hex, "%016llx", seed);
        cJSON_DeleteItemFromObject(rec, "seed");
        cJSON_AddStringToObject(rec, "seed", hex);
        cJSON *req = cJSON_CreateObject();
        cJSON_AddStringToObject(req, "cmd", "replay");
        cJSON_AddItemReferenceToObject(req, "record", rec);
        char *line = cJSON_PrintUnformatted(req);
        cJSON_Delete(req);
        int quit = 0;
        char *out = line ? grg_session_handle(s, line, &quit) : NULL;
        free(line);
        cJSON *r = out ? cJSON_Parse(out) : NULL;
        free(out);
        const cJSON *final = cJSON_GetObjectItem(root, "hash");
        const cJSON *got = cJSON_GetObjectItem(r, "hash");
        if (!cJSON_IsTrue(cJSON_GetObjectItem(r, "ok"))) {
            const cJSON *m = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "error"), "message");
            char why[600];
            snprintf(why, sizeof why, "the replay from the revealed seed fails: %s",
                     cJSON_IsString(m) ? m->valuestring : "?");
            rc = dishonest(why);
        } else if (cJSON_IsString(final) && cJSON_IsString(got) &&
                   strcmp(final->valuestring, got->valuestring)) {
            rc = dishonest("the final state hash differs from the record's");
        } else {
            printf("%d actions replayed from the revealed seed, every state hash matches\nhonest\n",
                   (int)cJSON_GetNumberValue(cJSON_GetObjectItem(r, "actions")));
        }
        cJSON_Delete(r);
        grg_session_free(s);
    }
    cJSON_Delete(root);
    return rc;
}
