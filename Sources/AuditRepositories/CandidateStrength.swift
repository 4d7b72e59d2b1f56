/// What is stored of a candidate's strength estimate (`candidate.strength_score`, `candidate.strength_log10`): zxcvbn's
/// score and `log10` of its guesses rounded to 0.1, never the password nor any part of it.
package struct CandidateStrength: Sendable, Equatable, Hashable {
    /// 0 (too guessable) to 4 (very unguessable).
    package var score: UInt8
    /// `log10` of the guesses in tenths (rounded to the nearest tenth), at least 0.
    package var log10Tenths: Int32

    /// Creates a stored estimate from a score (0-4) and `log10` of the guesses, rounded to the nearest tenth.
    package init(score: Int, guessesLog10: Double) {
        precondition((0...4).contains(score), "a score is 0 to 4")
        self.score = UInt8(score)
        let tenths = (max(0, guessesLog10) * 10).rounded()
        log10Tenths = tenths < Double(Int32.max) ? Int32(tenths) : Int32.max
    }

    /// Creates a stored estimate from its stored columns.
    package init(score: UInt8, log10Tenths: Int32) {
        self.score = score
        self.log10Tenths = log10Tenths
    }

    /// `log10` of the guesses as stored: a multiple of 0.1.
    package var guessesLog10: Double { Double(log10Tenths) / 10 }
}
