import AuditCrypto
import AuditRepositories
import AuditTime
import Testing

/// What every `PolicyRepository` must do, run against each store of `StoreUnderTest.all`.
@Suite struct PolicyRepositoryContractTests {
    @Test(arguments: StoreUnderTest.all)
    func identicalDefinitionReturnsTheExistingVersion(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let first = try store.addVersion()
            let again = try store.addVersion(effectiveFrom: "2027-01-01")
            #expect(first.isNew)
            #expect(!again.isNew)
            #expect(again.version == first.version)
            #expect(first.version.reference == "corp@1")
            #expect(try store.policies.list().count == 1)
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func changedDefinitionGetsTheNextNumber(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            try store.addVersion(definition: #"{"v":1}"#)
            let second = try store.addVersion(definition: #"{"v":2}"#)
            let other = try store.addVersion(name: "other", definition: #"{"v":2}"#)
            let policies = store.policies
            #expect(second.isNew && second.version.number == 2)
            #expect(other.version.number == 1)
            #expect(try policies.latest(name: "corp")?.number == 2)
            #expect(try policies.version(name: "corp", number: 1)?.definition == #"{"v":1}"#)
            #expect(try policies.version(id: second.version.id) == second.version)
            #expect(try policies.latestOfEveryPolicy().map(\.reference) == ["corp@2", "other@1"])
            #expect(try policies.list().map(\.reference) == ["corp@1", "corp@2", "other@1"])
            #expect(try policies.latest(name: "absent") == nil)
            #expect(try policies.version(id: 9_999) == nil)
        }
    }

    @Test(
        "a definition repeating an earlier version with another date is a rollback: a new version",
        arguments: StoreUnderTest.all)
    func rollbackIsANewVersion(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let first = try store.addVersion(definition: #"{"v":1}"#, effectiveFrom: "2026-01-01")
            try store.addVersion(definition: #"{"v":2}"#, effectiveFrom: "2026-02-01")
            let back = try store.addVersion(definition: #"{"v":1}"#, effectiveFrom: "2026-03-01")
            #expect(back.isNew && back.version.number == 3)
            #expect(back.repeats == first.version)
            #expect(back.version.note == "rollback: repeats corp@1")
        }
    }

    @Test(
        "the earlier version's date written another way is the same instant: that version, not a rollback",
        arguments: StoreUnderTest.all)
    func sameInstantIsTheSameDate(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            try store.addVersion(definition: #"{"v":1}"#, effectiveFrom: "2026-01-01")
            try store.addVersion(definition: #"{"v":2}"#, effectiveFrom: "2026-02-01")
            let sameInstant = try store.addVersion(definition: #"{"v":1}"#, effectiveFrom: "2026-01-01T00:00:00Z")
            #expect(!sameInstant.isNew && sameInstant.version.number == 1)
            let shifted = try store.addVersion(definition: #"{"v":2}"#, effectiveFrom: "2026-01-31T19:00:00-05:00")
            #expect(!shifted.isNew && shifted.version.number == 2)
            #expect(try store.policies.list().count == 2)
        }
    }

    @Test(
        "without a date a new version starts at today's midnight UTC; its times are canonical UTC text",
        arguments: StoreUnderTest.all)
    func noDateMeansToday(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let added = try store.policies.add(
                name: "corp", definition: "{}", definitionSHA256: SHA256.hexDigest(utf8: "{}"), rules: [],
                effectiveFrom: nil, note: "first")
            #expect(added.version.effectiveFrom == UTCInstant.now().dayText + "T00:00:00Z")
            #expect(UTCInstant.read(added.version.createdAt)?.instant.text == added.version.createdAt)
            #expect(added.version.note == "first")
            let dated = try store.addVersion(definition: #"{"v":1}"#, effectiveFrom: "2026-06-01")
            #expect(dated.version.effectiveFrom == "2026-06-01T00:00:00Z")
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func rulesComeBackInBitOrder(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion(rules: sampleRules.reversed()).version
            #expect(try store.policies.rules(versionID: version.id) == sampleRules)
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func inForcePicksGreatestEffectiveFromNotAfterTheDate(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            try store.addVersion(definition: "{\"v\":1}", effectiveFrom: "2026-01-01")
            try store.addVersion(definition: "{\"v\":2}", effectiveFrom: "2026-06-01")
            try store.addVersion(definition: "{\"v\":3}", effectiveFrom: "2026-03-01")
            try store.addVersion(definition: "{\"v\":4}", effectiveFrom: "2026-06-01")
            let policies = store.policies
            func at(_ text: String) throws -> UTCInstant { try #require(UTCInstant.read(text)).instant }
            #expect(try policies.inForce(name: "corp", at: at("2025-12-31")) == nil)
            #expect(try policies.inForce(name: "corp", at: at("2026-02-15"))?.number == 1)
            #expect(try policies.inForce(name: "corp", at: at("2026-03-01T09:00:00Z"))?.number == 3)
            #expect(try policies.inForce(name: "corp", at: at("2026-02-28T23:59:59Z"))?.number == 1)
            #expect(try policies.inForce(name: "corp", at: at("2026-07-01"))?.number == 4)
            #expect(try policies.inForce(name: "corp", at: at("2026-07-01"))?.effectiveFrom == "2026-06-01T00:00:00Z")
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func ruleBitOutsideTheMaskIsRejectedAndNothingIsStored(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let bad = [PolicyRuleRow(bit: 64, ruleID: "x", kind: "k", label: "l", definition: "{}")]
            #expect(throws: (any Error).self) { _ = try store.addVersion(rules: bad) }
            let stored = try store.policies.list()
            #expect(stored.isEmpty)
        }
    }
}
