/* The grognard command line: one function per subcommand. */
#ifndef GRG_CLI_H
#define GRG_CLI_H

int grg_cli_validate(int argc, char **argv);
int grg_cli_render(int argc, char **argv);
int grg_cli_engine(int argc, char **argv);
int grg_cli_selfplay(int argc, char **argv);

/* Prints `usage` and returns 0 when argv holds --help or -h, else returns -1. */
int grg_cli_help(int argc, char **argv, const char *usage);

#endif
