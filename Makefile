# NoteLedger: `make run` sets up, builds and watches ./Inbox; `make test` sets up, builds and tests.
SHELL := /bin/bash
LLAMA_VERSION := 0.3.36
CACHE := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/noteledger
LLAMA_PREFIX := $(CACHE)/llama.cpp-$(LLAMA_VERSION)
export PKG_CONFIG_PATH := $(LLAMA_PREFIX)/lib/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
export PATH := /opt/swift/usr/bin:$(PATH)

.PHONY: deps build run test bench bench-server bench-server-watch bench-extract bench-ablation bench-store bench-serve bench-export bench-record bench-learn fuzz clean

## deps: install Debian packages, build llama.cpp and fetch the model (idempotent)
deps:
	@./scripts/deps.sh

## build: the release binary at .build/release/noteledger
build: deps
	swift build -c release --product noteledger

## run: set up, build, then watch ./Inbox with the default model
run: build
	.build/release/noteledger watch --inbox ./Inbox

## test: set up (with the headless browser the web app's tests drive), build, then every test
test: build
	@./scripts/deps.sh --for-tests
	swift test

## bench: extraction beside llama-server's json_schema (the anchor, built by deps from the same llama.cpp)
bench: build
	@server=$$(scripts/anchor.sh) && python3 Benchmarks/bench.py --server "$$server" --model $(CACHE)/models/gemma-3-270m-q4_k_m.gguf

## bench-server: val in-process and through llama-server at -np 1 and 2 (notes/s, scores, differing fields)
bench-server: build
	@server=$$(scripts/anchor.sh) && python3 Benchmarks/server-bench.py --server "$$server" --model $(CACHE)/models/gemma-3-270m-q4_k_m.gguf

## bench-server-watch: watch filling 500 notes through llama-server -np 1 and 2 (notes/s, drop-to-ready, slot use); KILLS=5 kills it mid-backlog
bench-server-watch: build
	@server=$$(scripts/anchor.sh) && python3 Benchmarks/server-watch-bench.py --server "$$server" --model $(CACHE)/models/gemma-3-270m-q4_k_m.gguf --notes $(or $(NOTES),500) --kills $(or $(KILLS),0)

## bench-extract: accuracy (score.py) and notes/s of `extract --jsonl` on the labelled sets
bench-extract: build
	Benchmarks/extract-bench.sh

## bench-ablation: each rule family switched off in turn, the change on the check sets (BACKEND=rules is quicker)
bench-ablation: build
	python3 Benchmarks/ablation.py --backend $(or $(BACKEND),model)

## bench-store: review queries on a 1,000,000-draft ledger beside the sqlite3 shell
bench-store: build
	Benchmarks/store-bench.sh

## bench-serve: the web app's queue, search and draft pages on a 1,000,000-draft ledger (p50/p99 ms)
bench-serve: build
	python3 Benchmarks/serve-bench.py

## bench-export: export --all of a 1,000,000-draft ledger beside sqlite3 -csv
bench-export: build
	Benchmarks/export-bench.sh

## bench-record: the store work of recording new notes (what the watcher's recording thread does), per note
bench-record: deps
	swift build -c release --product record-bench
	.build/release/record-bench 1 5 500

## bench-learn: learning from corrections replayed with the model (learning off and on), and its look-up on a 1,000,000-draft ledger
bench-learn: build
	swift build -c release --product learn-bench
	python3 Benchmarks/learn_bench.py

## fuzz: the fuzz targets (Fuzz/, libFuzzer + AddressSanitizer), each for FUZZ_SECONDS (default 60)
fuzz: deps
	Fuzz/run.sh

clean:
	rm -rf .build
