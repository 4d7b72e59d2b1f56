import Foundation

/// `log10`, in one place (Foundation's).
func log10Value(_ value: Double) -> Double { Foundation.log10(value) }
