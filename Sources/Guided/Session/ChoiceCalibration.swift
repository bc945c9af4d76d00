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

    public init(priors: [String: [[UInt8]: Double]] = [:]) {
        self.priors = priors
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
        guard let prior = priors[point.path] else { return normalised }
        return zip(point.options, normalised).map { option, logProbability in
            guard let p = prior[option] else { return logProbability }
            // A floor keeps an option the model never gives to empty input from winning by division alone.
            return logProbability - log(max(p, 1e-3))
        }
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
