/* Maps (spec A.7): terrain, elevation and flags per hex; features per hexside. A map is built once
 * by the scenario loader and is immutable afterwards; every game and clone shares it read-only. */
#ifndef GROGNARD_MAP_H
#define GROGNARD_MAP_H

#include "grognard/hex.h"

#include <stdint.h>

/* Largest map a scenario may hold; benchmarks build their own arrays. */
#define GRG_MAP_MAX_DIM 200

/* Hex flags. */
enum {
    GRG_HEX_ROAD = 1u << 0,      /* a road or track runs through the hex */
    GRG_HEX_OBJECTIVE = 1u << 1, /* a victory objective */
    GRG_HEX_ENTRY = 1u << 2      /* a reinforcement entry hex */
};

/* Hexside features (spec A.3.1, A.7), a bitset per canonical hexside. */
enum {
    GRG_SIDE_RIVER = 1u << 0,
    GRG_SIDE_STREAM = 1u << 1,
    GRG_SIDE_CREST = 1u << 2,
    GRG_SIDE_CREST_HIGH_B =
        1u << 3, /* crest: the high side is the neighbour (else the canonical hex) */
    GRG_SIDE_BRIDGE = 1u << 4,
    GRG_SIDE_FORD = 1u << 5,
    GRG_SIDE_HEDGE = 1u << 6,
    GRG_SIDE_WALL = 1u << 7,
    GRG_SIDE_ROAD = 1u << 8 /* a road crosses this hexside */
};
#define GRG_SIDE_FEATURE_COUNT 9
/* Names of hexside features as written in scenario files, indexed by bit number. */
extern const char *const grg_side_feature_names[GRG_SIDE_FEATURE_COUNT];

/* The map. Arrays are width*height long, indexed by row * width + col (odd-r offsets); `sides`
 * holds three entries per hex, for canonical directions 0..2. Owned by the map; grg_map_free
 * releases them. */
typedef struct grg_map {
    int width, height;
    int digits; /* label width of each part (grg_label_digits) */
    uint8_t *terrain;
    int8_t *elevation;
    uint8_t *flags;
    uint16_t *sides;
} grg_map;

/* Allocates the arrays of a width x height map, all clear (terrain 0). Returns 0 or -1. */
int grg_map_init(grg_map *m, int width, int height);
void grg_map_release(grg_map *m);

/* Index of h in the arrays, or -1 when h is off the map. */
int grg_map_index(const grg_map *m, grg_hex h);
static inline int grg_map_contains(const grg_map *m, grg_hex h) { return grg_map_index(m, h) >= 0; }
grg_hex grg_map_hex_at(const grg_map *m, int index);

int grg_map_terrain(const grg_map *m, grg_hex h);   /* -1 off map */
int grg_map_elevation(const grg_map *m, grg_hex h); /* 0 off map */
unsigned grg_map_flags(const grg_map *m, grg_hex h);
/* Features of the hexside between h and its neighbour in direction dir (0 off map). */
unsigned grg_map_side(const grg_map *m, grg_hex h, int dir);
/* Sets features on a hexside; returns -1 when its canonical hex (A.3.1) is off the map. */
int grg_map_set_side(grg_map *m, grg_hex h, int dir, unsigned features);

/* Formats h as a label of this map (which may be off it); returns 0 or -1. */
int grg_map_label(const grg_map *m, grg_hex h, char *buf, size_t size);

#endif
