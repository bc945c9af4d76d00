import Foundation
import Guided

/// Where a draft stands.
public enum DraftStatus: String, CaseIterable, Sendable {
    case queued, filling, ready, review, failed, approved
}

/// Who made a version.
public enum VersionOrigin: String, CaseIterable, Sendable {
    /// The first extraction by the model.
    case fill
    /// A later extraction (changed note, or `refill`).
    case refill
    /// A person's correction.
    case edit
    /// The rules extractor (no model, or it failed).
    case rules
}

/// Who set one field of a version.
public enum FieldSource: String, CaseIterable, Sendable {
    /// The language model wrote it.
    case model
    /// Rules read it from the text (amount, currency, date; or everything when the model was unavailable).
    case rules
    /// What the ledger learned from the user's edits.
    case learned
    /// A person's edit.
    case user
}

/// A draft as review shows it: its current values, status and note.
public struct DraftRecord: Sendable, Equatable {
    public let id: Int64
    public let status: DraftStatus
    public let statusReason: String?
    public let version: Int
    public let expense: Expense
    /// Fields a person edited.
    public let locked: [String]
    public let notePath: String
    public let noteText: String
    public let noteMissing: Bool
    public let receivedAt: String
    public let updatedAt: String
}

/// One version of a draft, as `history` shows it.
public struct DraftVersion: Sendable, Equatable {
    public let version: Int
    public let origin: VersionOrigin
    public let createdAt: String
    public let modelName: String?
    public let modelSHA256: String?
    public let expense: Expense
    public let confidence: [String: Double]
    /// The fields whose value differs from the version before.
    public let changed: [String]
    /// Who set each field of this version (empty for versions written before schema 6).
    public let sources: [String: FieldSource]
    /// For each learned field, what it was learned from (`LearnedHints`).
    public var learned: [String: String] = [:]

    /// Who set `field` in this version.
    public func source(of field: String) -> FieldSource {
        if origin == .edit { return .user }
        return sources[field] ?? (origin == .rules ? .rules : .model)
    }
}

// MARK: - Fields as text

extension Expense {
    /// The value of `field` as the store keeps it (nil when empty).
    public func text(of field: String) -> String? {
        switch field {
        case "merchant": merchant
        case "amount": amount?.description
        case "currency": currency
        case "category": category?.rawValue
        case "purpose": purpose
        case "date": date
        default: nil
        }
    }

    /// An expense read back from stored text; values that no longer parse are left empty.
    init(storedValues values: [String?]) {
        self.init(
            merchant: values[0], amount: values[1].flatMap(Amount.init), currency: values[2],
            category: values[3].flatMap(Category.init(rawValue:)), purpose: values[4], date: values[5])
    }

    /// Sets `field` from text a person typed.
    /// - Throws: `FieldValueError` when the text is not a valid value for the field.
    public mutating func set(_ field: String, to text: String) throws {
        let value = text.trimmingCharacters(in: .whitespaces)
        let empty = value.isEmpty
        switch field {
        case "merchant": merchant = empty ? nil : value
        case "purpose": purpose = empty ? nil : value
        case "amount":
            if empty {
                amount = nil
            } else {
                let plain = value.filter { $0 != " " }
                guard plain.allSatisfy({ "0123456789.,".contains($0) }),
                      let (_, decimalText, _) = AmountFinder.normalise(plain), let parsed = Amount(decimalText) else {
                    throw FieldValueError(field: field, value: text, expected: "a number such as 48.50")
                }
                amount = parsed
            }
        case "currency":
            guard empty || value.wholeMatch(of: /[A-Za-z]{3}/) != nil else {
                throw FieldValueError(field: field, value: text, expected: "a three-letter ISO code such as EUR")
            }
            currency = empty ? nil : value.uppercased()
        case "category":
            guard empty || Category(rawValue: value.lowercased()) != nil else {
                throw FieldValueError(field: field, value: text, expected: "one of food, travel, shopping, other")
            }
            category = empty ? nil : Category(rawValue: value.lowercased())
        case "date":
            guard empty || DateResolver.parse(value) != nil else {
                throw FieldValueError(field: field, value: text, expected: "a date such as 2026-11-20")
            }
            date = empty ? nil : value
        default:
            throw FieldValueError(field: field, value: text, expected: "a field name: " + Expense.fieldNames.joined(separator: ", "))
        }
    }
}

/// A value a person typed that a field cannot hold.
public struct FieldValueError: Error, CustomStringConvertible, Sendable {
    public let field: String
    public let value: String
    public let expected: String

    public var description: String {
        Expense.fieldNames.contains(field)
            ? "\(field)=\(value) is not valid: \(field) must be \(expected)"
            : "unknown field '\(field)'; edit one of: \(Expense.fieldNames.joined(separator: ", "))"
    }
}
