-- pwaudit schema 8 on PostgreSQL (migrations/0008_breach_summary.sql): per run and scored version, how many candidates
-- the version's breach-corpus rules refused, bucketed by how many times the corpus had seen the password. Counts only.
-- Append-only: never edit this file once landed.

CREATE TABLE run_breach_summary (
    run_id bigint NOT NULL REFERENCES import_run (id) ON DELETE CASCADE,
    policy_version_id bigint NOT NULL REFERENCES policy_version (id),
    -- Candidates refused whose password was seen exactly once, 2 to 10, 11 to 100, 101 to 1,000, over 1,000 times.
    seen_once bigint NOT NULL CHECK (seen_once >= 0),
    seen_2_to_10 bigint NOT NULL CHECK (seen_2_to_10 >= 0),
    seen_11_to_100 bigint NOT NULL CHECK (seen_11_to_100 >= 0),
    seen_101_to_1000 bigint NOT NULL CHECK (seen_101_to_1000 >= 0),
    seen_over_1000 bigint NOT NULL CHECK (seen_over_1000 >= 0),
    PRIMARY KEY (run_id, policy_version_id)
);
