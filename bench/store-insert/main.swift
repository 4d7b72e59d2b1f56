// Throwaway insert benchmark for PolicyStore (not part of the package): see run.sh.
import AuditCrypto
import Foundation
import PolicyStore

let env = ProcessInfo.processInfo.environment
let rows = Int(env["ROWS"] ?? "1000000")!
let versions = Int(env["VERSIONS"] ?? "3")!
let batch = Int(env["BATCH"] ?? "50000")!
let path = env["DB"] ?? "/tmp/store-insert-bench.db"
for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }

func seconds(_ start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

let database = try Database(path: path)
for pragma in (env["PRAGMAS"] ?? "").split(separator: ";") { try database.execute(String(pragma)) }
try Migrator().migrate(database)
for sql in (env["POST_SQL"] ?? "").split(separator: ";") { try database.execute(String(sql)) }
let policies = SQLitePolicyRepository(database: database)
var versionIDs: [Int64] = []
for number in 0..<versions {
    let definition = "{\"rules\":[\(number)]}"
    let rules = (0..<8).map {
        PolicyRuleRow(bit: $0, ruleID: "r\($0)", kind: "k", label: "rule \($0)", definition: "{}")
    }
    let version = try policies.add(
        name: "policy", definition: definition, definitionSHA256: SHA256.hexDigest(utf8: definition), rules: rules,
        effectiveFrom: "2026-01-01", note: nil
    ).version
    versionIDs.append(version.id)
}
let run = try SQLiteRunRepository(database: database).start(
    sourceName: "bench.csv", sourceBytes: 0, sourceSHA256: String(repeating: "0", count: 64), label: nil,
    versionIDs: versionIDs, pwauditVersion: "bench")

// Inputs are packed up front, in batches of the importer's size, so that the timed loop measures the store.
let batchRows = Int(env["BATCH_ROWS"] ?? "4096")!
let fingerprinter = Fingerprinter(key: try HMACSHA256Key.random())
var start = DispatchTime.now().uptimeNanoseconds
var fingerprints: [Fingerprint] = []
fingerprints.reserveCapacity(rows)
for index in 0..<rows { fingerprints.append(fingerprinter.fingerprint(utf8: "Password\(index)!")) }
let hmacSeconds = seconds(start)

/// Runs `body` with the UTF-8 bytes of `text`.
func withBytes<R>(_ text: String, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
    var text = text
    return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
}

var batches: [CandidateBatch] = []
for first in stride(from: 0, to: rows, by: batchRows) {
    var candidates = CandidateBatch(outcomeCount: versions, capacity: batchRows)
    var masks = [UInt64](repeating: 0, count: versions)
    for index in first..<min(first + batchRows, rows) {
        for offset in 0..<versions { masks[offset] = UInt64((index &* 2_654_435_761 >> offset) & 0xFF) }
        withBytes(String(100_000 + index)) { externalID in
            withBytes("user\(index % 50_000)") { username in
                withBytes("2026-0\(1 + index % 9)-1\(index % 10)T12:34:56Z") { day in
                    masks.withUnsafeBufferPointer { masks in
                        candidates.append(
                            line: index + 2, externalID: externalID, username: username, submittedAt: day,
                            fingerprint: fingerprints[index],
                            features: CandidateFeatureRow(
                                length: 8 + index % 9, upperCount: 1, lowerCount: 5, digitCount: index % 4,
                                specialCount: index % 2),
                            masks: masks)
                    }
                }
            }
        }
    }
    batches.append(candidates)
}

start = DispatchTime.now().uptimeNanoseconds
let perStatement = Int(env["PER_STATEMENT"] ?? "64")!
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let cpuBefore =
    Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    / 1e6
let writer = try AttemptWriter(database: database, rowsPerTransaction: batch, candidatesPerStatement: perStatement)
for candidates in batches { try writer.insert(candidates, runID: run.id, versionIDs: versionIDs) }
try writer.finish()
let insertSeconds = seconds(start)
getrusage(RUSAGE_SELF.rawValue, &usage)
let cpu =
    Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    / 1e6 - cpuBefore
let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
print(
    String(
        format:
            "RESULT rows=%d attempts=%d batch=%d hmac=%.3fs insert=%.3fs cpu=%.3fs per_statement=%d (%.0f candidates/s) db_bytes=%d pragmas=%@",
        rows, rows * versions, batch, hmacSeconds, insertSeconds, cpu, perStatement, Double(rows) / insertSeconds, size,
        env["PRAGMAS"] ?? ""))
