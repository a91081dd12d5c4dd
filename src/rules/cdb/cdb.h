/* The Champs de Bataille ruleset (spec §B): its data tables (the `ext` of grg_rules_data, filled by
 * src/proto/data_cdb.c from data/rulesets/cdb.json), its state inside the game, and the functions
 * its files share. Everything here is pure: no I/O, no mutable globals, and no allocation except
 * the one clone the melee preview makes (preview.c). */
#ifndef GRG_RULES_CDB_H
#define GRG_RULES_CDB_H

#include "grognard/game.h"
#include "grognard/ruleset.h"
#include "grognard/scenario.h"

#include <stdint.h>

/* ---- Data tables (data/rulesets/cdb.json) --------------------------------------------------- */

/* Terrain classes of CDB-1.2.a, ordered by severity. */
enum { CDB_CLEAR = 0, CDB_BROKEN = 1, CDB_DIFFICULT = 2, CDB_IMPASSABLE = 3 };
enum { CDB_FOOT = 0, CDB_MOUNTED = 1 };

typedef struct cdb_terrain {
    int cls;   /* CDB_CLEAR .. CDB_IMPASSABLE */
    int wood;  /* CDB-1.2.c: entry limit and the 2-hex sight limit */
    int fort;  /* CDB-P9: defending it adds the fortification modifier */
    int cover; /* CDB-P8: a missile target in it adds the cover modifier */
} cdb_terrain;

typedef struct cdb_type {
    int cls; /* CDB_FOOT or CDB_MOUNTED: which tactical value an opponent uses */
    int ma, tv_foot, tv_mounted, range;
    int skirmisher, impetuous, irregular;
    int fast;     /* CDB-9.6: MA-1 in an impulse entering broken terrain */
    int chariot;  /* CDB-9.6: never enters difficult terrain; no groups in broken off road */
    int elephant; /* CDB-11.3.a: never supports mounted; CDB-9.5.f: may block advances */
    int knight;   /* CDB-P10 (a), CDB-10.4.b, CDB-8.2.e */
    int baggage;  /* no facing, no ZOC (CDB-6.1, 7.1.a) */
    int psiloi, bowmen, blades; /* pass-through classes of CDB-8.2.b/c */
    int ride_down;              /* CDB-P10 (a): destroyed by Knights in clear at any difference */
    int flee_vs_foot;           /* CDB-P10 (b): flees instead of being destroyed by foot */
    int melee_broken, melee_difficult; /* CDB-P4: own-hex melee modifiers */
} cdb_type;

/* CDB-P6: a rank of support. A `third` entry is the extra Psiloi on a two-rank stack. */
typedef struct cdb_rank {
    int front, rear; /* unit type indices */
    int third;
    int bonus_foot, bonus_mounted; /* melee bonus of the front unit against foot / mounted */
    int missile;                   /* counts as one missile support (CDB-10.3.b) */
    int lost_in;   /* the bonus is lost in terrain of this class or worse; 0 = never */
    int army_list; /* needs the scenario option army_list_ranks */
} cdb_rank;

/* What a hexside feature means to cdb: crossing it is like entering terrain of class `cls`, and a
 * unit attacked across it adds `defence` (walls, CDB-P9). */
typedef struct cdb_side_rule {
    int cls;
    int defence;
    int cancels; /* a bridge or ford: the crossing is clear whatever else the hexside has */
} cdb_side_rule;

#define CDB_MAX_RANKS 16
typedef struct cdb_data {
    cdb_terrain terrain[GRG_MAX_TERRAIN];
    cdb_type type[GRG_MAX_TYPES];
    int n_ranks;
    cdb_rank ranks[CDB_MAX_RANKS];
    cdb_side_rule side[GRG_SIDE_FEATURE_COUNT];
    /* CDB-P5 and CDB-4.2 costs */
    int cost_activate, cost_control, cost_hold, cost_irregular;
    int cost_cinc, cost_far, cost_engaged, cinc_extra;
    int mp_vertex;            /* CDB-6.2.a: MP per vertex turned */
    int skirmisher_turn;      /* CDB-6.2.c: vertices a lone skirmisher turns for 1 MP */
    int fast_broken;          /* CDB-9.6: MA lost by fast types entering broken */
    int difficult_mounted_ma; /* CDB-9.6: mounted MA in difficult terrain */
    /* thresholds */
    int command_far, command_sight;     /* CDB-4.2.b: > 12, out of sight and >= 6 */
    int strategic;                      /* CDB-9.3: more than 4 hexes */
    int unreliable_dist;                /* CDB-4.3.b: within 12 */
    int unreliable_roll, reliable_roll; /* CDB-4.3.a/c: 1-2 unreliable, 6 reliable */
    int advance_near;                   /* CDB-9.5.c: nearest enemy within 4 */
    int wood_sight;                     /* CDB-1.2.c: 2 hexes */
    int support_cap, missile_cap;       /* CDB-11.3.b: -3, CDB-10.3.c: -2 */
    int recoil_max;                     /* CDB-P10: difference 1..2 recoils */
    int demoralise_div;                 /* CDB-P12: ceil(start / 3) */
    int army_loss_num, army_loss_den;   /* CDB-P14: half the army */
    /* CDB-P9, P8, P3 modifiers */
    int mod_general, mod_uphill, mod_fort, mod_cover;
    int mod_superior, mod_inferior, mod_fast;
} cdb_data;

/* The loader of src/proto/data_cdb.c (declared here for the lead's registry). */
#ifdef cJSON__h
void *grg__cdb_load_ext(const cJSON *root, const grg_rules_data *common, grg_problems *p);
#endif
void grg__cdb_free_ext(void *ext);

extern const grg_ruleset grg_ruleset_cdb;

/* ---- Options (declaration order = g->opt index) ---------------------------------------------- */
enum {
    CDB_OPT_COMMAND_METRIC = 0, /* CDB-4.2.b: 0 path, 1 straight */
    CDB_OPT_ARMY_LIST_RANKS,    /* CDB-P6: Bd rear ranks and the extra Psiloi rank */
    CDB_OPT_FROZEN_CORPS,       /* scenario: 1-based corps that may not act before frozen_until */
    CDB_OPT_FROZEN_UNTIL,
    CDB_OPT_SURPRISED_CORPS, /* scenario: 1-based corps with no PA on its first player-turn */
    CDB_OPT_SURPRISE_DIV,    /* ... and demoralised at ceil(start / this) losses */
    CDB_OPT_CINC_DEATH,      /* scenario: a destroyed CinC loses the battle */
    CDB_OPT_ARMY_COUNT,      /* CDB-P14: the army's size as it stands (0) or as set up (1) */
    CDB_OPT_COUNT
};

/* ---- State --------------------------------------------------------------------------------- */

#define CDB_MAX_PIECES 16 /* stacks in one group */
#define CDB_MAX_MOVERS 48

/* Unit flags (grg_unit.flags); per player-turn unless said. */
enum {
    CDB_UF_MOVED = 1u << 0,      /* moved at least one hex this player-turn */
    CDB_UF_NEAR = 1u << 1,       /* CDB-9.3.b: within 4 hexes of an enemy: one impulse only */
    CDB_UF_CONTROLLED = 1u << 2, /* CDB-9.5.a: kept under control */
    CDB_UF_HELD = 1u << 3,       /* CDB-P13: held, no flight */
    CDB_UF_SHOT = 1u << 4,       /* CDB-10.1.a */
    CDB_UF_SHOT_AT = 1u << 5,
    CDB_UF_FOUGHT = 1u << 6, /* CDB-11.1.c */
    CDB_UF_ATTACKED = 1u << 7,
    CDB_UF_SUPPORTED = 1u << 8,  /* gave a melee support in the most recent melee phase */
    CDB_UF_SPONT = 1u << 9,      /* made a spontaneous advance this player-turn */
    CDB_UF_PSI_PASSED = 1u << 10 /* CDB-8.2.b: passed through by a Psiloi this player-turn */
};
#define CDB_UF_TURN_MASK                                                                           \
    (CDB_UF_MOVED | CDB_UF_NEAR | CDB_UF_CONTROLLED | CDB_UF_HELD | CDB_UF_SHOT | CDB_UF_SHOT_AT | \
     CDB_UF_SPONT | CDB_UF_PSI_PASSED)

/* grg_unit.v[] slots. */
enum { CDB_V_IMPULSES = 0, CDB_V_QUALITY = 1 };

/* Corps flags. */
enum {
    CDB_CF_UNRELIABLE = 1 << 0,  /* CDB-4.3.a */
    CDB_CF_ROLLED = 1 << 1,      /* its first AP roll happened */
    CDB_CF_DEMORALISED = 1 << 2, /* CDB-P12 */
    CDB_CF_DEFECTING = 1 << 3,   /* CDB-4.3.d: changes side at the new owner's next player-turn */
    CDB_CF_SWITCHED = 1 << 4     /* CDB-4.3.d: fights for the other side now */
};

/* Movement modes of an impulse (CDB-9.2: never mixed). */
enum { CDB_MODE_NONE = 0, CDB_MODE_FORWARD = 1, CDB_MODE_REAR = 2 };
/* Move flags. */
enum {
    CDB_MF_STOPPED = 1 << 0,   /* CDB-7.1.b / 8.1.d: no more steps or turns */
    CDB_MF_START_ZOC = 1 << 1, /* started in an enemy ZOC */
    CDB_MF_LEFT_ZOC = 1 << 2,  /* CDB-7.2.b */
    CDB_MF_STRATEGIC = 1 << 3, /* a second or later impulse (CDB-9.3) */
    CDB_MF_SPONT = 1 << 4,     /* a spontaneous advance (CDB-8.1.f) */
    CDB_MF_IRREGULAR = 1 << 5, /* CDB-P5 surcharge paid, refunded if every MP is spent */
    CDB_MF_JOINED = 1 << 6,    /* CDB-8.1.d/e: joined a stack and stopped */
    CDB_MF_CINC = 1 << 7       /* CDB-4.2.e: the CinC's point may pay */
};
/* Piece flags: terrain met in this impulse (CDB-9.6). */
enum { CDB_PF_BROKEN = 1 << 0, CDB_PF_DIFFICULT = 1 << 1 };
/* Detached ranks (CDB-8.1.c). */
enum { CDB_DETACH_NONE = 0, CDB_DETACH_FRONT = 1, CDB_DETACH_REAR = 2 };

#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wpadded"
/* An impulse in progress: the pieces (a stack, or a detached rank) that move together, their
 * positions and what the impulse has spent. Reach searches copies of it; the game keeps the open
 * one in its state. */
typedef struct cdb_move {
    grg_hex at[CDB_MAX_PIECES];          /* where each piece is now */
    grg_hex start[CDB_MAX_PIECES];       /* where it began the impulse */
    uint32_t moving[GRG_MAX_UNITS / 32]; /* bitset of the moving counters */
    int16_t piece[CDB_MAX_PIECES];       /* top moving counter of each piece */
    int16_t pc[CDB_MAX_PIECES * 3]; /* the counters of piece i at 3i..3i+2, top first; -1 none */
    int16_t pflags[CDB_MAX_PIECES]; /* CDB_PF_* */
    int16_t n;                      /* pieces */
    int16_t facing;
    int16_t mp;     /* movement points spent */
    int16_t mode;   /* CDB_MODE_* */
    int16_t turns;  /* vertices turned */
    int16_t run;    /* signed length of the current run of same-way turns */
    int16_t flags;  /* CDB_MF_* */
    int16_t detach; /* CDB_DETACH_* */
    int16_t cost;   /* PA paid */
    int16_t corps;
} cdb_move;

/* Phases of a player-turn (B.3), g->phase. */
enum { CDB_PH_POINTS = 0, CDB_PH_MOVE = 1, CDB_PH_MISSILE = 2, CDB_PH_MELEE = 3, CDB_PH_END = 4 };

/* Pending decisions that interrupt a phase. */
enum { CDB_PEND_NONE = 0, CDB_PEND_RETREAT = 1, CDB_PEND_ADVANCE = 2 };
/* Stages inside a phase. */
enum {
    CDB_STAGE_FREE = 0,
    CDB_STAGE_GROUP = 1,
    CDB_STAGE_MOVE = 2,
    CDB_STAGE_COMBAT = 3,
    CDB_STAGE_PIVOT = 4 /* CDB-6.3.c: the active player designates whom engaged enemies face */
};

typedef struct cdb_state {
    cdb_move mv;
    grg_hex pend_hex;               /* the hex a retreat vacated (advance) */
    int16_t ap[GRG_MAX_CORPS];      /* action points left */
    int16_t cflags[GRG_MAX_CORPS];  /* CDB_CF_* */
    int16_t start_n[GRG_MAX_CORPS]; /* CDB-P12: counters at the start, baggage excluded */
    int16_t lost[GRG_MAX_CORPS];    /* counters destroyed, baggage excluded */
    int16_t group[CDB_MAX_PIECES];  /* group being declared */
    int16_t group_n;
    int16_t cinc_ap;          /* CDB-4.2.e: the CinC's own point */
    int16_t cinc_used;        /* CDB-4.2.a: the -1 was used this player-turn */
    int16_t stage;            /* CDB_STAGE_* */
    int16_t pturn;            /* 0: first player-turn of the game turn, 1: second */
    int16_t missile_pass;     /* 0: the active side shoots, 1: the other side */
    int16_t cmb_att, cmb_def; /* combat being declared */
    int16_t pend;             /* CDB_PEND_* */
    int16_t pend_unit;        /* unit that must retreat, or the winner that may advance */
    int16_t pend_loser;       /* the other combatant */
    int16_t pend_mandatory;   /* advance: compulsory (impetuous); retreat: no advance after */
    int16_t resume;           /* side that resumes after the decision */
    int16_t pass_side;        /* side whose player-turn it is */
} cdb_state;
#pragma GCC diagnostic pop

/* ---- Shared helpers (board.c) ---------------------------------------------------------------- */

/* Inline: every rule asks them, many times per unit. */
static inline const cdb_data *cdb_data_of(const grg_game *g)
{
    return (const cdb_data *)g->sc->data->ext;
}
static inline const cdb_type *cdb_type_of(const grg_game *g, int u)
{
    return &cdb_data_of(g)->type[g->units[u].type];
}
static inline int cdb_has_facing(const grg_game *g, int u) { return !cdb_type_of(g, u)->baggage; }
static inline int cdb_is_cinc(const grg_game *g, int u) { return g->sc->units[u].cinc; }
static inline int cdb_on_map(const grg_game *g, int u)
{
    return g->units[u].status == GRG_UNIT_ON_MAP;
}
/* Units of opposing sides. */
static inline int cdb_enemies(const grg_game *g, int a, int b)
{
    return g->units[a].side != g->units[b].side;
}
/* A stack counts as one unit (CDB-8.1.a): the top counter stands for it. Stack positions are kept
 * 0, 1, 2 from the top (cdb_move_commit renumbers a stack a rank leaves). */
static inline int cdb_is_top(const grg_game *g, int u)
{
    return cdb_on_map(g, u) && g->units[u].stack == 0;
}
/* CDB-7.1.a: a unit exerts a zone of control when it is the top of its stack on the map, not
 * baggage, with a facing. On the unit's fields, so that the board index (index.c) asks the same
 * rule of the copy of a unit it keeps; cdb_exerts_zoc asks it of the live unit. */
static inline int cdb_zoc_exerter(int status, int stack, int facing, const cdb_type *t)
{
    return status == GRG_UNIT_ON_MAP && stack == 0 && facing >= 0 && !t->baggage;
}
static inline int cdb_exerts_zoc(const grg_game *g, int u)
{
    const grg_unit *x = &g->units[u];
    return cdb_zoc_exerter(x->status, x->stack, x->facing, cdb_type_of(g, u));
}
/* Hex distance (spec A.5.1) for map coordinates, inline for the hot loops. */
static inline int cdb_dist(grg_hex a, grg_hex b)
{
    int dq = b.q - a.q, dr = b.r - a.r, ds = dq + dr;
    /* unsigned: the sum is not negative, so the halving is one shift */
    return (int)((unsigned)((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2);
}
/* grg_hex_neighbour inline (spec A.2.1), for the hot loops; any dir, taken mod 6. The tables
 * run twice round, so the dirs callers pass (0..5, or a facing plus up to 5) need no division. */
static inline grg_hex cdb_nb(grg_hex h, int dir)
{
    static const int8_t nq[12] = {1, 1, 0, -1, -1, 0, 1, 1, 0, -1, -1, 0},
                        nr[12] = {0, -1, -1, 0, 1, 1, 0, -1, -1, 0, 1, 1};
    int d = (unsigned)dir < 12 ? dir : (dir % 6 + 6) % 6;
    grg_hex n = {h.q + nq[d], h.r + nr[d]};
    return n;
}
/* grg_map_index inline (odd-r offsets, spec A.1.3), for the hot loops: -1 off the map. */
static inline int cdb_map_index(const grg_map *m, grg_hex h)
{
    if (h.r < 0 || h.r >= m->height)
        return -1;
    int col = h.q + (int)((unsigned)h.r / 2); /* r is not negative: (r - (r odd)) / 2 */
    if (col < 0 || col >= m->width)
        return -1;
    return h.r * m->width + col;
}
/* The map indices of h's six neighbours in direction order (-1 off the map): away from the map's
 * edges, h's own index plus its row's offsets (odd-r rows sit half a hex right), else one by one.
 * For the board index's questions about the hexes around one. */
static inline void cdb_nb_cells(const grg_map *m, grg_hex h, int out[6])
{
    int i = cdb_map_index(m, h), w = m->width, col = i - h.r * w;
    if (i >= 0 && h.r > 0 && h.r < m->height - 1 && col > 0 && col < w - 1) {
        int odd = h.r & 1;
        out[0] = i + 1;
        out[1] = i - w + odd;
        out[2] = i - w - 1 + odd;
        out[3] = i - 1;
        out[4] = i + w - 1 + odd;
        out[5] = i + w + odd;
        return;
    }
    for (int d = 0; d < 6; d++)
        out[d] = cdb_map_index(m, cdb_nb(h, d));
}
/* Terrain of a hex (an impassable class off the map), inline: every move and command path asks. */
extern const cdb_terrain cdb_off_map;
static inline const cdb_terrain *cdb_terrain_at(const grg_game *g, grg_hex h)
{
    int i = cdb_map_index(&g->sc->map, h);
    return i < 0 ? &cdb_off_map : &cdb_data_of(g)->terrain[g->sc->map.terrain[i]];
}
static inline int cdb_terrain_cls(const grg_game *g, grg_hex h)
{
    return cdb_terrain_at(g, h)->cls;
}
/* Counters at h, top first; returns the count (at most 3 are kept). */
int cdb_stack(const grg_game *g, grg_hex h, int out[3]);
int cdb_side_cls(const grg_game *g, grg_hex h, int dir);
int cdb_side_defence(const grg_game *g, grg_hex h, int dir);
int cdb_is_general(const grg_game *g, int u);
static inline int cdb_is_irregular(const grg_game *g, int u)
{
    int v = g->sc->units[u].irregular;
    return v >= 0 ? v : cdb_type_of(g, u)->irregular;
}
static inline int cdb_is_impetuous(const grg_game *g, int u)
{
    int v = g->sc->units[u].impetuous;
    return v >= 0 ? v : cdb_type_of(g, u)->impetuous;
}
static inline int cdb_range(const grg_game *g, int u)
{
    int v = g->sc->units[u].range;
    return v >= 0 ? v : cdb_type_of(g, u)->range;
}
int cdb_quality(const grg_game *g, int u);
int cdb_same_or_reverse(int a, int b);
int cdb_label(const grg_game *g, grg_hex h, char *buf, size_t size);
const char *cdb_name(const grg_game *g, int u);

/* Zones of control and contact (zoc.c). */
/* (dq, dr) = h - the unit's hex is across one of the two frontal hexsides of facing f (spec A.2.1
 * deltas inline: every ZOC question asks this of many units). */
static inline int cdb_front_delta(int f, int dq, int dr)
{
    static const int8_t fq[6] = {1, 1, 0, -1, -1, 0}, fr[6] = {0, -1, -1, 0, 1, 1};
    if (f < 0)
        return 0;
    int f2 = f == 5 ? 0 : f + 1;
    return (dq == fq[f] && dr == fr[f]) || (dq == fq[f2] && dr == fr[f2]);
}
/* h is one of u's two frontal hexes. */
static inline int cdb_in_front(const grg_game *g, int u, grg_hex h)
{
    return cdb_front_delta(g->units[u].facing, h.q - g->units[u].hex.q, h.r - g->units[u].hex.r);
}
int cdb_zoc_on(const grg_game *g, int side, grg_hex h,
               int out[6]); /* enemies of side with ZOC on h */
int cdb_in_enemy_zoc(const grg_game *g, int u);
int cdb_enemy_in_zoc(const grg_game *g, int u); /* an enemy stands in one of u's frontal hexes */
int cdb_frontal_contact(const grg_game *g, int a, int b);
int cdb_adjacent_enemy(const grg_game *g, int side, grg_hex h);
int cdb_enemy_within(const grg_game *g, int side, grg_hex h, int r);
/* cdb_enemy_within for many hexes: the enemies' hexes read once with their box (q, r and q + r
 * ranges), then whether one of them lies within r of h. */
typedef struct cdb_hexes {
    int n, q0, q1, r0, r1, s0, s1;
    grg_hex at[GRG_MAX_UNITS];
} cdb_hexes;
void cdb_enemy_hexes(const grg_game *g, int side, cdb_hexes *out);
int cdb_any_within(const cdb_hexes *set, grg_hex h, int r);
int cdb_zoc_query(const grg_game *g, grg_zoc *out);

/* The board index (index.c, docs/decisions/0008): the counters in each hex, in unit order, and per
 * hex how many counters of each side exert a ZOC into it, kept in the game's cache and brought up
 * to date from the units before each use. After the header, at offsets cdb_index_sync gives: a
 * copy of the fields of each unit the index depends on, as it last took them in, with the link to
 * the next counter in its hex; the command distances; each hex's first counter and its ZOC counts
 * (side 0 in the low nibble, side 1 in the high one). Counters are held in a byte, CDB_NO_UNIT
 * none, so the index gives up on scenarios of more than CDB_NO_UNIT units; the copy holds each
 * field in a narrower type, so it gives up on a unit whose values do not fit (index.c). */
#define CDB_NO_UNIT 255
typedef struct cdb_seen {
    int8_t facing, status, side, corps, type, stack;
    uint8_t next; /* the next counter in the same hex, CDB_NO_UNIT none */
    uint8_t pad_;
    int16_t q, r; /* hex */
} cdb_seen;
typedef struct cdb_index {
    int32_t built; /* 0: not built yet (a new game's cache is zeroed) or given up */
    int32_t pad_;
    /* bit u: dist[u] and far[u] (the command distance of cdb_cmd_memo) hold, kept from call to
       call while no counter moves that could change them */
    uint32_t known[GRG_MAX_UNITS / 32];
    uint32_t side_units[GRG_MAX_SIDES][GRG_MAX_UNITS / 32]; /* bit u: u is of that side */
} cdb_index;
typedef struct cdb_index_view {
    cdb_index *ix;
    cdb_seen *seen;
    int16_t *dist, *far;
    uint8_t *head;
    uint8_t *zoc;
} cdb_index_view;
size_t cdb_cache_size(const grg_scenario *sc); /* the ruleset's cache_size */
int cdb_index_sync(const grg_game *g, cdb_index_view *out);

/* The window of the direct command paths (points.c): hexes within command_far of the general (at
 * most CDB_DIRECT_R), by offset from his hex; the memo's copy in whole words. */
#define CDB_DIRECT_R 16
#define CDB_DIRECT_W (2 * CDB_DIRECT_R + 1)
#define CDB_DIRECT_CELLS ((CDB_DIRECT_W * CDB_DIRECT_W + 3) / 4 * 4)
/* Command distances (CDB-4.2.b) of single units to their general, filled as legal's checks ask
 * (points.c): where bit u of known is set, dist[u] is the distance capped at command_far + 1 and
 * far[u] the CDB-4.2.b cost the unit would pay as the group's nearest member. They are the board
 * index's (kept from call to call) or, without one, the memo's own. Also per corps (engaged, and
 * whether its points pay any activation), and the enemies' hexes the moves ask about (view.c). */
typedef struct cdb_cmd_memo {
    int16_t *dist, *far;
    uint32_t *known;
    int16_t own_dist[GRG_MAX_UNITS];
    int16_t own_far[GRG_MAX_UNITS];
    uint32_t own_known[GRG_MAX_UNITS / 32];
    int8_t engaged[GRG_MAX_CORPS]; /* CDB-4.2.c: the corps' general is next to an enemy; -1 */
    int16_t cinc[GRG_MAX_SIDES];   /* the first CinC counter of each side, any status, -1 none;
                                      -2 not asked yet */
    uint32_t sure;                 /* bit c: corps c pays for any activation (free stage) */
    /* a single unit's cost without its CDB-4.2.b term by corps and kind (points.c), known where
       single_known[corps] has bit kind */
    int16_t single[GRG_MAX_CORPS][8];
    uint8_t single_known[GRG_MAX_CORPS];
    int32_t enemy_side; /* enemy holds the enemies of this side; -1 not read yet */
    cdb_hexes enemy;
    /* Whether a direct command path (one step nearer at each hex) reaches each hex of the window
     * around direct_from for direct_side's pieces: 0 not asked, 1 no, 2 yes; direct_side -1: not
     * filled yet. One general at a time; the paths to his members share most hexes. */
    grg_hex direct_from;
    int32_t direct_side;
    uint8_t direct[CDB_DIRECT_CELLS];
    /* Group starts (groups.c): member[u] whether u may be part of a group (cdb_unit_may_activate
     * in_group), -1 not asked yet; partner[u] 1 when some unit is known to form a group with u. */
    int8_t member[GRG_MAX_UNITS];
    int8_t partner[GRG_MAX_UNITS];
} cdb_cmd_memo;
/* A view of the board for the questions of legal, the melee pivots and the end of the melee
 * phase (view.c): the index of the game as it was when cdb_board_init ran, and legal's memo. The
 * cdb_b_* questions give the answers of the scanning functions above, and take NULL (or a view
 * whose index could not be kept) to scan. Nothing may move while a view is used; counters may turn
 * (cdb_b_zoc_turned reads the facings from the game). */
typedef struct cdb_board {
    cdb_cmd_memo *memo; /* NULL: none; else mutable answers of this one game state */
    cdb_index_view x;   /* x.head NULL: no index, the questions scan */
} cdb_board;
void cdb_board_init(const grg_game *g, cdb_board *b);
static inline int cdb_b_indexed(const cdb_board *b) { return b && b->x.head; }
/* The first counter in the hex of map index i of the index (CDB_NO_UNIT none; none off the map,
 * i < 0, where no counter stands), and the one after u in its hex. */
static inline int cdb_b_first_in(const cdb_board *b, int i)
{
    return i < 0 ? CDB_NO_UNIT : b->x.head[i];
}
static inline int cdb_b_next(const cdb_board *b, int u) { return b->x.seen[u].next; }
static inline int cdb_b_first(const grg_game *g, const cdb_board *b, grg_hex h)
{
    return cdb_b_first_in(b, cdb_map_index(&g->sc->map, h));
}
/* Some counter on the map at h (however many stand there) is not of `side`: the
 * enemy-held hexes of the command path (points.c); a scan is cdb_enemy_within at distance 0. */
static inline int cdb_b_enemy_at(const grg_game *g, const cdb_board *b, int side, grg_hex h)
{
    if (!cdb_b_indexed(b))
        return cdb_enemy_within(g, side, h, 0);
    for (int u = cdb_b_first(g, b, h); u != CDB_NO_UNIT; u = cdb_b_next(b, u))
        if (g->units[u].side != side)
            return 1;
    return 0;
}
/* cdb_stack: the first 3 counters in unit order, top first. */
static inline int cdb_b_stack(const grg_game *g, const cdb_board *b, grg_hex h, int out[3])
{
    if (!cdb_b_indexed(b))
        return cdb_stack(g, h, out);
    int n = 0;
    for (int u = cdb_b_first(g, b, h); u != CDB_NO_UNIT && n < 3; u = cdb_b_next(b, u)) {
        int k = n++;
        for (; k > 0 && g->units[out[k - 1]].stack > g->units[u].stack; k--)
            out[k] = out[k - 1];
        out[k] = u;
    }
    return n;
}
int cdb_b_top_at(const grg_game *g, const cdb_board *b, grg_hex h);
int cdb_b_zoc_on(const grg_game *g, const cdb_board *b, int side, grg_hex h, int out[6]);
int cdb_b_zoc_turned(const grg_game *g, const cdb_board *b, int side, grg_hex h, int out[6]);
/* How many counters of the sides other than `side` exert a ZOC into the hex of map index i. */
static inline int cdb_b_enemy_zoc(const cdb_board *b, int i, int side)
{
    int z = b->x.zoc[i];
    return side == 0 ? z >> 4 : side == 1 ? z & 15 : z;
}
/* Inline: every activation and group start asks it of its unit. */
static inline int cdb_b_in_enemy_zoc(const grg_game *g, const cdb_board *b, int u)
{
    if (!cdb_b_indexed(b))
        return cdb_in_enemy_zoc(g, u);
    int i = cdb_map_index(&g->sc->map, g->units[u].hex);
    return cdb_on_map(g, u) && i >= 0 && cdb_b_enemy_zoc(b, i, g->units[u].side);
}
int cdb_b_adjacent_enemy(const grg_game *g, const cdb_board *b, int side, grg_hex h);
/* cdb_enemy_within, from the enemies' hexes read once per legal call (its memo). */
int cdb_b_enemy_within(const grg_game *g, const cdb_board *b, int side, grg_hex h, int r);

/* Sight (sight.c). */
int cdb_los(const grg_game *g, grg_hex from, grg_hex to, grg_los_result *out);
/* cdb_los's answer alone, without its report (command distances ask it often). */
int cdb_sees(const grg_game *g, grg_hex from, grg_hex to);
/* CDB-10.2.c: shooting also needs no unit in an intermediate hex. */
int cdb_shot_clear(const grg_game *g, grg_hex from, grg_hex to);

/* Action points and command (points.c). */
void cdb_roll_points(grg_game *g, grg_events *ev);
/* The PA cost of activating these units with each term (extra: a strategic impulse), and the
 * cost alone, without the texts. */
int cdb_command_cost(const grg_game *g, const int *units, int n, int extra, grg_command *out);
int cdb_command_points(const grg_game *g, const int *units, int n, int extra);
int cdb_command_check(const grg_game *g, const int *units, int n, grg_verdict *why,
                      const cdb_board *b);
/* cdb_command_check's verdict with the whole cost in *c (the terms too when `labels`), for the
 * activation that pays it; b: a view of g, or NULL (view.c). */
int cdb_command_judge(const grg_game *g, const int *units, int n, int labels, grg_command *c,
                      grg_verdict *why, const cdb_board *b);
/* bit c: corps c could pay some activation; in *sure, bit c: it pays any activation */
uint32_t cdb_corps_may_pay(const grg_game *g, uint32_t *sure);
int cdb_pay(grg_game *g, int corps, int cost, int cinc_unit_or_group);
int cdb_cinc_commands(const grg_game *g, const int *units, int n);
void cdb_make_reliable(grg_game *g, int corps, const char *why, grg_events *ev);
int cdb_corps_side(const grg_game *g, int corps);
/* Scenario special rule: a corps held back until a turn (Kadesh: the Hittite reserve). */
static inline int cdb_corps_frozen(const grg_game *g, int corps)
{
    return g->opt[CDB_OPT_FROZEN_CORPS] == corps + 1 && g->turn < g->opt[CDB_OPT_FROZEN_UNTIL];
}

/* Bounded breadth-first distances on the map (path.c), in a window around `centre`. */
#define CDB_FIELD_R 48
#define CDB_FIELD_W (2 * CDB_FIELD_R + 1)
typedef struct cdb_field {
    grg_hex centre;
    int r;
    int16_t d[CDB_FIELD_W * CDB_FIELD_W]; /* -1: not reached */
} cdb_field;
typedef int (*cdb_pass_fn)(const grg_game *g, grg_hex h, const void *ctx);
void cdb_field_build(const grg_game *g, cdb_field *f, grg_hex from, int limit, cdb_pass_fn pass,
                     const void *ctx, const grg_hex *targets, int n_targets);
int cdb_field_get(const cdb_field *f, grg_hex h);

/* Movement (move.c). */
/* b: a view of g, or NULL (view.c). */
int cdb_move_init(const grg_game *g, cdb_move *mv, const int *leaders, int n, int detach,
                  const cdb_board *b);
/* b: legal's board view, or NULL (view.c). next holds the impulse after it only on a yes; NULL
 * asks for the verdict alone (legal: no copy of the impulse). */
int cdb_move_step(const grg_game *g, const cdb_move *mv, int dir, int dist, cdb_move *next,
                  grg_verdict *why, const cdb_board *b);
int cdb_move_turn(const grg_game *g, const cdb_move *mv, int way, cdb_move *next, grg_verdict *why,
                  const cdb_board *b);
int cdb_move_ma(const grg_game *g, const cdb_move *mv);
int cdb_stack_allowed(const cdb_data *d, int army_list, const int *types, int n); /* CDB-8.a */
const cdb_rank *cdb_rank_bonus(const grg_game *g, int top, int n_th); /* rank n_th (1, 2) of top */
int cdb_validate(const grg_scenario *sc, grg_problems *out);
int cdb_group_is_column(const grg_game *g, const int *units, int n); /* CDB-1.2.b */
int cdb_move_member(const cdb_move *mv, int u);
int cdb_move_has(const cdb_move *mv, int u);
void cdb_move_commit(grg_game *g, const cdb_move *before, const cdb_move *after, int dist,
                     grg_events *ev);
int cdb_reach(const grg_game *g, const int *units, int n, grg_reach *out, grg_verdict *why);

/* Phases and actions (ruleset.c, activate.c, groups.c). */
int cdb_check_with(const grg_game *g, const grg_action *a, grg_verdict *why, const cdb_board *b);
int cdb_legal(const grg_game *g, const int *units, int n, grg_action_list *out); /* legal.c */
/* A shot of u at t passes these cheap tests of cdb_check_shoot (CDB-10, 10.1.a, 10.2.a) before
 * the full check is asked: an enemy stack's top, not yet shot at, in u's frontal arc and range.
 * Inline: legal and the missile phase's end ask it of every pair of shooter and counter. */
static inline int cdb_shot_candidate(const grg_game *g, int u, int t)
{
    const grg_unit *x = &g->units[u], *y = &g->units[t];
    return cdb_on_map(g, t) && y->side != x->side && y->stack == 0 &&
           !(y->flags & CDB_UF_SHOT_AT) && cdb_dist(x->hex, y->hex) <= cdb_range(g, u) &&
           grg_in_frontal_arc(x->hex, x->facing, y->hex);
}
static inline cdb_state *cdb_st(grg_game *g) { return (cdb_state *)grg_rs_state(g); }
static inline const cdb_state *cdb_cst(const grg_game *g)
{
    return (const cdb_state *)grg_rs_cstate(g);
}
int cdb_check_activate(const grg_game *g, const grg_action *a, grg_verdict *why,
                       const cdb_board *b);
/* Judges (check's verdict) and applies an activation. */
int cdb_apply_activate(grg_game *g, const grg_action *a, grg_events *ev, grg_verdict *why);
/* c: the activation's cost (cdb_command_judge; with its terms when ev); b: a view of g made
 * before the impulse starts, or NULL (view.c). */
void cdb_start_impulse(grg_game *g, const int *leaders, int n, int detach, const grg_command *c,
                       grg_events *ev, const cdb_board *b);
int cdb_check_hold(const grg_game *g, const grg_action *a, grg_verdict *why);
/* u's stack needs a PA to stay put: impetuous and not under control (CDB-9.5.a), or of a
 * demoralised corps and not held (CDB-P13). */
int cdb_needs_hold(const grg_game *g, int u);
void cdb_apply_hold(grg_game *g, const grg_action *a, grg_events *ev);
int cdb_check_moving(const grg_game *g, const grg_action *a, grg_verdict *why, const cdb_board *b);
/* Judges (check's verdict) and applies a step, a turn or the end of an impulse. */
int cdb_apply_moving(grg_game *g, const grg_action *a, grg_events *ev, grg_verdict *why);
int cdb_check_group(const grg_game *g, const grg_action *a, grg_verdict *why, const cdb_board *b);
void cdb_apply_group(grg_game *g, const grg_action *a, grg_events *ev);
int cdb_unit_may_activate(const grg_game *g, int u, int in_group, grg_verdict *why,
                          const cdb_board *b);
void cdb_end_movement(grg_game *g, grg_events *ev);
int cdb_group_valid(const grg_game *g, const int *units, int n, grg_verdict *why);

/* Automatic moves (advance.c, flight.c). */
int cdb_face_towards(grg_hex h, int facing, grg_hex target);
void cdb_flee(grg_game *g, int u, int from_unit, const char *rule, grg_events *ev);
void cdb_recoil_passed(grg_game *g, int u, int mover, grg_events *ev);
void cdb_turn_unit(grg_game *g, int u, int facing, const char *rule, const char *why,
                   grg_events *ev);
void cdb_place(grg_game *g, int u, grg_hex to);

/* Combat (missile.c, melee.c, results.c, morale.c). */
int cdb_check_shoot(const grg_game *g, const grg_action *a, grg_verdict *why);
void cdb_apply_shoot(grg_game *g, const grg_action *a, grg_events *ev);
int cdb_check_combat(const grg_game *g, const grg_action *a, grg_verdict *why, const cdb_board *b);
void cdb_apply_combat(grg_game *g, const grg_action *a, grg_events *ev);
/* b: a view of g built before any of these pivots (they turn counters but move none). */
void cdb_melee_pivots(grg_game *g, grg_events *ev, const cdb_board *b);
/* CDB-6.3.c: the facings the active player may designate for u (at most 6), or 0. */
int cdb_pivot_choices(const grg_game *g, int u, int facings[6], const cdb_board *b);
int cdb_designations_due(const grg_game *g, const cdb_board *b); /* b: a view of g as it is */
int cdb_check_pivot(const grg_game *g, const grg_action *a, grg_verdict *why);
void cdb_apply_pivot(grg_game *g, const grg_action *a, grg_events *ev);
int cdb_defender_pivot(const grg_game *g, int a, int d); /* CDB-11.2.a: facing or -1 */
int cdb_melee_owed(const grg_game *g, grg_verdict *why, const cdb_board *b);
int cdb_check_decision(const grg_game *g, const grg_action *a, grg_verdict *why);
void cdb_apply_decision(grg_game *g, const grg_action *a, grg_events *ev);
/* Applies a combat outcome: loser loses by diff to winner; missile = 1 for shooting. */
void cdb_result(grg_game *g, int winner, int loser, int diff, int missile, grg_events *ev);
void cdb_morale_check(grg_game *g, grg_events *ev);
void cdb_victory_at_limit(grg_game *g, grg_events *ev);
int cdb_preview(const grg_game *g, const grg_action *acts, int n, grg_preview *out,
                grg_verdict *why);

/* Combat totals shared by resolution and preview. */
typedef struct cdb_total {
    int value; /* without the die */
    int n_terms;
    grg_term terms[GRG_MAX_TERMS];
} cdb_total;
int cdb_roll_pair(grg_game *g, int a, int d, const cdb_total *ta, const cdb_total *td, int melee,
                  const char *rule, grg_events *ev);
int cdb_flank_position(const grg_game *g, int o);              /* CDB-11.4.a: holder or -1 */
int cdb_supporters(const grg_game *g, int c, int o, int *out); /* CDB-11.3.a */
int cdb_could_shoot(const grg_game *g, int u, int t);          /* CDB-10.1, 10.2 */
int cdb_shot_engaged(const grg_game *g, int u, int t, int *f, int *e); /* CDB-10.1.c */
int cdb_nearest_target(const grg_game *g, int u, int t, int *others);  /* CDB-10.1.d */
/* CDB-P10, P11, 11.4.b: what a loss by diff does to the loser, without doing it. */
enum { CDB_OUT_NONE = 0, CDB_OUT_RECOIL, CDB_OUT_DESTROY, CDB_OUT_FLEE };
int cdb_outcome(const grg_game *g, int winner, int loser, int diff, const char **rule,
                const char **why);
/* The differences cdb_outcome cannot tell apart share a band (0: none, 1: within the recoil
 * limit, 2: beyond it), so a caller may judge one difference of each band for a pair. */
int cdb_outcome_band(const grg_game *g, int diff);
void cdb_melee_totals(const grg_game *g, int att, int def, cdb_total *ta, cdb_total *td);
int cdb_missile_totals(const grg_game *g, int shooter, int target, cdb_total *ts, cdb_total *tt);
/* CDB-P3: quality adjustments of a and b given both totals. */
void cdb_quality_adjust(const grg_game *g, int a, int b, int *ta, int *tb, int melee, grg_event *ea,
                        grg_event *eb);

#endif
