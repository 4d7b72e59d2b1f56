import Testing

@testable import PolicyAudit
@testable import PolicyDemo

@Suite("DemoSampleByteSource: the sample's CSV streamed without a file")
struct DemoSampleByteSourceTests {
    @Test("streams exactly the bytes csvBytes() holds, whatever the read size", arguments: [1, 7, 100, 65_536])
    func sameBytes(chunk: Int) throws {
        let sample = DemoSampleGenerator(rows: 300, seed: 11)
        let source = DemoSampleByteSource(sample)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
        defer { buffer.deallocate() }
        var streamed: [UInt8] = []
        while true {
            let count = try source.read(into: buffer)
            if count == 0 { break }
            #expect(count <= chunk)
            streamed.append(contentsOf: buffer[0..<count])
        }
        #expect(streamed == sample.csvBytes())
        #expect(try source.read(into: buffer) == 0)
    }

    @Test("an empty sample is the header alone")
    func headerOnly() throws {
        let source = DemoSampleByteSource(DemoSampleGenerator(rows: 0))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { buffer.deallocate() }
        let count = try source.read(into: buffer)
        #expect(Array(buffer[0..<count]) == Array((DemoSampleGenerator.csvHeader + "\n").utf8))
    }
}
