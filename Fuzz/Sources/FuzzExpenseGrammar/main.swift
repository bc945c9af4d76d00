import FuzzChecks

/// libFuzzer's entry point: the expense extractor's grammar for the input read as a note
/// (`FuzzChecks.expenseGrammar`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpenseGrammar(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let problem = FuzzChecks.expenseGrammar(bytes) { fatalError(problem) }
    return 0
}
