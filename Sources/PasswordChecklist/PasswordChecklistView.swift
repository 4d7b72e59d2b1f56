/// A screen that shows a password checklist; it only renders what the presenter pushes.
public protocol PasswordChecklistView: AnyObject {
    /// Shows `state`, replacing whatever was shown before.
    func render(_ state: PasswordChecklistViewState)
}
