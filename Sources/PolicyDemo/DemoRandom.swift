/// A small deterministic pseudo-random generator for the demo sample: xoshiro256** seeded by SplitMix64.
///
/// The same seed gives the same sequence on every platform and Swift version, which the system
/// generator does not promise. Not for secrets.
package struct DemoRandom: Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator whose four state words come from SplitMix64 over `seed`.
    package init(seed: UInt64) {
        var mix = seed
        func splitMix() -> UInt64 {
            mix &+= 0x9E37_79B9_7F4A_7C15
            var z = mix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    /// The next 64 random bits (xoshiro256**).
    package mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    /// A uniform integer in `0..<bound` (Lemire's multiply-shift with rejection).
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let limit = UInt64(bound)
        while true {
            let product = next().multipliedFullWidth(by: limit)
            if product.low >= (0 &- limit) % limit { return Int(product.high) }
        }
    }

    /// A uniform integer in `range`.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// `true` with probability `probability`.
    package mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < probability
    }

    /// A uniformly chosen element of a non-empty array.
    package mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
