# Thin wrapper over CMake. `make run` serves the game; `make test` is what CI runs.
BUILD       ?= build
BUILD_SAN   ?= build-asan
BUILD_CLANG ?= build-clang
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_OPTS  ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: all deps build build-asan build-clang run test bench stress fuzz format clean

all: build

deps:
	@scripts/install-deps

build: deps
	@cmake -S . -B $(BUILD) $(CMAKE_OPTS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

build-asan: deps
	@cmake -S . -B $(BUILD_SAN) -DCMAKE_BUILD_TYPE=Debug -DGRG_SANITIZE=ON >/dev/null
	@cmake --build $(BUILD_SAN) -j $(JOBS)

# The same tree by clang, warnings as errors: make test checks it plays the games GCC's build does.
build-clang: deps
	@cmake -S . -B $(BUILD_CLANG) $(CMAKE_OPTS) -DCMAKE_C_COMPILER=clang >/dev/null
	@cmake --build $(BUILD_CLANG) -j $(JOBS)

run: build
	@scripts/run

# Every test: unit and transcripts, the same under the sanitizers, self-play, the same games from
# clang's build, browser tests.
test: build build-asan build-clang
	@scripts/test $(BUILD) $(BUILD_SAN) $(BUILD_CLANG)

bench: build
	@scripts/bench $(BUILD)

stress: build
	@scripts/stress $(BUILD)

fuzz: deps
	@scripts/fuzz

# the C style in .clang-format (clang-format 14, installed by scripts/install-deps), applied to
# every tracked C file
format: deps
	clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(BUILD) $(BUILD_SAN) $(BUILD_CLANG) build-fuzz
