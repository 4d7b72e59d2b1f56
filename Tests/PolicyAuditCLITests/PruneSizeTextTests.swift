import Testing

@testable import PolicyAuditCLI

/// What `prune` says of the database's size: a PostgreSQL database can grow around a prune (a plain VACUUM keeps its
/// pages), and the line must say so rather than print a negative "freed".
@Suite("prune's size line")
struct PruneSizeTextTests {
    @Test("a smaller database says how much was freed")
    func shrunk() {
        #expect(
            PruneSizeText.change(before: 1_234_567, after: 234_567)
                == "the database went from 1,234,567 to 234,567 bytes (1,000,000 freed)")
    }

    @Test("an unchanged size says none was freed")
    func unchanged() {
        #expect(PruneSizeText.change(before: 8_192, after: 8_192) == "the database stayed at 8,192 bytes (none freed)")
    }

    @Test("a database that grew says by how much and that nothing was freed, never a negative figure")
    func grew() {
        let text = PruneSizeText.change(before: 9_437_184, after: 9_469_952)
        #expect(text == "the database went from 9,437,184 to 9,469,952 bytes (32,768 more; no space freed)")
        #expect(!text.contains("-"))
    }
}
