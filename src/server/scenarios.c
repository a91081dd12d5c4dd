/* The scenarios the server offers: every data/scenarios/DIR/FILE.json that loads, found once at
 * start. A scenario's id is the file's "id" (the first file wins; a later file with the same id
 * is listed as DIR/FILE). Test scenarios (DIR "test") are listed with "test": true. */
#include "server.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static int cmp_scn(const void *a, const void *b)
{
    return strcmp(((const srv_scenario *)a)->rel, ((const srv_scenario *)b)->rel);
}

static int json_name(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && name[0] != '.' && strcmp(name + n - 5, ".json") == 0;
}

/* Adds one file if it loads; returns 0 (skipped files are logged, not errors). */
static int add_file(srv *sv, const char *dir, const char *file, int *cap)
{
    srv_scenario e;
    memset(&e, 0, sizeof e);
    snprintf(e.dir, sizeof e.dir, "%s", dir);
    snprintf(e.rel, sizeof e.rel, "scenarios/%s/%s", dir, file);
    snprintf(e.path, sizeof e.path, "%s/%s", sv->data_dir, e.rel);
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    if (!p || grg_load_scenario(e.path, sv->data_dir, &l, p, NULL) < 0) {
        srv_log(sv, "scenario %s skipped: %s", e.rel,
                p && p->n ? p->items[0].message : "cannot load");
        free(p);
        return 0;
    }
    free(p);
    snprintf(e.id, sizeof e.id, "%s", l->sc->id);
    grg_loaded_free(l);
    for (int i = 0; i < sv->n_scenarios; i++)
        if (strcmp(sv->scenarios[i].id, e.id) == 0) {
            size_t n = strlen(file) - 5;
            snprintf(e.id, sizeof e.id, "%s/%.*s", dir, (int)n, file);
        }
    if (sv->n_scenarios == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        srv_scenario *ns = realloc(sv->scenarios, (size_t)*cap * sizeof *ns);
        if (!ns)
            return -1;
        sv->scenarios = ns;
    }
    sv->scenarios[sv->n_scenarios++] = e;
    return 0;
}

int srv_scenarios_scan(srv *sv)
{
    char root[1100];
    snprintf(root, sizeof root, "%s/scenarios", sv->data_dir);
    DIR *d = opendir(root);
    int cap = 0;
    if (!d)
        return -1;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        char sub[1400];
        snprintf(sub, sizeof sub, "%s/%s", root, de->d_name);
        DIR *sd = opendir(sub);
        if (!sd)
            continue;
        struct dirent *fe;
        while ((fe = readdir(sd)) != NULL)
            if (json_name(fe->d_name))
                add_file(sv, de->d_name, fe->d_name, &cap);
        closedir(sd);
    }
    closedir(d);
    if (sv->n_scenarios > 1)
        qsort(sv->scenarios, (size_t)sv->n_scenarios, sizeof *sv->scenarios, cmp_scn);
    return 0;
}

/* A scenario by id, by DIR/FILE (without .json) or by its path relative to the data dir. */
const srv_scenario *srv_scenario_find(const srv *sv, const char *id)
{
    for (int i = 0; i < sv->n_scenarios; i++) {
        const srv_scenario *e = &sv->scenarios[i];
        const char *slash = strrchr(e->rel, '/');
        size_t dl = strlen(e->dir), fl = strlen(slash + 1) - 5;
        if (!strcmp(e->id, id) || !strcmp(e->rel, id) ||
            (strlen(id) == dl + 1 + fl && !strncmp(id, e->dir, dl) && id[dl] == '/' &&
             !strncmp(id + dl + 1, slash + 1, fl)))
            return e;
    }
    return NULL;
}

static cJSON *entry_json(const srv *sv, const srv_scenario *e)
{
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    if (!p || grg_load_scenario(e->path, sv->data_dir, &l, p, NULL) < 0) {
        free(p);
        return NULL;
    }
    free(p);
    const grg_scenario *sc = l->sc;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", e->id);
    cJSON_AddStringToObject(o, "name", sc->name);
    cJSON_AddStringToObject(o, "ruleset", sc->ruleset);
    const cJSON *desc = cJSON_GetObjectItem((const cJSON *)l->json, "description");
    cJSON_AddStringToObject(o, "description", cJSON_IsString(desc) ? desc->valuestring : "");
    cJSON *sides = cJSON_AddArrayToObject(o, "sides");
    for (int k = 0; k < sc->n_sides; k++) {
        cJSON *s = cJSON_CreateObject();
        cJSON_AddStringToObject(s, "id", sc->sides[k].id);
        cJSON_AddStringToObject(s, "name", sc->sides[k].name);
        cJSON_AddItemToArray(sides, s);
    }
    if (sc->n_corps > 0) {
        cJSON *corps = cJSON_AddArrayToObject(o, "corps");
        for (int c = 0; c < sc->n_corps; c++) {
            cJSON *k = cJSON_CreateObject();
            cJSON_AddStringToObject(k, "id", sc->corps[c].id);
            cJSON_AddStringToObject(k, "name", sc->corps[c].name);
            cJSON_AddStringToObject(k, "side", sc->sides[sc->corps[c].side].id);
            cJSON_AddItemToArray(corps, k);
        }
    }
    cJSON_AddNumberToObject(o, "turn_limit", sc->turn_limit);
    cJSON_AddStringToObject(o, "path", e->rel);
    cJSON_AddBoolToObject(o, "test", strcmp(e->dir, "test") == 0);
    grg_loaded_free(l);
    return o;
}

cJSON *srv_scenarios_json(srv *sv)
{
    if (sv->scenarios_cache) /* the files are read once; restart the server to see new ones */
        return cJSON_Parse(sv->scenarios_cache);
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < sv->n_scenarios; i++) {
        cJSON *o = entry_json(sv, &sv->scenarios[i]);
        if (o)
            cJSON_AddItemToArray(arr, o);
    }
    sv->scenarios_cache = cJSON_PrintUnformatted(arr);
    return arr;
}
