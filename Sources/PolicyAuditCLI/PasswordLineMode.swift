import PolicyCSV

/// The line mode `check` and `strength` share: one password a line from standard input, each answered by one line on
/// standard output before the next is waited for (a coprocess may wait for its answer), nothing read once standard
/// output has failed.
enum PasswordLineMode {
    /// One input line as the answer sees it: a password's bytes, or the reason import would reject the line.
    enum Line {
        case password([UInt8])
        case rejected(RejectReason)
    }

    /// Reads `context`'s standard input to its end and writes `answer`'s line for each line read (numbered from 1).
    /// A byte order mark before the first line is the file's, not the password's, as import takes it.
    static func answerEachLine(_ context: CLIContext, _ answer: (_ number: Int, _ line: Line) throws -> String) throws {
        var reader = LineReader(
            descriptor: context.stdinDescriptor, maximumLineBytes: CSVRowValidator.maximumPasswordBytes)
        let stdout = context.stdout
        reader.willWait = { () throws(CLIIOError) in
            stdout.flush()
            try stdout.throwIfWriteFailed()
        }
        var number = 0
        while let raw = try reader.nextRawLine() {
            number += 1
            let line: Line
            switch raw {
            case .overLong:
                line = .rejected(.passwordTooLong)
            case .bytes(let read):
                let bytes = number == 1 && read.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(read.dropFirst(3)) : read
                line = bytes.withUnsafeBytes { RejectReason.forPassword($0) }.map(Line.rejected) ?? .password(bytes)
            }
            stdout.line(try answer(number, line))
            try stdout.throwIfWriteFailed()  // the first failed write stops it: nothing more is read or answered
        }
    }
}
