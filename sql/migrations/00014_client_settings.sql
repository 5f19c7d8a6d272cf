-- +goose Up
-- Client settings of the GraphQL clients operations (getClientById, updateClient), the billing plan
-- (Client.subscription) and recorded insights (getClientInsights). Settings the tax engine reads
-- (timezone, fiscal_year_start, cost_basis_algorithm, per_wallet_from) stay where they are.
ALTER TABLE clients
    ADD COLUMN taxpayer_type                 text NOT NULL DEFAULT 'individual'
        CHECK (taxpayer_type IN ('individual', 'business', 'trust')),
    ADD COLUMN has_custom_fiscal_year        boolean NOT NULL DEFAULT false,
    ADD COLUMN needed_tax_years              text,
    ADD COLUMN deadline                      timestamptz,
    ADD COLUMN is_on_extension               boolean NOT NULL DEFAULT false,
    ADD COLUMN accountant_status             text CHECK (accountant_status IN
        ('NOT_STARTED', 'IN_PROGRESS', 'WAITING_ON_CLIENT', 'IN_REVIEW', 'COMPLETED', 'FILED')),
    ADD COLUMN accountant_notes              text,
    ADD COLUMN full_service_status           text,
    ADD COLUMN full_service_notes            text,
    ADD COLUMN allow_customer_support_access boolean NOT NULL DEFAULT false,
    ADD COLUMN avatar_image_url              text,
    ADD COLUMN can_use_priority              boolean NOT NULL DEFAULT false,
    ADD COLUMN is_enterprise                 boolean NOT NULL DEFAULT false,
    ADD COLUMN default_ai_model              text,
    ADD COLUMN default_to_floor              boolean NOT NULL DEFAULT false,
    ADD COLUMN use_snapshots                 boolean NOT NULL DEFAULT false,
    ADD COLUMN portfolio_provider            text,
    ADD COLUMN payment_app_username          text,
    ADD COLUMN sol_referral_address          text,
    ADD COLUMN messenger_group_url           text,
    ADD COLUMN messenger_username            text;

-- A client's billing plan (at most one current plan per client).
CREATE TABLE subscriptions (
    id                   uuid PRIMARY KEY,
    client_id            uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    plan                 text NOT NULL CHECK (plan IN ('FREE', 'HOBBYIST', 'PREMIUM', 'UNLIMITED', 'ENTERPRISE')),
    status               text NOT NULL CHECK (status IN ('TRIALING', 'ACTIVE', 'PAST_DUE', 'CANCELED', 'EXPIRED')),
    tax_years            integer[] NOT NULL DEFAULT '{}',
    transaction_limit    integer,
    price_cents          bigint NOT NULL DEFAULT 0,
    currency             text NOT NULL DEFAULT 'USD',
    current_period_start timestamptz NOT NULL,
    current_period_end   timestamptz NOT NULL,
    cancel_at_period_end boolean NOT NULL DEFAULT false,
    created_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT subscriptions_client_key UNIQUE (client_id)
);

-- Recorded insights: findings written by a person or a job (the ledger-derived ones, such as missing
-- basis, are computed when read), and the transactions each concerns.
CREATE TABLE insights (
    id                     uuid PRIMARY KEY,
    client_id              uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    pattern_id             text NOT NULL,
    type                   text NOT NULL,
    status                 text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'RESOLVED', 'DISMISSED')),
    severity               text NOT NULL CHECK (severity IN ('INFO', 'WARNING', 'CRITICAL')),
    title                  text NOT NULL,
    description            text NOT NULL DEFAULT '',
    asset_id               uuid REFERENCES assets (id) ON DELETE SET NULL,
    estimated_impact_cents bigint,
    created_at             timestamptz NOT NULL DEFAULT now(),
    resolved_at            timestamptz
);
CREATE INDEX insights_client_idx ON insights (client_id, status);

CREATE TABLE insight_transactions (
    insight_id     uuid NOT NULL REFERENCES insights (id) ON DELETE CASCADE,
    transaction_id uuid NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
    PRIMARY KEY (insight_id, transaction_id)
);
CREATE INDEX insight_transactions_transaction_idx ON insight_transactions (transaction_id);

-- getClientInsights counts flagged results by these (flags are rare, so the partial indexes are small).
CREATE INDEX tax_transaction_results_missing_basis_idx ON tax_transaction_results (result_set_id, transaction_id)
    WHERE is_missing_basis;
CREATE INDEX tax_transaction_results_negative_balance_idx ON tax_transaction_results (result_set_id, transaction_id)
    WHERE has_negative_balance;
CREATE INDEX tax_disposals_uncovered_idx ON tax_disposals (result_set_id, transfer_id) WHERE uncovered;

-- +goose Down
DROP INDEX tax_disposals_uncovered_idx;
DROP INDEX tax_transaction_results_negative_balance_idx;
DROP INDEX tax_transaction_results_missing_basis_idx;
DROP TABLE insight_transactions;
DROP TABLE insights;
DROP TABLE subscriptions;
ALTER TABLE clients
    DROP COLUMN taxpayer_type, DROP COLUMN has_custom_fiscal_year, DROP COLUMN needed_tax_years,
    DROP COLUMN deadline, DROP COLUMN is_on_extension, DROP COLUMN accountant_status,
    DROP COLUMN accountant_notes, DROP COLUMN full_service_status, DROP COLUMN full_service_notes,
    DROP COLUMN allow_customer_support_access, DROP COLUMN avatar_image_url, DROP COLUMN can_use_priority,
    DROP COLUMN is_enterprise, DROP COLUMN default_ai_model, DROP COLUMN default_to_floor,
    DROP COLUMN use_snapshots, DROP COLUMN portfolio_provider, DROP COLUMN payment_app_username,
    DROP COLUMN sol_referral_address, DROP COLUMN messenger_group_url, DROP COLUMN messenger_username;
