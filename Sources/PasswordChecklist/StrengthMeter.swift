import PasswordStrength

/// The checklist's strength line: zxcvbn's score as a meter, with its warning and suggestions; never the password.
public struct StrengthMeter: Sendable, Equatable {
    /// 0 (too guessable) to 4 (very unguessable).
    public var score: Int
    /// `log10` of the estimated guesses, in tenths (rounded down), as a `strength` rule's outcome reports it.
    public var guessesLog10Tenths: Int
    /// zxcvbn's warning (`.none` when there is nothing to warn about); its `rawValue` is the code reasons carry.
    public var warning: StrengthFeedback.Warning
    /// zxcvbn's suggestions, in its order.
    public var suggestions: [String]

    /// Creates a meter.
    public init(score: Int, guessesLog10Tenths: Int, warning: StrengthFeedback.Warning, suggestions: [String]) {
        self.score = score
        self.guessesLog10Tenths = guessesLog10Tenths
        self.warning = warning
        self.suggestions = suggestions
    }

    /// The meter of an estimate.
    public init(_ estimate: StrengthEstimate) {
        self.init(
            score: estimate.score, guessesLog10Tenths: Int((estimate.guessesLog10 * 10).rounded(.down)),
            warning: estimate.feedback.warning, suggestions: estimate.feedback.suggestions)
    }
}
