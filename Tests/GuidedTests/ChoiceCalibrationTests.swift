import Foundation
@testable import Guided
import Testing

@Suite struct ChoiceCalibrationTests {
    let point = ChoicePoint(path: "mood", options: [Array(#" "calm""#.utf8), Array(#" "bold""#.utf8)])

    @Test func withoutPriorsTheLikeliestOptionWins() {
        #expect(ChoiceCalibration.none.decide(point, [-0.2, -1.8]) == 0)
        let probabilities = ChoiceCalibration.none.probabilities(point, [-0.2, -1.8])
        #expect(abs(probabilities.reduce(0, +) - 1) < 1e-9)
    }

    /// The model gives `calm` 0.9 for content-free inputs; an input where it gives `calm` only
    /// 0.6 is evidence for `bold`.
    @Test func dividingByTheContentFreePriorTurnsABiasedChoice() {
        let calibration = ChoiceCalibration.averaging([
            [(point, [log(0.92), log(0.08)])],
            [(point, [log(0.88), log(0.12)])],
        ])
        #expect(abs((calibration.priors["mood"]?[point.options[0]] ?? 0) - 0.9) < 1e-9)
        #expect(calibration.decide(point, [log(0.6), log(0.4)]) == 1)
        #expect(calibration.decide(point, [log(0.97), log(0.03)]) == 0)
        // Another choice point is not affected.
        let other = ChoicePoint(path: "size", options: point.options)
        #expect(calibration.decide(other, [log(0.6), log(0.4)]) == 0)
    }

    /// Evidence from outside the model is added to the calibrated score of the option it names,
    /// whichever way the option is written, and at its own path only.
    @Test func evidenceWeighsInBesideTheModel() {
        let calibration = ChoiceCalibration.none.adding(evidence: ["bold": 1.0], at: "mood")
        #expect(calibration.decide(point, [log(0.6), log(0.4)]) == 1)
        #expect(calibration.decide(point, [log(0.9), log(0.1)]) == 0)
        let unquoted = ChoicePoint(path: "mood", options: [Array(#"calm""#.utf8), Array(#"bold""#.utf8)])
        #expect(calibration.decide(unquoted, [log(0.6), log(0.4)]) == 1)
        let other = ChoicePoint(path: "size", options: point.options)
        #expect(calibration.decide(other, [log(0.6), log(0.4)]) == 0)
        // Evidence for the same option adds up.
        #expect(calibration.adding(evidence: ["bold": 1.0], at: "mood").evidence["mood"]?["bold"] == 2.0)
    }

    @Test func theSessionFindsTheChoicePointAfterTheKeyNotInsideAValue() {
        let schema = GenerationSchema.object("Theme", [
            .init("name", .string()),
            .init("mood", .enumeration(["calm", "bold"])),
        ])
        let find = LanguageModelSession.choicePoint(for: schema, prefix: " ")
        #expect(find(Array(#" {"name": "Dawn", "mood":"#.utf8)) == ChoicePoint(path: "mood", options: [
            Array(#" "calm""#.utf8), Array(#" "bold""#.utf8),
        ]))
        #expect(find(Array(#" {"name": "Dawn", "mood": "#.utf8))?.options.first == Array(#""calm""#.utf8))
        #expect(find(Array(#" {"name": "Dawn", "mood": ""#.utf8))?.options.first == Array(#"calm""#.utf8))
        #expect(find(Array(#" {"name": "Dawn"#.utf8)) == nil)
        #expect(find(Array(#" {"name": "x, \"mood\":"#.utf8)) == nil, "the key inside a string is text, not structure")
        #expect(find(Array(#" {"name": "Dawn", "mood": "calm"}"#.utf8)) == nil)
    }

    /// A constant value is forced with its key: the model spends no decoding on it.
    @Test func aConstantIsForcedWithItsKey() {
        let schema = GenerationSchema.object("Expense", [
            .init("merchant", .string(.constant("Casa Lucio"))),
            .init("purpose", .string()),
        ])
        let forced = LanguageModelSession.forcedText(for: schema, prefix: " ")
        let first = forced(Array(" ".utf8))
        #expect(first.map { String(decoding: $0.bytes, as: UTF8.self) } == #"{"merchant": "Casa Lucio""#)
        let next = forced(Array(" ".utf8) + (first?.bytes ?? []))
        // A value that is always a string: its opening quote is forced too.
        #expect(next.map { String(decoding: $0.bytes, as: UTF8.self) } == #", "purpose": ""#)
    }

    /// A value of listed strings that only one option still fits is finished as forced text,
    /// with the structure after it: no decode is spent on a continuation the grammar leaves no
    /// choice in.
    @Test func theOnlyFittingOptionIsFinishedAsForcedText() {
        let schema = GenerationSchema.object("Expense", [
            .init("merchant", .string(.anyOf(["Osteria", "Osteria Fenna", "Ana \"AJ\""])).orNull),
            .init("purpose", .string()),
        ])
        let forced = LanguageModelSession.forcedText(for: schema, prefix: " ")
        func text(after output: String) -> String? {
            forced(Array(output.utf8)).map { String(decoding: $0.bytes, as: UTF8.self) }
        }
        #expect(text(after: #" {"merchant": "Osteria F"#) == #"enna", "purpose": ""#)
        #expect(text(after: #" {"merchant": "An"#) == #"a \"AJ\"", "purpose": ""#, "escaped as the output writes it")
        #expect(text(after: #" {"merchant": "Oste"#) == nil, "two options fit: the model decides")
        #expect(text(after: #" {"merchant": "Osteria"#) == nil, "closing here or going on are both allowed")
        #expect(text(after: #" {"merchant": "Bo"#) == nil, "no option fits: the grammar, not this, refuses it")
        #expect(text(after: #" {"merchant": "#) == nil, "null or a string: still open")
        let last = GenerationSchema.object("Expense", [
            .init("purpose", .string()),
            .init("merchant", .string(.anyOf(["Osteria Fenna", "Ana"])).orNull),
        ])
        let end = LanguageModelSession.forcedText(for: last, prefix: " ")(Array(#" {"purpose": "Lunch", "merchant": "Os"#.utf8))
        #expect(end == ForcedText(bytes: Array(#"teria Fenna"}"#.utf8), endsOutput: true))
        let free = LanguageModelSession.forcedText(for: last, prefix: " ")(Array(#" {"purpose": "Lun"#.utf8))
        #expect(free == nil, "a free string is the model's")
    }

    /// Whether a string may end where it stands, for a model that cannot ask the grammar (an
    /// inference server closing a string the model wanted a digit in): by the value's pattern,
    /// listed strings and length; unknown outside a string with text.
    @Test func aStringMayEndWhereItsGuidesAllow() {
        let schema = GenerationSchema.object("Expense", [
            .init("purpose", .string(.pattern("[A-Z][a-z]*( [a-z]+){0,2} ?"))),
            .init("merchant", .string(.anyOf(["Osteria", "Osteria Fenna"])).orNull),
            .init("note", .string(.maxLength(4))),
        ])
        let mayEnd = LanguageModelSession.stringMayEnd(for: schema, prefix: " ")
        func ends(_ output: String) -> Bool? { mayEnd(Array(output.utf8)) }
        #expect(ends(#" {"purpose": "Hotel for"#) == true)
        #expect(ends(#" {"purpose": "Hotel for "#) == true, "the pattern's trailing space")
        #expect(ends(#" {"purpose": "Hotel for two nights"#) == false, "four words are more than the pattern's three")
        #expect(ends(#" {"purpose": "hotel"#) == false)
        #expect(ends(#" {"purpose": ""#) == nil, "no text yet")
        #expect(ends(#" {"purpose": "Hotel", "merchant": "Osteria"#) == true)
        #expect(ends(#" {"purpose": "Hotel", "merchant": "Osteria F"#) == false)
        #expect(ends(#" {"purpose": "Hotel", "merchant": "Osteria", "note": "abcde"#) == false)
        #expect(ends(#" {"purpose": "Hotel", "#) == nil, "between values")
    }

    /// A choice decided after the fact (by a model that generates first, an inference server):
    /// the rest is generated after the decided option, under the grammar of the later properties.
    @Test func theRestAfterAChoiceIsTheLaterPropertiesAndTheClosingBrace() throws {
        let schema = GenerationSchema.object("Theme", [
            .init("name", .string()),
            .init("mood", .enumeration(["calm", "bold", "wry"])),
            .init("size", .enumeration(["small", "large"])),
        ])
        let rest = try GrammarCompiler().compileRest(of: schema, after: "mood").text
        let root = try #require(rest.split(separator: "\n").first)
        #expect(root.hasPrefix(#"root ::= ", \"size\": ""#), "\(rest)")
        #expect(root.hasSuffix(#""}""#), "\(rest)")
        #expect(!rest.contains("name") && !rest.contains("calm") && rest.contains("large"), "\(rest)")
        let last = try GrammarCompiler().compileRest(of: schema, after: "size").text
        #expect(last == "root ::= \"}\"\n")
        #expect(throws: GrammarCompilationError.self) { try GrammarCompiler().compileRest(of: schema, after: "colour") }
        #expect(throws: GrammarCompilationError.self) { try GrammarCompiler().compileRest(of: .string(), after: "mood") }
    }

    /// A model that writes the keys itself (an inference server) asks for one value at a time: the
    /// rest of the value the output has reached and the character after it.
    @Test func eachValueHasItsOwnGrammarAfterItsKey() throws {
        let schema = GenerationSchema.object("Theme", [
            .init("name", .string(.maxLength(12))),
            .init("size", .integer(.minimum(1), .maximum(9)).orNull),
        ])
        let grammar = LanguageModelSession.valueGrammar(for: schema, prefix: " ", compiler: GrammarCompiler())
        // After the key and the opening quote of a value that is always a string: no quote again.
        let name = try #require(grammar(Array(#" {"name": ""#.utf8))).text
        #expect(name.hasPrefix("root ::= ") && !name.hasPrefix(#"root ::= "\"""#) && name.contains(#"",""#), "\(name)")
        // After the colon of the last value: its space, the value, the closing brace.
        let size = try #require(grammar(Array(#" {"name": "Dawn", "size":"#.utf8))).text
        #expect(size.hasPrefix(#"root ::= " " "#) && size.contains(#""null""#) && size.contains(#""}""#), "\(size)")
        #expect(grammar(Array(#" {"name": "Dawn"#.utf8)) == nil, "inside a value")
        #expect(grammar(Array(#" {"name": "x, \"size\":"#.utf8)) == nil, "the key inside a string is text, not structure")
    }

    /// Priors kept between runs read back as they were measured; anything else is no priors.
    @Test func priorsSurviveTheirJSON() throws {
        let priors: [String: [[UInt8]: Double]] = [
            "category": [Array(#" "food""#.utf8): 0.2881563424334424, Array(#" "other""#.utf8): 0.5050245672630499,
                         Array(#" "travel""#.utf8): 0.2068191],
            "mood": [Array(#" "calm""#.utf8): 1.0 / 3, Array(#" "ünruhig""#.utf8): 2.0 / 3],
        ]
        let kept = ChoiceCalibration(priors: priors)
        #expect(ChoiceCalibration(json: kept.json) == kept)
        for damaged in ["", "not json", "[]", "{}", #"{"category": {}}"#, #"{"category": {"food": "high"}}"#,
                        #"{"category": {"food": 1.5}}"#, #"{"category": {"food": -0.1}}"#] {
            #expect(ChoiceCalibration(json: Data(damaged.utf8)) == nil, "\(damaged)")
        }
    }
}
