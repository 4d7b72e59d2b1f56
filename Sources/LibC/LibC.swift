// The platform's C library under one name, so that no other file of the package needs `#if canImport(Glibc)` …
// `Darwin`: a module calling `read(2)` or `strerror(3)` imports LibC (the way SwiftPM's TSCLibc does it).
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Darwin)
    @_exported import Darwin
#else
    #error("pwaudit builds against Glibc (Linux) or Darwin (macOS, iOS)")
#endif
