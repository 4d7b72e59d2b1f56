import Foundation
import Testing

@testable import PolicyAuditCLI

/// `policy add --format passwordrules|pwquality` and `policy export` (issue 13).
@Suite("pwaudit policy add --format and policy export")
struct PolicyInterchangeCommandTests {
    @Test("passwordrules text is stored as an apple-mode policy and exported back to the same rules")
    func passwordRulesRoundTrip() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(try cli.run(["init", "--db", "a.db"]).code == .success)
        let rules = "minlength: 8; required: upper; required: digit, [-!]]; max-consecutive: 2"
        let added = try cli.run(["policy", "add", "--db", "a.db", "--format", "passwordrules", rules, "--name", "site"])
        #expect(added.code == .success && added.out == "site@1\n")
        let json = try cli.run(["policy", "export", "site@1", "--db", "a.db"])
        #expect(json.out.contains(#""evaluation":"apple""#))
        let exported = try cli.run(["policy", "export", "site", "--db", "a.db", "--format", "passwordrules"])
        #expect(exported.code == .success)
        #expect(
            exported.out == "required: upper; required: digit, [-!]]; allowed: upper, digit, [-!]]; "
                + "max-consecutive: 2; minlength: 8;\n")
    }

    @Test("passwordrules from a file, and Apple's parser's complaints are warnings on stderr")
    func passwordRulesFromFile() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        _ = try cli.run(["init", "--db", "a.db"])
        let file = try cli.write("rules.txt", "minlength: 8; maxlength: 0;")
        let added = try cli.run(["policy", "add", "--db", "a.db", "--format", "passwordrules", file, "--name", "s"])
        #expect(added.code == .success)
        #expect(added.err.contains("warning: \"maxlength: 0\" is ignored"), "\(added.err)")
    }

    @Test(
        "passwordrules that would store an allow-everything policy by mistake are refused (65) and nothing is stored"
    )
    func passwordRulesWithoutARule() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        _ = try cli.run(["init", "--db", "a.db"])
        func add(_ argument: String) throws -> CLIHarness.Result {
            try cli.run(["policy", "add", "--db", "a.db", "--format", "passwordrules", argument, "--name", "s"])
        }
        // A mistyped file name: no such file, and as rules it holds none Apple's parser keeps.
        _ = try cli.write("rules.txt", "minlength: 8;")
        let mistyped = try add("rulse.txt")
        #expect(mistyped.code == .dataError, "\(mistyped.err)")
        #expect(mistyped.err.contains("'rulse.txt' names no file"), "\(mistyped.err)")
        #expect(mistyped.err.contains("unknown property name \"rulse\""), "\(mistyped.err)")
        // Rules Apple's parser discards all of (an unknown property drops the whole string), as text or in a file.
        let misspelt = try add("minlenght: 8; required: upper")
        #expect(misspelt.code == .dataError && misspelt.err.contains("names no file"), "\(misspelt.err)")
        let file = try cli.write("bogus.txt", "minlength: 8; bogus: 1")
        let discarded = try add(file)
        #expect(discarded.code == .dataError, "\(discarded.err)")
        #expect(discarded.err.contains("discards every rule in \(file)"), "\(discarded.err)")
        #expect(discarded.err.contains("unknown property name \"bogus\""), "\(discarded.err)")
        // Empty: the argument, or a file of blanks.
        let empty = try add("")
        #expect(empty.code == .dataError, "\(empty.err)")
        #expect(empty.err.contains("the passwordrules argument is empty"), "\(empty.err)")
        #expect(!empty.err.contains("cannot read"), "\(empty.err)")
        let blank = try cli.write("blank.txt", " \n")
        let emptyFile = try add(blank)
        #expect(emptyFile.code == .dataError && emptyFile.err.contains("\(blank) is empty"), "\(emptyFile.err)")
        let listed = try cli.run(["policy", "list", "--db", "a.db"])
        #expect(!listed.out.contains("s@"), "\(listed.out)")
        // A rule kept is enough: stored, with the discarded ones as warnings.
        #expect(try add("minlength: 8; maxlength: 0").code == .success)
    }

    @Test("--name is required with a converted format, and refused with json")
    func nameOption() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        _ = try cli.run(["init", "--db", "a.db"])
        let missing = try cli.run(["policy", "add", "--db", "a.db", "--format", "pwquality", "x.conf"])
        #expect(missing.code == .usage && missing.err.hasPrefix("Error: --format pwquality needs --name NAME\n"))
        let extra = try cli.run(["policy", "add", "--db", "a.db", CLIHarness.example("seed.json"), "--name", "x"])
        #expect(extra.code == .usage)
        #expect(try cli.run(["policy", "add", "--db", "a.db", "--format", "yaml", "x"]).code == .usage)
    }

    @Test("a pwquality.conf imports with warnings and exports with a comment per unexpressed rule")
    func pwqualityConf() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        _ = try cli.run(["init", "--db", "a.db"])
        let conf = try cli.write("pq.conf", "minlen = 12 # comment\nDCREDIT -1\nfoo=1\nminlen 14\ndictcheck=0\n")
        let added = try cli.run(["policy", "add", "--db", "a.db", "--format", "pwquality", conf, "--name", "linux"])
        #expect(added.code == .success && added.err.contains("unknown setting \"foo\" ignored"))
        let out = try cli.run(["policy", "export", "linux", "--db", "a.db", "--format", "pwquality", "-o", "o.conf"])
        #expect(out.code == .success)
        let text = try String(contentsOfFile: cli.directory + "/o.conf", encoding: .utf8)
        #expect(text.contains("minlen = 14\n") && text.contains("dcredit = -1\n") && text.contains("dictcheck = 0\n"))
        let bad = try cli.write("bad.conf", "minclass=three\n")
        let refused = try cli.run(["policy", "add", "--db", "a.db", "--format", "pwquality", bad, "--name", "b"])
        #expect(refused.code == .dataError && refused.err.contains("line 1: bad integer value of setting minclass"))
    }

    @Test("passwordrules export refuses rules it cannot express, naming them, unless --lossy")
    func lossy() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        _ = try cli.run(["init", "--db", "a.db"])
        let file = try cli.write(
            "p.json",
            #"{"name": "corp", "rules": [{"rule": "length", "min": 12}, {"rule": "blocklist", "id": "deny", "words": ["acme"]}]}"#
        )
        _ = try cli.run(["policy", "add", "--db", "a.db", file])
        let refused = try cli.run(["policy", "export", "corp", "--db", "a.db", "--format", "passwordrules"])
        #expect(refused.code == .dataError && refused.err.contains("deny (blocklist)") && refused.out.isEmpty)
        let lossy = try cli.run(["policy", "export", "corp", "--db", "a.db", "--format", "passwordrules", "--lossy"])
        #expect(lossy.code == .success && lossy.out == "allowed: unicode; minlength: 12;\n")
        #expect(lossy.err.contains("note: left out rule deny (blocklist)"))
    }
}
