extension BinaryInteger {
    /// The decimal digits, with zeros in front up to `width` ("7" padded to 3 is "007").
    func zeroPadded(to width: Int) -> String {
        let digits = String(self)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
