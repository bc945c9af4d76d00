import FuzzChecks

/// libFuzzer's entry point: the review query language on one input (`FuzzChecks.query`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let problem = FuzzChecks.query(bytes) { fatalError(problem) }
    return 0
}
