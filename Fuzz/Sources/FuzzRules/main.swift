import FuzzChecks

/// libFuzzer's entry point: the rules extractor on one input (`FuzzChecks.rules`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let problem = FuzzChecks.rules(bytes) { fatalError(problem) }
    return 0
}
