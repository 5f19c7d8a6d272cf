// The taxd partner REST SDK: types generated from spec/openapi.yaml by openapi-typescript
// (schema.ts; `make generate` rewrites it) and a typed openapi-fetch client.
import createClient, { type Client } from "openapi-fetch";
import { binaryOperations } from "./binary.js";
import type { components, operations, paths } from "./schema.js";

export type { components, operations, paths };
export type Schemas = components["schemas"];
export type ApiError = Schemas["Error"];
export type WebhookEvent = Schemas["WebhookEvent"];

/** Partner credentials: the client id and secret pair, or an API key. */
export type Credentials = { clientId: string; apiSecret: string } | { apiKey: string };

export type TaxdClient = Client<paths>;

const binary = new Set(binaryOperations.map(([method, path]) => `${method} ${path}`));

/**
 * A client of the API at baseUrl (ending in /api, e.g. https://taxd.example/api) that sends the
 * partner's credentials with every request. Every call returns `{ data, error, response }`, with
 * `error` typed by the operation's error responses. File downloads (a report's file) resolve to
 * their bytes (an ArrayBuffer, never parsed as JSON); downloadReport gives them typed as a
 * Uint8Array.
 *
 * Every POST takes an `Idempotency-Key` header (`params: { header: { "Idempotency-Key": key } }`):
 * a retry with the same key and body within 24 hours replays the first answer instead of running
 * the operation again.
 */
export function createTaxdClient(baseUrl: string, credentials: Credentials, init?: { fetch?: typeof fetch }): TaxdClient {
  const client = createClient<paths>({ baseUrl, fetch: init?.fetch });
  client.use({
    onRequest({ request }) {
      if ("apiKey" in credentials) {
        request.headers.set("x-api-key", credentials.apiKey);
      } else {
        request.headers.set("x-client-id", credentials.clientId);
        request.headers.set("x-api-secret", credentials.apiSecret);
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
