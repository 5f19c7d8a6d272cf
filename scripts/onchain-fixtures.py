#!/usr/bin/env python3
"""Extract compact on-chain fixtures from recorded Etherscan v2 answers.

Source: the public repository rotki/test-caching, whose VCR cassettes under
cassettes/unit/decoders/ hold real Etherscan v2 answers (eth_getTransactionByHash,
eth_getBlockByNumber, eth_getTransactionReceipt, txlistinternal by txhash, eth_call for token
metadata) of well-known public transactions. The wallet a fixture is about is the account the
cassette's test is parametrised with in rotki/rotki (rotkehlchen/tests/unit/decoders/); only that
fact is read from it.

Each selected transaction becomes one JSON file <out>/<chain>/<hash prefix>_<wallet prefix>.json
(one per transaction and wallet):

    {"shape", "chain", "wallet", "source", "timestamp", "tx", "receipt", "internal", "tokens"}

tx and receipt are the JSON-RPC objects as recorded, minus the signature, the logs bloom and
block hashes; internal are the txlistinternal rows; tokens maps a contract to its symbol, name and
decimals (from the cassettes' eth_call answers, else from KNOWN_TOKENS below).

Usage:
    scripts/onchain-fixtures.py [--cassettes GITDIR] [--rotki GITDIR] [--out DIR]
    scripts/onchain-fixtures.py --dump DIR      # every cassette's transactions, for browsing
"""

import argparse
import json
import os
import re
import subprocess
import sys
import urllib.parse

import yaml

PREFIX = "cassettes/unit/decoders/"

# chainid -> the chain's name in taxd
CHAINS = {"1": "ethereum", "8453": "base", "42161": "arbitrum", "10": "optimism", "137": "polygon", "56": "bsc"}

# Tokens whose metadata a selected cassette does not record (symbol, name, decimals), by chain
# and lower-case contract. Public facts of the token contracts.
KNOWN_TOKENS = {
    "ethereum": {
        "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2": ("WETH", "Wrapped Ether", 18),
        "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48": ("USDC", "USD Coin", 6),
        "0xdac17f958d2ee523a2206206994597c13d831ec7": ("USDT", "Tether USD", 6),
        "0x6b175474e89094c44da98b954eedeac495271d0f": ("DAI", "Dai Stablecoin", 18),
        "0xae7ab96520de3a18e5e111b5eaab095312d7fe84": ("stETH", "Liquid staked Ether 2.0", 18),
        "0x7f39c581f595b53c5cb19bd0b3f8da6c935e2ca0": ("wstETH", "Wrapped liquid staked Ether 2.0", 18),
        "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984": ("UNI", "Uniswap", 18),
        "0xc18360217d8f7ab5e7c516566761ea12ce7f9d72": ("ENS", "Ethereum Name Service", 18),
        "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599": ("WBTC", "Wrapped BTC", 8),
        "0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9": ("AAVE", "Aave Token", 18),
        "0x514910771af9ca656af840dff83e8264ecf986ca": ("LINK", "ChainLink Token", 18),
        "0x6c3ea9036406852006290770bedfcaba0e23a0e8": ("PYUSD", "PayPal USD", 6),
        "0xb4e16d0168e52d35cacd2c6185b44281ec28c9dc": ("UNI-V2", "Uniswap V2", 18),
        "0xae461ca67b15dc8dc81ce7615e0320da1a9ab8d5": ("UNI-V2", "Uniswap V2", 18),
        "0x853d955acef822db058eb8505911ed77f175b99e": ("FRAX", "Frax", 18),
        "0x5f98805a4e8be255a32880fdec7f6728c6568ba0": ("LUSD", "LUSD Stablecoin", 18),
        "0x761d38e5ddf6ccf6cf7c55759d5210750b5d60f3": ("ELON", "Dogelon", 18),
        "0x6c3f90f043a72fa612cbac8115ee7e52bde6e490": ("3Crv", "Curve.fi DAI/USDC/USDT", 18),
        "0x5a98fcbea516cf06857215779fd812ca3bef1b32": ("LDO", "Lido DAO Token", 18),
        "0x9a44fd41566876a39655f74971a3a6ea0a17a454": ("aEthLDO", "Aave Ethereum LDO", 18),
        "0x23878914efe38d27c4d67ab83ed1b93a74d4086a": ("aEthUSDT", "Aave Ethereum USDT", 6),
        "0x030ba81f1c18d280636f32af80b9aad02cf0854e": ("aWETH", "Aave interest bearing WETH", 18),
        "0xd057b63f5e69cf1b929b356b579cba08d7688048": ("vCOW", "CoW Protocol Virtual Token", 18),
        "0x4d5f47fa6a74757f35c14fd3a6ef8e3c9bc514e8": ("aEthWETH", "Aave Ethereum WETH", 18),
        "0x98c23e9d8f34fefb1b7bd6a91b7ff122f4e16f5c": ("aEthUSDC", "Aave Ethereum USDC", 6),
        "0x7f86bf177dd4f3494b841a37e810a34dd56c829b": ("crvUSDCWBTCWETH", "TricryptoUSDC", 18),
        "0x72e95b8931767c79ba4eee721354d6e99a61d004": ("variableDebtEthUSDC", "Aave Ethereum Variable Debt USDC", 6),
        "0x408e41876cccdc0f92210600ef50372656052a38": ("REN", "Republic Token", 18),
        "0xcc12abe4ff81c9378d670de1b57f8e0dd228d77a": ("aREN", "Aave interest bearing REN", 18),
        "0xcd9d82d33bd737de215cdac57fe2f7f04df77fe0": ("variableDebtREN", "Aave variable debt bearing REN", 18),
        "0xf63b34710400cad3e044cffdcab00a0f32e33ecf": ("variableDebtWETH", "Aave variable debt bearing WETH", 18),
        "0x4da27a545c0c5b758a6ba100e3a049001de870f5": ("stkAAVE", "Staked Aave", 18),
        "0x4ddc2d193948926d02f9b1fe9e1daa0718270ed5": ("cETH", "Compound Ether", 8),
        "0x39aa39c021dfbae8fac545936693ac917d5e7563": ("cUSDC", "Compound USD Coin", 8),
        "0xc00e94cb662c3520282e6f5717214004a7f26888": ("COMP", "Compound", 18),
        "0xc3d688b66703497daa19211eedff47f25384cdc3": ("cUSDCv3", "Compound USDC", 6),
        "0xc25a3a3b969415c80451098fa907ec722572917f": ("crvPlain3andSUSD", "Curve.fi DAI/USDC/USDT/sUSD", 18),
        "0xd533a949740bb3306d119cc777fa900ba034cd52": ("CRV", "Curve DAO Token", 18),
        "0xf951e335afb289353dc249e82926178eac7ded78": ("swETH", "swETH", 18),
        "0x83e9115d334d248ce39a6f36144aeab5b3456e75": ("bEIGEN", "Backing Eigen", 18),
        "0xec53bf9167f50cdeb3ae105f56099aaab9061f83": ("EIGEN", "Eigen", 18),
    },
    "arbitrum": {
        "0x82af49447d8a07e3bd95bd0d56f35241523fbab1": ("WETH", "Wrapped Ether", 18),
        "0xaf88d065e77c8cc2239327c5edb3a432268e5831": ("USDC", "USD Coin", 6),
        "0xff970a61a04b1ca14834a43f5de4533ebddb5cc8": ("USDC.e", "Bridged USDC", 6),
        "0x912ce59144191c1204e64559fe8253a0e49e6548": ("ARB", "Arbitrum", 18),
        "0xda10009cbd5d07dd0cecc66161fc93d7c9000da1": ("DAI", "Dai Stablecoin", 18),
        "0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9": ("USDT", "Tether USD", 6),
        "0x11cdb42b0eb46d95f990bedd4695a6e3fa034978": ("CRV", "Curve DAO Token", 18),
        "0x2f2a2543b76a4166549f7aab2e75bef0aefc5b0f": ("WBTC", "Wrapped BTC", 8),
        "0xf97f4df75117a78c1a5a0dbb814af92458539fb4": ("LINK", "ChainLink Token", 18),
        "0x191c10aa4af7c30e871e70c95db0e4eb77237530": ("aArbLINK", "Aave Arbitrum LINK", 18),
        "0x342dee677fea9ecaa71a9490b08f9e4addef79d6": ("UNI-V2", "Uniswap V2", 18),
        "0xec090cf6dd891d2d014bea6edada6e05e025d93d": ("crvUSDC", "Curve.fi Factory Plain Pool: crvUSD/USDC", 18),
        "0x894341be568eae3697408c420f1d0acfce6e55f9": ("FUSD", "FUSD", 18),
    },
    "base": {
        "0x4200000000000000000000000000000000000006": ("WETH", "Wrapped Ether", 18),
        "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913": ("USDC", "USD Coin", 6),
        "0x50c5725949a6f0c72e6c4a641f24049a917db0cb": ("DAI", "Dai Stablecoin", 18),
        "0xd9aaec86b65d86f6a7b5b1b0c42ffa531710b6ca": ("USDbC", "USD Base Coin", 6),
        "0xca73ed1815e5915489570014e024b7ebe65de679": ("ODOS", "Odos Token", 18),
        "0xc1cba3fcea344f92d9239c08c0568f6f2f0ee452": ("wstETH", "Wrapped liquid staked Ether 2.0", 18),
        "0x41a7c3f5904ad176dacbb1d99101f59ef0811dc1": ("variableDebtBaswstETH", "Aave Base Variable Debt wstETH", 18),
    },
    "optimism": {
        "0x68f180fcce6836688e9084f035309e29bf0a2095": ("WBTC", "Wrapped BTC", 8),
        "0x9250e720c0f2bb732c598bee54c0aee195cea673": ("UNI-V2", "Uniswap V2", 18),
        "0x4200000000000000000000000000000000000006": ("WETH", "Wrapped Ether", 18),
        "0x4200000000000000000000000000000000000042": ("OP", "Optimism", 18),
        "0x0b2c639c533813f4aa9d7837caf62653d097ff85": ("USDC", "USD Coin", 6),
    },
}

# The selected transactions: (cassette under cassettes/unit/decoders/ without ".yaml", shape,
# the hash when the cassette records more than one transaction, the wallet when the test's first
# account is not the one the transaction is about).
SELECTION = [
    # Ethereum: swaps through routers and solvers
    ("test_1inch/test_1inchv4_swap_on_uniswapv3[ethereum_accounts0]", "swap-1inch", None, None),
    ("test_1inch/test_1inchv3_swap_for_eth[ethereum_accounts0]", "swap-1inch", None, None),
    ("test_uniswapv2/test_uniswap_v2_swap[ethereum_accounts0]", "swap-uniswap-v2", None, None),
    ("test_uniswapv2/test_uniswap_v2_swap_eth_returned[ethereum_accounts0]", "swap-eth-refund", None, None),
    ("test_uniswapv3/test_uniswap_v3_swap[ethereum_accounts0]", "swap-uniswap-v3", None, None),
    ("test_uniswapv3/test_swap_eth_to_tokens_refund[ethereum_accounts0]", "swap-eth-refund", None, None),
    ("test_uniswapv3/test_uniswap_v3_swap_by_universal_router[ethereum_accounts0]", "swap-uniswap-v3", None, None),
    ("test_cowswap/test_swap_token_to_token[ethereum_accounts0]", "swap-cow", None, None),
    ("test_cowswap/test_swap_token_to_eth[ethereum_accounts0]", "swap-cow", None, None),
    ("test_zerox/test_swap_settler_token_eth_ethereum[ethereum_accounts0]", "swap-0x", None, None),
    ("test_curve/test_curve_trade_token_to_token[ethereum_accounts0-load_global_caches0]", "swap-curve", None, None),
    # Ethereum: wraps and staking
    ("test_weth/test_weth_deposit[ethereum_accounts0]", "wrap", None, None),
    ("test_weth/test_weth_withdrawal[ethereum_accounts0]", "unwrap", None, None),
    ("test_eth2/test_deposit[ethereum_accounts0]", "beacon-deposit", None, None),
    ("test_lido_eth/test_lido_steth_staking[ethereum_accounts0]", "lido-submit", None, None),
    ("test_lido_eth/test_lido_wsteth_wrapping[ethereum_accounts0]", "wrap-wsteth", None, None),
    # Ethereum: liquidity and lending
    ("test_uniswapv2/test_uniswap_v2_add_liquidity[ethereum_accounts0]", "lp-deposit", None, None),
    ("test_uniswapv2/test_uniswap_v2_remove_liquidity[ethereum_accounts0]", "lp-withdraw", None, None),
    ("test_curve/test_3pool_add_liquidity[ethereum_accounts0-load_global_caches0]", "lp-deposit", None, None),
    ("test_curve/test_3pool_remove_liquidity[ethereum_accounts0-load_global_caches0]", "lp-withdraw", None, None),
    ("test_uniswapv3/test_uniswap_v3_add_liquidity[ethereum_accounts0]", "lp-deposit-nft", None, None),
    ("test_aave_v3/test_aave_v3_deposit[ethereum_accounts0]", "lending-deposit", None, None),
    ("test_aave_v3/test_aave_v3_withdraw[ethereum_accounts0]", "lending-withdraw", None, None),
    ("test_aave_v2/test_aave_v2_supply_ether[ethereum_accounts0]", "lending-deposit", None, None),
    # Ethereum: gas only
    ("test_thegraph/test_thegraph_contract_transfer_approval[ethereum_accounts0]", "approval", None, None),
    ("test_main/test_failed_transaction[ethereum_accounts0]", "failed", None, None),
    ("test_ens/test_vote_cast[ethereum_accounts0]", "vote", None, None),
    ("test_main/test_transaction_to_self_event[ethereum_accounts0]", "self-call", None, None),
    # Ethereum: NFTs, names, airdrops, spam
    ("test_rotki/test_gold_sponsorship[ethereum_accounts0]", "nft-mint-paid-token", None, None),
    ("test_ens/test_register_v2[ethereum_accounts0]", "ens-register-erc1155", None, None),
    ("test_ens/test_register_v2_with_refund[ethereum_accounts0]", "ens-register-refund", None, None),
    ("test_ens/test_renewal_with_refund_new_controller[ethereum_accounts0]", "ens-renew-refund", None, None),
    ("test_ens/test_transfer_ens_name[Send-ethereum_accounts1]", "nft-send", None, "0x4bBa290826C253BD854121346c370a9886d1bC26"),
    ("test_ens/test_transfer_ens_name[Receive-ethereum_accounts2]", "nft-receive-other-sender", None, "0x34207C538E39F2600FE672bB84A90efF190ae4C7"),
    ("test_uniswapv2/test_claim_airdrop[ethereum_accounts0]", "airdrop-claim", None, None),
    ("test_ens/test_claim_airdrop[ethereum_accounts0]", "airdrop-claim", None, None),
    ("test_cowswap/test_ethereum_claim_airdrop[ethereum_accounts0]", "airdrop-claim", None, None),
    ("test_spam/test_receive_poison[ethereum_accounts0]", "spam-poison", None, None),
    ("test_main/test_phishing_zero_transfers[ethereum_accounts0]", "spam-zero-transfer", None, None),
    # Ethereum: bridges
    ("test_across/test_across_bridge_deposit_on_ethereum[ethereum_accounts0]", "bridge-out-across", None, None),
    ("test_across/test_across_relayed_bridge_receive_on_ethereum[ethereum_accounts0]", "bridge-in-across", None, None),
    ("test_arbitrum_one_bridge/test_deposit_eth_from_ethereum_to_arbitrum_one[ethereum_accounts0]", "bridge-out-arbitrum", None, None),
    ("test_arbitrum_one_bridge/test_receive_eth_on_ethereum[ethereum_accounts0]", "bridge-in-arbitrum", None, None),
    ("test_superchain_bridge/test_deposit_eth_ethereum_to_base_bridge[ethereum_accounts0]", "bridge-out-base", None, None),
    ("test_superchain_bridge/test_claim_eth_on_ethereum[ethereum_accounts0]", "bridge-in-optimism", None, None),
    ("test_hop/test_hop_l2_deposit[ethereum_accounts0]", "bridge-out-hop", None, None),
    ("test_cctp/test_deposit_usdc_from_ethereum_to_arbitrum_one[ethereum_accounts0]", "bridge-out-cctp", None, None),
    # Arbitrum
    ("test_arbitrum_one_bridge/test_receive_eth_on_arbitrum_one[arbitrum_one_accounts0]", "bridge-in-arbitrum", None, None),
    ("test_arbitrum_one_bridge/test_withdraw_eth_from_arbitrum_one_to_ethereum[arbitrum_one_accounts0]", "bridge-out-arbitrum", None, None),
    ("test_cctp/test_receive_usdc_on_arbitrum_one_from_ethereum[arbitrum_one_accounts0]", "bridge-in-cctp", None, None),
    ("test_across/test_socket_across_receive_on_arbitrum[arbitrum_one_accounts0]", "bridge-in-across", None, None),
    ("test_1inch/test_1inch_swap_via_pancake[arbitrum_one_accounts0]", "swap-1inch", None, None),
    ("test_cowswap/test_swap_token_to_token_arb[arbitrum_one_accounts0]", "swap-cow", None, None),
    ("test_uniswapv3/test_swap_on_arbitrum[arbitrum_one_accounts0]", "swap-uniswap-v3", None, None),
    ("test_uniswapv3/test_uniswap_v3_create_lp_position_with_native_refund[arbitrum_one_accounts0]", "lp-deposit-nft-refund", None, None),
    ("test_arbitrum_one/test_arbitrum_airdrop_claim[arbitrum_one_accounts0]", "airdrop-claim", None, None),
    ("test_arbitrum_one/test_vote_cast[arbitrum_one_accounts0]", "vote", None, None),
    ("test_weth/test_weth_deposit_arbitrum_one[arbitrum_one_accounts0]", "wrap", None, None),
    ("test_aave_v3/test_aave_v3_withdraw_arbitrum_one[arbitrum_one_accounts0]", "lending-withdraw", None, None),
    # Base
    ("test_superchain_bridge/test_receive_eth_ethereum_to_base_bridge[base_accounts0]", "bridge-in-base", None, None),
    ("test_superchain_bridge/test_withdraw_eth_base_to_ethereum_bridge[base_accounts0]", "bridge-out-base", None, None),
    ("test_hop/test_hop_eth_bridge_base[base_accounts0]", "bridge-out-hop", None, None),
    ("test_1inch/test_1inch_base_v6_swap[base_accounts0]", "swap-1inch", None, None),
    ("test_uniswapv3/test_swap_on_base[base_accounts0]", "swap-uniswap-v3", None, None),
    ("test_weth/test_weth_deposit_base[base_accounts0]", "wrap", None, None),
    ("test_weth/test_weth_withdraw_base[base_accounts0]", "unwrap", None, None),
    ("test_basenames/test_basenames_register[base_accounts0]", "name-register", None, None),
    ("test_odos_v2/test_airdrop_claim[base_accounts0]", "airdrop-claim", None, None),
    ("test_aave_v3/test_aave_v3_borrow_base[base_accounts0]", "lending-borrow", None, None),
    # Optimism
    ("test_optimism/test_optimism_airdrop_1_claim[optimism_accounts0]", "airdrop-claim", None, None),
    # DeFi positions, loans and rewards (the protocol rules): one per protocol and shape
    ("test_uniswapv3/test_uniswap_v3_remove_liquidity[ethereum_accounts0]", "lp-withdraw-nft", None, None),
    ("test_uniswapv2/test_remove_liquidity_on_arbitrum_one[arbitrum_one_accounts0]", "lp-withdraw", None, None),
    ("test_uniswapv2/test_add_liquidity_on_optimism[optimism_accounts0]", "lp-deposit", None, None),
    ("test_lido_eth/test_lido_wsteth_unwrapping[ethereum_accounts0]", "unwrap-wsteth", None, None),
    ("test_aave_v3/test_aave_v3_borrow[ethereum_accounts0]", "lending-borrow", None, None),
    ("test_aave_v3/test_aave_v3_repay[ethereum_accounts0]", "lending-repay", None, None),
    ("test_aave_v3/test_aave_v3_liquidation[ethereum_accounts0]", "lending-liquidation", None, None),
    ("test_aave_v3/test_aave_v3_withdraw_with_bigger_interest[ethereum_accounts0]", "lending-withdraw", None, None),
    ("test_aave_v2/test_aave_v2_borrow[ethereum_accounts0]", "lending-borrow", None, None),
    ("test_aave_v2/test_aave_v2_withdraw[ethereum_accounts0]", "lending-withdraw", None, None),
    ("test_aave_v2/test_aave_v2_liquidation[ethereum_accounts0]", "lending-liquidation", None, None),
    ("test_aave_v2/test_aave_stake[ethereum_accounts0]", "staking-deposit", None, None),
    ("test_aave_v2/test_aave_unstake[ethereum_accounts0]", "staking-withdraw", None, None),
    ("test_aave_v2/test_stake_reward[ethereum_accounts0]", "reward-claim", None, None),
    ("test_compound_v2/test_compound_ether_deposit[ethereum_accounts0]", "lending-deposit", None, None),
    ("test_compound_v2/test_compound_ether_withdraw[ethereum_accounts0]", "lending-withdraw", None, None),
    ("test_compound_v2/test_compound_borrow[ethereum_accounts0]", "lending-borrow", None, None),
    ("test_compound_v2/test_compound_payback[ethereum_accounts0]", "lending-repay", None, None),
    ("test_compound_v2/test_compound_liquidation_eth[ethereum_accounts0]", "lending-liquidation", None, None),
    ("test_compound_v2/test_compound_comp_claim_last_transfer[ethereum_accounts0]", "reward-claim", None, None),
    ("test_compound_v3/test_compound_v3_supply[ethereum_accounts0]", "lending-deposit", None, None),
    ("test_compound_v3/test_compound_v3_withdraw[ethereum_accounts0]", "lending-withdraw", None, None),
    ("test_compound_v3/test_arbitrum_one_borrow[arbitrum_one_accounts0]", "lending-borrow", None, None),
    ("test_compound_v3/test_base_repay[base_accounts0]", "lending-repay", None, None),
    ("test_compound_v3/test_compound_v3_claim_comp[ethereum_accounts0]", "reward-claim", None, None),
    ("test_curve/test_gauge_deposit[ethereum_accounts0-True-load_global_caches0]", "staking-deposit", None, None),
    ("test_curve/test_gauge_withdraw[ethereum_accounts0-load_global_caches0]", "staking-withdraw", None, None),
    ("test_curve/test_crv_minter[ethereum_accounts0]", "reward-claim", None, None),
    ("test_eigenlayer/test_deposit_token[ethereum_accounts0]", "staking-deposit", None, None),
    ("test_eigenlayer/test_complete_withdrawal_token_without_queue_event[ethereum_accounts0]", "staking-withdraw", None, None),
    ("test_curve/test_remove_liquidity_single_token[arbitrum_one_accounts0-load_global_caches0]", "lp-withdraw", None, None),
    ("test_curve/test_tricrypto_deposit[load_global_caches0-ethereum_accounts0]", "lp-deposit", None, None),
    # DeFi interactions no rule reads completely: never read with high confidence
    ("test_aave_v2/test_mainnet_aave_v2_migrate_to_v3_[ethereum_accounts0]", "lending-migration", None, None),
    ("test_aave_v3/test_aave_v3_collateral_swap[base_accounts0]", "lending-collateral-swap", None, None),
    ("test_aave_v3/test_batch_aave3_operations_via_safe[ethereum_accounts0]", "lending-batch", None, None),
    ("test_eigenlayer/test_complete_withdrawal_post_slashing_eth[ethereum_accounts0]", "restaking-native-withdraw", "0xcc0f01a59a1ce8854106f0a901ed0b272467e868b862fe1d104b97ddd5f630ae", None),
    ("test_balancer/test_balancer_v1_join[ethereum_accounts0-load_global_caches0]", "lp-deposit-unlisted", None, None),
    ("test_curve/test_curve_usdn_add_liquidity[ethereum_accounts0-load_global_caches0]", "lp-deposit-zap", None, None),
]


def git(gitdir, *args):
    return subprocess.run(["git", "-C", gitdir, *args], capture_output=True, check=True).stdout


def load_cassette(gitdir, path):
    raw = git(gitdir, "show", "HEAD:" + path)
    return yaml.safe_load(raw) or {}


def answers(cassette):
    """(query dict, parsed JSON body) of every Etherscan-style interaction."""
    for it in cassette.get("interactions") or []:
        uri = it["request"]["uri"]
        q = {k.lower(): v for k, v in urllib.parse.parse_qsl(urllib.parse.urlparse(uri).query)}
        body = it["response"]["body"].get("string")
        if isinstance(body, bytes):
            body = body.decode()
        try:
            data = json.loads(body)
        except (TypeError, ValueError):
            continue
        yield q, data


TX_DROP = {"r", "s", "v", "yParity", "accessList", "chainId"}
RECEIPT_DROP = {"logsBloom", "blockHash"}
LOG_KEEP = ("address", "topics", "data", "logIndex", "removed")


def compact_tx(tx):
    return {k: v for k, v in tx.items() if k not in TX_DROP}


def compact_receipt(r):
    out = {k: v for k, v in r.items() if k not in RECEIPT_DROP and k != "logs"}
    out["logs"] = [{k: log[k] for k in LOG_KEEP if k in log} for log in r.get("logs") or []]
    return out


def abi_string(hexdata):
    """An eth_call answer of symbol()/name(): an ABI string, or a bytes32 (old tokens)."""
    b = bytes.fromhex(hexdata[2:])
    if len(b) >= 64:
        off = int.from_bytes(b[:32], "big")
        if off == 32 and len(b) >= 64:
            n = int.from_bytes(b[32:64], "big")
            return b[64:64 + n].decode("utf-8", "replace")
    if len(b) == 32:
        return b.rstrip(b"\0").decode("utf-8", "replace")
    return None


SELECTORS = {"0x95d89b41": "symbol", "0x06fdde03": "name", "0x313ce567": "decimals"}


def extract(cassette):
    """Every transaction of a cassette: {hash: record} with chain, tx, receipt, timestamp,
    internal rows; and token metadata {(chain, contract): {...}}."""
    txs, receipts, blocks, internal, meta = {}, {}, {}, {}, {}
    for q, data in answers(cassette):
        chain = CHAINS.get(q.get("chainid", ""))
        action = q.get("action")
        if chain is None:
            continue
        if action == "eth_getTransactionByHash" and isinstance(data.get("result"), dict):
            txs[q["txhash"].lower()] = (chain, data["result"])
        elif action == "eth_getTransactionReceipt" and isinstance(data.get("result"), dict):
            receipts[q["txhash"].lower()] = data["result"]
        elif action == "eth_getBlockByNumber" and isinstance(data.get("result"), dict):
            blocks[(chain, int(q["tag"], 16))] = int(data["result"]["timestamp"], 16)
        elif action == "txlistinternal" and q.get("txhash"):
            rows = data.get("result") if isinstance(data.get("result"), list) else []
            internal[q["txhash"].lower()] = rows
        elif action == "eth_call":
            sel = (q.get("data") or "")[:10]
            res = data.get("result")
            if sel in SELECTORS and isinstance(res, str) and len(res) > 2:
                key = (chain, q["to"].lower())
                m = meta.setdefault(key, {})
                if SELECTORS[sel] == "decimals":
                    m["decimals"] = int(res, 16)
                else:
                    s = abi_string(res)
                    if s is not None:
                        m[SELECTORS[sel]] = s
    out = {}
    for h, (chain, tx) in txs.items():
        if h not in receipts:
            continue
        block = int(tx["blockNumber"], 16)
        if (chain, block) not in blocks:
            continue
        out[h] = {
            "chain": chain,
            "timestamp": blocks[(chain, block)],
            "tx": compact_tx(tx),
            "receipt": compact_receipt(receipts[h]),
            "internal": internal.get(h, []),
        }
    return out, meta


TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
TRANSFER_SINGLE = "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62"
TRANSFER_BATCH = "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb"


def token_contracts(rec):
    """The token contracts whose transfers the receipt's logs record, with their standard."""
    out = {}
    for log in rec["receipt"]["logs"]:
        t = log["topics"]
        if not t:
            continue
        if t[0] == TRANSFER and len(t) == 3:
            out.setdefault(log["address"].lower(), "erc20")
        elif t[0] == TRANSFER and len(t) == 4:
            out[log["address"].lower()] = "erc721"
        elif t[0] in (TRANSFER_SINGLE, TRANSFER_BATCH):
            out[log["address"].lower()] = "erc1155"
    return out


ACCOUNTS_RE = re.compile(r"parametrize\(\s*'(\w+)_accounts'\s*,\s*\[(.*?)\]\s*\)", re.S)
ADDR_RE = re.compile(r"0x[0-9a-fA-F]{40}")
DEF_RE = re.compile(r"^(?:async )?def (test_\w+)\(", re.M)


def test_accounts(rotki, module):
    """{test name: [[addresses of param set 0], [set 1], ...]} of one rotki test module."""
    try:
        src = git(rotki, "show", "HEAD:rotkehlchen/tests/unit/decoders/" + module + ".py").decode()
    except subprocess.CalledProcessError:
        return {}
    consts = module_constants(rotki, src)
    out, prev = {}, 0
    for m in DEF_RE.finditer(src):
        head = src[prev:m.start()]
        # the decorators right above this def: after the previous def's body
        sets = []
        for pm in ACCOUNTS_RE.finditer(head):
            sets = []
            for part in re.split(r"\]\s*,\s*\[", pm.group(2)):
                addrs = []
                for tok in re.findall(r"0x[0-9a-fA-F]{40}|\b[A-Z][A-Z0-9_]*\b", part):
                    addr = tok if tok.startswith("0x") else consts.get(tok)
                    if addr:
                        addrs.append(addr)
                sets.append(addrs)
        out[m.group(1)] = sets
        prev = m.end()
    return out


CONST_RE = re.compile(r"^([A-Z][A-Z0-9_]*)\s*(?::[^=]*)?=[^\n]*?(0x[0-9a-fA-F]{40})", re.M)
IMPORT_RE = re.compile(r"^from (rotkehlchen\.tests\.[\w.]+) import \(?([^)]*?)\)?$", re.M | re.S)


def module_constants(rotki, src):
    """Address constants a test module defines or imports from other test modules."""
    consts = {}
    for im in IMPORT_RE.finditer(src):
        path = im.group(1).replace(".", "/") + ".py"
        try:
            other = git(rotki, "show", "HEAD:" + path).decode()
        except subprocess.CalledProcessError:
            continue
        for cm in CONST_RE.finditer(other):
            consts[cm.group(1)] = cm.group(2)
    for cm in CONST_RE.finditer(src):
        consts[cm.group(1)] = cm.group(2)
    return consts


def wallet_of(rotki, cassette_name, rec):
    """The wallet of a cassette's test: its accounts parameter (index from the cassette's name),
    else the transaction's sender."""
    module, test = cassette_name.split("/", 1)
    base = test.split("[", 1)[0]
    idx = 0
    m = re.search(r"_accounts(\d+)", test)
    if m:
        idx = int(m.group(1))
    sets = test_accounts(rotki, module).get(base) or []
    if idx < len(sets) and sets[idx]:
        return sets[idx][0].lower(), "test account"
    if sets and sets[0]:
        return sets[0][0].lower(), "test account"
    return rec["tx"]["from"].lower(), "sender"


def dump(args):
    names = git(args.cassettes, "ls-tree", "-r", "--name-only", "HEAD", PREFIX).decode().split("\n")
    os.makedirs(args.dump, exist_ok=True)
    for path in names:
        if not path.endswith(".yaml"):
            continue
        try:
            recs, meta = extract(load_cassette(args.cassettes, path))
        except yaml.YAMLError as e:
            print("skip", path, e, file=sys.stderr)
            continue
        name = path[len(PREFIX):-len(".yaml")]
        with open(os.path.join(args.dump, name.replace("/", "__") + ".json"), "w") as f:
            json.dump({"source": path, "txs": recs,
                       "tokens": {f"{c}:{a}": m for (c, a), m in meta.items()}}, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cassettes", default="/work/.mirror/rotki+test-caching/repo")
    ap.add_argument("--rotki", default="/work/.mirror/rotki+rotki/repo")
    ap.add_argument("--out", default="internal/etherscanfake/testdata/fixtures")
    ap.add_argument("--dump")
    args = ap.parse_args()
    if args.dump:
        dump(args)
        return
    build(args)


def build(args):
    seen_meta = {}
    records = []
    for name, shape, want_hash, wallet in SELECTION:
        path = PREFIX + name + ".yaml"
        recs, meta = extract(load_cassette(args.cassettes, path))
        for k, v in meta.items():
            seen_meta.setdefault(k, {}).update(v)
        if want_hash:
            h = want_hash.lower()
        elif len(recs) == 1:
            h = next(iter(recs))
        else:
            sys.exit(f"{name}: {len(recs)} transactions, name one: {sorted(recs)}")
        if h not in recs:
            sys.exit(f"{name}: {h} not recorded")
        rec = recs[h]
        if wallet:
            w, why = wallet.lower(), "chosen"
        else:
            w, why = wallet_of(args.rotki, name, rec)
        records.append((name, shape, h, w, why, rec))
    for name, shape, h, w, why, rec in records:
        tokens = {}
        for contract, standard in sorted(token_contracts(rec).items()):
            m = dict(seen_meta.get((rec["chain"], contract), {}))
            known = KNOWN_TOKENS.get(rec["chain"], {}).get(contract)
            if known and ("symbol" not in m or "decimals" not in m):
                m = {"symbol": known[0], "name": known[1], "decimals": known[2]}
            if standard != "erc20":
                m.setdefault("decimals", 0)
            if "symbol" not in m and "decimals" not in m:
                print(f"note: {name}: no metadata for {rec['chain']} {contract} ({standard})", file=sys.stderr)
                continue
            m["standard"] = standard
            tokens[contract] = m
        doc = {"shape": shape, "chain": rec["chain"], "wallet": w, "walletFrom": why,
               "source": "rotki/test-caching " + PREFIX + name + ".yaml",
               "timestamp": rec["timestamp"], "tx": rec["tx"], "receipt": rec["receipt"],
               "internal": rec["internal"], "tokens": tokens}
        d = os.path.join(args.out, rec["chain"])
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, h[:18] + "_" + w[:10] + ".json"), "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"{rec['chain']:9} {shape:22} {h} {w} ({why}) {name}")


if __name__ == "__main__":
    main()
