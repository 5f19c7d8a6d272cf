// The partner flow through the TypeScript SDK as a partner installs it: the package packed by
// `npm pack`, installed from the tarball and run by plain node (ESM). contracttests/sdk_test.go
// starts the server and passes its address and credentials in the environment.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createTaxdClient } from "@taxd/partner-sdk";

const env = (k) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};

const api = createTaxdClient(env("TAXD_API_URL"), { clientId: env("TAXD_CLIENT_ID"), apiSecret: env("TAXD_API_SECRET") });
const userId = env("TAXD_FLOW_USER");
const params = { path: { referenceId: userId } };

async function poll(what, step) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const v = await step();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

// A POST retried with its Idempotency-Key runs once: the retry replays the first answer.
const key = randomUUID();
const body = { userId, email: `${userId}@example.com`, name: "Ada Taxpayer" };
const created = await api.POST("/users", { params: { header: { "Idempotency-Key": key } }, body });
assert.equal(created.response.status, 201, JSON.stringify(created.error));
const retried = await api.POST("/users", { params: { header: { "Idempotency-Key": key } }, body });
assert.equal(retried.response.status, 201, JSON.stringify(retried.error));
assert.equal(retried.response.headers.get("Idempotent-Replayed"), "true");
assert.deepEqual(retried.data, created.data);
const clientId = created.data.data.clientId;
assert.match(clientId, /^[0-9a-f-]{36}$/);

const accounts = await api.POST("/users/{referenceId}/accounts", {
  params,
  body: { wallets: [{ address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", chain: "bitcoin", name: "Cold storage" }] },
});
assert.equal(accounts.data?.data.accounts.length, 1, JSON.stringify(accounts.error));

const sync = await api.POST("/users/{referenceId}/account_syncs", { params, body: {} });
assert.equal(sync.response.status, 202, JSON.stringify(sync.error));
const syncId = sync.data.data.id;
const finished = await poll("the sync", async () => {
  const s = await api.GET("/users/{referenceId}/account_syncs/{syncId}", { params: { path: { referenceId: userId, syncId } } });
  const st = s.data?.data.status;
  return st === "completed" || st === "failed" ? s.data.data : undefined;
});
assert.equal(finished.status, "completed");

const refresh = await api.POST("/users/{referenceId}/refresh", { params });
assert.equal(refresh.response.status, 200, JSON.stringify(refresh.error));
await poll("the recalculation", async () => {
  const j = await api.GET("/users/{referenceId}/active-recalculate-job", { params });
  assert.equal(j.response.status, 200);
  return j.data.data === null ? true : undefined;
});

const preview = await api.GET("/users/{referenceId}/preview", { params: { ...params, query: { year: 2023 } } });
const p = preview.data.data;
assert.equal(p.isStale, false);
assert.equal(p.transactionCount, 5);

const report = await api.POST("/users/{referenceId}/reports", { params, body: { year: 2023, reportType: "tax-forms" } });
assert.equal(report.response.status, 201, JSON.stringify(report.error));
const reportId = report.data.data.id;
await poll("the report", async () => {
  const l = await api.GET("/users/{referenceId}/reports", { params: { ...params, query: { limit: 10 } } });
  return l.data?.data.reports.find((r) => r.id === reportId && r.status === "available");
});
// A download resolves to the file's bytes, without parseAs.
const file = await api.GET("/users/{referenceId}/reports/{reportId}/download", { params: { path: { referenceId: userId, reportId } } });
assert.equal(file.response.status, 200);
assert.ok(file.data instanceof ArrayBuffer, "the download is an ArrayBuffer");
const zip = new Uint8Array(file.data);
assert.ok(zip.length > 100 && zip[0] === 0x50 && zip[1] === 0x4b, "the download is a ZIP");

const missing = await api.GET("/users/{referenceId}/user", { params: { path: { referenceId: "no-such-user" } } });
assert.equal(missing.response.status, 404);
assert.equal(missing.error?.code, "not_found");
assert.equal(missing.error?.message, "user not found");

console.log(`ts sdk flow (esm): ${userId} (clientId ${clientId}) synced, recalculated (short-term ${p.shortTermGainsFormatted}), report ${zip.length} bytes, idempotent retry replayed, typed 404 ok`);
