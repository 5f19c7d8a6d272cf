// The taxd partner REST SDK: types generated from spec/openapi.yaml by openapi-typescript
// (schema.ts; `make generate` rewrites it), a typed openapi-fetch client, and the layer a partner
// needs around it (the Go SDK's, sdk/go/taxdclient.go, in TypeScript): credentials on every
// request, an Idempotency-Key on every POST, retries of 429/503 and network errors honouring
// Retry-After, a typed TaxdApiError, and helpers that wait for syncs, reports and recalculations.
import createClient, { type Client } from "openapi-fetch";
import { binaryOperations } from "./binary.js";
import type { components, operations, paths } from "./schema.js";

export type { components, operations, paths };
export type Schemas = components["schemas"];
export type ApiError = Schemas["Error"];
export type WebhookEvent = Schemas["WebhookEvent"];
export type AccountSync = Schemas["AccountSync"];
export type Report = Schemas["Report"];
export type Recalculation = Schemas["Recalculation"];
/** An error's machine-readable class: one the spec lists, or (the API may add codes) another string as it came. */
export type ErrorCode = Schemas["ErrorCode"] | (string & {});

/** Partner credentials: the client id and secret pair, or an API key. */
export type Credentials = { clientId: string; apiSecret: string } | { apiKey: string };

export type TaxdClient = Client<paths>;

/** Options of createTaxdClient. */
export interface ClientOptions {
  /** The fetch to send requests with (default: the global fetch). */
  fetch?: typeof fetch;
  /** How many times a request is retried after a 429, a 503 or a network error (default 4; 0: never). */
  retries?: number;
  /** The first wait between attempts and its cap, in ms (defaults 500 and 30000); the wait doubles per
   * attempt, with jitter, unless the answer's Retry-After says how long. */
  backoffMs?: { first: number; max: number };
}

/**
 * An answer that was not 2xx: the API's error body and where it came from. `code` is the
 * machine-readable class (`not_found`, `invalid_request`, `idempotency_key_reused`, ...).
 */
export class TaxdApiError extends Error {
  readonly name = "TaxdApiError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** The offending input fields, when the error is about fields. */
    readonly fields: { field: string; message: string }[],
    /** X-Request-Id of the answer: quote it to support. */
    readonly requestId: string | null,
    /** Retry-After of the answer in ms, when it had one. */
    readonly retryAfterMs: number | null,
  ) {
    super(`taxd: ${status} ${code}: ${message}${requestId ? ` (request ${requestId})` : ""}`);
  }

  /** The error of a `{ error, response }` answer of the client. */
  static from(error: ApiError | undefined, response: Response): TaxdApiError {
    return new TaxdApiError(
      response.status,
      error?.code ?? "",
      error?.message ?? response.statusText,
      (error?.errors ?? []).map((e) => ({ field: e.field, message: e.message })),
      response.headers.get("x-request-id"),
      retryAfterMs(response),
    );
  }
}

/** A sync, report or recalculation that ended in failure; `record` is its last state. */
export class TaxdJobError<T> extends Error {
  readonly name = "TaxdJobError";
  constructor(message: string, readonly record: T) {
    super(message);
  }
}

/** A wait that was aborted (its AbortSignal) before the job ended; `last` is the last state seen. */
export class TaxdWaitAbortedError<T> extends Error {
  readonly name = "TaxdWaitAbortedError";
  constructor(message: string, readonly last: T | undefined) {
    super(message);
  }
}

/**
 * The data of an answer of the client, or its error thrown as a TaxdApiError:
 * `const user = unwrap(await api.GET("/users/{referenceId}/user", ...))`.
 */
export function unwrap<T>(r: { data?: T; error?: unknown; response: Response }): T {
  if (r.data === undefined || !r.response.ok) {
    throw TaxdApiError.from(r.error as ApiError | undefined, r.response);
  }
  return r.data;
}

const binary = new Set(binaryOperations.map(([method, path]) => `${method} ${path}`));

/**
 * A client of the API at baseUrl (ending in /api, e.g. https://taxd.example/api) that sends the
 * partner's credentials with every request. Every call returns `{ data, error, response }`, with
 * `error` typed by the operation's error responses (`unwrap` turns it into a thrown TaxdApiError).
 * File downloads (a report's file) resolve to their bytes (an ArrayBuffer, never parsed as JSON);
 * downloadReport gives them typed as a Uint8Array.
 *
 * Every POST carries an `Idempotency-Key`: a random one unless the call sets its own
 * (`params: { header: { "Idempotency-Key": key } }`); a retry with the same key and body within 24
 * hours replays the first answer instead of running the operation again. 429 and 503 answers and
 * network errors are retried with the same key (`retries`, `backoffMs`).
 */
export function createTaxdClient(baseUrl: string, credentials: Credentials, init?: ClientOptions): TaxdClient {
  const retrying = retryingFetch(init?.fetch ?? globalThis.fetch, init?.retries ?? 4, init?.backoffMs ?? { first: 500, max: 30_000 });
  const client = createClient<paths>({ baseUrl, fetch: retrying });
  client.use({
    onRequest({ request }) {
      if ("apiKey" in credentials) {
        request.headers.set("x-api-key", credentials.apiKey);
      } else {
        request.headers.set("x-client-id", credentials.clientId);
        request.headers.set("x-api-secret", credentials.apiSecret);
      }
      if (request.method === "POST" && !request.headers.has("Idempotency-Key")) {
        request.headers.set("Idempotency-Key", newKey());
      }
      return request;
    },
  });
  // openapi-fetch parses every body as JSON unless told otherwise: file answers are read as bytes.
  for (const method of ["GET", "POST"] as const) {
    const call = client[method] as unknown as (path: string, options?: { parseAs?: string }) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (path: string, options?: { parseAs?: string }) =>
      call(path, binary.has(`${method} ${path}`) && options?.parseAs === undefined ? { ...options, parseAs: "arrayBuffer" } : options);
  }
  return client;
}

/** fetch with retries of 429, 503 and network errors; the request (and its key) is sent again as it was. */
function retryingFetch(next: typeof fetch, retries: number, backoff: { first: number; max: number }): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await next(request.clone());
      } catch (err) {
        if (attempt >= retries || request.signal.aborted) throw err;
        await delay(wait(attempt, null, backoff), request.signal);
        continue;
      }
      if ((response.status !== 429 && response.status !== 503) || attempt >= retries) {
        return response;
      }
      await response.body?.cancel();
      await delay(wait(attempt, retryAfterMs(response), backoff), request.signal);
    }
  };
}

/** The wait before attempt+1: Retry-After when the answer gave one (capped), else first * 2^attempt with full jitter, capped. */
function wait(attempt: number, retryAfter: number | null, backoff: { first: number; max: number }): number {
  if (retryAfter !== null && retryAfter > 0) return Math.min(retryAfter, backoff.max);
  const d = Math.min(backoff.first * 2 ** attempt, backoff.max);
  return d / 2 + Math.random() * (d / 2);
}

function retryAfterMs(response: Response): number | null {
  const ra = response.headers.get("retry-after");
  if (ra === null) return null;
  if (/^\d+$/.test(ra.trim())) return Number(ra.trim()) * 1000;
  const at = Date.parse(ra);
  return Number.isNaN(at) ? null : Math.max(at - Date.now(), 0);
}

function delay(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A random version-4 UUID: Web Crypto where it exists (browsers, Node 19+), else getRandomValues or Math.random. */
function newKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const b = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Options of the wait helpers. */
export interface WaitOptions {
  /** How often to look, in ms (default 1000). */
  pollIntervalMs?: number;
  /** Stops the wait: it then throws a TaxdWaitAbortedError with the last state seen. */
  signal?: AbortSignal;
}

async function poll<T>(what: string, step: () => Promise<T | undefined>, last: () => unknown, o?: WaitOptions): Promise<T> {
  for (;;) {
    if (o?.signal?.aborted) throw new TaxdWaitAbortedError(`taxd: stopped waiting for ${what}`, last());
    const done = await step();
    if (done !== undefined) return done;
    try {
      await delay(o?.pollIntervalMs ?? 1000, o?.signal);
    } catch {
      throw new TaxdWaitAbortedError(`taxd: stopped waiting for ${what}`, last());
    }
  }
}

/**
 * Polls a sync until it has finished and returns it: `completed`, or `failed` (each account's
 * `status` and `message` say why). While an account's attempts fail and are retried, the sync is
 * `retrying` with the attempt, the next attempt's time and the last error.
 */
export async function waitForSync(client: TaxdClient, referenceId: string, syncId: string, o?: WaitOptions): Promise<AccountSync> {
  let last: AccountSync | undefined;
  return poll(
    `sync ${syncId}`,
    async () => {
      last = unwrap(await client.GET("/users/{referenceId}/account_syncs/{syncId}", { params: { path: { referenceId, syncId } } })).data;
      return last.status === "completed" || last.status === "failed" ? last : undefined;
    },
    () => last,
    o,
  );
}

/** Polls a report until it is available and returns it; a report that failed throws a TaxdJobError saying why. */
export async function waitForReport(client: TaxdClient, referenceId: string, reportId: string, o?: WaitOptions): Promise<Report> {
  let last: Report | undefined;
  return poll(
    `report ${reportId}`,
    async () => {
      last = unwrap(await client.GET("/users/{referenceId}/reports/{reportId}", { params: { path: { referenceId, reportId } } })).data;
      if (last.status === "failed") throw new TaxdJobError(`taxd: report ${reportId} failed${last.error ? `: ${last.error}` : ""}`, last);
      return last.status === "available" ? last : undefined;
    },
    () => last,
    o,
  );
}

/**
 * Starts a recalculation of the user's ledger and waits until it has settled: the job it started
 * (or joined) completed, and so did any follow-up job that ledger changes meanwhile queued. A job
 * that failed for good throws a TaxdJobError with the recalculation and its error.
 */
export async function recalculate(client: TaxdClient, referenceId: string, o?: WaitOptions): Promise<Recalculation> {
  const path = { referenceId };
  let id = unwrap(await client.POST("/users/{referenceId}/refresh", { params: { path } })).data.id;
  for (;;) {
    let last: Recalculation | undefined;
    const done = await poll(
      `recalculation ${id}`,
      async () => {
        last = unwrap(await client.GET("/users/{referenceId}/recalculations/{jobId}", { params: { path: { referenceId, jobId: id } } })).data;
        if (last.status === "failed") throw new TaxdJobError(`taxd: recalculation ${id} failed${last.error ? `: ${last.error}` : ""}`, last);
        return last.status === "completed" ? last : undefined;
      },
      () => last,
      o,
    );
    const active = unwrap(await client.GET("/users/{referenceId}/active-recalculate-job", { params: { path } })).data;
    if (active === null) return done;
    id = active.id; // a follow-up: wait for its outcome too
  }
}

/** The answer of downloadReport: the file's bytes, or the API's error. */
export type Download =
  | { data: Uint8Array; error?: undefined; response: Response }
  | { data?: undefined; error: ApiError; response: Response };

/** Downloads the file of an available report of the user `referenceId`. */
export async function downloadReport(client: TaxdClient, referenceId: string, reportId: string): Promise<Download> {
  const r = await client.GET("/users/{referenceId}/reports/{reportId}/download", {
    params: { path: { referenceId, reportId } },
    parseAs: "arrayBuffer",
  });
  const { data, error, response } = r;
  if (data === undefined) {
    return { error, response };
  }
  return { data: new Uint8Array(data), response };
}
