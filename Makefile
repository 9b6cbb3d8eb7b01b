# MotionKernel — the README's two commands are `make run` and `make test`.
SWIFT ?= swift
# Release builds target the machine's vector ISA when it has AVX2 + FMA (docs/performance.md:
# without it, fused multiply-adds become library calls).
ARCH := $(shell uname -m)
HAS_AVX2_FMA := $(shell grep -q ' avx2 ' /proc/cpuinfo 2>/dev/null && grep -q ' fma ' /proc/cpuinfo 2>/dev/null && echo yes)
ifeq ($(ARCH)-$(HAS_AVX2_FMA),x86_64-yes)
CPU_FLAGS := -Xswiftc -target-cpu -Xswiftc haswell
endif
RELEASE := -c release $(CPU_FLAGS)
# Debian's OpenBLAS 0.3.21 does not recognise some virtualised CPUs and falls back to its SSE3
# "Prescott" kernels. Runs and benchmarks then ask for the best family the CPU supports;
# OpenBLAS's own choice is kept everywhere else (Tools/blas/env). Tests run under several
# families explicitly (.ci/run).
BLAS_ENV = env $$(bash Tools/blas/env)
BIN = $(shell $(SWIFT) build $(RELEASE) --show-bin-path)

.PHONY: setup setup-build build run wheel test test-python test-wheel test-release test-wasm test-ckernels wasm playground bench-web stress bench format lint docs docs-check api-check api-update clean

# Tools/setup installs what each command needs: `setup-build` only OpenBLAS and pkg-config (for
# build and run), `setup` also the test tools (GNU time, prlimit, gcc, the Python test venv,
# headless Chromium).
setup:
	@bash Tools/setup test

setup-build:
	@bash Tools/setup build

build: setup-build
	$(SWIFT) build $(RELEASE) --product motionkernel
	$(SWIFT) build $(RELEASE) --product motionkernel-bench

run: build
	$(BLAS_ENV) "$(BIN)/motionkernel" batch --out out

VENV := .build/venv

# `make wheel`: the Python package as a self-contained manylinux wheel in dist/ (Tools/wheel:
# the library and the command line for baseline x86-64 without Foundation, the Swift runtime
# linked in, OpenBLAS vendored by auditwheel; docs/python.md, "Install").
wheel: setup
	bash Tools/wheel

test: setup
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build
	$(MAKE) test-python
	$(MAKE) test-wheel
	$(MAKE) test-wasm
	$(MAKE) test-ckernels

# The C kernels on their own (Tests/CKernels): every level and store mode against each other and
# against their formulas, natively, then the arm64 build under qemu-aarch64 giving the same bytes
# as x86-64's portable level (Tools/ckernels-test; skipped, saying why, without the cross tools).
test-ckernels: setup
	bash Tools/ckernels-test

# `make wasm`: web/dist/motionkernel.wasm and web/dist/motionkernel.js, the core compiled with
# Embedded Swift for the browser (Tools/wasm; docs/web.md). Needs the Swift toolchain and
# Binaryen's wasm-opt, which `Tools/setup wasm` installs.
wasm:
	@bash Tools/setup wasm
	bash Tools/wasm

# The playground (web/playground.html) with the module built, served from the repository root
# on localhost (PORT, default 8000).
PORT ?= 8000
playground: wasm
	node web/serve.mjs $(PORT)

# Node's WebSocket (for the DevTools protocol) needs a flag before Node 22.
NODE_WS = node $$(node -e 'process.exit(typeof WebSocket === "undefined" ? 1 : 0)' || echo --experimental-websocket)

# springBatch against a plain JavaScript closed-form loop, in Node and in headless Chromium
# (web/bench/run.mjs; BENCHMARKS.md, "web.springBatch").
bench-web: wasm
	@bash Tools/setup test
	$(NODE_WS) web/bench/run.mjs

# The WebAssembly module: its elementary functions against the C library, then every answer of
# a generated corpus against `motionkernel eval`'s (web/tests/compare.mjs, in Node); the
# playground in headless Chromium against the CLI (web/tests/playground.mjs), and its presets
# file against the CLI's exports (Tools/web-presets --check).
test-wasm: setup
	$(SWIFT) build --product motionkernel
	cli="$$($(SWIFT) build --show-bin-path)/motionkernel" && bash Tools/wasm --test "$$cli" \
	  && bash Tools/web-presets "$$cli" --check && $(NODE_WS) web/tests/playground.mjs "$$cli"

# The Python package (python/): installed into $(VENV) (which builds the release C library with
# `make build`'s CPU flags, sharing its build), then pytest.
test-python: setup
	MOTIONKERNEL_SWIFT_FLAGS='$(CPU_FLAGS)' $(VENV)/bin/python -m pip install -q --disable-pip-version-check ./python
	$(VENV)/bin/python -m pytest python/tests -q -p no:cacheprovider

# The wheel where neither the toolchain nor OpenBLAS is (a mount namespace hides them): the pytest
# suite and the command line against the installed wheel, and a run on a CPU without AVX under
# qemu (Tools/wheel-test; it builds the wheel when dist/ has none newer than the sources).
test-wheel: setup
	bash Tools/wheel-test

# The suite against the optimised code that ships: a release build with `make build`'s CPU flags.
test-release: setup
	$(SWIFT) build $(RELEASE) -Xswiftc -enable-testing --build-tests
	$(SWIFT) test $(RELEASE) -Xswiftc -enable-testing --skip-build

# Memory and size limits of the shipped binary under prlimit (Tools/stress).
stress: build setup
	bash Tools/stress "$(BIN)/motionkernel"

# `make bench`: MotionKernel's benchmarks (the motionkernel-bench binary) beside their NumPy/SciPy, Numba and C peers
# (the C Bézier peer; c_peers.c at -O3 -march=native), with the machine's store and SGEMM limits, as one table
# (Tools/bench_table.py; BENCHMARKS.md).
# The two sides run interleaved, workload by workload, for BENCH_ROUNDS rounds (the machine is
# shared); raw JSON lines are kept in $(BENCH_DIR). MotionKernel runs with $(BLAS_ENV); NumPy with
# its own OpenBLAS and kernel choice (OPENBLAS_CORETYPE unset), single-threaded and default.
BENCH_DIR := .build/bench
BENCH_PY ?= python3
BENCH_CC ?= cc
BENCH_ROUNDS ?= 3
BENCH_NATIVE := $(shell $(BENCH_CC) -march=native -x c -E /dev/null >/dev/null 2>&1 && echo -march=native)
BENCH_CFLAGS := -O2 $(BENCH_NATIVE)
BENCH_FAST_CFLAGS := -O3 $(BENCH_NATIVE)
BENCH_STORE_SIZES := 8000000,12800000,16000000,40000000,48000000,64000000

bench: build
	@bash Benchmarks/peers/ensure_python_deps.sh $(BENCH_PY)
	@mkdir -p $(BENCH_DIR)
	$(BENCH_CC) $(BENCH_CFLAGS) -DBUILD_FLAGS='"$(BENCH_CFLAGS)"' -o $(BENCH_DIR)/bezier_peer Benchmarks/peers/bezier_peer.c -lm
	$(BENCH_CC) $(BENCH_FAST_CFLAGS) -DBUILD_FLAGS='"$(BENCH_FAST_CFLAGS)"' -o $(BENCH_DIR)/c_peers Benchmarks/peers/c_peers.c -lm
	-$(BENCH_CC) $(BENCH_CFLAGS) -o $(BENCH_DIR)/machine_limits Benchmarks/peers/machine_limits.c -lpthread $$(pkg-config --cflags --libs openblas)
	$(BLAS_ENV) $(BENCH_PY) Tools/bench_table.py --run --dir $(BENCH_DIR) --bin "$(BIN)" --python $(BENCH_PY) \
	  --rounds $(BENCH_ROUNDS) --c-peer $(BENCH_DIR)/bezier_peer --c-peers $(BENCH_DIR)/c_peers --limits $(BENCH_DIR)/machine_limits \
	  --store-sizes $(BENCH_STORE_SIZES)
	MOTIONKERNEL_SWIFT_FLAGS='$(CPU_FLAGS)' $(VENV)/bin/python -m pip install -q --disable-pip-version-check ./python
	$(BLAS_ENV) $(VENV)/bin/python Benchmarks/peers/bench_python.py --rounds $(BENCH_ROUNDS) | tee $(BENCH_DIR)/python.jsonl

# `make docs`: the DocC sites of MotionKernel and MotionPresets (Sources/*/*.docc and the `///`
# comments) from the debug build's symbol graphs, into .build/docs/ (Tools/docs). `make docs-check`
# is CI's version: any docc warning or any public symbol without a doc comment fails.
docs: setup-build
	bash Tools/docs

docs-check: setup-build
	bash Tools/docs --check

# `make api-check`: the public API of MotionKernel and MotionPresets against the baselines in
# api/ (swift-api-digester); a removed, renamed or re-typed public declaration fails.
# `make api-update` rewrites the baselines, deliberately (CONTRIBUTING.md, "Public API").
api-check: setup-build
	bash Tools/api-check

api-update: setup-build
	bash Tools/api-check --update

# `make format` rewrites Sources, Tests and Benchmarks with `swift format` and .swift-format;
# `make lint` only checks (strict), as CI does (Tools/format).
format:
	bash Tools/format

lint:
	bash Tools/format --lint

clean:
	rm -rf .build out dist
