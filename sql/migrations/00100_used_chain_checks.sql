-- +goose Up
-- getUsedChains keeps what each chain's indexer said about an address, chain by chain, so an
-- answer never waits for an indexer that does not answer: the known chains are answered, the
-- unknown ones are flagged and asked in the background (internal/accounts/usedchains.go). It
-- replaces the cache of whole answers, which kept nothing when one indexer failed.
CREATE TABLE used_chain_checks (
    address     text NOT NULL,
    chain       text NOT NULL,
    -- the indexer's last answer, and when it came (NULL: it never answered)
    used        boolean,
    checked_at  timestamptz,
    -- when an ask last failed or timed out (NULL once one succeeds)
    failed_at   timestamptz,
    PRIMARY KEY (address, chain)
);

INSERT INTO used_chain_checks (address, chain, used, checked_at)
SELECT c.address, x.chain, true, c.checked_at FROM used_chains_cache c, unnest(c.chains) x(chain)
ON CONFLICT DO NOTHING;

DROP TABLE used_chains_cache;

-- +goose Down
CREATE TABLE used_chains_cache (
    address     text PRIMARY KEY,
    chains      text[] NOT NULL,
    checked_at  timestamptz NOT NULL DEFAULT now()
);
DROP TABLE used_chain_checks;
