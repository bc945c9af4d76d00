import FuzzChecks

/// libFuzzer's entry point: the schema → GBNF compiler on one decoded schema (`FuzzChecks.grammar`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGrammar(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let problem = FuzzChecks.grammar(bytes) { fatalError(problem) }
    return 0
}
