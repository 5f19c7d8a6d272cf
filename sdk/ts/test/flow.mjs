// The partner flow through the TypeScript SDK as a partner installs it: the package packed by
// `npm pack`, installed from the tarball and run by plain node (ESM). contracttests/sdk_test.go
// starts the server and passes its address and credentials in the environment.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { createTaxdClient, recalculate, TaxdApiError, TaxdJobError, TaxdWaitAbortedError, unwrap, waitForReport, waitForSync } from "@taxd/partner-sdk";

const env = (k) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};

const api = createTaxdClient(env("TAXD_API_URL"), { clientId: env("TAXD_CLIENT_ID"), apiSecret: env("TAXD_API_SECRET") });
const userId = env("TAXD_FLOW_USER");
const params = { path: { referenceId: userId } };

const fast = { pollIntervalMs: 150 };

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
const finished = await waitForSync(api, userId, sync.data.data.id, fast);
assert.equal(finished.status, "completed");

// recalculate starts a job and resolves once it (and any follow-up) completed.
const recalculation = await recalculate(api, userId, fast);
assert.equal(recalculation.status, "completed");

const preview = await api.GET("/users/{referenceId}/preview", { params: { ...params, query: { year: 2023 } } });
const p = preview.data.data;
assert.equal(p.isStale, false);
assert.equal(p.transactionCount, 5);

const report = await api.POST("/users/{referenceId}/reports", { params, body: { year: 2023, reportType: "tax-forms" } });
assert.equal(report.response.status, 201, JSON.stringify(report.error));
const reportId = report.data.data.id;
const ready = await waitForReport(api, userId, reportId, fast);
assert.equal(ready.status, "available");
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
// unwrap throws the typed error: status, code, message and the request id to quote.
const notFound = await Promise.resolve()
  .then(() => unwrap(missing))
  .catch((e) => e);
assert.ok(notFound instanceof TaxdApiError, `unwrap threw ${notFound}`);
assert.equal(notFound.status, 404);
assert.equal(notFound.code, "not_found");
assert.match(notFound.requestId ?? "", /.+/);

// Failures are reported as such. A wallet whose provider cannot be reached: the sync is seen
// retrying (the attempt, the next one's time and why), and a wait that stops returns that state.
const unreachable = env("TAXD_UNREACHABLE_ADDRESS");
const stuckUser = `${userId}-unreachable`;
unwrap(await api.POST("/users", { body: { userId: stuckUser } }));
unwrap(await api.POST("/users/{referenceId}/accounts", { params: { path: { referenceId: stuckUser } }, body: { wallets: [{ address: unreachable, chain: "bitcoin" }] } }));
const stuckSync = unwrap(await api.POST("/users/{referenceId}/account_syncs", { params: { path: { referenceId: stuckUser } }, body: {} })).data;
let seen;
for (const deadline = Date.now() + 30_000; !seen?.retrying; ) {
  assert.ok(Date.now() < deadline, `the sync never showed a retry: ${JSON.stringify(seen)}`);
  const aborted = await waitForSync(api, stuckUser, stuckSync.id, { pollIntervalMs: 100, signal: AbortSignal.timeout(400) }).catch((e) => e);
  assert.ok(aborted instanceof TaxdWaitAbortedError, `the wait ended with ${aborted}`);
  seen = aborted.last;
}
assert.equal(seen.status, "running");
assert.equal(seen.retrying.maxAttempts, 8);
assert.match(seen.retrying.lastError, /import failed/);
assert.ok(Date.parse(seen.retrying.nextAttemptAt) > 0);

// A recalculation that fails for good rejects with the job and its reason.
const failingUser = env("TAXD_FAILING_RECALC_USER");
unwrap(await api.POST("/users", { body: { userId: failingUser } }));
const failure = await recalculate(api, failingUser, fast).catch((e) => e);
assert.ok(failure instanceof TaxdJobError, `recalculate of a failing job: ${failure}`);
assert.equal(failure.record.status, "failed");
assert.ok(failure.record.error, "the failed job says why");

// 429 and 503 are retried as the answer's Retry-After says, with the same Idempotency-Key (a
// random one when the call sets none): a local server answers 503 twice, then 201.
const seenKeys = [];
const flaky = createServer((req, res) => {
  seenKeys.push(req.headers["idempotency-key"]);
  if (seenKeys.length < 3) {
    res.writeHead(seenKeys.length === 1 ? 503 : 429, { "Retry-After": "0", "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: "busy", code: "unavailable" }));
    return;
  }
  res.writeHead(201, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ type: "success", message: "User created", data: { referenceId: "r", clientId: "c" } }));
});
await new Promise((r) => flaky.listen(0, "127.0.0.1", r));
const flakyApi = createTaxdClient(`http://127.0.0.1:${flaky.address().port}/api`, { apiKey: "pk_test" }, { backoffMs: { first: 10, max: 50 } });
const retriedUser = await flakyApi.POST("/users", { body: { userId: "r" } });
flaky.close();
assert.equal(retriedUser.response.status, 201);
assert.equal(seenKeys.length, 3);
assert.match(seenKeys[0] ?? "", /^[0-9a-f-]{36}$/);
assert.ok(seenKeys.every((k) => k === seenKeys[0]), `keys ${seenKeys}`);

console.log(`ts sdk flow (esm): ${userId} (clientId ${clientId}) synced, recalculated (short-term ${p.shortTermGainsFormatted}), report ${zip.length} bytes, idempotent retry replayed, typed 404 ok`);
console.log(`ts sdk failures: sync of an unreachable wallet retrying (attempt ${seen.retrying.attempt} of ${seen.retrying.maxAttempts}: ${seen.retrying.lastError}; next at ${seen.retrying.nextAttemptAt}); recalculation ${failure.record.id} ${failure.record.status}: ${failure.record.error}`);
