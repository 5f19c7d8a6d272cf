// A partner's program: create a user with a wallet, sync it, recalculate, read the tax preview and
// download the tax forms. With the package installed (npm install taxd-partner-sdk-1.0.0.tgz):
//   tsc && TAXD_API_URL=http://127.0.0.1:8080/api TAXD_CLIENT_ID=... TAXD_API_SECRET=... node partner.js
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createTaxdClient, downloadReport } from "@taxd/partner-sdk";

const api = createTaxdClient(process.env.TAXD_API_URL!, { clientId: process.env.TAXD_CLIENT_ID!, apiSecret: process.env.TAXD_API_SECRET! });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ok = <T>(r: { data?: T; error?: { message: string; code?: string } }): T => {
  if (r.data === undefined) throw new Error(`${r.error?.code}: ${r.error?.message}`);
  return r.data;
};

const referenceId = `ts-example-${Date.now()}`;
const path = { referenceId };
const idem = () => ({ "Idempotency-Key": randomUUID() }); // every POST is safe to retry
const user = ok(await api.POST("/users", { params: { header: idem() }, body: { userId: referenceId, name: "Ada Lovelace" } })).data;
ok(await api.POST("/users/{referenceId}/accounts", {
  params: { path, header: idem() },
  body: { wallets: [{ address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", chain: "bitcoin" }] },
}));
const syncId = ok(await api.POST("/users/{referenceId}/account_syncs", { params: { path, header: idem() }, body: {} })).data.id;
let sync;
do {
  await sleep(500);
  sync = ok(await api.GET("/users/{referenceId}/account_syncs/{syncId}", { params: { path: { referenceId, syncId } } })).data;
} while (sync.status === "queued" || sync.status === "running");
ok(await api.POST("/users/{referenceId}/refresh", { params: { path, header: idem() } }));
while (ok(await api.GET("/users/{referenceId}/active-recalculate-job", { params: { path } })).data !== null) await sleep(500);
const p = ok(await api.GET("/users/{referenceId}/preview", { params: { path, query: { year: 2023 } } })).data;
const reportId = ok(await api.POST("/users/{referenceId}/reports", { params: { path, header: idem() }, body: { year: 2023, reportType: "tax-forms" } })).data.id;
for (;;) {
  const page = ok(await api.GET("/users/{referenceId}/reports", { params: { path, query: { limit: 20 } } }));
  const r = page.data.reports.find((x) => x.id === reportId);
  if (r?.status === "failed") throw new Error(r.error ?? "report failed");
  if (r?.status === "available") break;
  await sleep(500);
}
const file = ok(await downloadReport(api, referenceId, reportId));
writeFileSync(`${referenceId}.zip`, file);
console.log(`user ${referenceId} (GraphQL clientId ${user.clientId}): sync ${sync.status}, ${p.transactionCount} transactions in ${p.year}, ` +
  `short-term ${p.shortTermGainsFormatted}, long-term ${p.longTermGainsFormatted}; tax forms in ${referenceId}.zip (${file.length} bytes)`);
const missing = await api.GET("/users/{referenceId}/user", { params: { path: { referenceId: "no-such-user" } } });
console.log(`an unknown user is a ${missing.response.status} ${missing.error?.code} (request ${missing.response.headers.get("x-request-id")})`);
