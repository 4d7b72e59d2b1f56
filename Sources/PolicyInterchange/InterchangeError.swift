/// Why a policy could not be read from, or written to, another system's format.
package enum InterchangeError: Error, Equatable, Sendable {
    /// A `pwquality.conf` line is longer than libpwquality reads (1,022 bytes).
    case confLineTooLong(line: Int)
    /// A `pwquality.conf` integer setting's value is not a decimal integer in `int` range.
    case confBadInteger(line: Int, setting: String)
    /// The policy has rules the target format cannot express (and a lossy export was not asked for).
    case unexpressible(format: String, rules: [String])
}
