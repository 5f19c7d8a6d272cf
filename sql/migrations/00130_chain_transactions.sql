-- +goose Up
-- What an EVM chain says about a transaction (imports.ChainTx as JSON: the call, the receipt's
-- fee and logs, internal moves, token transfers), per chain and hash. Public chain data shared by
-- every client, like prices: a sync stores each transaction once through the provider's cache,
-- and classification reads it again without asking the chain.
CREATE TABLE chain_transactions (
    chain      text NOT NULL,
    hash       text NOT NULL,
    block      bigint NOT NULL,
    tx         jsonb NOT NULL,
    fetched_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (chain, hash)
);

-- +goose Down
DROP TABLE chain_transactions;
