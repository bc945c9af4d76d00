#!/usr/bin/env bash
# Builds llama-server, the benchmark anchor of `make bench`, from the same pinned
# llama.cpp source as the library NoteLedger links (llama-cpp-python sdist), into
# a cache prefix. A second run finds the stamp and exits. Prints the binary's path.
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION=0.3.36
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/noteledger"
PREFIX="$CACHE/llama-server-$LLAMA_CPP_PYTHON_VERSION"
SERVER="$PREFIX/bin/llama-server"

say() { printf 'anchor: %s\n' "$*" >&2; }
die() { printf 'anchor: error: %s\n' "$*" >&2; exit 1; }

# As scripts/deps.sh builds the library: this CPU's instructions, without Intel AMX (its kernels
# crash with the default model on CPUs that have it). A server built otherwise is built again.
BUILD_CONFIG="native, no AMX"
ISA_FLAGS="-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"

if [ ! -f "$PREFIX/.complete" ] || [ "$(cat "$PREFIX/.config" 2>/dev/null)" != "$BUILD_CONFIG" ]; then
    command -v c++ >/dev/null || die "no C++ compiler; install one with: apt-get install g++"
    work="$CACHE/build/llama-server-$LLAMA_CPP_PYTHON_VERSION"
    rm -rf "$work" && mkdir -p "$work"
    say "fetching llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION (sdist) from PyPI"
    python3 -m pip download -q --no-deps --no-binary=llama-cpp-python \
        "llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION" -d "$work" \
        || die "pip could not download llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION"
    top="llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION"
    tar -xzf "$work/$top.tar.gz" -C "$work" "$top/vendor/llama.cpp" || die "could not unpack $work/$top.tar.gz"
    src="$work/$top/vendor/llama.cpp"

    say "building llama-server (CPU, Release, no web UI, no TLS; ~10 minutes on 2 cores, once)"
    cmake -S "$src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DBUILD_SHARED_LIBS=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
        -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_COMMON=ON \
        -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF \
        -DCMAKE_C_FLAGS="$ISA_FLAGS" -DCMAKE_CXX_FLAGS="$ISA_FLAGS" \
        >"$work/configure.log" 2>&1 || die "cmake configure failed; see $work/configure.log"
    cmake --build "$work/build" --target llama-server >"$work/build.log" 2>&1 \
        || die "llama-server build failed; see $work/build.log"

    rm -rf "$PREFIX.partial" && mkdir -p "$PREFIX.partial/bin"
    cp "$work/build/bin/llama-server" "$PREFIX.partial/bin/"
    echo "$BUILD_CONFIG" >"$PREFIX.partial/.config"
    touch "$PREFIX.partial/.complete"
    rm -rf "$PREFIX" && mv "$PREFIX.partial" "$PREFIX"
    rm -rf "$work"
    say "llama-server installed in $PREFIX"
fi
echo "$SERVER"
