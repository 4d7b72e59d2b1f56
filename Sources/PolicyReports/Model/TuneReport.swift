import Foundation

/// `pwaudit tune`: a policy version's unlock rate under every setting of one or two varied keys, counted from the
/// run's stored tuning summary.
package struct TuneReport: Sendable, Equatable, Encodable {
    /// One setting of the varied keys and what it unlocks.
    package struct Setting: Sendable, Equatable {
        /// One value per varied key, as typed (`12`, `upper,digit`, `blocklist`); `numbers` holds the numeric ones.
        package var values: [String]
        /// Per key, the value as a number when it is one (min-length, classes, min-score), for JSON and the chart.
        package var numbers: [Int?]
        /// Candidates the variant unlocks.
        package var unlocked: Int
        /// Of those, the ones scoring 2 or less (nil without stored strength).
        package var weak: Int?
        /// Whether this setting is the version as stored.
        package var isStored: Bool

        /// Creates a setting.
        package init(values: [String], numbers: [Int?], unlocked: Int, weak: Int?, isStored: Bool) {
            self.values = values
            self.numbers = numbers
            self.unlocked = unlocked
            self.weak = weak
            self.isStored = isStored
        }
    }

    /// A standard's threshold on a varied key, marked on the curve: `NIST SP 800-63B-4: 15`.
    package struct StandardMark: Sendable, Equatable, Encodable {
        /// The varied key the threshold is a value of (`min-length`).
        package var key: String
        /// The threshold.
        package var value: Int
        /// Who asks for it, short (`NIST 800-63B-4 single-factor`).
        package var label: String
        /// The clause's id in the compliance catalogue.
        package var clause: String

        /// Creates a mark.
        package init(key: String, value: Int, label: String, clause: String) {
            self.key = key
            self.value = value
            self.label = label
            self.clause = clause
        }
    }

    package var pwauditVersion: String
    package var generatedAt: Date
    /// The run whose summary was read.
    package var run: RunProvenance
    /// The version varied.
    package var policy: PolicyVersionRef
    /// The varied keys, in the order given (one: a curve; two: a grid).
    package var keys: [String]
    /// Per key, the value the stored version has when it is among the settings.
    package var storedValues: [String?]
    /// Candidates of the run under the version.
    package var total: Int
    /// Candidates the version as stored unlocks.
    package var storedUnlocked: Int
    /// Of those, the ones scoring 2 or less (nil without stored strength).
    package var storedWeak: Int?
    /// Every setting, first key major.
    package var settings: [Setting]
    /// The compliance catalogue's thresholds on the varied keys.
    package var marks: [StandardMark]

    /// Creates a report.
    package init(
        pwauditVersion: String, generatedAt: Date, run: RunProvenance, policy: PolicyVersionRef, keys: [String],
        storedValues: [String?], total: Int, storedUnlocked: Int, storedWeak: Int?, settings: [Setting],
        marks: [StandardMark]
    ) {
        self.pwauditVersion = pwauditVersion
        self.generatedAt = generatedAt
        self.run = run
        self.policy = policy
        self.keys = keys
        self.storedValues = storedValues
        self.total = total
        self.storedUnlocked = storedUnlocked
        self.storedWeak = storedWeak
        self.settings = settings
        self.marks = marks
    }

    /// The value of `kind` in this report's JSON.
    package static let kind = "tuning"

    /// Whether the report is a grid (two keys).
    package var isGrid: Bool { keys.count == 2 }

    /// The share of the candidates `setting` unlocks.
    package func share(_ setting: Setting) -> Percentage { Percentage(setting.unlocked, of: total) }
    /// The share the stored version unlocks.
    package var storedShare: Percentage { Percentage(storedUnlocked, of: total) }

    /// The change in unlocked candidates against the stored version (`+120`, `-4`, `0`).
    package func changeText(_ setting: Setting) -> String {
        let change = setting.unlocked - storedUnlocked
        return (change > 0 ? "+" : change < 0 ? "-" : "") + ReportNumber.grouped(abs(change))
    }

    /// The change in percentage points against the stored version, from hundredths (`+2.4`, `-0.1`, `0.0`).
    package func pointsHundredths(_ setting: Setting) -> Int { share(setting).hundredths - storedShare.hundredths }

    /// `+2.4 pts`: the change in points, one decimal (rounded half away from zero).
    package func pointsText(_ setting: Setting) -> String {
        let hundredths = pointsHundredths(setting)
        let tenths = (abs(hundredths) + 5) / 10
        let sign = hundredths > 0 && tenths > 0 ? "+" : hundredths < 0 && tenths > 0 ? "-" : ""
        return "\(sign)\(tenths / 10).\(tenths % 10)"
    }

    /// The share of `setting`'s unlocked candidates scoring 2 or less, when strength is stored.
    package func weakShare(_ setting: Setting) -> Percentage? {
        setting.weak.map { Percentage($0, of: setting.unlocked) }
    }

    /// The headline: `corp@1 as stored unlocks 4,211 of 50,000 candidates (8.4%) on run 3`.
    package var headline: String {
        "\(policy.reference) as stored unlocks \(ReportNumber.grouped(storedUnlocked)) of "
            + "\(ReportNumber.grouped(total)) candidates (\(storedShare)) on \(run.displayName)"
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes the documented JSON shape (docs/report-format.md): one object per setting naming each varied key with
    /// its value, `unlocked` as a share of `total`, `change` against the stored version (count and percentage points),
    /// `weak` (the unlocked scoring 2 or less, a share of them) or null.
    package func encode(to encoder: any Encoder) throws {
        try ReportEnvelope.encode(
            kind: Self.kind, pwauditVersion: pwauditVersion, generatedAt: generatedAt, to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(run, forKey: Key("run"))
        try container.encode(policy, forKey: Key("policy"))
        try container.encode(keys, forKey: Key("varied"))
        try container.encode(total, forKey: Key("total"))
        var stored = container.nestedContainer(keyedBy: Key.self, forKey: Key("stored"))
        try stored.encode(EncodedShare(storedUnlocked, of: total), forKey: Key("unlocked"))
        try encodeWeak(storedWeak, of: storedUnlocked, in: &stored)
        var values = stored.nestedContainer(keyedBy: Key.self, forKey: Key("values"))
        for (key, value) in zip(keys, storedValues) {
            if let value, let number = Int(value) {
                try values.encode(number, forKey: Key(key))
            } else {
                try values.encode(value, forKey: Key(key))
            }
        }
        var list = container.nestedUnkeyedContainer(forKey: Key("settings"))
        for setting in settings {
            var object = list.nestedContainer(keyedBy: Key.self)
            for (index, key) in keys.enumerated() {
                if let number = setting.numbers[index] {
                    try object.encode(number, forKey: Key(key))
                } else {
                    try object.encode(setting.values[index], forKey: Key(key))
                }
            }
            try object.encode(EncodedShare(setting.unlocked, of: total), forKey: Key("unlocked"))
            var change = object.nestedContainer(keyedBy: Key.self, forKey: Key("change"))
            try change.encode(setting.unlocked - storedUnlocked, forKey: Key("count"))
            try change.encode(Double(pointsHundredths(setting)) / 100, forKey: Key("points"))
            try encodeWeak(setting.weak, of: setting.unlocked, in: &object)
            try object.encode(setting.isStored, forKey: Key("stored"))
        }
        try container.encode(marks, forKey: Key("standards"))
    }

    private func encodeWeak(_ weak: Int?, of unlocked: Int, in container: inout KeyedEncodingContainer<Key>) throws {
        if let weak {
            try container.encode(EncodedShare(weak, of: unlocked), forKey: Key("weak"))
        } else {
            try container.encodeNil(forKey: Key("weak"))
        }
    }
}
