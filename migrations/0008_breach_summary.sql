-- Schema 8: per run and scored version, how many candidates the version's breach-corpus rules (`hibp:` and
-- `hibp-ntlm:` blocklist sources) refused, bucketed by how many times the corpus had seen the password. One row per
-- version that has such a rule; no hash and no password is stored, only counts.

CREATE TABLE run_breach_summary (
    run_id INTEGER NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id INTEGER NOT NULL REFERENCES policy_version (id),
    -- Candidates refused whose password was seen exactly once, 2 to 10, 11 to 100, 101 to 1,000, over 1,000 times.
    seen_once INTEGER NOT NULL CHECK (seen_once >= 0),
    seen_2_to_10 INTEGER NOT NULL CHECK (seen_2_to_10 >= 0),
    seen_11_to_100 INTEGER NOT NULL CHECK (seen_11_to_100 >= 0),
    seen_101_to_1000 INTEGER NOT NULL CHECK (seen_101_to_1000 >= 0),
    seen_over_1000 INTEGER NOT NULL CHECK (seen_over_1000 >= 0),
    PRIMARY KEY (run_id, policy_version_id)
) STRICT, WITHOUT ROWID;
