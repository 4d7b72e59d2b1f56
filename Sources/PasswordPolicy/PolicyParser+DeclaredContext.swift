extension PolicyParser {
    static let declaredContextKeys: Set<String> = [
        "asvs-level", "throttling", "system-max-length", "dynamic-risk-analysis",
    ]

    /// The `"compliance"` object: declared facts about the system, each validated (see ``DeclaredContext``).
    static func declaredContext(_ reader: JSONObjectReader) throws(PolicyError) -> DeclaredContext {
        guard let value = reader.members["compliance"] else { return DeclaredContext() }
        let context = try JSONObjectReader(value, path: "compliance")
        try context.rejectUnknownKeys(allowed: declaredContextKeys)
        var declared = DeclaredContext()
        declared.asvsLevel = try context.int("asvs-level", atLeast: 1, atMost: 3)
        if let throttle = context.members["throttling"] {
            let object = try JSONObjectReader(throttle, path: context.path("throttling"))
            try object.rejectUnknownKeys(allowed: ["attempts", "minutes"])
            guard let attempts = try object.int("attempts", atLeast: 1),
                let minutes = try object.int("minutes", atLeast: 1)
            else {
                let missing = object.members["attempts"] == nil ? "attempts" : "minutes"
                throw .invalid(path: object.path(missing), reason: "is required")
            }
            declared.throttling = .init(attempts: attempts, minutes: minutes)
        }
        if let limit = context.members["system-max-length"] {
            let object = try JSONObjectReader(limit, path: context.path("system-max-length"))
            try object.rejectUnknownKeys(allowed: ["length", "justification"])
            guard let length = try object.int("length", atLeast: 1) else {
                throw .invalid(path: object.path("length"), reason: "is required")
            }
            declared.systemMaxLength = .init(length: length, justification: try justification(object, "justification"))
        }
        if context.members["dynamic-risk-analysis"] != nil {
            declared.dynamicRiskAnalysis = try justification(context, "dynamic-risk-analysis")
        }
        return declared
    }

    /// A required non-empty text saying why a declared fact holds.
    private static func justification(_ reader: JSONObjectReader, _ key: String) throws(PolicyError) -> String {
        guard let text = try reader.string(key), !text.allSatisfy(\.isWhitespace) else {
            throw .invalid(path: reader.path(key), reason: "must say why, as non-empty text")
        }
        return text
    }
}
