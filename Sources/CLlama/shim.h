#include <llama.h>
// Written by `make deps`: the pinned llama-cpp-python version and llama.cpp commit.
#include <noteledger_llama_version.h>
