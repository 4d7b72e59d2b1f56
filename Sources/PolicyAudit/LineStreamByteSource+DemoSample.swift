import PolicyCSV
import PolicyDemo

extension LineStreamByteSource {
    /// The demo sample's CSV made on demand (`csvHeader`, then one `csvLine` per row), so the demo imports it without
    /// ever writing its plaintext candidates to a file.
    package convenience init(demoSample sample: DemoSampleGenerator) {
        var rows = sample.makeIterator()
        self.init(header: DemoSampleGenerator.csvHeader + "\n") { rows.next().map(DemoSampleGenerator.csvLine) }
    }
}
