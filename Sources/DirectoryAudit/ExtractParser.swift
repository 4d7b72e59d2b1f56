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

    /// Reads an extract held in `bytes`.
    package func parse(_ bytes: UnsafeRawBufferPointer) -> ExtractReading {
        var reading = ExtractReading()
        LineSplitter.forEachLine(in: bytes) { number, line in
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
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) || line.first == UInt8(ascii: "[") {
            reading.skippedLines += 1
            return
        }
        func malformed(_ reason: String) {
            reading.malformed.append(MalformedLine(file: "extract", line: number, reason: reason))
        }
        // name, RID, LM, NT, "", "", then the suffix (which may hold colons: times).
        var fields: [UnsafeRawBufferPointer] = []
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
        guard let name = String(validating: fields[0], as: UTF8.self) else { return malformed("invalid UTF-8") }
        let (domain, username) = Self.split(name)
        guard !username.isEmpty else { return malformed("empty account name") }
        guard let rid = Self.integer(fields[1]) else { return malformed("RID is not a number") }
        var lmHash: NTDigest?
        if !fields[2].isEmpty {
            guard let lm = NTDigest(hex: fields[2]) else { return malformed("LM hash is not 32 hexadecimal digits") }
            lmHash = lm == NTDigest.emptyLM ? nil : lm
        }
        guard let attributes = Self.attributes(suffix) else {
            return malformed("unreadable suffix after ':::' (expected '(pwdLastSet=…)' or '(status=…)')")
        }
        if Self.isHistory(username) {
            reading.historyLines += 1
            return
        }
        if fields[3].isEmpty {
            reading.withoutNTHash += 1
            return
        }
        guard let ntHash = NTDigest(hex: fields[3]) else { return malformed("NT hash is not 32 hexadecimal digits") }
        let isMachine = username.hasSuffix("$")
        if isMachine {
            reading.machineAccounts += 1
            if !includeMachines { return }
        }
        let isDisabled = attributes.status?.lowercased() == "disabled"
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
                passwordLastSet: attributes.passwordLastSet.flatMap(Self.canonicalTime), isDisabled: isDisabled,
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
        guard let range = username.range(of: "_history", options: .backwards) else { return false }
        let digits = username[range.upperBound...]
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
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

    /// The `(key=value)` groups after `:::`, separated by spaces; nil when the text is something else.
    private static func attributes(_ bytes: UnsafeRawBufferPointer) -> (passwordLastSet: String?, status: String?)? {
        guard !bytes.isEmpty else { return (nil, nil) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var passwordLastSet: String?
        var status: String?
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if rest.isEmpty { break }
            guard rest.first == "(", let close = rest.firstIndex(of: ")") else { return nil }
            let group = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            guard let equals = group.firstIndex(of: "=") else { return nil }
            let value = String(group[group.index(after: equals)...])
            switch group[..<equals].lowercased() {
            case "pwdlastset": passwordLastSet = value
            case "status": status = value
            default: break  // another attribute a newer secretsdump writes
            }
        }
        return (passwordLastSet, status)
    }

    /// `2021-03-04 10:22` or `2021-03-04 10:22:33` (secretsdump's form, read as UTC) → `2021-03-04T10:22:33Z`;
    /// nil for `never` or anything else.
    static func canonicalTime(_ text: String) -> String? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-")
        var time = parts[1].hasSuffix("Z") ? parts[1].dropLast() : parts[1]
        if time.split(separator: ":").count == 2 { time += ":00" }
        let clock = time.split(separator: ":")
        guard date.count == 3, clock.count == 3, date[0].count == 4,
            [date[1], date[2], clock[0], clock[1], clock[2]].allSatisfy({ $0.count == 2 }),
            (date + clock).allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let month = Int(date[1]), (1...12).contains(month), let day = Int(date[2]), (1...31).contains(day),
            let hour = Int(clock[0]), hour < 24, let minute = Int(clock[1]), minute < 60,
            let second = Int(clock[2]), second < 60
        else { return nil }
        return "\(date[0])-\(date[1])-\(date[2])T\(clock[0]):\(clock[1]):\(clock[2])Z"
    }
}
