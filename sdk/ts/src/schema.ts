/**
 * This file was generated from spec/openapi.yaml by scripts/generate.mjs (openapi-typescript).
 * Do not make direct changes to the file.
 */

export interface paths {
    "/access-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a portal access token
         * @description Mints a short-lived access token (an HS256 JWT) for the embedded portal of the user
         *     `referenceId` and returns the portal URL that opens the portal with it. The URL carries the
         *     query parameters `code` (the referenceId), `token` (the access token) and, when `email` is
         *     given, `email` (URL-encoded; it pre-fills the portal and does not change the user's stored
         *     e-mail). `expiresInSeconds` defaults to 3600 and may be 1 to 86400.
         *
         *     Partner credentials only: an access token cannot mint another access token (403).
         *     404 when the partner has no user with that referenceId.
         *
         *     The same token also authenticates the user on the GraphQL API (`POST /graphql` with
         *     `Authorization: Bearer <token>`), read and write, for that user's own client only: the
         *     `clientId` argument of the GraphQL operations is the `clientId` of this answer and of the
         *     user resource (`GET /users/{referenceId}/user`); another client's id gives FORBIDDEN and an
         *     expired token UNAUTHENTICATED.
         */
        post: operations["createAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a hosted portal link for a set of wallets
         * @description Returns the hosted portal link for the given set of wallets. Links are unique per partner and
         *     set of wallet addresses (order does not matter; EVM addresses compare case-insensitively): when
         *     a link for the same set already exists it is returned with 200 (its stored wallet names are
         *     kept), otherwise a link is created and returned with 201.
         *
         *     Every address must match the format of a supported chain (see the API description), else 400.
         *     Partner credentials only: an access token gets 403.
         */
        post: operations["createLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/links/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a hosted portal link
         * @description Finds or creates the hosted portal link for the wallets (as `POST /links` does) and queues an
         *     e-mail with the link to `email`. The answer is 200 once the e-mail is queued; it is sent
         *     asynchronously.
         *
         *     Each recipient can receive a limited number of link e-mails per UTC day (default 5,
         *     configurable per deployment); when the limit is reached the answer is 429 and nothing is
         *     queued. Partner credentials only: an access token gets 403.
         */
        post: operations["emailLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an embedded user
         * @description Creates an embedded user identified by the partner's `userId`, which is the `referenceId` of
         *     every later `/users/{referenceId}/...` call. A `userId` the partner already uses gets 409.
         *     Partner credentials only: an access token gets 403.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/user": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        /**
         * Get an embedded user and the partner's branding
         * @description Returns the user and the branding of the partner it belongs to (name, logo, colour, support
         *     e-mail, portal URL), which the embedded portal uses to style itself.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        /**
         * List a user's accounts
         * @description Returns the user's wallet accounts in the compact form (no balances or transactions), oldest
         *     first, one page at a time (`limit`, `cursor`, `next_cursor`: see Pagination).
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        get: operations["listAccounts"];
        put?: never;
        /**
         * Add wallet accounts to a user
         * @description Adds one wallet account per wallet on a supported chain and returns the created accounts in
         *     status `queued`; start their import with `POST /users/{referenceId}/account_syncs`.
         *
         *     `chain` is required for every wallet because an address alone is ambiguous: the same `0x`
         *     address exists on every EVM chain. Supported chains: ethereum, base, arbitrum, optimism,
         *     polygon, bsc, bitcoin, solana. Wallets on other chains, and wallets the user already has on
         *     the same chain, are not created and are listed in `skipped` with the reason.
         *
         *     400 when an address is malformed for its (supported) chain, or when the user would have more
         *     than 10 accounts afterwards; nothing is created then.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        post: operations["createAccounts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/account_syncs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        /**
         * List a user's account syncs and account statuses
         * @description Returns the user's sync jobs, newest first, with their progress, one page at a time (`limit`,
         *     default 20, `cursor`, `next_cursor`: see Pagination), and the current status of every account
         *     of the user (on every page).
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        get: operations["listAccountSyncs"];
        put?: never;
        /**
         * Start a sync of a user's accounts
         * @description Starts one sync (import) covering the accounts in `account_ids`, or all the user's wallet and
         *     exchange accounts that are not retired when the body is absent or has no ids, and answers 202
         *     with the queued sync; follow it with `GET /users/{referenceId}/account_syncs/{syncId}`. File
         *     accounts are imported from their files, not synced: one named in `account_ids` is a 400.
         *
         *     `accountIds` is the deprecated spelling of `account_ids`; send one of the two, not both (400).
         *     An id that is not an account of this user is a 400 naming the offending item.
         *
         *     An account is synced by one sync at a time. Accounts whose sync is already queued or running
         *     are not queued again: when every requested account has one, the answer (still 202) is the
         *     newest of those syncs, with its current status and progress; otherwise the new sync covers
         *     only the accounts that had none. Syncs of a partner with a long backlog yield to those of
         *     partners with a short one, so a large batch does not hold back other partners' syncs.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        post: operations["createAccountSyncs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/account_syncs/{syncId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
                /** @description The id of an account sync. */
                syncId: components["parameters"]["SyncId"];
            };
            cookie?: never;
        };
        /**
         * Get the progress of an account sync
         * @description Returns one sync of the user with its overall progress (0 to 100) and the status and progress
         *     of each account it covers.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        get: operations["getAccountSync"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a signed URL to upload a transaction file
         * @description Returns a URL that accepts one `PUT` of a transaction file (CSV) for the user, without
         *     credentials, until `expiresAt` (15 minutes). Send the file's bytes as the request body; the
         *     answer is 201 with `{"fileObjectKey": ...}` (also returned here). Then import it with the GraphQL
         *     mutation `uploadManualTransactions(fileObjectKey: ...)`: all rows or none, bad rows reported with
         *     their line numbers.
         *
         *     The `PUT` is refused with 403 when the signature was altered or the URL has expired, with 409
         *     when a file was already uploaded with it, and with 413 when the body is over `maxBytes`
         *     (25 MiB by default, see Limits); errors are `{"message": ...}` and nothing is stored. A `size`
         *     given here that is over the limit is refused at once with 413.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        post: operations["createUploadUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        /**
         * Get a tax preview for a year
         * @description Returns the user's tax figures for one tax year from the latest completed calculation:
         *     short- and long-term capital gains, their total, income, futures profit and loss, and the
         *     number of transactions in the year. `year` defaults to the latest tax year with results, else
         *     the current year. `isStale` is true when the ledger changed after that calculation (start a
         *     recalculation with `POST /users/{referenceId}/refresh`). A year without results gives zeros.
         *
         *     Future years (the rule of the preview and of reports alike): a tax year is available from
         *     2020 to the user's current tax year, the one that contains today in the user's timezone and
         *     fiscal year (the current one is in progress: its figures so far). A later year has not
         *     started: 400 `tax year N has not started`, naming `year`.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        get: operations["getTaxPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a ledger recalculation
         * @description Starts a recalculation of the user's ledger and tax results and returns the job. At most one
         *     job per user is queued or running: when one already is, that job is returned. Poll
         *     `GET /users/{referenceId}/recalculations/{jobId}` with its `id` for its outcome (`completed`
         *     or `failed`), or `GET /users/{referenceId}/active-recalculate-job` until it answers `null`. Ledger changes made
         *     while a job runs are not in its results; a follow-up job is queued when it ends (the poll
         *     shows it), so `null` means the results include every change made before it.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        post: operations["refreshTaxes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/active-recalculate-job": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        /**
         * Get the active recalculation job
         * @description Returns the user's queued or running recalculation job, or `data: null` when no job is active
         *     (the last one has settled and the results are current).
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        get: operations["getActiveRecalculateJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/recalculations/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
                /** @description The id of a recalculation job (`RecalculateJob.id`). */
                jobId: components["parameters"]["RecalculationId"];
            };
            cookie?: never;
        };
        /**
         * Get one recalculation and its outcome
         * @description Returns a recalculation job of the user (the `id` that `POST /users/{referenceId}/refresh`
         *     answered) in any status: `queued`, `running`, `completed`, or `failed` with its `error` once
         *     its attempts are used up. This is how to learn a recalculation's outcome: the active job
         *     (`GET /users/{referenceId}/active-recalculate-job`) answers `null` after a failure as after a
         *     success. A job that completed while the ledger changed has queued a follow-up: the active job
         *     shows it. The SDKs' `recalculate` polls this and fails on `failed`.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        get: operations["getRecalculation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/reports": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        /**
         * List a user's reports
         * @description Returns the user's reports, newest first: available ones and those still queued or generating
         *     (and failed ones, with their error, so they can be requested again), one page at a time
         *     (`limit`, default 100, `cursor`, `next_cursor`: see Pagination).
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        get: operations["listReports"];
        put?: never;
        /**
         * Request a report
         * @description Queues the generation of a report of type `reportType` (see `ReportType`) for tax year
         *     `year` and answers 201 with the report in status `queued`. Follow it with
         *     `GET /users/{referenceId}/reports/{reportId}`. When `email` is given, a signed download link is e-mailed
         *     to it once the report is available. A tax year that has not started (after the user's
         *     current tax year, in its timezone and fiscal year: the rule of the tax preview) is a 400.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        post: operations["createReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/reports/{reportId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
                /** @description The id of a report. */
                reportId: components["parameters"]["ReportId"];
            };
            cookie?: never;
        };
        /**
         * Get one report
         * @description Returns one report of the user in any status: `queued` or `generating` while it is being
         *     made, `available` with its `filename` once it can be downloaded, `failed` with its `error`.
         *     This is what to poll after `createReport` (the SDKs' `waitForReport` does), instead of
         *     listing the user's reports.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        get: operations["getReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{referenceId}/reports/{reportId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
                /** @description The id of a report. */
                reportId: components["parameters"]["ReportId"];
            };
            cookie?: never;
        };
        /**
         * Download a report file
         * @description Streams the file of an available report as `application/octet-stream`; `Content-Disposition`
         *     carries its filename (a `.zip` for `tax-forms`, a `.csv` for the other types). A report that
         *     is not available (queued, generating or failed) is answered with 404 like an unknown one.
         *
         *     Accepts partner credentials or the user's own access token (a token of another user gets 404).
         */
        get: operations["downloadReport"];
        put?: never;
        /**
         * Download a report file with a signed payload
         * @description Streams the report file like the GET operation, authorised by a signature instead of
         *     credentials: this operation has no security requirement, so links sent by e-mail work without
         *     partner secrets. The body is a `SignedDownloadRequest`:
         *     `signature = hex(HMAC-SHA256(signingSecret, reportId + "." + expires))`, lowercase, where
         *     `signingSecret` is the server's report-signing secret and `expires` the expiry in Unix seconds.
         *
         *     The signature is checked first: an invalid signature, or one whose `expires` is before now,
         *     is a 401 even for an unknown report. Then the report must belong to `{referenceId}` and be
         *     available, else 404.
         */
        post: operations["downloadReportSigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/{reportId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a report. */
                reportId: components["parameters"]["ReportId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a report file as base64 with a signed payload
         * @description Returns the file of an available report, base64-encoded in JSON with its filename and content
         *     type, authorised by a signature instead of credentials: this operation has no security
         *     requirement, so links sent by e-mail work without partner secrets. The body is a
         *     `SignedDownloadRequest`: `signature = hex(HMAC-SHA256(signingSecret, reportId + "." + expires))`,
         *     lowercase, where `signingSecret` is the server's report-signing secret and `expires` the expiry
         *     in Unix seconds.
         *
         *     The signature is checked first: an invalid signature, or one whose `expires` is before now,
         *     is a 401 even for an unknown report. A report that does not exist or is not available is 404.
         */
        post: operations["downloadReportSignedBase64"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crunch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a card-program user with accounts in one call
         * @description Creates the embedded user `userId` and one account per wallet (at most 4) in one transaction,
         *     then starts the first sync of the created accounts. `provider` is the wallet's chain (see the
         *     supported chains); when it is omitted the chain is detected from the address format (`0x…` is
         *     taken as ethereum, `bc1…`/`1…`/`3…` as bitcoin, base58 of 32 to 44 characters as solana).
         *     Wallets whose provider is not a supported chain are listed in `skipped`. A malformed address
         *     is a 400 and nothing is created; a `userId` the partner already uses is a 409.
         *
         *     Partner credentials only: an access token gets 403.
         */
        post: operations["crunch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/discount-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or retrieve a user's discount code
         * @description Returns the user's discount code for tax year `year` (default: the current calendar year in
         *     UTC): 200 with the existing code, or 201 with a newly created one. A user has at most one code
         *     per year; the discount is the partner's configured percentage.
         *
         *     Requires the client id and secret pair (secret-key authentication): an API key or an access
         *     token gets 403. 404 when the partner has no user with that referenceId.
         */
        post: operations["createDiscountCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the partner's webhook endpoints
         * @description The partner's registered webhook endpoints, newest first. Signing secrets are never listed:
         *     they are shown once, when an endpoint is created.
         *
         *     Partner credentials only: an access token gets 403.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Registers `url` to receive the partner's events (`eventTypes`, default all of them). The
         *     answer carries the endpoint's signing `secret` (`whsec_` and base64): it is shown only here,
         *     store it to verify deliveries.
         *
         *     Each event is sent as `POST url` with a JSON `WebhookEvent` body and the Standard Webhooks
         *     headers: `webhook-id` (the event id, the same on every retry: deduplicate on it),
         *     `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` and the base64
         *     HMAC-SHA256, keyed with the base64-decoded secret, of `{webhook-id}.{webhook-timestamp}.{body}`).
         *     Any 2xx answer within 10 seconds acknowledges the event; anything else is retried with
         *     exponential backoff for about a day, then the delivery is marked `failed`. Every attempt is
         *     in the delivery log (`GET /webhook-endpoints/{endpointId}/deliveries`).
         *
         *     The URL must be `http` or `https`, at most 2048 characters, without user name or password.
         *     Partner credentials only: an access token gets 403.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a webhook endpoint. */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Stops deliveries to the endpoint: pending retries are dropped. Its delivery log is deleted
         *     with it. 404 when the partner has no such endpoint.
         *
         *     Partner credentials only: an access token gets 403.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a webhook endpoint. */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        /**
         * Read an endpoint's delivery log
         * @description The endpoint's deliveries, newest first (at most 100): one per event, with the number of
         *     attempts so far and the outcome of the last one. 404 when the partner has no such endpoint.
         *
         *     Partner credentials only: an access token gets 403.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Always `success` in a success envelope.
         * @enum {string}
         */
        EnvelopeType: "success";
        /** @description The body of every error response. */
        Error: {
            /** @description A human-readable description of the problem. */
            message: string;
            /**
             * @description Machine-readable error class: one of `ErrorCode` (the SDKs type it so). It stays a string
             *     on the wire, so that a code added in a later 1.x release reaches an older client as it is.
             */
            code: string;
            /** @description The offending fields, when the error is about specific input fields. */
            errors?: components["schemas"]["FieldError"][];
        };
        /**
         * @description Machine-readable error class: `invalid_request` (400), `unauthorized` (401), `forbidden`
         *     (403), `not_found` (404), `method_not_allowed` (405), `conflict` (409), `taxes_locked`
         *     (409: the change touches the period before the client's tax lock), `idempotency_key_in_progress`
         *     (409), `payload_too_large` (413), `idempotency_key_reused` (422), `rate_limited` (429),
         *     `internal` (500), `not_implemented` (501), `service_unavailable` (503: an outage; retry
         *     after `Retry-After`).
         *
         *     New codes may be added to this list without a new API version: a client treats a code it does
         *     not know by its HTTP status (the SDKs keep it as it came, typed as this enum's unknown member).
         * @enum {string}
         */
        ErrorCode: "invalid_request" | "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "conflict" | "taxes_locked" | "idempotency_key_in_progress" | "payload_too_large" | "idempotency_key_reused" | "rate_limited" | "internal" | "not_implemented" | "service_unavailable";
        /** @description One invalid input field. */
        FieldError: {
            /** @description Path of the field, dot-separated with array indexes (for example `wallets.0.address`). */
            field: string;
            /** @description What is wrong with the field. */
            message: string;
        };
        CreateAccessTokenRequest: {
            /** @description The user to mint the token for. */
            referenceId: string;
            /**
             * @description Lifetime of the token in seconds (default 3600).
             * @default 3600
             */
            expiresInSeconds: number;
            /**
             * Format: email
             * @description Pre-fills the portal; added to `portalUrl` as `email`. Not stored.
             */
            email?: string;
        };
        /** @description A minted portal access token. */
        AccessToken: {
            /** @description The access token, a JWT usable as a Bearer token. */
            accessToken: string;
            /**
             * Format: uuid
             * @description The user's id on the GraphQL API (its `clientId` argument), as in the user resource.
             */
            clientId: string;
            /**
             * @description Always `Bearer`.
             * @enum {string}
             */
            tokenType: "Bearer";
            /** @description The referenceId from the request. */
            referenceId: string;
            /** @description Lifetime of the token in seconds. */
            expiresInSeconds: number;
            /**
             * Format: date-time
             * @description Expiry instant, ISO 8601 in UTC with milliseconds (for example `2026-11-20T13:00:00.000Z`).
             */
            expiresAt: string;
            /**
             * Format: uri
             * @description The embedded portal URL with the query parameters `code` (the referenceId), `token` (the
             *     access token) and, when an e-mail was given, `email` (URL-encoded).
             */
            portalUrl: string;
        };
        AccessTokenResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["AccessToken"];
        };
        /** @description A wallet of a hosted portal link. */
        LinkWallet: {
            /** @description The wallet address; it must match the format of a supported chain. */
            address: string;
            /** @description A display name for the wallet. */
            name?: string;
        };
        CreateLinkRequest: {
            /** @description The wallets of the link (at most 10, the account limit of a user). */
            wallets: components["schemas"]["LinkWallet"][];
        };
        EmailLinkRequest: {
            /** @description The wallets of the link (at most 10, the account limit of a user). */
            wallets: components["schemas"]["LinkWallet"][];
            /**
             * Format: email
             * @description The recipient of the link e-mail.
             */
            email: string;
        };
        /** @description A hosted portal link for a set of wallets. */
        Link: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uri
             * @description The portal URL of the link; opening it opens the portal for these wallets.
             */
            url: string;
            wallets: components["schemas"]["LinkWallet"][];
            /** Format: date-time */
            createdAt: string;
        };
        LinkResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["Link"];
        };
        /** @description A queued link e-mail. */
        LinkEmail: {
            /** Format: email */
            recipient: string;
            /**
             * @description Always `queued`; the e-mail is sent asynchronously.
             * @enum {string}
             */
            status: "queued";
            link: components["schemas"]["Link"];
        };
        LinkEmailResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["LinkEmail"];
        };
        CreateUserRequest: {
            /**
             * @description The partner's stable identifier of the user, used as `referenceId` afterwards: 1 to 128
             *     characters, no control characters and no leading or trailing whitespace (it is never
             *     trimmed: `"  spaced  "` is a 400, not a user named `spaced`).
             */
            userId: string;
            /** Format: email */
            email?: string;
            /** @description The taxpayer's name as it should appear on tax forms (optional). */
            name?: string | null;
        };
        /** @description The branding of the partner, for the embedded portal. */
        PartnerBranding: {
            name: string;
            /** Format: uri */
            logoUrl: string | null;
            /** @description A CSS hex colour. */
            primaryColor: string | null;
            /** Format: email */
            supportEmail: string | null;
            /**
             * Format: uri
             * @description Base URL of the partner's embedded portal.
             */
            portalUrl: string;
        };
        /** @description An embedded user of a partner. */
        EmbeddedUser: {
            /** @description The partner's identifier of the user. */
            referenceId: string;
            /**
             * Format: uuid
             * @description The user's id on the GraphQL API: the `clientId` argument of its operations (with the
             *     user's access token from `POST /access-tokens`, or a client API key).
             */
            clientId: string;
            /**
             * @description The taxpayer's name, printed on the user's tax forms (Form 8949, Schedule D); null when
             *     not known (the forms then leave the name line empty).
             */
            name: string | null;
            /** Format: email */
            email: string | null;
            /** Format: date-time */
            createdAt: string;
            partner: components["schemas"]["PartnerBranding"];
        };
        UserResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["EmbeddedUser"];
        };
        /**
         * @description A supported chain.
         * @enum {string}
         */
        Chain: "ethereum" | "base" | "arbitrum" | "optimism" | "polygon" | "bsc" | "bitcoin" | "solana";
        /**
         * @description Import status of an account: `queued` (waiting for its first or next sync), `syncing`,
         *     `synced` (the last sync succeeded), `failed` (the last sync failed; see `statusMessage`).
         * @enum {string}
         */
        AccountStatus: "queued" | "syncing" | "synced" | "failed";
        /** @description A wallet account of a user (compact form). */
        Account: {
            /** Format: uuid */
            id: string;
            address: string;
            chain: components["schemas"]["Chain"];
            /** @description The display name, null when none was given. */
            name: string | null;
            status: components["schemas"]["AccountStatus"];
            /** @description Why the last sync failed (`failed`), or why the attempt of the running sync failed while it is retried (`syncing`); null otherwise. */
            statusMessage: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description End of the last successful sync; null before the first one.
             */
            lastSyncedAt: string | null;
        };
        AccountList: {
            accounts: components["schemas"]["Account"][];
        };
        AccountListResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["AccountList"];
            /** @description Send as `cursor` (with the same `limit`) for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /**
         * @description A wallet to add as an account. `chain` is required because an address alone is ambiguous (the
         *     same `0x` address exists on every EVM chain).
         */
        AccountWallet: {
            address: string;
            /**
             * @description The chain: ethereum, base, arbitrum, optimism, polygon, bsc, bitcoin or solana (the
             *     `Chain` enum). A string rather than `Chain` on purpose: other values are accepted and
             *     reported in `skipped` with reason `unsupported_chain`, not refused.
             */
            chain: string;
            name?: string;
        };
        CreateAccountsRequest: {
            wallets: components["schemas"]["AccountWallet"][];
        };
        /** @description A wallet that was not added. */
        SkippedWallet: {
            address: string;
            /** @description The chain (or provider) as given or detected. */
            chain: string;
            /**
             * @description `unsupported_chain`: the chain is not supported. `already_added`: the user already has this
             *     address on this chain.
             * @enum {string}
             */
            reason: "unsupported_chain" | "already_added";
        };
        AccountsCreated: {
            /** @description The created accounts. */
            accounts: components["schemas"]["Account"][];
            skipped: components["schemas"]["SkippedWallet"][];
        };
        AccountsCreatedResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["AccountsCreated"];
        };
        /**
         * @description Status of a sync job.
         * @enum {string}
         */
        SyncStatus: "queued" | "running" | "completed" | "failed";
        /** @description The progress of one account within a sync. */
        AccountSyncItem: {
            /** Format: uuid */
            accountId: string;
            status: components["schemas"]["AccountStatus"];
            progress: number;
            /**
             * @description Why the account failed to sync (`failed`); while it is `syncing` and a failed attempt
             *     waits for the next one (`nextAttemptAt` set), which attempt failed, why and when the next
             *     starts; while `queued` again after the worker running it stopped, that; null otherwise.
             */
            message: string | null;
            /** @description The attempt the account's sync is on (or made last), 1 for the first; 0 while queued for its first attempt. */
            attempt?: number;
            /** @description How many attempts the sync of the account makes before it fails. */
            maxAttempts?: number;
            /**
             * Format: date-time
             * @description While a failed attempt waits to be retried, when the next one starts; null otherwise.
             */
            nextAttemptAt?: string | null;
        };
        /** @description A sync (import) of some accounts of a user. */
        AccountSync: {
            /** Format: uuid */
            id: string;
            status: components["schemas"]["SyncStatus"];
            /** @description Overall progress in percent. */
            progress: number;
            accounts: components["schemas"]["AccountSyncItem"][];
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When a worker started the sync; null while queued.
             */
            startedAt: string | null;
            /** Format: date-time */
            finishedAt: string | null;
            /** @description Why the sync failed; null otherwise. */
            error: string | null;
            /**
             * @description While the sync is `running` but an account's last attempt failed and waits for its next
             *     one (its provider could not be reached, say): which account, the attempt that failed out
             *     of how many, when the next starts and why the last failed, in one place (the account with
             *     the soonest next attempt). Null otherwise. An account's attempts wait at most 2 minutes
             *     each: one that keeps failing is `failed` within about 10 minutes of its first attempt.
             */
            retrying?: components["schemas"]["SyncRetry"] | null;
        };
        /** @description An account of a sync whose last attempt failed and waits for the next. */
        SyncRetry: {
            /** Format: uuid */
            accountId: string;
            /** @description The attempt that failed. */
            attempt: number;
            maxAttempts: number;
            /** Format: date-time */
            nextAttemptAt: string;
            /** @description Why the attempt failed, in a partner-safe sentence. */
            lastError: string;
        };
        AccountSyncResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["AccountSync"];
        };
        /** @description The current status of an account. */
        AccountStatusSummary: {
            /** Format: uuid */
            accountId: string;
            address: string;
            chain: components["schemas"]["Chain"];
            status: components["schemas"]["AccountStatus"];
            /** Format: date-time */
            lastSyncedAt: string | null;
        };
        AccountSyncList: {
            /** @description The most recent syncs, newest first (at most 20). */
            syncs: components["schemas"]["AccountSync"][];
            /** @description The current status of every account of the user. */
            accounts: components["schemas"]["AccountStatusSummary"][];
        };
        AccountSyncListResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["AccountSyncList"];
            /** @description Send as `cursor` (with the same `limit`) for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description Which accounts to sync; without ids, all the user's wallet and exchange accounts that are not retired. */
        CreateAccountSyncsRequest: {
            /** @description The accounts to sync. */
            account_ids?: string[];
            /**
             * @deprecated
             * @description Deprecated alias of `account_ids`. Do not send both.
             */
            accountIds?: string[];
        };
        /**
         * @description Tax figures of one tax year. Amounts are integer cents (signed: a loss is negative) with a
         *     formatted string such as `$1,234.56` or `-$80.00`.
         */
        TaxPreview: {
            year: number;
            /** @description ISO 4217 code of the user's fiat currency. */
            currency: string;
            /**
             * Format: int64
             * @description Net short-term capital gain (held one year or less).
             */
            shortTermGainsCents: number;
            shortTermGainsFormatted: string;
            /**
             * Format: int64
             * @description Net long-term capital gain (held more than one year).
             */
            longTermGainsCents: number;
            longTermGainsFormatted: string;
            /**
             * Format: int64
             * @description Short-term plus long-term.
             */
            capitalGainsCents: number;
            capitalGainsFormatted: string;
            /**
             * Format: int64
             * @description Ordinary income (staking, mining, airdrops, interest) at fair value when received.
             */
            incomeCents: number;
            incomeFormatted: string;
            /**
             * Format: int64
             * @description Realised profit and loss of futures and derivatives.
             */
            futuresCents: number;
            futuresFormatted: string;
            /** @description Number of transactions in the tax year, as the transaction list shows them (not hidden, not failed, not moving only spam), including those whose every transfer is hidden. */
            transactionCount: number;
            /** @description True when the ledger changed after `calculatedAt`; a recalculation is due. */
            isStale: boolean;
            /**
             * Format: date-time
             * @description When the figures were calculated; null when the user has never been calculated.
             */
            calculatedAt: string | null;
            /**
             * @description The rules the figures follow (the user's country): US (the generic treatment: specific
             *     lots, short and long term, Form 8949; every country without rules of its own), GB (HMRC's
             *     same-day, 30-day and section 104 pool rules; tax year from 6 April), CA (adjusted cost
             *     base, superficial losses; 50% inclusion), DE (§ 23 EStG: lots per wallet, first in first
             *     out; tax-free after a year's holding; the Freigrenze) or AU (first in first out across
             *     accounts; the 50% CGT discount after 12 months; income year from 1 July). Under GB and CA
             *     there is no holding period: the whole gain is in
             *     `shortTermGainsCents`. Under DE `longTermGainsCents` is tax-free (held more than a year);
             *     under AU it is the discount gains' net.
             * @enum {string}
             */
            jurisdiction: "US" | "GB" | "CA" | "DE" | "AU";
            /** @description The tax year as the country names it (`2024` under US, CA and DE rules, `2024/25` under GB, `2024-25` under AU). */
            taxYearLabel: string;
            /**
             * Format: int64
             * @description Gains of the year's taxable disposals before losses (GB, CA: each disposal counted once,
             *     SA108 and Schedule 3; DE: the pieces held a year or less; AU: every CGT event). Absent under
             *     US rules.
             */
            gainsCents?: number;
            /**
             * Format: int64
             * @description Losses of the disposals `gainsCents` counts (negative). Absent under US rules.
             */
            lossesCents?: number;
            /**
             * Format: int64
             * @description CA, DE and AU. The taxable capital gain: CA half the net gain; DE the gain of the pieces
             *     held a year or less, 0 while it stays below the Freigrenze (`gainThresholdCents`),
             *     negative for a loss; AU the net capital gain (gains less the year's losses and those
             *     brought forward, non-discount gains first, then the 50% discount).
             */
            taxableGainCents?: number;
            /**
             * Format: int64
             * @description DE only. The year's Freigrenze on private disposals (600 EUR up to 2023, 1,000 EUR from 2024).
             */
            gainThresholdCents?: number;
            /**
             * Format: int64
             * @description DE only. Other income (§ 22 Nr. 3 EStG) after its 256 EUR Freigrenze (all of it from 256 EUR, else 0).
             */
            taxableIncomeCents?: number;
            /**
             * Format: int64
             * @description AU only. The CGT discount applied (positive).
             */
            discountCents?: number;
            /**
             * Format: int64
             * @description AU only. Net capital losses brought forward from earlier income years (positive).
             */
            lossesBroughtForwardCents?: number;
            /**
             * Format: int64
             * @description AU only. Net capital losses carried forward to later income years (positive).
             */
            lossesCarriedForwardCents?: number;
            /**
             * Format: int64
             * @description CA only. Superficial losses denied in the year (added to the cost base of the units held).
             */
            deniedLossesCents?: number;
        };
        TaxPreviewResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["TaxPreview"];
        };
        /**
         * @description Status of an active recalculation job: `queued` (waiting for a worker; also while a failed
         *     attempt waits for the next one: then `nextAttemptAt` says when and `lastError` why) or
         *     `running`.
         * @enum {string}
         */
        RecalculateJobStatus: "queued" | "running";
        /** @description A ledger recalculation job that is queued or running. */
        RecalculateJob: {
            /** Format: uuid */
            id: string;
            status: components["schemas"]["RecalculateJobStatus"];
            progress: number;
            /**
             * Format: date-time
             * @description Null while queued.
             */
            startedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description The attempt the job is on, 1 for the first run; failed attempts are retried automatically. */
            attempt?: number;
            /** @description How many attempts the job makes before it fails. */
            maxAttempts?: number;
            /**
             * Format: date-time
             * @description While a failed attempt waits for the next one (status `queued`), when the next starts; null otherwise.
             */
            nextAttemptAt?: string | null;
            /** @description Why the last attempt failed while the job waits for its next attempt (or why it is queued again after the worker running it stopped); null otherwise. */
            lastError?: string | null;
        };
        CreateUploadRequest: {
            /** @description The file's name; only names the stored object (letters, digits, `.`, `_`, `-` kept). */
            fileName?: string;
            /**
             * Format: int64
             * @description The file's size in bytes, when known; over the limit is refused with 413 at once.
             */
            size?: number;
        };
        UploadUrl: {
            /** @description Send the file's bytes here with `method`; no credentials. */
            url: string;
            /** @enum {string} */
            method: "PUT";
            /** @description The object key to give `uploadManualTransactions` (GraphQL) once the file is uploaded. */
            fileObjectKey: string;
            /** Format: date-time */
            expiresAt: string;
            /**
             * Format: int64
             * @description The largest file the URL accepts, in bytes.
             */
            maxBytes: number;
        };
        UploadUrlResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["UploadUrl"];
        };
        RecalculateJobResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["RecalculateJob"];
        };
        /** @description A ledger recalculation job in any status, with its outcome. */
        Recalculation: {
            /** Format: uuid */
            id: string;
            /**
             * @description `queued` (waiting for a worker, or for its next attempt after a failed one: then
             *     `nextAttemptAt` says when and `error` why), `running`, `completed` (the results include every
             *     ledger change made before it started), or `failed` (every attempt failed: `error` says why;
             *     the results are those of the last successful run).
             * @enum {string}
             */
            status: "queued" | "running" | "completed" | "failed";
            progress: number;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description Null while queued.
             */
            startedAt: string | null;
            /**
             * Format: date-time
             * @description When it completed or failed; null before.
             */
            finishedAt: string | null;
            /** @description The attempt the job is on or ended with, 0 before its first. */
            attempt: number;
            /** @description How many attempts the job makes before it fails. */
            maxAttempts: number;
            /**
             * Format: date-time
             * @description While a failed attempt waits for the next one, when the next starts; null otherwise.
             */
            nextAttemptAt: string | null;
            /** @description Why the job failed (status `failed`), or why its last attempt failed while it waits for the next; null otherwise. */
            error: string | null;
        };
        RecalculationResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["Recalculation"];
        };
        ActiveRecalculateJobResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            /** @description The active job, or null when no job is active. */
            data: components["schemas"]["RecalculateJob"] | null;
        };
        /**
         * @description Supported report types:
         *     - `tax-forms`: a ZIP of the year's US forms and their data, named by the tax year
         *       (`<name>-2024.<ext>`): `form-8949` PDF and CSV (every disposal in its box), `schedule-d`
         *       PDF and CSV (the totals per box and lines 7 and 15), `schedule-1` PDF (the digital-asset
         *       income of line 8v, by kind), `capital-gains` CSV and `income` CSV (as the types below);
         *     - `form-8949-csv`: Form 8949 lines (one per disposal, with its box) as CSV;
         *     - `schedule-d-csv`: the Schedule D totals (proceeds, basis and gain per Form 8949 box) as CSV;
         *     - `capital-gains-csv`: every disposal with acquisition and disposal dates, proceeds, cost
         *       basis, gain and term;
         *     - `income-csv`: income events (staking, mining, airdrops, interest) with their value when
         *       received;
         *     - `transaction-history-csv`: every transaction and transfer of the year;
         *     - `turbotax-csv`: disposals in TurboTax's crypto gains-and-losses CSV upload (Currency Name,
         *       Purchase Date, Cost Basis, Date Sold, Proceeds);
         *     - `taxact-csv`: disposals in TaxAct's capital-gains CSV import format (Description, Date
         *       Acquired, Date Sold, Sales Proceeds, Cost Basis, ...);
         *     - `hrblock-csv`: the Form 8949 lines, one per disposal, in the fields H&R Block's 1099-B
         *       entry screens ask for (Description of Property, Date Acquired, Date Sold, Proceeds, Cost
         *       Basis, adjustment code and amount, gain or loss, term and the 8949 box), to type or paste
         *       in: H&R Block publishes no CSV import format, so this is not a file it imports.
         *
         *     The US forms and the tax-software files (`tax-forms`, `form-8949-csv`, `schedule-d-csv`,
         *     `turbotax-csv`, `taxact-csv`, `hrblock-csv`) are computed under US rules: for a user whose
         *     client country is another (GB, CA) they are a 400 naming `reportType`.
         *
         *     Files are named `taxd-<reportType>-<year>-<referenceId>.zip` (tax-forms) or `.csv`.
         * @enum {string}
         */
        ReportType: "tax-forms" | "form-8949-csv" | "schedule-d-csv" | "capital-gains-csv" | "income-csv" | "transaction-history-csv" | "turbotax-csv" | "taxact-csv" | "hrblock-csv";
        /**
         * @description `queued`, `generating`, `available` (the file can be downloaded) or `failed` (see `error`).
         * @enum {string}
         */
        ReportStatus: "queued" | "generating" | "available" | "failed";
        /** @description A tax report of a user. */
        Report: {
            /** Format: uuid */
            id: string;
            year: number;
            reportType: components["schemas"]["ReportType"];
            status: components["schemas"]["ReportStatus"];
            /** @description The file name once available; null before. */
            filename: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When generation finished (available or failed).
             */
            completedAt: string | null;
            /** @description Why generation failed; null otherwise. */
            error: string | null;
        };
        ReportResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["Report"];
        };
        ReportList: {
            reports: components["schemas"]["Report"][];
        };
        ReportListResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["ReportList"];
            /** @description Send as `cursor` (with the same `limit`) for the next page; null on the last page. */
            next_cursor: string | null;
        };
        CreateReportRequest: {
            /** @description The tax year; not after the current year. */
            year: number;
            reportType: components["schemas"]["ReportType"];
            /**
             * Format: email
             * @description When given, a signed download link is e-mailed here once the report is available.
             */
            email?: string | null;
        };
        /**
         * @description A signed download payload: `signature = hex(HMAC-SHA256(signingSecret, reportId + "." + expires))`
         *     in lowercase hex, where `signingSecret` is the server's report-signing secret, `reportId` the
         *     report's UUID in lowercase canonical form and `expires` the decimal Unix time in seconds. The
         *     payload is valid until `expires` (a payload with `expires` before now is rejected).
         */
        SignedDownloadRequest: {
            /**
             * Format: int64
             * @description Expiry, Unix time in seconds.
             */
            expires: number;
            /** @description 64 lowercase hex digits. */
            signature: string;
        };
        /** @description A report file. */
        ReportFile: {
            filename: string;
            /** @description `application/zip` for tax-forms, `text/csv` for the CSV types. */
            contentType: string;
            /**
             * Format: byte
             * @description The file content, base64-encoded.
             */
            data: string;
        };
        ReportFileResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["ReportFile"];
        };
        /** @description A wallet of a card-program user. */
        CrunchWallet: {
            address: string;
            /**
             * @description The wallet's chain (ethereum, base, arbitrum, optimism, polygon, bsc, bitcoin, solana). When
             *     omitted it is detected from the address format.
             */
            provider?: string;
            name?: string;
        };
        CrunchRequest: {
            /** @description The partner's identifier of the new user. */
            userId: string;
            /** Format: email */
            email?: string;
            /** @description The taxpayer's name as it should appear on tax forms (optional). */
            name?: string | null;
            wallets?: components["schemas"]["CrunchWallet"][];
        };
        CrunchResult: {
            user: components["schemas"]["EmbeddedUser"];
            accounts: components["schemas"]["Account"][];
            skipped: components["schemas"]["SkippedWallet"][];
        };
        CrunchResultResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["CrunchResult"];
        };
        CreateDiscountCodeRequest: {
            referenceId: string;
            /** @description The tax year of the code; defaults to the current calendar year (UTC). */
            year?: number;
        };
        /** @description A user's discount code for one tax year. */
        DiscountCode: {
            code: string;
            referenceId: string;
            year: number;
            percentOff: number;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description Null when the code does not expire.
             */
            expiresAt: string | null;
        };
        DiscountCodeResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["DiscountCode"];
        };
        /**
         * @description `sync.completed` / `sync.failed`: an account sync finished; `recalculation.settled`: a
         *     recalculation switched the user's results (the preview is no longer stale);
         *     `report.ready`: a requested report can be downloaded.
         * @enum {string}
         */
        WebhookEventType: "sync.completed" | "sync.failed" | "recalculation.settled" | "report.ready";
        CreateWebhookEndpointRequest: {
            /** @description Where events are POSTed (http or https, no user name or password). */
            url: string;
            description?: string;
            /** @description The events to send; all of them when omitted. */
            eventTypes?: components["schemas"]["WebhookEventType"][];
        };
        /** @description A registered webhook endpoint (without its secret). */
        WebhookEndpoint: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string | null;
            eventTypes: components["schemas"]["WebhookEventType"][];
            /** Format: date-time */
            createdAt: string;
        };
        /** @description A new webhook endpoint with its signing secret (shown only once). */
        WebhookEndpointCreated: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string | null;
            eventTypes: components["schemas"]["WebhookEventType"][];
            /** Format: date-time */
            createdAt: string;
            /** @description `whsec_` and the base64 signing key. Shown only in this answer. */
            secret: string;
        };
        WebhookEndpointResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["WebhookEndpoint"];
        };
        WebhookEndpointCreatedResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["WebhookEndpointCreated"];
        };
        WebhookEndpointList: {
            endpoints: components["schemas"]["WebhookEndpoint"][];
        };
        WebhookEndpointListResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["WebhookEndpointList"];
        };
        /**
         * @description `pending` (not yet acknowledged, retries left), `succeeded` or `failed` (retries exhausted).
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "succeeded" | "failed";
        /** @description The delivery of one event to one endpoint. */
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The event's id (the `webhook-id` header).
             */
            eventId: string;
            eventType: components["schemas"]["WebhookEventType"];
            status: components["schemas"]["WebhookDeliveryStatus"];
            attempts: number;
            /** @description The HTTP status of the last attempt; null before the first or when no answer came. */
            lastStatusCode: number | null;
            /** @description Why the last attempt failed (status or network error); null when it succeeded. */
            lastError: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastAttemptAt: string | null;
        };
        WebhookDeliveryList: {
            deliveries: components["schemas"]["WebhookDelivery"][];
        };
        WebhookDeliveryListResponse: {
            type: components["schemas"]["EnvelopeType"];
            message: string;
            data: components["schemas"]["WebhookDeliveryList"];
        };
        /** @description The body of a webhook delivery. */
        WebhookEvent: {
            /**
             * Format: uuid
             * @description The event id (also the `webhook-id` header).
             */
            id: string;
            type: components["schemas"]["WebhookEventType"];
            /**
             * Format: date-time
             * @description When the event happened.
             */
            timestamp: string;
            data: components["schemas"]["WebhookEventData"];
        };
        /**
         * @description What the event is about. `referenceId` always; `syncId`, `status` and `error` for sync
         *     events; `recalculationId` for `recalculation.settled`; `reportId`, `year` and `reportType`
         *     for `report.ready`.
         */
        WebhookEventData: {
            referenceId: string;
            /** Format: uuid */
            syncId?: string;
            status?: string;
            error?: string;
            /** Format: uuid */
            recalculationId?: string;
            /** Format: uuid */
            reportId?: string;
            year?: number;
            reportType?: string;
        };
    };
    responses: {
        /** @description The request failed validation. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Credentials are missing or invalid. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The credential is valid but of a kind this operation does not accept (an access token where
         *     partner credentials are required).
         */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The partner has no user with that referenceId. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The partner has no user with that referenceId, or the access token belongs to another user. */
        UserNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The partner already has a user with that userId, or a request with the same
         *     `Idempotency-Key` is still running after 20 seconds (`idempotency_key_in_progress`).
         */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description A request with the same `Idempotency-Key` is still running after 20 seconds
         *     (`idempotency_key_in_progress`); retry later to receive its answer.
         */
        IdempotencyInProgress: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The `Idempotency-Key` was used within the last 24 hours with another request (another
         *     method, path or body): `idempotency_key_reused`. Use a new key for a new request.
         */
        IdempotencyKeyReused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description A limit was reached: for `/links/email`, the daily e-mail limit per partner and recipient
         *     (default 5 per UTC day, configurable); on any authenticated operation, the failed-login backoff
         *     of this credential at this IP address (see Limits).
         */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The partner has no webhook endpoint with that id. */
        WebhookEndpointNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is larger than 1 MiB (1,048,576 bytes); it was not read. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The path exists but not with this method; `Allow` lists the methods it accepts. */
        MethodNotAllowed: {
            headers: {
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Too many failed logins with this credential from this IP address: 5 failures of one
         *     credential from one address within 15 minutes (1 once the address has had 50 failures of any
         *     credentials) lock that credential at that address for 1 second, doubling per further failure
         *     up to 15 minutes. Other addresses are not affected, and valid credentials are never locked
         *     by the failures of others (see Limits).
         */
        LoginThrottled: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The download signature is invalid or has expired. */
        InvalidSignature: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description An outage, not a fault of the request: the database cannot be reached (stopped, restarting,
         *     out of disk). `Retry-After` says when to try again. Writes are atomic: a request answered so
         *     did not change anything, unless the database failed in the moment it committed (then the change
         *     happened in full). Service resumes by itself within a second of the database being back.
         */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfterOutage"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Unexpected error (500 internal error, 501 operation not implemented yet). */
        UnexpectedError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
         *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
         *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
         */
        ReferenceId: string;
        /** @description The id of a recalculation job (`RecalculateJob.id`). */
        RecalculationId: string;
        /** @description The id of an account sync. */
        SyncId: string;
        /** @description The id of a report. */
        ReportId: string;
        /** @description The tax year. Defaults to the latest tax year that has results, else the current year. */
        Year: number;
        /**
         * @description A key that makes the request safe to retry (see Idempotency in the API description): the
         *     same key with the same request within 24 hours replays the first answer instead of running
         *     the operation again; with another request it is a 422.
         */
        IdempotencyKey: string;
        /**
         * @description The `next_cursor` of the previous page (opaque; send it back unchanged with the same `limit`).
         *     Absent: the first page. A cursor of another list or user, or a malformed one, is a 400.
         */
        Cursor: string;
        /** @description The most reports in one page (1 to 100; default 100). */
        ReportLimit: number;
        /** @description The most syncs in one page (1 to 100; default 20, the 20 most recent). */
        SyncLimit: number;
        /** @description The most accounts in one page (1 to 100; default 10, every account a user can have). */
        AccountLimit: number;
        /** @description The id of a webhook endpoint. */
        EndpointId: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description `attachment` with the report's filename.
         * @example attachment; filename="taxd-tax-forms-2024-user-123.zip"
         */
        ContentDisposition: string;
        /**
         * @description The methods the path accepts, comma-separated.
         * @example GET, POST
         */
        Allow: string;
        /**
         * @description Seconds until the limit resets (for the e-mail limit, until the next 00:00 UTC).
         * @example 43200
         */
        RetryAfter: number;
        /**
         * @description Seconds to wait before sending the request again.
         * @example 5
         */
        RetryAfterOutage: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createAccessToken: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccessTokenRequest"];
            };
        };
        responses: {
            /** @description The access token and the portal URL. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessTokenResponse"];
                };
            };
            /** @description The body failed validation (referenceId missing, or email or expiresInSeconds malformed). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateLinkRequest"];
            };
        };
        responses: {
            /** @description An existing link for the same set of wallets was returned. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkResponse"];
                };
            };
            /** @description A link was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkResponse"];
                };
            };
            /** @description Validation failed (no wallets, too many wallets, or a malformed address). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    emailLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailLinkRequest"];
            };
        };
        responses: {
            /** @description The e-mail was accepted and queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkEmailResponse"];
                };
            };
            /** @description Validation failed (wallets or e-mail missing or malformed). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserRequest"];
            };
        };
        responses: {
            /** @description The user was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            /** @description Validation failed (userId missing or too long, or email malformed). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user and the partner's branding. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listAccounts: {
        parameters: {
            query?: {
                /** @description The most accounts in one page (1 to 100; default 10, every account a user can have). */
                limit?: components["parameters"]["AccountLimit"];
                /**
                 * @description The `next_cursor` of the previous page (opaque; send it back unchanged with the same `limit`).
                 *     Absent: the first page. A cursor of another list or user, or a malformed one, is a 400.
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The compact account list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountListResponse"];
                };
            };
            /** @description `limit` out of range, or a `cursor` that is malformed or not one of this list. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createAccounts: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccountsRequest"];
            };
        };
        responses: {
            /** @description The accounts on supported chains were created; the others are listed in `skipped`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountsCreatedResponse"];
                };
            };
            /** @description An invalid wallet, or the 10-account limit would be exceeded. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listAccountSyncs: {
        parameters: {
            query?: {
                /** @description The most syncs in one page (1 to 100; default 20, the 20 most recent). */
                limit?: components["parameters"]["SyncLimit"];
                /**
                 * @description The `next_cursor` of the previous page (opaque; send it back unchanged with the same `limit`).
                 *     Absent: the first page. A cursor of another list or user, or a malformed one, is a 400.
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync jobs and the current account statuses. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountSyncListResponse"];
                };
            };
            /** @description `limit` out of range, or a `cursor` that is malformed or not one of this list. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createAccountSyncs: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateAccountSyncsRequest"];
            };
        };
        responses: {
            /** @description The sync was accepted and queued, or the accounts' sync already queued or running. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountSyncResponse"];
                };
            };
            /** @description Validation failed (malformed or unknown ids, too many ids, or both spellings). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAccountSync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
                /** @description The id of an account sync. */
                syncId: components["parameters"]["SyncId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync and its progress. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountSyncResponse"];
                };
            };
            /** @description syncId is not a UUID. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The user, or the sync of that user, was not found for the partner. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createUploadUrl: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateUploadRequest"];
            };
        };
        responses: {
            /** @description The signed upload URL. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadUrlResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotencyInProgress"];
            /** @description The declared `size` is over the upload limit (or the body over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getTaxPreview: {
        parameters: {
            query?: {
                /** @description The tax year. Defaults to the latest tax year that has results, else the current year. */
                year?: components["parameters"]["Year"];
            };
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tax preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxPreviewResponse"];
                };
            };
            /** @description year is not an integer of at least 2020, or a tax year that has not started. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    refreshTaxes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recalculation job that was started (or the one already active). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecalculateJobResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotencyInProgress"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getActiveRecalculateJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active job, or null when settled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActiveRecalculateJobResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getRecalculation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
                /** @description The id of a recalculation job (`RecalculateJob.id`). */
                jobId: components["parameters"]["RecalculationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recalculation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecalculationResponse"];
                };
            };
            /** @description jobId is not a UUID. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The user, or the recalculation of that user, was not found for the partner. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listReports: {
        parameters: {
            query?: {
                /** @description The most reports in one page (1 to 100; default 100). */
                limit?: components["parameters"]["ReportLimit"];
                /**
                 * @description The `next_cursor` of the previous page (opaque; send it back unchanged with the same `limit`).
                 *     Absent: the first page. A cursor of another list or user, or a malformed one, is a 400.
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reports. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportListResponse"];
                };
            };
            /** @description `limit` out of range, or a `cursor` that is malformed or not one of this list. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createReport: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateReportRequest"];
            };
        };
        responses: {
            /** @description Generation was accepted; the report is queued. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportResponse"];
                };
            };
            /** @description Validation failed (year before 2020 or in the future, unknown report type, a US form for a user of another country, malformed e-mail). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UserNotFound"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
                /** @description The id of a report. */
                reportId: components["parameters"]["ReportId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportResponse"];
                };
            };
            /** @description reportId is not a UUID. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The user, or the report of that user, was not found for the partner. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    downloadReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
                /** @description The id of a report. */
                reportId: components["parameters"]["ReportId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report file. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": ArrayBuffer;
                };
            };
            /** @description reportId is not a UUID. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The user, or an available report of that user, was not found for the partner. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    downloadReportSigned: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The partner's identifier of the embedded user (the `userId` it was created with): 1 to 128
                 *     characters without control characters (NUL, tabs, line breaks) and without leading or trailing
                 *     whitespace (the pattern below); anything else is a 400 naming `referenceId`.
                 */
                referenceId: components["parameters"]["ReferenceId"];
                /** @description The id of a report. */
                reportId: components["parameters"]["ReportId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignedDownloadRequest"];
            };
        };
        responses: {
            /** @description The report file. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": ArrayBuffer;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidSignature"];
            /** @description The user, or an available report of that user, was not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    downloadReportSignedBase64: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The id of a report. */
                reportId: components["parameters"]["ReportId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignedDownloadRequest"];
            };
        };
        responses: {
            /** @description The report file, base64-encoded, with its filename and content type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportFileResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidSignature"];
            /** @description The report does not exist or is not available. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            413: components["responses"]["PayloadTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    crunch: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CrunchRequest"];
            };
        };
        responses: {
            /** @description The user and the accounts on supported chains were created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrunchResultResponse"];
                };
            };
            /** @description Validation failed (userId missing, more than 4 wallets, malformed address or e-mail). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createDiscountCode: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDiscountCodeRequest"];
            };
        };
        responses: {
            /** @description The existing code was returned. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountCodeResponse"];
                };
            };
            /** @description A code was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountCodeResponse"];
                };
            };
            /** @description Validation failed (referenceId missing, or year outside 2009 to 2100). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Secret-key authentication (x-client-id and x-api-secret) is required. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["LoginThrottled"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The partner's endpoints. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointListResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key that makes the request safe to retry (see Idempotency in the API description): the
                 *     same key with the same request within 24 hours replays the first answer instead of running
                 *     the operation again; with another request it is a 422.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint is registered; its secret is shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointCreatedResponse"];
                };
            };
            /** @description The URL or the event types are not valid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["IdempotencyInProgress"];
            422: components["responses"]["IdempotencyKeyReused"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a webhook endpoint. */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint was deleted; the answer is the endpoint as it was. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookEndpointNotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of a webhook endpoint. */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryListResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["WebhookEndpointNotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
}
