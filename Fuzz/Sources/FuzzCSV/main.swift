import FuzzChecks

/// libFuzzer's entry point: the ledger CSV's cells on one input (`FuzzChecks.csv`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let problem = FuzzChecks.csv(bytes) { fatalError(problem) }
    return 0
}
