/// What a command means to do with the store it opens.
package enum StoreOpenIntent: Sendable {
    /// `init` (and the demo): create the store, or upgrade an existing pwaudit store; never adopt another
    /// application's database.
    case create
    /// A command that writes: the store must exist and be a pwaudit store; an older pwaudit schema is migrated.
    case write
    /// A command that only reads: the store must exist at this pwaudit's schema; nothing is ever migrated or written.
    case read
}
