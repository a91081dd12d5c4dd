/* libFuzzer target: the input as a scenario file. The loader must report problems or load it,
 * never crash; a loaded scenario must start a game. Build and run with `make fuzz`. */
#include "grognard/proto.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[] = "/tmp/grg-fuzz-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return 0;
    if (write(fd, data, size) != (ssize_t)size) {
        close(fd);
        unlink(path);
        return 0;
    }
    close(fd);
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    if (grg_load_scenario(path, grg_data_dir(), &l, p, NULL) == 0) {
        grg_err err;
        grg_game_free(grg_game_new(l->rs, l->sc, NULL, 1, NULL, &err));
        grg_loaded_free(l);
    }
    free(p);
    unlink(path);
    return 0;
}
