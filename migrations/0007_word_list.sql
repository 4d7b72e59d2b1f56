-- pwaudit schema 7: large word lists stored once per distinct content. A policy version's definition names a
-- `file:` list by name, SHA-256 and entry count; its entries live here, one row per distinct SHA-256 (the file's
-- bytes), so versions that share a list share its row and loading a stored version never re-reads the file.
-- `entries` is the canonical entries (lowercased, distinct, in file order), each followed by LF.
-- Append-only: never edit this file once landed. Documented in docs/schema.md.

CREATE TABLE word_list (
    id INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
    entry_count INTEGER NOT NULL CHECK (entry_count >= 0),
    entries BLOB NOT NULL,
    stored_at TEXT NOT NULL
) STRICT;
