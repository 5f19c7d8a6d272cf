-- +goose Up
-- Core schema of taxd. Every tenant-owned row carries client_id (or partner_id) so that every
-- query can scope by it in its WHERE clause. Money and quantities are numeric (exact).

-- Partners are the companies that embed taxd through the REST API.
CREATE TABLE partners (
    id             uuid PRIMARY KEY,
    name           text NOT NULL CHECK (name <> ''),
    logo_url       text,
    primary_color  text,
    support_email  text,
    portal_url     text NOT NULL,
    -- discount granted by the partner's discount codes
    discount_percent integer NOT NULL DEFAULT 20 CHECK (discount_percent BETWEEN 1 AND 100),
    created_at     timestamptz NOT NULL DEFAULT now()
);

-- Partner credentials: a client-id/secret pair (kind 'secret', public_id is the client id) or an
-- API key (kind 'api_key', public_id is the key's lookup prefix). Only SHA-256 hashes of the
-- high-entropy secrets are stored.
CREATE TABLE partner_credentials (
    id           uuid PRIMARY KEY,
    partner_id   uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
    kind         text NOT NULL CHECK (kind IN ('secret', 'api_key')),
    public_id    text NOT NULL,
    secret_hash  bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    revoked_at   timestamptz,
    CONSTRAINT partner_credentials_public_id_key UNIQUE (kind, public_id)
);

-- Clients own ledgers. An embedded user of a partner is a client with a reference_id.
CREATE TABLE clients (
    id                    uuid PRIMARY KEY,
    partner_id            uuid REFERENCES partners (id) ON DELETE CASCADE,
    reference_id          text,
    name                  text NOT NULL DEFAULT '',
    email                 text,
    cost_basis_algorithm  text NOT NULL DEFAULT 'FIFO'
        CHECK (cost_basis_algorithm IN ('FIFO', 'LIFO', 'HIFO', 'LOFO', 'AVERAGE_COST')),
    per_wallet_from       date DEFAULT '2025-01-01',
    timezone              text NOT NULL DEFAULT 'UTC',
    fiscal_year_start     text NOT NULL DEFAULT '01-01',
    currency              text NOT NULL DEFAULT 'USD',
    country               text NOT NULL DEFAULT 'US',
    lock_taxes_until      date,
    settings              jsonb NOT NULL DEFAULT '{}'::jsonb,
    current_result_set_id uuid,
    -- set (from ledger_dirty_seq) when a settings change invalidates the client's tax results
    settings_dirty_seq    bigint,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT clients_partner_reference_key UNIQUE (partner_id, reference_id),
    CONSTRAINT clients_reference_needs_partner CHECK (reference_id IS NULL OR partner_id IS NOT NULL)
);

-- People who sign in to the web application (identity-provider subject) and their clients.
CREATE TABLE users (
    id           uuid PRIMARY KEY,
    idp_subject  text NOT NULL,
    email        text,
    name         text NOT NULL DEFAULT '',
    is_staff     boolean NOT NULL DEFAULT false,
    active_client_id uuid REFERENCES clients (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT users_idp_subject_key UNIQUE (idp_subject)
);

CREATE TABLE client_members (
    client_id   uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role        text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'accountant', 'viewer')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (client_id, user_id)
);

-- Client API keys (GraphQL). The raw key is "svc_" + prefix + "_" + secret; shown once.
CREATE TABLE client_api_keys (
    id                uuid PRIMARY KEY,
    client_id         uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    name              text NOT NULL DEFAULT '',
    permission_level  text NOT NULL CHECK (permission_level IN ('Read', 'ReadWrite')),
    prefix            text NOT NULL,
    secret_hash       bytea NOT NULL,
    created_by        uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    expires_at        timestamptz NOT NULL,
    revoked_at        timestamptz,
    last_used_at      timestamptz,
    CONSTRAINT client_api_keys_prefix_key UNIQUE (prefix)
);
CREATE INDEX client_api_keys_client_idx ON client_api_keys (client_id);

-- Accounts: wallets, exchanges, files, and virtual staking-position accounts keyed by
-- staking_account_identifier.
CREATE TABLE accounts (
    id                          uuid PRIMARY KEY,
    client_id                   uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    type                        text NOT NULL CHECK (type IN ('wallet', 'exchange', 'file', 'virtual')),
    provider                    text NOT NULL,
    address                     text,
    name                        text NOT NULL DEFAULT '',
    status                      text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'syncing', 'synced', 'failed', 'retired')),
    status_message              text,
    staking_account_identifier  text,
    sync_cursor                 text,
    start_importing_at          timestamptz,
    stop_importing_at           timestamptz,
    created_at                  timestamptz NOT NULL DEFAULT now(),
    last_synced_at              timestamptz,
    deleted_at                  timestamptz,
    CONSTRAINT accounts_virtual_identifier CHECK ((type = 'virtual') = (staking_account_identifier IS NOT NULL))
);
CREATE UNIQUE INDEX accounts_client_provider_address_key ON accounts (client_id, provider, lower(address))
    WHERE deleted_at IS NULL AND address IS NOT NULL;
CREATE UNIQUE INDEX accounts_client_staking_key ON accounts (client_id, staking_account_identifier)
    WHERE deleted_at IS NULL AND staking_account_identifier IS NOT NULL;
CREATE INDEX accounts_client_idx ON accounts (client_id) WHERE deleted_at IS NULL;

-- Assets are per client so that spam/hidden flags and price overrides are the client's own.
CREATE TABLE assets (
    id                  uuid PRIMARY KEY,
    client_id           uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    key                 text NOT NULL,
    symbol              text NOT NULL,
    name                text NOT NULL DEFAULT '',
    type                text NOT NULL DEFAULT 'COIN',
    chain               text,
    contract_address    text,
    token_id            text,
    decimals            integer,
    price_source_id     text,
    is_spam             boolean NOT NULL DEFAULT false,
    is_worthless        boolean NOT NULL DEFAULT false,
    is_hidden           boolean NOT NULL DEFAULT false,
    price_override      numeric,
    use_platform_price  boolean NOT NULL DEFAULT true,
    image_url           text,
    description         text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT assets_client_key_key UNIQUE (client_id, key)
);

-- A sequence that orders ledger writes (dirty marks, settings changes).
CREATE SEQUENCE ledger_dirty_seq;

CREATE TABLE transactions (
    id            uuid PRIMARY KEY,
    client_id     uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    account_id    uuid REFERENCES accounts (id) ON DELETE SET NULL,
    occurred_at   timestamptz NOT NULL,
    -- tiebreak among transactions of the same instant (split children keep their given order)
    ordinal       integer NOT NULL DEFAULT 0,
    txn_hash      text,
    external_id   text,
    label         text,
    notes         text,
    is_hidden     boolean NOT NULL DEFAULT false,
    is_reviewed   boolean NOT NULL DEFAULT false,
    is_failed     boolean NOT NULL DEFAULT false,
    source        text,
    session_id    text,
    parent_id     uuid REFERENCES transactions (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    deleted_at    timestamptz
);
CREATE INDEX transactions_client_order_idx ON transactions (client_id, occurred_at, ordinal, id);
-- Foreign keys that delete or null out rows need an index on the referencing side, or every
-- deleted parent scans the whole table.
CREATE INDEX transactions_account_idx ON transactions (account_id);
CREATE INDEX transactions_parent_idx ON transactions (parent_id) WHERE parent_id IS NOT NULL;
CREATE UNIQUE INDEX transactions_account_external_key ON transactions (account_id, external_id)
    WHERE external_id IS NOT NULL;

-- Dirty marks: every ledger write appends one (in the writing transaction); a recalculation deletes
-- exactly the marks its snapshot saw, so writes made while it ran stay dirty. A narrow append-only
-- table keeps both cheap: clearing a whole ledger deletes small rows instead of rewriting wide ones.
CREATE TABLE dirty_marks (
    client_id       uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    seq             bigint NOT NULL DEFAULT nextval('ledger_dirty_seq'),
    transaction_id  uuid NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
    PRIMARY KEY (client_id, seq)
);
CREATE INDEX dirty_marks_transaction_idx ON dirty_marks (transaction_id);

CREATE TABLE transfers (
    id                          uuid PRIMARY KEY,
    client_id                   uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    transaction_id              uuid NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
    position                    integer NOT NULL,
    asset_id                    uuid NOT NULL REFERENCES assets (id),
    quantity                    numeric NOT NULL CHECK (quantity >= 0),
    from_account_id             uuid REFERENCES accounts (id) ON DELETE SET NULL,
    to_account_id               uuid REFERENCES accounts (id) ON DELETE SET NULL,
    from_address                text,
    to_address                  text,
    fiat_value                  numeric,
    original_fiat_value         numeric,
    basis_fiat_value            numeric,
    original_basis_fiat_value   numeric,
    fee_fiat                    numeric,
    is_fee                      boolean NOT NULL DEFAULT false,
    is_hidden                   boolean NOT NULL DEFAULT false,
    is_missing_basis_override   boolean,
    label                       text,
    staking_account_identifier  text,
    purchase_date_override      timestamptz,
    created_at                  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT transfers_transaction_position_key UNIQUE (transaction_id, position)
);
CREATE INDEX transfers_client_idx ON transfers (client_id);
CREATE INDEX transfers_from_account_idx ON transfers (from_account_id) WHERE from_account_id IS NOT NULL;
CREATE INDEX transfers_to_account_idx ON transfers (to_account_id) WHERE to_account_id IS NOT NULL;
CREATE INDEX transfers_asset_idx ON transfers (asset_id);

CREATE TABLE internal_transfer_pairs (
    client_id            uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    from_transaction_id  uuid NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
    to_transaction_id    uuid NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
    created_at           timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (from_transaction_id, to_transaction_id)
);
CREATE INDEX internal_transfer_pairs_to_idx ON internal_transfer_pairs (to_transaction_id);

-- Every ledger edit writes one row per changed field, in the same transaction, so it can be undone.
CREATE TABLE audit_logs (
    id              uuid PRIMARY KEY,
    client_id       uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    transaction_id  uuid REFERENCES transactions (id) ON DELETE SET NULL,
    entity          text NOT NULL CHECK (entity IN ('transaction', 'transfer', 'account', 'asset', 'client')),
    entity_id       uuid NOT NULL,
    action          text NOT NULL DEFAULT 'update',
    field           text NOT NULL,
    old_value       jsonb,
    new_value       jsonb,
    session_id      text,
    source          text,
    actor           text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    undone_at       timestamptz
);
CREATE INDEX audit_logs_client_idx ON audit_logs (client_id, created_at DESC);
CREATE INDEX audit_logs_transaction_idx ON audit_logs (transaction_id) WHERE transaction_id IS NOT NULL;

-- Recalculation jobs: the state the API reports. The river job does the work.
CREATE TABLE recalc_jobs (
    id           uuid PRIMARY KEY,
    client_id    uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    status       text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
    progress     integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    dirty_upto   bigint,
    error        text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    started_at   timestamptz,
    finished_at  timestamptz
);
-- At most one queued or running job per client.
CREATE UNIQUE INDEX recalc_jobs_active_key ON recalc_jobs (client_id) WHERE status IN ('queued', 'running');

-- Tax results. A result set is written whole, then clients.current_result_set_id switches to it.
CREATE TABLE tax_result_sets (
    id            uuid PRIMARY KEY,
    client_id     uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    recalc_job_id uuid REFERENCES recalc_jobs (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tax_result_sets_client_idx ON tax_result_sets (client_id);
ALTER TABLE clients ADD CONSTRAINT clients_current_result_set_fkey
    FOREIGN KEY (current_result_set_id) REFERENCES tax_result_sets (id) ON DELETE SET NULL;

CREATE TABLE tax_lots (
    result_set_id       uuid NOT NULL REFERENCES tax_result_sets (id) ON DELETE CASCADE,
    lot_id              text NOT NULL,
    account_key         text NOT NULL,
    asset_key           text NOT NULL,
    quantity            numeric NOT NULL,
    basis               numeric NOT NULL,
    acquired_at         timestamptz NOT NULL,
    missing_basis       boolean NOT NULL DEFAULT false,
    source_transfer_id  text NOT NULL,
    PRIMARY KEY (result_set_id, lot_id)
);

CREATE TABLE tax_disposals (
    result_set_id   uuid NOT NULL REFERENCES tax_result_sets (id) ON DELETE CASCADE,
    seq             integer NOT NULL,
    transfer_id     text NOT NULL,
    lot_id          text,
    account_key     text NOT NULL,
    asset_key       text NOT NULL,
    quantity        numeric NOT NULL,
    proceeds        numeric NOT NULL,
    basis           numeric NOT NULL,
    gain            numeric NOT NULL,
    acquired_at     timestamptz,
    disposed_at     timestamptz NOT NULL,
    tax_year        integer NOT NULL,
    term            text NOT NULL CHECK (term IN ('short', 'long')),
    form_box        text NOT NULL,
    uncovered       boolean NOT NULL DEFAULT false,
    missing_basis   boolean NOT NULL DEFAULT false,
    PRIMARY KEY (result_set_id, seq)
);

CREATE TABLE tax_income (
    result_set_id  uuid NOT NULL REFERENCES tax_result_sets (id) ON DELETE CASCADE,
    seq            integer NOT NULL,
    transfer_id    text NOT NULL,
    asset_key      text NOT NULL,
    income_type    text NOT NULL,
    quantity       numeric NOT NULL,
    value          numeric NOT NULL,
    received_at    timestamptz NOT NULL,
    tax_year       integer NOT NULL,
    PRIMARY KEY (result_set_id, seq)
);

CREATE TABLE tax_year_summaries (
    result_set_id      uuid NOT NULL REFERENCES tax_result_sets (id) ON DELETE CASCADE,
    tax_year           integer NOT NULL,
    short_term_gain    numeric NOT NULL,
    long_term_gain     numeric NOT NULL,
    proceeds           numeric NOT NULL,
    basis              numeric NOT NULL,
    income             numeric NOT NULL,
    futures            numeric NOT NULL DEFAULT 0,
    disposal_count     integer NOT NULL,
    transaction_count  integer NOT NULL,
    PRIMARY KEY (result_set_id, tax_year)
);

-- Account syncs (imports) and the per-account progress the REST API reports.
CREATE TABLE account_syncs (
    id           uuid PRIMARY KEY,
    client_id    uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    status       text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
    progress     integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    error        text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    started_at   timestamptz,
    finished_at  timestamptz
);
CREATE INDEX account_syncs_client_idx ON account_syncs (client_id, created_at DESC);

CREATE TABLE account_sync_items (
    sync_id     uuid NOT NULL REFERENCES account_syncs (id) ON DELETE CASCADE,
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'syncing', 'synced', 'failed')),
    progress    integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    message     text,
    imported    integer NOT NULL DEFAULT 0,
    PRIMARY KEY (sync_id, account_id)
);

-- Reports: rows the API lists; files live in the blob bucket under blob_key.
CREATE TABLE reports (
    id            uuid PRIMARY KEY,
    client_id     uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    year          integer NOT NULL,
    report_type   text NOT NULL,
    status        text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'generating', 'available', 'failed')),
    filename      text,
    content_type  text,
    blob_key      text,
    email         text,
    error         text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz
);
CREATE INDEX reports_client_idx ON reports (client_id, created_at DESC);

-- Hosted portal links: one per partner and set of wallets (wallets_hash is over sorted addresses).
CREATE TABLE links (
    id            uuid PRIMARY KEY,
    partner_id    uuid NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
    wallets_hash  text NOT NULL,
    wallets       jsonb NOT NULL,
    token         text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT links_partner_wallets_key UNIQUE (partner_id, wallets_hash),
    CONSTRAINT links_token_key UNIQUE (token)
);

-- Outgoing e-mail, written in the same transaction as the request; a job sends it.
CREATE TABLE email_outbox (
    id          uuid PRIMARY KEY,
    partner_id  uuid REFERENCES partners (id) ON DELETE SET NULL,
    recipient   text NOT NULL,
    subject     text NOT NULL,
    body_text   text NOT NULL,
    kind        text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    sent_at     timestamptz,
    attempts    integer NOT NULL DEFAULT 0,
    last_error  text
);
CREATE INDEX email_outbox_recipient_day_idx ON email_outbox (lower(recipient), created_at);

CREATE TABLE discount_codes (
    id           uuid PRIMARY KEY,
    client_id    uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    year         integer NOT NULL CHECK (year BETWEEN 2009 AND 2100),
    code         text NOT NULL,
    percent_off  integer NOT NULL CHECK (percent_off BETWEEN 1 AND 100),
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz,
    CONSTRAINT discount_codes_client_year_key UNIQUE (client_id, year),
    CONSTRAINT discount_codes_code_key UNIQUE (code)
);

-- Historical USD prices, cached per asset price key and day.
CREATE TABLE prices (
    price_key  text NOT NULL,
    day        date NOT NULL,
    usd        numeric NOT NULL,
    source     text NOT NULL,
    fetched_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (price_key, day)
);

-- +goose Down
DROP TABLE prices, discount_codes, email_outbox, links, reports, account_sync_items, account_syncs,
    tax_year_summaries, tax_income, tax_disposals, tax_lots;
ALTER TABLE clients DROP CONSTRAINT clients_current_result_set_fkey;
DROP TABLE tax_result_sets, recalc_jobs, audit_logs, internal_transfer_pairs, transfers, dirty_marks, transactions;
DROP SEQUENCE ledger_dirty_seq;
DROP TABLE assets, accounts, client_api_keys, client_members, users, clients, partner_credentials, partners;
