import LibC

/// Reads `descriptor` up to and including its first LF, as `head -1` does, then closes it (the writer's reader goes
/// away); waits at most `seconds` for each byte, so a writer that never writes a line cannot hang the test.
package func readFirstLineAndClose(_ descriptor: Int32, waitingAtMost seconds: Int32 = 30) -> String {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    var reader = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while !line.contains(UInt8(ascii: "\n")), poll(&reader, 1, seconds * 1000) > 0, read(descriptor, &byte, 1) == 1 {
        line.append(byte)
    }
    close(descriptor)
    return String(decoding: line, as: UTF8.self)
}
