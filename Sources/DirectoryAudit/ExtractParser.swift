import Foundation

/// Reads an NTDS extract as `secretsdump` writes it, one account per line:
/// `DOMAIN\user:RID:LMHASH:NTHASH:::`, the domain optional, then optionally ` (pwdLastSet=YYYY-MM-DD HH:MM)` and
/// ` (status=Enabled|Disabled)` in either order. A line without the trailing `:::` (`user:RID:LM:NT`) is read too.
///
/// Password-history lines (`user_history0`), lines without an NT hash, machine accounts (`…$`, unless
/// `includeMachines`) and disabled accounts (with `enabledOnly`) are counted apart; `secretsdump`'s log lines
/// (`[*] …`) and blank lines are skipped; any other line that does not read is malformed, named by its number and
/// left out while every good line is kept.
package struct ExtractParser: Sendable {
    /// Audit machine accounts too (default: counted apart).
    package var includeMachines = false
    /// Leave disabled accounts out (default: audited, and counted).
    package var enabledOnly = false

    /// A parser with the defaults.
    package init(includeMachines: Bool = false, enabledOnly: Bool = false) {
        self.includeMachines = includeMachines
        self.enabledOnly = enabledOnly
    }

    /// Reads the extract at `path` (memory-mapped).
    /// - Throws: `DirectoryAuditError.cannotRead`.
    package func parse(path: String) throws(DirectoryAuditError) -> ExtractReading {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw .cannotRead(path: path, reason: DirectoryAuditError.reason(error))
        }
        return data.withUnsafeBytes { parse($0) }
    }

    /// Reads an extract held in `bytes`: in `chunks` ranges of whole lines on as many threads (by default one per
    /// processor, at most 4, for an extract of a megabyte or more), their readings joined in file order, so the
    /// reading is the one a single pass makes.
    package func parse(_ bytes: UnsafeRawBufferPointer, chunks: Int? = nil) -> ExtractReading {
        var readings = LineSplitter.readInRanges(bytes, count: chunks) { parseLines($0, numberingFrom: $1) }
        // Taken out of `readings`, the first part's accounts are this reading's alone: appended to in place and sized
        // once, where a copy of `readings[0]` shared them and so copied them all on the first append.
        var reading = readings.removeFirst()
        reading.accounts.reserveCapacity(readings.reduce(reading.accounts.count) { $0 + $1.accounts.count })
        for later in readings { reading.append(later) }
        return reading
    }

    /// Reads the lines of `bytes` in one pass, numbered from `first`.
    private func parseLines(_ bytes: UnsafeRawBufferPointer, numberingFrom first: Int) -> ExtractReading {
        var reading = ExtractReading()
        LineSplitter.forEachLine(in: bytes, numberingFrom: first) { number, line in
            reading.linesRead = number
            read(line: line, number: number, into: &reading)
        }
        return reading
    }

    /// Reads an extract given as text (tests).
    package func parse(text: String) -> ExtractReading {
        Array(text.utf8).withUnsafeBytes { parse($0) }
    }

    private func read(line: UnsafeRawBufferPointer, number: Int, into reading: inout ExtractReading) {
        if line.first == UInt8(ascii: "[")
            || line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        {
            reading.skippedLines += 1
            return
        }
        func malformed(_ reason: String) {
            reading.malformed.append(MalformedLine(file: "extract", line: number, reason: reason))
        }
        // name, RID, LM, NT, "", "", then the suffix (which may hold colons: times).
        var fields: [UnsafeRawBufferPointer] = []
        fields.reserveCapacity(7)  // one allocation a line, where growing by appends took four
        var start = 0
        for index in 0..<line.count where line[index] == UInt8(ascii: ":") && fields.count < 6 {
            fields.append(UnsafeRawBufferPointer(rebasing: line[start..<index]))
            start = index + 1
        }
        let rest = UnsafeRawBufferPointer(rebasing: line[start...])
        let suffix: UnsafeRawBufferPointer
        switch fields.count {
        case 3:  // user:RID:LM:NT
            fields.append(rest)
            suffix = UnsafeRawBufferPointer(rebasing: rest[rest.count...])
        case 6 where fields[4].isEmpty && fields[5].isEmpty:
            suffix = rest
        default:
            return malformed("not DOMAIN\\user:RID:LMHASH:NTHASH::: (\(fields.count + 1) colon-separated fields)")
        }
        // The backslash is ASCII: splitting the bytes at it splits the UTF-8 text.
        let nameBytes = fields[0]
        let slash = nameBytes.lastIndex(of: UInt8(ascii: "\\"))
        let userBytes = UnsafeRawBufferPointer(rebasing: nameBytes[(slash.map { $0 + 1 } ?? 0)...])
        guard !userBytes.isEmpty else { return malformed("empty account name") }
        guard let username = String(validating: userBytes, as: UTF8.self),
            let domainText = String(
                validating: UnsafeRawBufferPointer(rebasing: nameBytes[..<(slash ?? 0)]), as: UTF8.self)
        else { return malformed("invalid UTF-8") }
        let domain: String? = domainText.isEmpty ? nil : domainText
        guard let rid = Self.integer(fields[1]) else { return malformed("RID is not a number") }
        var lmHash: NTDigest?
        if !fields[2].isEmpty {
            guard let lm = NTDigest(hex: fields[2]) else { return malformed("LM hash is not 32 hexadecimal digits") }
            lmHash = lm == NTDigest.emptyLM ? nil : lm
        }
        guard let attributes = Self.attributes(suffix) else {
            return malformed("unreadable suffix after ':::' (expected '(pwdLastSet=…)' or '(status=…)')")
        }
        if Self.isHistory(userBytes) {
            reading.historyLines += 1
            return
        }
        if fields[3].isEmpty {
            reading.withoutNTHash += 1
            return
        }
        guard let ntHash = NTDigest(hex: fields[3]) else { return malformed("NT hash is not 32 hexadecimal digits") }
        let isMachine = userBytes.last == UInt8(ascii: "$")
        if isMachine {
            reading.machineAccounts += 1
            if !includeMachines { return }
        }
        let isDisabled = attributes.isDisabled
        if isDisabled {
            reading.disabledAccounts += 1
            if enabledOnly {
                reading.disabledExcluded += 1
                return
            }
        }
        reading.accounts.append(
            ExtractAccount(
                line: number, domain: domain, username: username, rid: rid, lmHash: lmHash, ntHash: ntHash,
                passwordLastSet: attributes.passwordLastSet, isDisabled: isDisabled,
                isMachine: isMachine))
    }

    /// `DOMAIN\user` → (`DOMAIN`, `user`); a name without a backslash has no domain.
    static func split(_ name: String) -> (domain: String?, username: String) {
        guard let slash = name.lastIndex(of: "\\") else { return (nil, name) }
        let domain = String(name[..<slash])
        return (domain.isEmpty ? nil : domain, String(name[name.index(after: slash)...]))
    }

    /// `user_history0`, `user_history12`: a former password of `user`.
    static func isHistory(_ username: String) -> Bool {
        Array(username.utf8).withUnsafeBytes { isHistory($0) }
    }

    /// `isHistory(_:)` on the name's UTF-8 bytes.
    static func isHistory(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var end = bytes.count
        while end > 0, case 0x30...0x39 = bytes[end - 1] { end -= 1 }
        guard end < bytes.count, end >= 8 else { return false }
        return UnsafeRawBufferPointer(rebasing: bytes[(end - 8)..<end]).elementsEqual("_history".utf8)
    }

    private static func integer(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// What the `(key=value)` groups after `:::` say (space separated; other keys are ignored).
    struct Attributes {
        /// `pwdLastSet`, canonical UTC text, when it is a time.
        var passwordLastSet: String?
        /// `status=Disabled`.
        var isDisabled = false
    }

    /// The `(key=value)` groups of `bytes`, read in place; nil when the text is something else.
    static func attributes(_ bytes: UnsafeRawBufferPointer) -> Attributes? {
        var attributes = Attributes()
        var index = 0
        while true {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            if index == bytes.count { return attributes }
            guard bytes[index] == UInt8(ascii: "("),
                let close = UnsafeRawBufferPointer(rebasing: bytes[index...]).firstIndex(of: UInt8(ascii: ")")),
                let equals = UnsafeRawBufferPointer(rebasing: bytes[index..<(index + close)]).firstIndex(
                    of: UInt8(ascii: "="))
            else { return nil }
            let key = UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<(index + equals)])
            let value = UnsafeRawBufferPointer(rebasing: bytes[(index + equals + 1)..<(index + close)])
            if equalsIgnoringCase(key, "pwdlastset") {
                attributes.passwordLastSet = canonicalTime(value)
            } else if equalsIgnoringCase(key, "status") {
                attributes.isDisabled = equalsIgnoringCase(value, "disabled")
            }
            index += close + 1
        }
    }

    /// ASCII comparison of `bytes` with the lowercase `word`, without regard to case.
    private static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        return zip(bytes, expected).allSatisfy { ($0 | 0x20) == $1 }
    }

    /// `2021-03-04 10:22` or `2021-03-04 10:22:33` (secretsdump's form, read as UTC; `T` and a final `Z` accepted)
    /// → `2021-03-04T10:22:33Z`; nil for `never` or anything else.
    static func canonicalTime(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { canonicalTime($0) }
    }

    /// `canonicalTime(_:)` on bytes, read in place.
    static func canonicalTime(_ raw: UnsafeRawBufferPointer) -> String? {
        var bytes = raw
        while let last = bytes.last, last == 0x20 { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        if bytes.last == UInt8(ascii: "Z") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        guard bytes.count == 16 || bytes.count == 19 else { return nil }
        func number(_ at: Int, _ digits: Int) -> Int? {
            var value = 0
            for offset in at..<(at + digits) {
                let byte = bytes[offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        let dash = UInt8(ascii: "-")
        let colon = UInt8(ascii: ":")
        guard bytes[4] == dash, bytes[7] == dash, bytes[10] == 0x20 || bytes[10] == UInt8(ascii: "T"),
            bytes[13] == colon, bytes.count == 16 || bytes[16] == colon,
            number(0, 4) != nil, let month = number(5, 2), (1...12).contains(month), let day = number(8, 2),
            (1...31).contains(day), let hour = number(11, 2), hour < 24, let minute = number(14, 2), minute < 60
        else { return nil }
        if bytes.count == 19 {
            guard let second = number(17, 2), second < 60 else { return nil }
        }
        // Written in place: one allocation per account, where arrays and their appends took four.
        return String(unsafeUninitializedCapacity: 20) { text in
            for offset in 0..<16 { text[offset] = bytes[offset] }
            text[10] = UInt8(ascii: "T")
            (text[16], text[17], text[18]) = bytes.count == 19 ? (bytes[16], bytes[17], bytes[18]) : (colon, 0x30, 0x30)
            text[19] = UInt8(ascii: "Z")
            return 20
        }
    }
}
