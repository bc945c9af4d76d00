import Foundation
import Guided
import Ledger

/// `noteledger learned`: what the ledger learned from the user's edits, and its switches.
struct LearnedCommand: Command {
    static let name = "learned"
    static let abstract = "List what was learned from your edits; forget a merchant, exclude one, or switch learning off or on."
    static let synopsis = "learned [--json] | learned forget MERCHANT | learned never MERCHANT | learned allow MERCHANT | learned off | learned on"
    static let details = """
          (no action)        list each merchant learned about: its category rule, the names you renamed to it,
                             how many edits it rests on and the last one
          --json             the list as one JSON object {"learning": "on"|"off", "merchants": [...]}
          forget MERCHANT    stop learning from your past edits of MERCHANT (they stay in the ledger's history)
          never MERCHANT     never apply anything learned about MERCHANT (a payee that is more than one thing)
          allow MERCHANT     undo `never MERCHANT`
          off | on           switch learning for the whole ledger (stored in it; `doctor` shows it)

          Learning applies to new notes and to `refill`; a field you edited is never changed by it.
          Merchant names are compared ignoring case and accents: TIER, tier and Tier are one.
        """

    enum Action: Equatable {
        case list(json: Bool)
        case forget(String), never(String), allow(String)
        case setLearning(Bool)
    }

    var action: Action

    init(parsing arguments: inout ArgumentList) throws {
        let json = arguments.flag("--json")
        let rest = try arguments.positionals()
        guard let verb = rest.first else {
            action = .list(json: json)
            return
        }
        guard !json else { throw UsageError("--json goes with the list only (`noteledger learned --json`)") }
        let merchant = rest.dropFirst().joined(separator: " ")
        switch verb {
        case "forget", "never", "allow":
            guard !merchant.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError("give the merchant: `noteledger learned \(verb) MERCHANT`")
            }
            action = verb == "forget" ? .forget(merchant) : verb == "never" ? .never(merchant) : .allow(merchant)
        case "off", "on":
            guard rest.count == 1 else { throw UsageError("`learned \(verb)` takes no more arguments") }
            action = .setLearning(verb == "on")
        default:
            throw UsageError("unknown action '\(verb)'; use forget, never, allow, off or on (or nothing, to list)")
        }
    }

    func run(in context: CommandContext) async throws {
        let store = try Review.openStore(context)
        let console = context.console
        do {
            switch action {
            case .list(let json):
                let on = try store.learningIsOn()
                let merchants = try store.learnedMerchants()
                if json {
                    console.out(GeneratedContent.object([
                        ("learning", .string(on ? "on" : "off")),
                        ("merchants", .array(merchants.map(Self.json))),
                    ]).jsonString)
                    return
                }
                console.out("learning is \(on ? "on" : "off")\(on ? "" : " (`noteledger learned on` switches it back on)")")
                if merchants.isEmpty {
                    console.out("nothing learned yet: edit a draft's merchant or category (`noteledger edit ID category=travel`)")
                }
                for merchant in merchants {
                    var line = merchant.merchant + ": " + Self.describe(merchant.category)
                    if !merchant.aliases.isEmpty { line += "; also written " + merchant.aliases.joined(separator: ", ") }
                    if merchant.edits > 0 {
                        line += "; \(merchant.edits) edit\(merchant.edits == 1 ? "" : "s"), last on \(merchant.lastEdit.prefix(10))"
                    }
                    if merchant.never { line += "; never applied (`learned allow \(merchant.merchant)` undoes it)" }
                    console.out(line)
                }
            case .forget(let merchant):
                let count = try store.forgetLearned(merchant)
                guard count > 0 else {
                    throw CommandFailure("nothing is learned about '\(merchant)'; `noteledger learned` lists what is")
                }
                console.out("forgot \(count) edit\(count == 1 ? "" : "s") of \(merchant); they stay in the drafts' history")
            case .never(let merchant):
                try store.neverLearn(merchant)
                console.out("nothing learned about \(merchant) will be applied; your edits of it are still kept")
            case .allow(let merchant):
                guard try store.allowLearning(merchant) else {
                    throw CommandFailure("'\(merchant)' was not excluded; `noteledger learned` lists the excluded merchants")
                }
                console.out("learning about \(merchant) applies again")
            case .setLearning(let on):
                try store.setLearning(on: on)
                console.out(on ? "learning is on: new notes and refills use what your edits taught"
                               : "learning is off: new notes are filled as if you had made no edits; your edits are still kept")
            }
        } catch let error as LearningError {
            throw UsageError(error.description)
        }
    }

    static func describe(_ hint: LearnedHints.CategoryHint?) -> String {
        switch hint {
        case .forced(let category, let evidence)?: "category \(category.rawValue) (\(evidence))"
        case .allowed(let categories)?: "category one of " + categories.map(\.rawValue).joined(separator: ", ")
        case .leaning(let category, let edits)?:
            "leans to \(category.rawValue) (\(edits) edit\(edits == 1 ? "" : "s"); \(CategoryMemory.forcingCount) settle it)"
        case nil: "no category edits"
        }
    }

    static func json(_ merchant: LearnedMerchant) -> GeneratedContent {
        var rule: GeneratedContent = .null
        var categories: [Category] = []
        switch merchant.category {
        case .forced(let category, _)?:
            rule = .string("forced")
            categories = [category]
        case .allowed(let allowed)?:
            rule = .string("allowed")
            categories = allowed
        case .leaning(let category, _)?:
            rule = .string("leaning")
            categories = [category]
        case nil: break
        }
        return .object([
            ("merchant", .string(merchant.merchant)), ("key", .string(merchant.key)),
            ("category_rule", rule), ("categories", .array(categories.map { .string($0.rawValue) })),
            ("aliases", .array(merchant.aliases.map(GeneratedContent.string))),
            ("edits", .number(String(merchant.edits))),
            ("last_edit", merchant.lastEdit.isEmpty ? .null : .string(merchant.lastEdit)),
            ("never", .bool(merchant.never)),
        ])
    }
}
