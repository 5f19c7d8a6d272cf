// The taxd partner REST SDK: types generated from spec/openapi.yaml by openapi-typescript
// (schema.d.ts; `make generate` rewrites it) and a typed openapi-fetch client.
import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./schema";

export type { components, operations, paths };
export type Schemas = components["schemas"];
export type ApiError = Schemas["Error"];
export type WebhookEvent = Schemas["WebhookEvent"];

/** Partner credentials: the client id and secret pair, or an API key. */
export type Credentials = { clientId: string; apiSecret: string } | { apiKey: string };

export type TaxdClient = Client<paths>;

/**
 * A client of the API at baseUrl (ending in /api, e.g. https://taxd.example/api) that sends the
 * partner's credentials with every request. Every call returns `{ data, error, response }`, with
 * `error` typed by the operation's error responses.
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
  return client;
}
