import Foundation

/// Contextual calibration of closed choices (Zhao et al. 2021, "Calibrate Before Use").
///
/// A small model prefers some options whatever the input says: asked for a category, Gemma 3
/// 270M gives `other` most of its probability even for an empty note. Dividing each option's
/// probability by the probability the model gives it for content-free inputs ("N/A", "") takes
/// that preference out, so what the input adds decides. `LanguageModelSession.calibrate` measures
/// the priors; `respond(…, calibration:)` applies them at every choice point.
public struct ChoiceCalibration: Sendable, Equatable {
    /// Per choice path, the mean probability of each option (normalised over the options, keyed by
    /// the option's text) for content-free inputs.
    public private(set) var priors: [String: [[UInt8]: Double]]
    /// Per choice path, evidence from outside the model for some options (keyed by the option's
    /// value, `food` for ` "food"`): a log-probability added after the division by the prior. A
    /// client's own reading of the input ("lunch" speaks for `food`) then weighs in beside the
    /// model's instead of overruling it.
    public private(set) var evidence: [String: [String: Double]] = [:]

    public init(priors: [String: [[UInt8]: Double]] = [:]) {
        self.priors = priors
    }

    /// These priors with `bonuses` (option value → log-probability) added to the options at `path`.
    public func adding(evidence bonuses: [String: Double], at path: String) -> ChoiceCalibration {
        var calibration = self
        calibration.evidence[path, default: [:]].merge(bonuses, uniquingKeysWith: +)
        return calibration
    }

    /// No calibration: the most likely option wins.
    public static let none = ChoiceCalibration()

    /// The option to write: the highest probability divided by its prior (options without a prior
    /// keep their probability).
    public func decide(_ point: ChoicePoint, _ logProbabilities: [Double]) -> Int {
        Self.argmax(adjusted(point, logProbabilities))
    }

    /// Each option's calibrated probability, normalised over the options (sums to 1).
    public func probabilities(_ point: ChoicePoint, _ logProbabilities: [Double]) -> [Double] {
        let adjusted = adjusted(point, logProbabilities)
        return Self.normalised(adjusted).map(exp)
    }

    private func adjusted(_ point: ChoicePoint, _ logProbabilities: [Double]) -> [Double] {
        let normalised = Self.normalised(logProbabilities)
        let prior = priors[point.path] ?? [:]
        let bonuses = evidence[point.path] ?? [:]
        return zip(point.options, normalised).map { option, logProbability in
            var score = logProbability
            // A floor keeps an option the model never gives to empty input from winning by division alone.
            if let p = prior[option] { score -= log(max(p, 1e-3)) }
            if !bonuses.isEmpty, let bonus = bonuses[Self.value(of: option)] { score += bonus }
            return score
        }
    }

    /// The value an option writes: its text without the separator and quotes (` "food"` → `food`).
    static func value(of option: [UInt8]) -> String {
        String(decoding: option, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: " \""))
    }

    /// Adds the option probabilities of content-free runs: `samples` holds, per run, the
    /// normalised probabilities at each choice point reached.
    static func averaging(_ samples: [[(ChoicePoint, [Double])]]) -> ChoiceCalibration {
        var sums: [String: [[UInt8]: Double]] = [:]
        var counts: [String: Int] = [:]
        for run in samples {
            for (point, logProbabilities) in run {
                for (option, logProbability) in zip(point.options, normalised(logProbabilities)) {
                    sums[point.path, default: [:]][option, default: 0] += exp(logProbability)
                }
                counts[point.path, default: 0] += 1
            }
        }
        var priors: [String: [[UInt8]: Double]] = [:]
        for (path, sum) in sums {
            let count = Double(counts[path] ?? 1)
            priors[path] = sum.mapValues { $0 / count }
        }
        return ChoiceCalibration(priors: priors)
    }

    // MARK: - Keeping priors between runs

    /// The priors as JSON (`{"path": {"option text": probability}}`), for `init?(json:)`; each
    /// probability reads back as the same Double.
    /// Evidence is per input and is not kept.
    public var json: Data {
        let table = priors.mapValues { options in
            Dictionary(uniqueKeysWithValues: options.map { (String(decoding: $0.key, as: UTF8.self), $0.value) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(table)) ?? Data("{}".utf8)
    }

    /// Priors read back from `json`; nil when the data is not such a table of probabilities.
    public init?(json: Data) {
        // JSONDecoder reads a number back to the same Double (JSONSerialization may not, in the last digit).
        guard let table = try? JSONDecoder().decode([String: [String: Double]].self, from: json), !table.isEmpty,
              table.values.allSatisfy({ !$0.isEmpty && $0.values.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 } })
        else { return nil }
        self.init(priors: table.mapValues { options in
            Dictionary(uniqueKeysWithValues: options.map { (Array($0.key.utf8), $0.value) })
        })
    }

    /// log softmax over `scores`.
    public static func normalised(_ scores: [Double]) -> [Double] {
        guard let top = scores.max(), top.isFinite else { return scores }
        let total = scores.reduce(0) { $0 + exp($1 - top) }
        return scores.map { $0 - top - log(total) }
    }

    /// The index of the largest score (the first on a tie); 0 for none.
    public static func argmax(_ scores: [Double]) -> Int {
        scores.indices.max { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 > $1) } ?? 0
    }
}
