import PolicyCSV
import Testing

@testable import PolicyAudit
@testable import PolicyDemo

@Suite("LineStreamByteSource(demoSample:): the sample's CSV streamed without a file")
struct LineStreamByteSourceTests {
    /// The sample as CSV, built here from the header and the per-row lines: what the stream must equal.
    static func csvBytes(_ sample: DemoSampleGenerator) -> [UInt8] {
        Array((DemoSampleGenerator.csvHeader + "\n").utf8)
            + sample.flatMap { Array(DemoSampleGenerator.csvLine($0).utf8) }
    }

    /// Everything `source` produces, read `chunk` bytes at a time.
    static func drain(_ source: LineStreamByteSource, chunk: Int) throws -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
        defer { buffer.deallocate() }
        var streamed: [UInt8] = []
        while true {
            let count = try source.read(into: buffer)
            if count == 0 { return streamed }
            #expect(count <= chunk)
            streamed.append(contentsOf: buffer[0..<count])
        }
    }

    @Test("streams the header and every row's line, whatever the read size", arguments: [1, 7, 100, 65_536])
    func sameBytes(chunk: Int) throws {
        let sample = DemoSampleGenerator(rows: 300, seed: 11)
        let source = LineStreamByteSource(demoSample: sample)
        #expect(try Self.drain(source, chunk: chunk) == Self.csvBytes(sample))
        #expect(try Self.drain(source, chunk: chunk).isEmpty, "the source stays at its end")
    }

    @Test("an empty sample is the header alone")
    func headerOnly() throws {
        let source = LineStreamByteSource(demoSample: DemoSampleGenerator(rows: 0))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { buffer.deallocate() }
        let count = try source.read(into: buffer)
        #expect(Array(buffer[0..<count]) == Array((DemoSampleGenerator.csvHeader + "\n").utf8))
    }
}
