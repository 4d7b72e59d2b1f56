import LibC
import PasswordStrength
import PolicyCSV
import PolicyReports

/// `pwaudit strength`: zxcvbn's estimate of each password read from stdin, one JSON line per input line, never the
/// password nor any part of it.
enum StrengthCommand: CLICommand {
    static let help = CommandHelp(
        name: "strength",
        overview: "Estimate how guessable passwords are (zxcvbn's model): a JSON line per stdin line.",
        usage: ["strength [--user NAME] [--email ADDR]"],
        discussion: """
            Reads one candidate per line (LF, CRLF or CR), as 'pwaudit check' does, and prints one JSON object per line:
              {"line":1,"score":0,"guesses_log10":0.4771,"warning":"top-10","warning_text":"This is a top-10 common \
            password.","suggestions":["Add another word or two. Uncommon words are better."],"matches":[{"kind":\
            "dictionary","i":0,"j":7,"guesses_log10":0.301,"dictionary":"passwords","reversed":false,"l33t":false}]}
            score is 0 (too guessable) to 4 (very unguessable); guesses_log10 the base-10 logarithm of the guesses an
            attacker needs (rounded to 4 decimals); warning zxcvbn's warning as a code ("" when none, see
            docs/strength.md) and warning_text its English text; matches the cheapest decomposition, each piece by
            its kind (dictionary, spatial, repeat, sequence, regex, date, bruteforce), its span i...j in Unicode
            scalars and its list, keyboard or sequence name, never its text. --user and --email are the user's own
            inputs, which zxcvbn ranks as a list of their own. A line import would reject gets its reason code
            instead: {"line":2,"rejected":"invalid-utf8"} (also nul-byte, password-too-long over 1 KiB,
            empty-password). The password itself is never printed. Exit status: 0 when every line was estimated, 1
            when any was rejected. Stdin must not be a terminal (a typed password would be echoed); on a terminal,
            'pwaudit check' with a strength rule shows the score as you type.

            EXAMPLE:
              printf 'password\\ncorrect horse battery staple\\n' | pwaudit strength
            """)

    static let options: [any DeclaredOption] = [
        CheckCommand.user.withHelp("The username, a user input of the estimate."),
        CheckCommand.email.withHelp("The email address, a user input of the estimate."),
    ]

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "strength", what: "")
        if isatty(context.stdinDescriptor) == 1 {
            throw UsageError(
                "strength reads passwords from a pipe or a file, one a line, not from a terminal (it would echo them); "
                    + "'pwaudit check --policy P' with a strength rule shows the score as you type",
                command: "strength")
        }
        let userInputs = [arguments[CheckCommand.user], arguments[CheckCommand.email]].compactMap { $0 }
        let estimator = StrengthEstimator()
        var allEstimated = true
        try PasswordLineMode.answerEachLine(context) { number, line in
            switch line {
            case .rejected(let reason):
                allEstimated = false
                return "{\"line\":\(number),\"rejected\":\"\(reason.rawValue)\"}"
            case .password(let bytes):
                let estimate = estimator.estimate(String(decoding: bytes, as: UTF8.self), userInputs: userInputs)
                return Self.line(number, estimate)
            }
        }
        return allEstimated ? .success : .findings
    }

    /// One estimate's JSON line: its figures, feedback and the kinds and spans of its decomposition, never a token.
    static func line(_ number: Int, _ estimate: StrengthEstimate) -> String {
        let feedback = estimate.feedback
        let suggestions = feedback.suggestions.map(QueryResultWriter.jsonString).joined(separator: ",")
        let matches = estimate.sequence.map(matchObject).joined(separator: ",")
        return "{\"line\":\(number),\"score\":\(estimate.score),\"guesses_log10\":\(rounded(estimate.guessesLog10)),"
            + "\"warning\":\"\(feedback.warning.rawValue)\",\"warning_text\":\(QueryResultWriter.jsonString(feedback.warning.text)),"
            + "\"suggestions\":[\(suggestions)],\"matches\":[\(matches)]}"
    }

    /// A match as JSON: kind, span, guesses and the name of its list, keyboard or sequence (names zxcvbn's data
    /// defines, never derived from the password).
    private static func matchObject(_ match: StrengthMatch) -> String {
        var fields = [
            "\"kind\":\"\(match.pattern.kind)\"", "\"i\":\(match.start)", "\"j\":\(match.end)",
            "\"guesses_log10\":\(rounded(match.guessesLog10))",
        ]
        switch match.pattern {
        case .dictionary(let detail):
            fields.append("\"dictionary\":\(QueryResultWriter.jsonString(detail.dictionaryName))")
            fields.append("\"reversed\":\(detail.reversed)")
            fields.append("\"l33t\":\(detail.isL33t)")
        case .spatial(let graph, let turns, _):
            fields.append("\"graph\":\(QueryResultWriter.jsonString(graph))")
            fields.append("\"turns\":\(turns)")
        case .sequence(let name, _, let ascending):
            fields.append("\"sequence\":\(QueryResultWriter.jsonString(name))")
            fields.append("\"ascending\":\(ascending)")
        case .repeat, .recentYear, .date, .bruteforce:
            break
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `value` rounded to 4 decimals, as JSON (a whole number keeps no fraction digits beyond `.0`).
    private static func rounded(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return String((value * 10_000).rounded() / 10_000)
    }
}
