// A TypeScript program of a partner, type-checked against the installed package under module
// resolution nodenext (node16 alike) and bundler (contracttests/sdk_test.go): the package's exports and
// .d.ts files must resolve under both.
import { createTaxdClient, downloadReport, type Schemas, type TaxdClient } from "@taxd/partner-sdk";

const api: TaxdClient = createTaxdClient("http://127.0.0.1:8080/api", { apiKey: "pk_..." });

export async function clientIdOf(referenceId: string): Promise<string> {
  const user = await api.GET("/users/{referenceId}/user", { params: { path: { referenceId } } });
  if (user.error) throw new Error(`${user.error.code}: ${user.error.message}`);
  const u: Schemas["EmbeddedUser"] = user.data.data;
  return u.clientId;
}

export async function download(referenceId: string, reportId: string): Promise<Uint8Array> {
  const file = await downloadReport(api, referenceId, reportId);
  if (file.error) throw new Error(file.error.message);
  return file.data;
}

export async function reportPage(referenceId: string, cursor?: string): Promise<{ ids: string[]; next: string | null }> {
  const l = await api.GET("/users/{referenceId}/reports", { params: { path: { referenceId }, query: { limit: 50, cursor } } });
  if (!l.data) throw new Error(l.error?.message);
  return { ids: l.data.data.reports.map((r) => r.id), next: l.data.next_cursor };
}
