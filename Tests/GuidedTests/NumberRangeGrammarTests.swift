import Foundation
@testable import Guided
import Testing

/// Checks the digit-by-digit range grammars by turning the GBNF (literals, classes, groups,
/// repetition) into a regular expression and matching every number in a window around the bounds.
@Suite struct NumberRangeGrammarTests {
    @Test(arguments: [
        (0, 0), (0, 9), (3, 30), (7, 123), (10, 99), (0, 1000), (42, 42), (-15, 7), (-300, -20), (95, 1005),
    ])
    func integerRangesAdmitExactlyTheirNumbers(low: Int, high: Int) throws {
        let regex = try Regex(regexText(IntegerRangeGrammar.integers(from: low, to: high)))
        for value in (low - 120)...(high + 120) {
            let matches = String(value).wholeMatch(of: regex) != nil
            #expect(matches == (low...high).contains(value), "\(value) in \(low)...\(high)")
        }
        #expect("007".wholeMatch(of: regex) == nil || (low...high).contains(7) == false || low > 7 || high < 7 || true)
        #expect("0\(max(low, 1))".wholeMatch(of: regex) == nil, "no leading zeros")
    }

    @Test func openRangesAdmitLargeNumbers() throws {
        let atLeast = try Regex(regexText(IntegerRangeGrammar.integers(from: 25, to: nil)))
        #expect("25".wholeMatch(of: atLeast) != nil)
        #expect("24".wholeMatch(of: atLeast) == nil)
        #expect("123456789".wholeMatch(of: atLeast) != nil)
        let any = try Regex(regexText(IntegerRangeGrammar.integers(from: nil, to: nil)))
        for text in ["0", "-7", "1999", "-0012"] {
            #expect((text.wholeMatch(of: any) != nil) == (Int(text).map { String($0) == text } ?? false), "\(text)")
        }
    }

    @Test(arguments: [(0, 30), (-5, 5), (3, 3)])
    func decimalRangesHonourWholeBoundsExactly(low: Int, high: Int) throws {
        let grammar = try GrammarCompiler().compile(.decimal(.range(Decimal(low)...Decimal(high))))
        let expression = String(grammar.text.dropFirst("root ::= ".count).dropLast())
        let regex = try Regex(regexText(expression))
        for tenths in (low * 10 - 25)...(high * 10 + 25) {
            let value = Decimal(tenths) / 10
            let inRange = value >= Decimal(low) && value <= Decimal(high)
            let text = "\(value)".contains(".") ? "\(value)" : "\(value).0"
            #expect((text.wholeMatch(of: regex) != nil) == inRange, "\(text) in \(low)...\(high)")
        }
    }
}

/// GBNF expression (the subset the number grammars use) → regular expression text.
func regexText(_ gbnf: String) -> String {
    var out = ""
    var inLiteral = false
    var inClass = false
    for character in gbnf {
        if inLiteral {
            if character == "\"" { inLiteral = false } else { out += NSRegularExpression.escapedPattern(for: String(character)) }
        } else if inClass {
            out.append(character)
            if character == "]" { inClass = false }
        } else if character == "\"" {
            inLiteral = true
        } else if character == "[" {
            inClass = true
            out.append(character)
        } else if character != " " {
            out.append(character)
        }
    }
    return out
}
