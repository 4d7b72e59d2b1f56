import Foundation
import PolicyCSV

extension CSVImport {
    /// What the reading thread saw of the input besides the accepted rows it handed to the workers.
    struct RowsRead {
        /// The rejected rows, counted (and the records read).
        var rejected: RunTally
        /// The first 20 rejected rows, for the terminal and `--strict`'s error.
        var firstRejections: [RowRejection] = []
        /// Whether `--strict` met a bad row: storing stopped there, the rest was read to count its rejections.
        var stoppedAtRejection = false
    }

    /// Reads every record of `reader` on this thread: rejected rows are counted (and written to `rejects`), accepted
    /// rows' fields go to `workers` in batches of `batchSize` rows, and progress is reported now and then. Under
    /// `--strict` the first bad row stops storing: the workers and the pipeline are cancelled, the rest is counted.
    /// The rejections are tallied for versions of `ruleCounts` rules, to merge with the workers' tallies.
    func readRows(
        _ reader: CSVReader, validator: CSVRowValidator, request: CSVImportRequest, rejects: RejectsFileWriter?,
        workers: ScoringWorkers, pipeline: AttemptPipeline, ruleCounts: [Int], started: Date
    ) throws -> RowsRead {
        var read = RowsRead(rejected: RunTally(ruleCounts: ruleCounts))
        var batch = RowBatch()
        var rowsSeen = 0
        var lastProgress = Date()
        while let record = try reader.next() {
            rowsSeen += 1
            if let rejection = validator.rejection(of: record) {
                read.rejected.reject(reason: rejection.reason.rawValue)
                if read.firstRejections.count < 20 { read.firstRejections.append(rejection) }
                try rejects?.add(rejection)
                if request.strict && !read.stoppedAtRejection {
                    read.stoppedAtRejection = true
                    batch = RowBatch()
                    pipeline.cancel()
                    workers.cancel()
                }
                if !read.stoppedAtRejection { batch.rejections.append(rejection) }
            } else if !read.stoppedAtRejection {
                batch.append(validator.fields(of: record))
            }
            // Rejections count too: a file of nothing but bad rows must not pile them up in one batch.
            if batch.count + batch.rejections.count >= Self.batchSize {
                try workers.send(batch)
                batch = RowBatch()
                if let progress = request.progress, Date().timeIntervalSince(lastProgress) >= 0.25 {
                    lastProgress = Date()
                    progress(
                        ImportProgress(
                            rows: rowsSeen, seconds: lastProgress.timeIntervalSince(started),
                            fraction: reader.fractionCompleted))
                }
            }
        }
        try rejects?.close()
        if !read.stoppedAtRejection { try workers.send(batch) }
        return read
    }
}
