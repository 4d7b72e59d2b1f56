/// A shell `pwaudit completions` writes a script for.
enum CompletionShell: String, CaseIterable {
    case bash, zsh, fish
}
