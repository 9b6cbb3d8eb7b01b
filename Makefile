# MotionKernel — the README's two commands are `make run` and `make test`.
SWIFT ?= swift
# Release builds target the machine's vector ISA when it has AVX2 + FMA (see
# ../shared/performance-notes.md: without it, fused multiply-adds become library calls).
ARCH := $(shell uname -m)
HAS_AVX2_FMA := $(shell grep -q ' avx2 ' /proc/cpuinfo 2>/dev/null && grep -q ' fma ' /proc/cpuinfo 2>/dev/null && echo yes)
ifeq ($(ARCH)-$(HAS_AVX2_FMA),x86_64-yes)
CPU_FLAGS := -Xswiftc -target-cpu -Xswiftc haswell
endif
RELEASE := -c release $(CPU_FLAGS)
# Debian's OpenBLAS 0.3.21 does not recognise some virtualised CPUs and falls back to its
# SSE3 "Prescott" kernels. For runs and benchmarks on AVX2 + FMA machines, ask for the Haswell
# kernels unless the environment already chose (tests keep the library's own choice).
ifeq ($(ARCH)-$(HAS_AVX2_FMA),x86_64-yes)
BLAS_ENV := OPENBLAS_CORETYPE=$${OPENBLAS_CORETYPE:-Haswell}
endif
BIN = $(shell $(SWIFT) build $(RELEASE) --show-bin-path)

.PHONY: setup build run test bench clean

setup:
	@bash Tools/setup

build: setup
	$(SWIFT) build $(RELEASE) --product motionkernel
	$(SWIFT) build $(RELEASE) --product motionkernel-bench

run: build
	$(BLAS_ENV) "$(BIN)/motionkernel" batch --out out

test: setup
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build

bench: build
	$(BLAS_ENV) "$(BIN)/motionkernel-bench"

clean:
	rm -rf .build out
