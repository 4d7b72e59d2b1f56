/// zxcvbn's sequence matcher: runs whose consecutive code points differ by one constant step of at most 5
/// (`abc`, `9753`, `zyx`), of three or more scalars, or two with a step of ±1.
enum SequenceMatcher {
    static let maximumDelta = 5

    /// Appends the sequences of `password` to `result`.
    static func matches(_ password: [Unicode.Scalar], into result: inout [StrengthMatch]) {
        let n = password.count
        if n <= 1 { return }
        func update(_ i: Int, _ j: Int, _ delta: Int) {
            guard j - i > 1 || abs(delta) == 1, abs(delta) > 0, abs(delta) <= maximumDelta else { return }
            let token = password[i...j]
            let name: String
            let space: Int
            if token.allSatisfy(ScalarText.isASCIILower) {
                (name, space) = ("lower", 26)
            } else if token.allSatisfy(ScalarText.isASCIIUpper) {
                (name, space) = ("upper", 26)
            } else if token.allSatisfy(ScalarText.isDigit) {
                (name, space) = ("digits", 10)
            } else {
                (name, space) = ("unicode", 26)
            }
            result.append(
                StrengthMatch(
                    start: i, end: j, token: ScalarText.string(token),
                    pattern: .sequence(name: name, space: space, ascending: delta > 0)))
        }
        var i = 0
        var lastDelta: Int?
        for k in 1..<n {
            let delta = Int(password[k].value) - Int(password[k - 1].value)
            if lastDelta == nil { lastDelta = delta }
            if delta == lastDelta { continue }
            update(i, k - 1, lastDelta ?? 0)
            i = k - 1
            lastDelta = delta
        }
        update(i, n - 1, lastDelta ?? 0)
    }
}
