import FuzzChecks

/// libFuzzer's entry point: the partial JSON parser on one input (`FuzzChecks.partialJSON`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPartialJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let problem = FuzzChecks.partialJSON(bytes) { fatalError(problem) }
    return 0
}
