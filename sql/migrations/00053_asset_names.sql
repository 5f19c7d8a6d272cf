-- +goose Up
-- Names for the assets that their source named by symbol alone (CSV rows, exchange balances, fiat
-- legs) or by chain: imports now name them from the price feed's coin metadata, the fiat codes and
-- the chains' native coins (prices.AssetName); the assets written before get the same names. A
-- name a person or a source gave is kept.
UPDATE assets a SET name = v.name
FROM (VALUES
    ('symbol:BTC', 'Bitcoin'), ('symbol:ETH', 'Ethereum'), ('symbol:SOL', 'Solana'), ('symbol:BNB', 'BNB'),
    ('symbol:MATIC', 'Polygon'), ('symbol:POL', 'Polygon Ecosystem Token'), ('symbol:USDC', 'USD Coin'),
    ('symbol:USDT', 'Tether'), ('symbol:DAI', 'Dai'), ('symbol:XRP', 'XRP'), ('symbol:ADA', 'Cardano'),
    ('symbol:DOGE', 'Dogecoin'), ('symbol:DOT', 'Polkadot'), ('symbol:LTC', 'Litecoin'),
    ('symbol:AVAX', 'Avalanche'), ('symbol:LINK', 'Chainlink'), ('symbol:ATOM', 'Cosmos Hub'),
    ('symbol:XLM', 'Stellar'), ('symbol:TRX', 'TRON'), ('symbol:BCH', 'Bitcoin Cash'),
    ('symbol:ETC', 'Ethereum Classic'), ('symbol:XMR', 'Monero'), ('symbol:ALGO', 'Algorand'),
    ('symbol:UNI', 'Uniswap'), ('symbol:AAVE', 'Aave'), ('symbol:ARB', 'Arbitrum'),
    ('symbol:OP', 'Optimism'), ('symbol:XTZ', 'Tezos'), ('symbol:NEAR', 'NEAR Protocol'),
    ('symbol:FIL', 'Filecoin'), ('symbol:SHIB', 'Shiba Inu'), ('symbol:ZEC', 'Zcash'),
    ('fiat:USD', 'US Dollar'), ('fiat:EUR', 'Euro'), ('fiat:GBP', 'British Pound'),
    ('fiat:CAD', 'Canadian Dollar'), ('fiat:AUD', 'Australian Dollar'), ('fiat:CHF', 'Swiss Franc'),
    ('fiat:JPY', 'Japanese Yen'), ('fiat:NZD', 'New Zealand Dollar'), ('fiat:SEK', 'Swedish Krona'),
    ('fiat:NOK', 'Norwegian Krone'), ('fiat:DKK', 'Danish Krone'), ('fiat:PLN', 'Polish Zloty'),
    ('fiat:SGD', 'Singapore Dollar'), ('fiat:HKD', 'Hong Kong Dollar'), ('fiat:KRW', 'South Korean Won'),
    ('fiat:BRL', 'Brazilian Real'), ('fiat:MXN', 'Mexican Peso'), ('fiat:INR', 'Indian Rupee'),
    ('fiat:ZAR', 'South African Rand'), ('fiat:TRY', 'Turkish Lira'), ('fiat:CZK', 'Czech Koruna'),
    ('fiat:HUF', 'Hungarian Forint'), ('fiat:AED', 'UAE Dirham'), ('bitcoin:native', 'Bitcoin'),
    ('solana:native', 'Solana'), ('ethereum:native', 'Ether'), ('base:native', 'Ether'),
    ('arbitrum:native', 'Ether'), ('optimism:native', 'Ether'),
    ('polygon:native', 'Polygon Ecosystem Token'), ('bsc:native', 'BNB')
) v(key, name)
WHERE a.key = v.key AND a.name = '';

-- +goose Down
SELECT 1; -- the names stay: nothing depends on their being empty
