/// A failed batch run (what failed and why), printed as `Error: …`.
package struct BatchFailure: Error, CustomStringConvertible {
    /// What failed and why (the text after `Error: `).
    package var description: String
    /// A failure described by `d`.
    package init(_ d: String) { description = d }
}
