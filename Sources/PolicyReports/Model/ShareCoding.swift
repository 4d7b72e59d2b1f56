import Foundation

/// The JSON shape of a counted figure: `{"count": 5, "percent": 25.0}`, the percent rounded to 2 decimals.
///
/// Decoding reads only `count`: the percent is derived again from counts, never trusted from the file.
struct EncodedShare: Codable {
    /// The counted part.
    let count: Int
    /// The whole, used only when encoding.
    private let total: Int

    private enum CodingKeys: String, CodingKey {
        case count, percent
    }

    init(_ count: Int, of total: Int) {
        self.count = count
        self.total = total
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        total = 0
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(Percentage(count, of: total).rounded2, forKey: .percent)
    }
}

/// Encodes a counted element (a rule failure, a reason) with an extra `percent` key beside its own keys.
struct EncodedWithPercent<Base: Encodable>: Encodable {
    let base: Base
    let share: Percentage

    private enum CodingKeys: String, CodingKey {
        case percent
    }

    func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(share.rounded2, forKey: .percent)
    }
}

/// An element that counts something, so that its share of a whole can be derived.
protocol CountedFigure: Encodable {
    /// How many candidates (or rows) the element counts.
    var count: Int { get }
}

extension Array where Element: CountedFigure {
    /// The elements with a `percent` of `total` added for encoding.
    func withPercent(of total: Int) -> [EncodedWithPercent<Element>] {
        map { EncodedWithPercent(base: $0, share: Percentage($0.count, of: total)) }
    }
}

/// The envelope keys every report starts with, and the check that a decoded file is one we understand.
enum ReportEnvelope {
    /// The version of the JSON shape documented in docs/report-format.md.
    static let formatVersion = 1

    enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case kind
        case pwauditVersion = "pwaudit_version"
        case generatedAt = "generated_at"
    }

    /// Writes `format_version`, `kind`, `pwaudit_version` and `generated_at`.
    static func encode(kind: String, pwauditVersion: String, generatedAt: Date, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(kind, forKey: .kind)
        try container.encode(pwauditVersion, forKey: .pwauditVersion)
        try container.encodeTimestamp(generatedAt, forKey: .generatedAt)
    }

    /// Checks `format_version` and `kind`, and returns `pwaudit_version` and `generated_at`.
    static func decode(kind: String, from decoder: any Decoder) throws -> (pwauditVersion: String, generatedAt: Date) {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .formatVersion)
        guard version == formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: container,
                debugDescription: "format_version \(version) is not supported; this pwaudit reads version 1")
        }
        let found = try container.decode(String.self, forKey: .kind)
        guard found == kind else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "expected a \(kind) report, found \(found)")
        }
        return (
            try container.decode(String.self, forKey: .pwauditVersion),
            try container.decodeTimestamp(forKey: .generatedAt)
        )
    }
}
