// A partner's program: create a user with a wallet, sync it, recalculate, read the tax preview and
// download the tax forms. With the package installed (npm install taxd-partner-sdk-1.0.0.tgz):
//   tsc && TAXD_API_URL=http://127.0.0.1:8080/api TAXD_CLIENT_ID=... TAXD_API_SECRET=... node partner.js
import { writeFileSync } from "node:fs";
import { createTaxdClient, downloadReport, recalculate, TaxdApiError, unwrap, waitForReport, waitForSync } from "@taxd/partner-sdk";

const api = createTaxdClient(process.env.TAXD_API_URL!, { clientId: process.env.TAXD_CLIENT_ID!, apiSecret: process.env.TAXD_API_SECRET! });

const referenceId = `ts-example-${Date.now()}`;
const path = { referenceId };
// Every POST carries a random Idempotency-Key and is retried on 429/503 with it: safe to retry.
const user = unwrap(await api.POST("/users", { body: { userId: referenceId, name: "Ada Lovelace" } })).data;
unwrap(await api.POST("/users/{referenceId}/accounts", {
  params: { path },
  body: { wallets: [{ address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", chain: "bitcoin" }] },
}));
const syncId = unwrap(await api.POST("/users/{referenceId}/account_syncs", { params: { path }, body: {} })).data.id;
const sync = await waitForSync(api, referenceId, syncId);
await recalculate(api, referenceId); // rejects with TaxdJobError when the job failed for good
const p = unwrap(await api.GET("/users/{referenceId}/preview", { params: { path, query: { year: 2023 } } })).data;
const reportId = unwrap(await api.POST("/users/{referenceId}/reports", { params: { path }, body: { year: 2023, reportType: "tax-forms" } })).data.id;
await waitForReport(api, referenceId, reportId);
const file = unwrap(await downloadReport(api, referenceId, reportId));
writeFileSync(`${referenceId}.zip`, file);
console.log(`user ${referenceId} (GraphQL clientId ${user.clientId}): sync ${sync.status}, ${p.transactionCount} transactions in ${p.year}, ` +
  `short-term ${p.shortTermGainsFormatted}, long-term ${p.longTermGainsFormatted}; tax forms in ${referenceId}.zip (${file.length} bytes)`);
try {
  unwrap(await api.GET("/users/{referenceId}/user", { params: { path: { referenceId: "no-such-user" } } }));
} catch (e) {
  if (!(e instanceof TaxdApiError)) throw e;
  console.log(`an unknown user is a ${e.status} ${e.code} (request ${e.requestId})`);
}
