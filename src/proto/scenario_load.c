/* Scenario files (docs/scenario-format.md): JSON into a grg_scenario. Every problem is reported
 * with its JSON path and a sentence; a scenario with any problem loads nothing. */
#include "scenario_load.h"

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const edge_names[] = {"N", "S", "E", "W", NULL}; /* grg_edge - 1 */
static const char *const arm_names[] = {"INF", "CAV", "ART", NULL};
static const char *const kind_names[] = {"FORMED_BN", "SKIRMISHER", "CAV", "ART",
                                         "WAGON",     "LEADER",     NULL};

const char *grg_data_dir(void)
{
    const char *env = getenv("GRG_DATA");
    return env && *env ? env : GRG_DATA_DIR;
}

static int name_index(const char *const *names, const char *s)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

static int find_id(const char *id, const void *base, size_t stride, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp((const char *)base + stride * (size_t)i, id) == 0)
            return i;
    return -1;
}

static void load_sides(loader *L, const cJSON *root)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "sides");
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != 2) {
        grg_problem_add(L->p, "sides", "must list the two sides");
        return;
    }
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        char at[32];
        snprintf(at, sizeof at, "sides[%d]", i);
        grg_side_def *s = &L->sc->sides[i];
        grg__json_str(e, "id", at, 1, s->id, sizeof s->id, L->p);
        grg__str_copy(s->name, sizeof s->name, s->id);
        grg__json_str(e, "name", at, 0, s->name, sizeof s->name, L->p);
        char edge[4] = "";
        if (grg__json_str(e, "home_edge", at, 0, edge, sizeof edge, L->p) == 0 && edge[0]) {
            int k = name_index(edge_names, edge);
            if (k < 0) {
                char hat[48];
                snprintf(hat, sizeof hat, "%s.home_edge", at);
                grg_problem_add(L->p, hat, "must be N, S, E or W, not '%s'", edge);
            }
            s->home_edge = k + 1;
        }
        if (i == 1 && strcmp(s->id, L->sc->sides[0].id) == 0)
            grg_problem_add(L->p, at, "duplicate side id '%s'", s->id);
        i++;
    }
    L->sc->n_sides = 2;
}

/* Reads a field naming a side by id into *out. */
static int read_side(loader *L, const cJSON *obj, const char *path, int *out)
{
    char id[GRG_ID_LEN] = "";
    if (grg__json_str(obj, "side", path, 1, id, sizeof id, L->p) < 0)
        return -1;
    *out = grg_scenario_side(L->sc, id);
    if (*out < 0) {
        char at[96];
        snprintf(at, sizeof at, "%s.side", path);
        grg_problem_add(L->p, at, "'%s' is not one of the scenario's sides", id);
        return -1;
    }
    return 0;
}

static void load_corps(loader *L, const cJSON *root)
{
    const cJSON *arr = grg__sc_array(L, root, "corps", "");
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        char at[32];
        snprintf(at, sizeof at, "corps[%d]", i);
        if (i >= GRG_MAX_CORPS) {
            grg_problem_add(L->p, at, "more than %d corps", GRG_MAX_CORPS);
            return;
        }
        grg_corps_def *c = &L->sc->corps[i];
        grg__json_str(e, "id", at, 1, c->id, sizeof c->id, L->p);
        grg__str_copy(c->name, sizeof c->name, c->id);
        grg__json_str(e, "name", at, 0, c->name, sizeof c->name, L->p);
        grg__json_str(e, "nationality", at, 0, c->nationality, sizeof c->nationality, L->p);
        read_side(L, e, at, &c->side);
        grg__json_bool(e, "allied", at, 0, &c->allied, L->p);
        c->general = -1;
        if (find_id(c->id, L->sc->corps, sizeof *c, i) >= 0)
            grg_problem_add(L->p, at, "duplicate corps id '%s'", c->id);
        i++;
    }
    L->sc->n_corps = i;
}

/* Per-unit values every ruleset may use; a ruleset's validation judges which it needs. */
static void load_unit_values(loader *L, const cJSON *e, const char *at, grg_unit_def *u)
{
    grg_problems *p = L->p;
    char q[4] = "O";
    if (grg__json_str(e, "quality", at, 0, q, sizeof q, p) == 0 && strlen(q) != 1)
        grg_problem_add(p, at, "quality is one letter");
    u->quality = q[0];
    grg__json_int(e, "facing", at, 0, -1, 5, &u->facing, p);
    grg__json_int(e, "stack", at, 0, 0, 2, &u->stack, p);
    grg__json_bool(e, "general", at, 0, &u->general, p);
    grg__json_bool(e, "cinc", at, 0, &u->cinc, p);
    grg__json_bool(e, "irregular", at, 0, &u->irregular, p);
    grg__json_bool(e, "impetuous", at, 0, &u->impetuous, p);
    grg__json_int(e, "ma", at, 0, 0, 99, &u->ma, p);
    grg__json_int(e, "strength", at, 0, 0, 999, &u->strength, p);
    grg__json_int(e, "range", at, 0, 0, 99, &u->range, p);
    grg__json_bool(e, "disordered", at, 0, &u->disordered, p);
    grg__json_int(e, "men", at, 0, 0, 100000, &u->men, p);
    grg__json_int(e, "fatigue", at, 0, 0, 99, &u->fatigue, p);
    char name[16];
    name[0] = '\0';
    if (grg__json_str(e, "arm", at, 0, name, sizeof name, p) == 0 && name[0] &&
        (u->arm = name_index(arm_names, name)) < 0)
        grg_problem_add(p, at, "arm must be INF, CAV or ART");
    name[0] = '\0';
    if (grg__json_str(e, "kind", at, 0, name, sizeof name, p) == 0 && name[0] &&
        (u->kind = name_index(kind_names, name)) < 0)
        grg_problem_add(p, at, "unknown unit kind '%s'", name);
}

static void load_units(loader *L, const cJSON *root)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "units");
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1) {
        grg_problem_add(L->p, "units", "must be a non-empty array");
        return;
    }
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        char at[32];
        snprintf(at, sizeof at, "units[%d]", i);
        if (i >= GRG_MAX_UNITS) {
            grg_problem_add(L->p, at, "more than %d units", GRG_MAX_UNITS);
            return;
        }
        grg_unit_def *u = &L->sc->units[i];
        u->facing = -1;
        u->irregular = u->impetuous = -1;
        u->ma = u->range = u->arm = u->kind = u->men = u->fatigue = -1;
        u->corps = -1;
        grg__json_str(e, "id", at, 1, u->id, sizeof u->id, L->p);
        if (u->id[0] && find_id(u->id, L->sc->units, sizeof *u, i) >= 0) {
            char iat[48];
            snprintf(iat, sizeof iat, "%s.id", at);
            grg_problem_add(L->p, iat, "duplicate unit id '%s'", u->id);
        }
        grg__str_copy(u->name, sizeof u->name, u->id);
        grg__json_str(e, "name", at, 0, u->name, sizeof u->name, L->p);
        read_side(L, e, at, &u->side);
        char id[GRG_ID_LEN] = "";
        if (grg__json_str(e, "corps", at, 0, id, sizeof id, L->p) == 0 && id[0]) {
            u->corps = find_id(id, L->sc->corps, sizeof L->sc->corps[0], L->sc->n_corps);
            char cat[48];
            snprintf(cat, sizeof cat, "%s.corps", at);
            if (u->corps < 0)
                grg_problem_add(L->p, cat, "unknown corps '%s'", id);
            else if (L->sc->corps[u->corps].side != u->side)
                grg_problem_add(L->p, cat, "corps '%s' belongs to the other side", id);
        }
        id[0] = '\0';
        if (grg__json_str(e, "type", at, 1, id, sizeof id, L->p) == 0 &&
            (u->type = grg_rules_type(L->d, id)) < 0) {
            char tat[48];
            snprintf(tat, sizeof tat, "%s.type", at);
            grg_problem_add(L->p, tat, "unknown unit type '%s' for the %s ruleset", id,
                            L->d->ruleset);
        }
        u->on_map =
            grg__sc_hex_field(L, e, "hex", at, 0, &u->hex) != 1; /* present, even if wrong */
        load_unit_values(L, e, at, u);
        i++;
    }
    L->sc->n_units = i;
}

static void link_generals(loader *L, const cJSON *root)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "corps");
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        char at[32], id[GRG_ID_LEN] = "";
        snprintf(at, sizeof at, "corps[%d]", i);
        if (i < L->sc->n_corps && grg__json_str(e, "general", at, 0, id, sizeof id, L->p) == 0 &&
            id[0]) {
            int u = grg_scenario_unit(L->sc, id);
            if (u < 0 || L->sc->units[u].corps != i)
                grg_problem_add(L->p, at, "general '%s' is not a unit of this corps", id);
            else
                L->sc->corps[i].general = u;
        }
        i++;
    }
}

static void load_reinforcements(loader *L, const cJSON *root)
{
    const cJSON *arr = grg__sc_array(L, root, "reinforcements", "");
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, arr)
    {
        char at[40], id[GRG_ID_LEN] = "";
        snprintf(at, sizeof at, "reinforcements[%d]", i++);
        if (L->sc->n_reinf >= GRG_MAX_REINF) {
            grg_problem_add(L->p, at, "more than %d reinforcements", GRG_MAX_REINF);
            return;
        }
        grg_reinf_def *r = &L->sc->reinf[L->sc->n_reinf];
        if (grg__json_str(e, "unit", at, 1, id, sizeof id, L->p) < 0)
            continue;
        r->unit = grg_scenario_unit(L->sc, id);
        if (r->unit < 0) {
            grg_problem_add(L->p, at, "unknown unit '%s'", id);
            continue;
        }
        for (int k = 0; k < L->sc->n_reinf; k++)
            if (L->sc->reinf[k].unit == r->unit)
                grg_problem_add(L->p, at, "unit '%s' is already a reinforcement", id);
        grg__json_int(e, "turn", at, 1, 1, 999, &r->turn, L->p);
        grg__json_int(e, "die_min", at, 0, 0, 6, &r->die_min, L->p);
        const cJSON *ent = cJSON_GetObjectItemCaseSensitive(e, "entry");
        if (!cJSON_IsArray(ent) || cJSON_GetArraySize(ent) < 1) {
            grg_problem_add(L->p, at, "entry must list at least one entry hex");
            continue;
        }
        const cJSON *hv;
        cJSON_ArrayForEach(hv, ent)
        {
            char hat[64];
            snprintf(hat, sizeof hat, "%s.entry[%d]", at, r->n_entry);
            if (r->n_entry >= GRG_MAX_ENTRY) {
                grg_problem_add(L->p, hat, "more than %d entry hexes", GRG_MAX_ENTRY);
                break;
            }
            if (grg__sc_hex(L, hv, hat, &r->entry[r->n_entry]) == 0) {
                L->sc->map.flags[grg_map_index(&L->sc->map, r->entry[r->n_entry])] |= GRG_HEX_ENTRY;
                r->n_entry++;
            }
        }
        L->sc->units[r->unit].on_map = 0;
        L->sc->n_reinf++;
    }
    for (int u = 0; u < L->sc->n_units; u++) {
        int is_reinf = 0;
        for (int k = 0; k < L->sc->n_reinf; k++)
            is_reinf |= L->sc->reinf[k].unit == u;
        if (!is_reinf && !L->sc->units[u].on_map) {
            char at[32];
            snprintf(at, sizeof at, "units[%d].hex", u);
            grg_problem_add(L->p, at, "is required (unit '%s' is not a reinforcement)",
                            L->sc->units[u].id);
        }
    }
}

static void load_options(loader *L, const cJSON *root)
{
    const cJSON *obj = cJSON_GetObjectItemCaseSensitive(root, "options");
    if (!obj)
        return;
    if (!cJSON_IsObject(obj)) {
        grg_problem_add(L->p, "options", "must be an object of option names and values");
        return;
    }
    const cJSON *e;
    cJSON_ArrayForEach(e, obj)
    {
        char at[64], text[32], msg[160];
        snprintf(at, sizeof at, "options.%s", e->string);
        if (cJSON_IsString(e))
            snprintf(text, sizeof text, "%s", e->valuestring);
        else if (cJSON_IsBool(e))
            snprintf(text, sizeof text, "%d", cJSON_IsTrue(e));
        else if (cJSON_IsNumber(e))
            snprintf(text, sizeof text, "%d", e->valueint);
        else
            text[0] = '\0';
        int v;
        if (grg_option_parse(L->rs, e->string, text, &v, msg, sizeof msg) < 0) {
            grg_problem_add(L->p, at, "%s", msg);
            continue;
        }
        if (L->sc->n_options >= GRG_MAX_OPTIONS || strlen(e->string) >= GRG_ID_LEN) {
            grg_problem_add(L->p, at, "too many options or too long a name");
            continue;
        }
        grg_option_value *o = &L->sc->options[L->sc->n_options++];
        snprintf(o->name, sizeof o->name, "%s", e->string);
        o->value = v;
    }
}

static void sha256_hex(const char *text, size_t len, char out[65])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    out[0] = '\0';
    if (EVP_Digest(text, len, md, &n, EVP_sha256(), NULL) != 1)
        return;
    for (unsigned i = 0; i < n && i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", md[i]);
}

static void load_body(loader *L, const cJSON *root)
{
    grg_scenario *sc = L->sc;
    grg__json_str(root, "id", "", 1, sc->id, sizeof sc->id, L->p);
    grg__str_copy(sc->name, sizeof sc->name, sc->id);
    grg__json_str(root, "name", "", 0, sc->name, sizeof sc->name, L->p);
    grg__json_int(root, "turn_limit", "", 1, 1, 999, &sc->turn_limit, L->p);
    load_sides(L, root);
    grg__sc_load_map(L, root);
    if (!sc->map.terrain || sc->n_sides != 2)
        return; /* the rest refers to the map and the sides */
    char first[GRG_ID_LEN] = "";
    if (grg__json_str(root, "first_side", "", 0, first, sizeof first, L->p) == 0 && first[0] &&
        (sc->first_side = grg_scenario_side(sc, first)) < 0)
        grg_problem_add(L->p, "first_side", "'%s' is not one of the scenario's sides", first);
    load_corps(L, root);
    load_units(L, root);
    link_generals(L, root);
    load_reinforcements(L, root);
    load_options(L, root);
}

int grg_load_scenario(const char *path, const char *data_dir, grg_loaded **out, grg_problems *p,
                      int *not_found)
{
    *out = NULL;
    int e = 0;
    size_t len = 0;
    if (not_found)
        *not_found = 0;
    char *text = grg__read_file(path, 16u << 20, &len, &e);
    if (!text) {
        if (not_found)
            *not_found = 1;
        grg_problem_add(p, "", "cannot read the file %s", path);
        return -1;
    }
    cJSON *root = grg__json_parse(text, path, p);
    grg_loaded *l = calloc(1, sizeof *l);
    grg_scenario *sc = calloc(1, sizeof *sc);
    if (!root || !l || !sc)
        goto fail;
    sha256_hex(text, len, l->sha256);
    snprintf(l->path, sizeof l->path, "%s", path);
    if (grg__json_str(root, "ruleset", "", 1, sc->ruleset, sizeof sc->ruleset, p) < 0)
        goto fail;
    const grg_rules_entry *entry = grg__rules_entry(sc->ruleset);
    if (!entry) {
        char known[96] = "";
        for (const grg_ruleset *const *r = grg_rulesets(); *r; r++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s",
                     known[0] ? ", " : "", (*r)->name);
        grg_problem_add(p, "ruleset", "unknown ruleset '%s' (this build has: %s)", sc->ruleset,
                        known);
        goto fail;
    }
    l->data = grg__rules_data_load(data_dir, sc->ruleset, p);
    if (!l->data)
        goto fail;
    sc->data = l->data;
    l->rs = entry->rs;
    loader L = {sc, l->data, l->rs, p};
    load_body(&L, root);
    if (p->n == 0 && l->rs->validate)
        l->rs->validate(sc, p);
    if (p->n > 0)
        goto fail;
    free(text);
    l->sc = sc;
    l->json = root;
    *out = l;
    return 0;
fail:
    free(text);
    cJSON_Delete(root);
    if (sc)
        grg_map_release(&sc->map);
    free(sc);
    if (l)
        grg__rules_data_free(l->data);
    free(l);
    return -1;
}

void grg_loaded_free(grg_loaded *l)
{
    if (!l)
        return;
    if (l->sc)
        grg_map_release(&l->sc->map);
    free(l->sc);
    grg__rules_data_free(l->data);
    cJSON_Delete(l->json);
    free(l);
}
