import Foundation
import Guided
import GuidedLlama
import TestSupport
import Testing

/// Typed generation with the real default model: every output satisfies every guide.
@Suite(.serialized) struct GuidedGenerationTests {
    static let model: Result<LlamaLanguageModel, any Error> = Result {
        try LlamaLanguageModel(url: TestEnvironment.modelURL, contextLength: 1024)
    }

    func languageModel() throws -> LlamaLanguageModel {
        do {
            return try Self.model.get()
        } catch {
            Issue.record("the default model must be present (run `make deps`): \(error)")
            throw error
        }
    }

    @Test func aQuizQuestionHasExactlyFourChoicesAndAValidAnswer() async throws {
        let session = LanguageModelSession(
            model: try languageModel(), instructions: "Write a multiple-choice quiz question about the topic.",
            examples: [.init(input: "planets", output: .object([
                ("question", .string("Which planet is largest?")),
                ("choices", .array([.string("Mars"), .string("Jupiter"), .string("Venus"), .string("Earth")])),
                ("answerIndex", .number("1")),
            ]))])
        let response = try await session.respond(to: "rivers of Europe", generating: QuizQuestion.self)
        let quiz = response.content
        #expect(quiz.choices.count == 4)
        #expect(quiz.choices.allSatisfy { $0.count <= 40 })
        #expect(quiz.question.count <= 120)
        #expect((0...3).contains(quiz.answerIndex))
    }

    @Test func aThemeHasAPatternNameASizeInRangeAndAKnownMood() async throws {
        let session = LanguageModelSession(
            model: try languageModel(), instructions: "Describe a visual theme for the event.",
            examples: [.init(input: "a quiet library", output: .object([
                ("name", .string("Paper Dawn")), ("size", .number("12")), ("mood", .string("calm")),
            ]))])
        for input in ["a summer festival", "a chess tournament with 300 players"] {
            let theme = try await session.respond(to: input, generating: Theme.self).content
            #expect(theme.name.wholeMatch(of: /[A-Z][a-z]+( [A-Z][a-z]+)?/) != nil, "name \(theme.name)")
            #expect((3...30).contains(theme.size), "size \(theme.size)")
        }
    }

    /// An enumeration is decided by scoring each option with the real model: the response says
    /// how likely each was, and calibration against content-free inputs measures the model's
    /// preference among them, which `respond` then divides out.
    @Test func aChoiceIsScoredOptionByOptionAndCanBeCalibrated() async throws {
        let session = LanguageModelSession(
            model: try languageModel(), instructions: "Describe a visual theme for the event.",
            examples: [.init(input: "a quiet library", output: .object([
                ("name", .string("Paper Dawn")), ("size", .number("12")), ("mood", .string("calm")),
            ]))])
        let plain = try await session.respond(to: "a summer festival", generating: Theme.self)
        let scores = try #require(plain.choices["mood"])
        #expect(scores.count == 3)
        #expect(abs(scores.reduce(0, +) - 1) < 1e-6)
        #expect(plain.content.mood.rawValue == ["calm", "bold", "playful"][scores.indices.max { scores[$0] < scores[$1] }!])
        #expect(plain.confidence["mood"] == scores.max())

        let calibration = try await session.calibrate(generating: Theme.self)
        let prior = try #require(calibration.priors["mood"])
        #expect(prior.count == 3)
        #expect(abs(prior.values.reduce(0, +) - 1) < 1e-6)
        let calibrated = try await session.respond(to: "a summer festival", generating: Theme.self, calibration: calibration)
        let adjusted = try #require(calibrated.choices["mood"])
        #expect(calibrated.content.mood.rawValue == ["calm", "bold", "playful"][adjusted.indices.max { adjusted[$0] < adjusted[$1] }!])
    }

    @Test func aRecipeHasOneToFourIngredientsWithinBounds() async throws {
        let session = LanguageModelSession(
            model: try languageModel(), instructions: "Write a short recipe.",
            examples: [.init(input: "toast", output: .object([
                ("title", .string("Butter toast")),
                ("ingredients", .array([
                    .object([("name", .string("bread")), ("grams", .number("60"))]),
                    .object([("name", .string("butter")), ("grams", .null)]),
                ])),
                ("vegetarian", .bool(true)), ("note", .null),
            ]))])
        let recipe = try await session.respond(to: "tomato soup", generating: Recipe.self,
                                               options: GenerationOptions(maximumTokens: 200)).content
        #expect((1...4).contains(recipe.ingredients.count))
        #expect(recipe.title.count <= 60)
        #expect(recipe.ingredients.allSatisfy { $0.name.count <= 30 && ($0.grams.map { (0...5000).contains($0) } ?? true) })
        #expect((recipe.note?.count ?? 0) <= 80)
    }

    @Test func aGroundedMerchantIsCopiedFromTheInput() async throws {
        let note = "Lunch with Ana at Casa Lucio, 48.50 for the team offsite"
        let session = LanguageModelSession(model: try languageModel(), instructions: "Extract the expense.")
        let response = try await session.respond(to: note, generating: GeneratedContent.self,
                                                 schema: groundedExpenseSchema(note: note))
        if let merchant = response.rawContent["merchant"]?.stringValue {
            #expect(note.contains(merchant))
        }
        #expect(["food", "travel", "shopping", "other"].contains(response.rawContent["category"]?.stringValue ?? ""))
        #expect(response.confidence.keys.contains("category"))
        #expect(response.confidence.values.allSatisfy { (0...1).contains($0) })
    }

    @Test func twoContextsAnswerConcurrentRequestsAsEachWouldAlone() async throws {
        let model = try LlamaLanguageModel(url: TestEnvironment.modelURL, contextLength: 1024, threads: 2, parallelRequests: 2)
        #expect(model.parallelRequests == 2)
        let notes = ["Lunch with Ana at Casa Lucio, 48.50 for the team offsite", "uber 23,10 airport to the hotel",
                     "New laptop from MediaMarkt 1.299,00 EUR"]
        func answer(_ note: String) async throws -> GeneratedContent {
            let session = LanguageModelSession(model: model, instructions: "Extract the expense.")
            return try await session.respond(to: note, generating: GeneratedContent.self,
                                             schema: groundedExpenseSchema(note: note)).rawContent
        }
        var alone: [GeneratedContent] = []
        for note in notes { alone.append(try await answer(note)) }
        // All three at once: two decode while the third waits for a free context.
        let together = try await withThrowingTaskGroup(of: (Int, GeneratedContent).self) { group in
            for (index, note) in notes.enumerated() { group.addTask { (index, try await answer(note)) } }
            var results = [GeneratedContent?](repeating: nil, count: notes.count)
            for try await (index, content) in group { results[index] = content }
            return results.compactMap { $0 }
        }
        #expect(together == alone)
    }

    /// The answers of a fresh model (with `cache` as its prompt cache) to `notes`, one session each.
    static func answers(_ notes: [String], instructions: String, examples: [LanguageModelSession.Example],
                        cache: URL?) async throws -> [GeneratedContent] {
        let model = try LlamaLanguageModel(url: TestEnvironment.modelURL, contextLength: 1024, promptCache: cache)
        var results: [GeneratedContent] = []
        for note in notes {
            let session = LanguageModelSession(model: model, instructions: instructions, examples: examples)
            results.append(try await session.respond(to: note, generating: GeneratedContent.self,
                                                     schema: groundedExpenseSchema(note: note)).rawContent)
        }
        return results
    }

    /// A long few-shot prompt's KV cache is kept on disk: a second model loading it answers as the
    /// first did, and a damaged file is only a slower start.
    @Test func thePromptCacheOnDiskGivesTheSameAnswers() async throws {
        let folder = try TemporaryDirectory()
        let examples: [LanguageModelSession.Example] = [
            ("Dinner at Osteria Vela with the sales team, 86.40", "Osteria Vela", "86.40", "food"),
            ("train to Utrecht 18,20 for the workshop", nil, "18.20", "travel"),
            ("USB-C hub and a webcam from Tekno Hall 59.90", "Tekno Hall", "59.90", "shopping"),
            ("yearly cloud backup plan renewed, 29.99", nil, "29.99", "other"),
            ("croissants and coffee at Maison Pell 7.80", "Maison Pell", "7.80", "food"),
            ("two nights at Hostal Brisa, 132 euros", "Hostal Brisa", "132", "travel"),
            ("winter jacket from Nordvik Outdoor 149.00", "Nordvik Outdoor", "149.00", "shopping"),
            ("vet check-up for the cat at Dr. Amsel 65", "Dr. Amsel", "65", "other"),
        ].map { note, merchant, amount, category in
            .init(input: note, output: .object([
                ("merchant", merchant.map(GeneratedContent.string) ?? .null), ("amount", .number(amount)),
                ("category", .string(category)),
            ]))
        }
        let instructions = "Read each expense note and fill in the expense: the merchant copied from the note or null, "
            + "the amount paid as a number, and the category: food, travel, shopping or other."
        let notes = ["Lunch with Ana at Casa Lucio, 48.50 for the team offsite", "uber 23,10 airport to the hotel"]
        func answers(cache: URL) async throws -> [GeneratedContent] {
            try await Self.answers(notes, instructions: instructions, examples: examples, cache: cache)
        }
        let first = try await answers(cache: folder.url)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1 && files[0].hasSuffix("-1024.kv"), "\(files)")
        #expect(try await answers(cache: folder.url) == first)
        // A file that is no KV cache is set aside: the prompt is decoded afresh, the answers stay.
        for file in files { try folder.write("not a cache", to: file) }
        #expect(try await answers(cache: folder.url) == first)
    }

    /// A prompt cache written for other instructions, longer than Gemma 3's sliding window, that
    /// share only their first words: the prompt is decoded afresh, and the answers are those of a
    /// model with no cache at all. (Cutting the cached prompt back to the shared words instead lost
    /// positions the window had dropped, and the answers went wrong.)
    @Test func aPromptCacheFromOtherInstructionsChangesNoAnswer() async throws {
        let folder = try TemporaryDirectory()
        let examples: [LanguageModelSession.Example] = [
            ("Dinner at Osteria Vela with the sales team, 86.40", "Osteria Vela", "food"),
            ("train to Utrecht 18,20 for the workshop", nil, "travel"),
            ("USB-C hub and a webcam from Tekno Hall 59.90", "Tekno Hall", "shopping"),
            ("yearly cloud backup plan renewed, 29.99", nil, "other"),
            ("croissants and coffee at Maison Pell 7.80", "Maison Pell", "food"),
            ("two nights at Hostal Brisa, 132 euros", "Hostal Brisa", "travel"),
            ("winter jacket from Nordvik Outdoor 149.00", "Nordvik Outdoor", "shopping"),
            ("vet check-up for the cat at Dr. Amsel 65", "Dr. Amsel", "other"),
            ("ramen and two beers at Kaido Noodles 31.50", "Kaido Noodles", "food"),
            ("bus pass for the week, 24", nil, "travel"),
            ("printer ink from Papeterie Lune 38.20", "Papeterie Lune", "shopping"),
            ("haircut at Salon Birk 30 plus 3 tip", "Salon Birk", "other"),
            ("groceries at Markthal Oost 52.75", "Markthal Oost", "food"),
            ("taxi from the station to the hotel 17.40", nil, "travel"),
            ("a kettle and two mugs from Casa Forma 44.90", "Casa Forma", "shopping"),
            ("phone bill for October 25.00", nil, "other"),
        ].map { note, merchant, category in
            .init(input: note, output: .object([
                ("merchant", merchant.map(GeneratedContent.string) ?? .null), ("category", .string(category)),
            ]))
        }
        let instructions = "Read each expense note and fill in the expense: the merchant copied from the note or null, "
            + "and the category: food, travel, shopping or other."
        let otherInstructions = "Read each expense note and say only which category it belongs to, thinking of what "
            + "was bought, not where."
        let notes = ["Lunch with Ana at Mesa Azul, 48.50 for the team offsite", "cab 23,10 from the airport to the hotel",
                     "new headphones from Sonora Audio 89.00"]
        func answers(_ instructions: String, cache: URL?) async throws -> [GeneratedContent] {
            try await Self.answers(notes, instructions: instructions, examples: examples, cache: cache)
        }
        let uncached = try await answers(instructions, cache: nil)
        _ = try await answers(otherInstructions, cache: folder.url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
        #expect(try await answers(instructions, cache: folder.url) == uncached)
        // And with its own prefix cached, the same answers again.
        #expect(try await answers(instructions, cache: folder.url) == uncached)
    }

    @Test func aStreamYieldsGrowingSnapshotsEndingComplete() async throws {
        let session = LanguageModelSession(model: try languageModel(), instructions: "Describe a visual theme.")
        var snapshots: [GeneratedContent] = []
        var completed = false
        for try await snapshot in session.streamResponse(to: "a harbour at night", generating: Theme.self) {
            if let last = snapshots.last { #expect(snapshot.rawContent.extendsValue(last)) }
            snapshots.append(snapshot.rawContent)
            completed = snapshot.isComplete
        }
        #expect(snapshots.count >= 3)
        #expect(completed)
    }

    @Test func cancellingAStreamStopsTheModelAndFreesTheSession() async throws {
        let session = LanguageModelSession(model: try languageModel(), instructions: "Write a short recipe.")
        var received = 0
        // Leaving the loop drops the stream, which cancels the request.
        for try await _ in session.streamResponse(to: "a long stew", generating: Recipe.self) {
            received += 1
            if received == 2 { break }
        }
        #expect(received == 2)
        // The session serves the next request once the cancelled one has wound down.
        var theme: Theme?
        for _ in 0..<50 where theme == nil {
            do {
                theme = try await session.respond(to: "a garden", generating: Theme.self)
                    .content
            } catch GenerationError.concurrentRequests {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        #expect(theme != nil)
    }

    @Test func aSecondRequestWhileStreamingIsRefused() async throws {
        let session = LanguageModelSession(model: try languageModel(), instructions: "Write a short recipe.")
        let stream = session.streamResponse(to: "bread", generating: Recipe.self)
        await #expect(throws: GenerationError.concurrentRequests) {
            _ = try await session.respond(to: "cake", generating: Recipe.self)
        }
        for try await _ in stream {}
    }

    @Test func aNoteLongerThanTheContextWindowIsATypedError() async throws {
        let session = LanguageModelSession(model: try languageModel())
        let note = String(repeating: "taxi 23.10 to the airport and back again, ", count: 200)
        await #expect(throws: GenerationError.self) {
            do {
                _ = try await session.respond(to: note, generating: Theme.self)
            } catch let error as GenerationError {
                guard case .contextWindowExceeded(let tokens, let limit) = error else { throw error }
                #expect(tokens > limit)
                throw error
            }
        }
    }

    @Test func theModelIdentityNamesTheFileAndItsDigest() throws {
        let identity = try languageModel().identity
        #expect(identity.name == "gemma-3-270m-q4_k_m.gguf")
        #expect(identity.sha256 == "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818")
    }

    @Test func aCorruptModelIsUnavailableWithAReason() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("GGUF\u{3}\0\0\0garbage", to: "bad.gguf")
        #expect(throws: GenerationError.self) { try LlamaLanguageModel(url: URL(fileURLWithPath: path)) }
    }
}

extension GeneratedContent {
    /// True when `self` is `earlier` with more written (nothing lost).
    func extendsValue(_ earlier: GeneratedContent) -> Bool {
        switch (earlier, self) {
        case (.string(let a), .string(let b)): b.hasPrefix(a)
        case (.number(let a), .number(let b)): b.hasPrefix(a)
        case (.array(let a), .array(let b)): a.count <= b.count && zip(a, b).allSatisfy { $1.extendsValue($0) }
        case (.object(let a), .object(let b)):
            a.count <= b.count && zip(a, b).allSatisfy { $0.key == $1.key && $1.value.extendsValue($0.value) }
        default: earlier == self
        }
    }
}
