-- +goose Up
-- GraphQL accounts: import options, continuous sync, exchange credentials (encrypted), the kind
-- of each account job, edits to re-apply after a hard refresh, and the used-chains cache.
ALTER TABLE accounts
    ADD COLUMN include_staking_rewards boolean NOT NULL DEFAULT true,
    ADD COLUMN include_ordinals        boolean NOT NULL DEFAULT false,
    ADD COLUMN is_large_account        boolean NOT NULL DEFAULT false,
    ADD COLUMN is_continuous_sync      boolean NOT NULL DEFAULT false;

-- One sealed (AES-GCM) credential set per exchange account; never returned by any API.
CREATE TABLE exchange_credentials (
    account_id  uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    client_id   uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    sealed      bytea NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exchange_credentials_client_idx ON exchange_credentials (client_id);

-- What an account job does (GraphQL JobTypeEnum); REST syncs are all 'sync'.
ALTER TABLE account_syncs ADD COLUMN kind text NOT NULL DEFAULT 'sync'
    CHECK (kind IN ('sync', 'hard_refresh', 'file_import', 'delete_account'));
-- GraphQL syncs recalculate the client when they end (unless skipRecalculate); REST syncs do not.
ALTER TABLE account_syncs ADD COLUMN recalculate boolean NOT NULL DEFAULT false;

-- Edits of an account's transactions saved by hardRefreshAccount(shouldApplyCurrentEdits) and
-- applied by the sync worker to the re-imported rows with the same external id.
CREATE TABLE account_refresh_edits (
    account_id   uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    external_id  text NOT NULL,
    label        text,
    notes        text,
    is_hidden    boolean NOT NULL,
    is_reviewed  boolean NOT NULL,
    PRIMARY KEY (account_id, external_id)
);

-- getUsedChains answers, per normalised address, kept for a TTL.
CREATE TABLE used_chains_cache (
    address     text PRIMARY KEY,
    chains      text[] NOT NULL,
    checked_at  timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE used_chains_cache, account_refresh_edits, exchange_credentials;
ALTER TABLE account_syncs DROP COLUMN kind, DROP COLUMN recalculate;
ALTER TABLE accounts DROP COLUMN include_staking_rewards, DROP COLUMN include_ordinals, DROP COLUMN is_large_account,
    DROP COLUMN is_continuous_sync;
