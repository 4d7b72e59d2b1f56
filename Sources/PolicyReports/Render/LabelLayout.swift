/// Places chart figures so that none covers a marker or another figure: each tries its baselines in order and
/// takes the first whose box is free and inside the plot.
///
/// Boxes are estimated for the charts' 12 px bold figures (7 px per character, 10 px above the baseline and 3 px
/// below), which errs on the generous side for digits and `%`.
struct LabelLayout {
    /// An axis-aligned rectangle in SVG user units (y grows downwards).
    struct Box: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        /// A box; square when `height` is left out.
        init(x: Int, y: Int, width: Int, height: Int? = nil) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height ?? width
        }

        /// Whether the two boxes share any area (touching edges do not).
        func intersects(_ other: Box) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    /// Estimated advance of one character of a figure.
    static let characterWidth = 7
    /// Estimated extent of a figure above and below its baseline.
    static let ascent = 10
    static let descent = 3

    /// The highest and lowest y a figure's box may reach.
    let top: Int
    let bottom: Int
    /// Markers and figures placed so far.
    private(set) var occupied: [Box] = []

    /// A layout whose figures stay between `top` and `bottom`.
    init(top: Int, bottom: Int) {
        self.top = top
        self.bottom = bottom
    }

    /// The box of `text` centred at `x` on `baseline`.
    static func box(of text: String, centeredAt x: Int, baseline: Int) -> Box {
        let width = text.count * characterWidth
        return Box(x: x - width / 2, y: baseline - ascent, width: width, height: ascent + descent)
    }

    /// Marks `box` (a marker) as taken.
    mutating func occupy(_ box: Box) { occupied.append(box) }

    /// Places `text` on the first of `baselines` where it fits, marks it taken and returns that baseline; nil when
    /// it fits nowhere.
    mutating func place(text: String, centeredAt x: Int, baselines: [Int]) -> Int? {
        for baseline in baselines {
            let box = Self.box(of: text, centeredAt: x, baseline: baseline)
            guard box.y >= top, box.y + box.height <= bottom, !occupied.contains(where: box.intersects) else {
                continue
            }
            occupied.append(box)
            return baseline
        }
        return nil
    }
}
