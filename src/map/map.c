/* The map's arrays and their accessors; hexsides are stored once, at their canonical id. */
#include "grognard/map.h"

#include <stdlib.h>
#include <string.h>

const char *const grg_side_feature_names[GRG_SIDE_FEATURE_COUNT] = {
    "river", "stream", "crest", "crest_high_b", "bridge", "ford", "hedge", "wall", "road",
};

int grg_map_init(grg_map *m, int width, int height)
{
    memset(m, 0, sizeof *m);
    if (width < 1 || height < 1 || width > 10000 || height > 10000)
        return -1;
    size_t n = (size_t)width * (size_t)height;
    m->width = width;
    m->height = height;
    m->digits = grg_label_digits(width, height);
    m->terrain = calloc(n, 1);
    m->elevation = calloc(n, 1);
    m->flags = calloc(n, 1);
    m->sides = calloc(n * 3, sizeof *m->sides);
    if (!m->terrain || !m->elevation || !m->flags || !m->sides) {
        grg_map_release(m);
        return -1;
    }
    return 0;
}

void grg_map_release(grg_map *m)
{
    free(m->terrain);
    free(m->elevation);
    free(m->flags);
    free(m->sides);
    memset(m, 0, sizeof *m);
}

int grg_map_index(const grg_map *m, grg_hex h)
{
    int col, row;
    grg_hex_to_offset(h, &col, &row);
    if (col < 0 || row < 0 || col >= m->width || row >= m->height)
        return -1;
    return row * m->width + col;
}

grg_hex grg_map_hex_at(const grg_map *m, int index)
{
    return grg_hex_from_offset(index % m->width, index / m->width);
}

int grg_map_terrain(const grg_map *m, grg_hex h)
{
    int i = grg_map_index(m, h);
    return i < 0 ? -1 : m->terrain[i];
}

int grg_map_elevation(const grg_map *m, grg_hex h)
{
    int i = grg_map_index(m, h);
    return i < 0 ? 0 : m->elevation[i];
}

unsigned grg_map_flags(const grg_map *m, grg_hex h)
{
    int i = grg_map_index(m, h);
    return i < 0 ? 0u : m->flags[i];
}

/* Where a hexside's features live: the canonical hex if it is on the map. Hexsides on the map's
 * edge whose canonical hex is off the map have nowhere to be stored and read as featureless. */
static uint16_t *side_slot(const grg_map *m, grg_hex h, int dir)
{
    grg_hexside s = grg_hexside_canonical(h, dir);
    int i = grg_map_index(m, s.hex);
    return i < 0 ? NULL : &m->sides[i * 3 + s.dir];
}

unsigned grg_map_side(const grg_map *m, grg_hex h, int dir)
{
    uint16_t *slot = side_slot(m, h, dir);
    return slot ? *slot : 0u;
}

int grg_map_set_side(grg_map *m, grg_hex h, int dir, unsigned features)
{
    uint16_t *slot = side_slot(m, h, dir);
    if (!slot)
        return -1;
    *slot = (uint16_t)features;
    return 0;
}

int grg_map_label(const grg_map *m, grg_hex h, char *buf, size_t size)
{
    return grg_hex_format(h, m->digits, buf, size);
}
