import Foundation
@testable import FuzzChecks
import Ledger
import TestSupport
import Testing

/// Every input saved under `Tests/Fixtures/fuzz/<target>/` (seeds, and findings once fixed) goes
/// through the fuzz target's oracle again, so CI covers them without fuzzing.
@Suite struct FuzzReplayTests {
    static let fixtures = TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/fuzz")

    static func inputs(_ target: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: fixtures.appendingPathComponent(target), includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static let oracles: [String: @Sendable ([UInt8]) -> String?] = [
        "partial-json": FuzzChecks.partialJSON, "rules": FuzzChecks.rules, "csv": FuzzChecks.csv, "query": FuzzChecks.query,
        "grammar": FuzzChecks.grammar, "expense-grammar": FuzzChecks.expenseGrammar,
    ]

    @Test(arguments: ["partial-json", "rules", "csv", "query", "grammar", "expense-grammar"])
    func savedInputsPassTheirOracle(target: String) throws {
        let inputs = try Self.inputs(target)
        #expect(!inputs.isEmpty, "no saved inputs for \(target)")
        let oracle = try #require(Self.oracles[target])
        for input in inputs {
            let bytes = Array(try Data(contentsOf: input))
            let problem = oracle(bytes)
            #expect(problem == nil, "\(target)/\(input.lastPathComponent): \(problem ?? "")")
        }
    }

    @Test func theExpenseGrammarOracleChecksAValueForMostNotes() throws {
        // The value is drawn from the note's own bytes: a purpose of words the pattern takes, a span, a category.
        var checked = 0
        for input in try Self.inputs("expense-grammar") + Self.inputs("rules") {
            let bytes = Array(try Data(contentsOf: input))
            var reader = ByteReader(bytes.reversed())
            if let value = reader.value(of: ExpenseExtractor.widestModelSchema(for: String(decoding: bytes, as: UTF8.self))) {
                checked += 1
                #expect(value["purpose"]?.stringValue?.first?.isUppercase == true, "\(value.jsonString)")
            }
        }
        #expect(checked >= 3)
    }

    @Test func theOraclesCatchWhatTheyAreFor() {
        // A value a longer prefix changed is caught; growing strings and new members are not.
        #expect(!FuzzChecks.extends(.string("ab"), .string("ac")))
        #expect(!FuzzChecks.extends(.object([("a", .number("1"))]), .object([("b", .number("1"))])))
        #expect(FuzzChecks.extends(.object([("a", .string("x"))]), .object([("a", .string("xy")), ("b", .null)])))
        #expect(FuzzChecks.isRealDay("2028-02-29") && !FuzzChecks.isRealDay("2026-02-30") && !FuzzChecks.isRealDay("2026-13-01"))
        // Found by fuzzing: a character outside the Basic Multilingual Plane written as an escaped
        // surrogate pair reads as that character, and every prefix of it extends the one before.
        #expect(FuzzChecks.partialJSON(Array("[\"caf\\u00e9 \\ud83d\\ude00\"]".utf8)) == nil)
        // The CSV reader refuses what RFC 4180 does not allow, and reads quoted fields whole.
        #expect(FuzzChecks.readRecords("a\"b\r\n") == nil)
        #expect(FuzzChecks.readRecords("\"a,\"\"b\r\n\",c\r\n") == [["a,\"b\r\n", "c"]])
    }
}
