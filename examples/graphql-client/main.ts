// A typed GraphQL client of taxd: graphql-request with documents typed by GraphQL Code Generator
// (gql/, TypedDocumentNode). It recalculates one client: countDirty, rerunGraph, then
// getActiveRecalculateJob until the job is gone. contracttests/sdk_test.go runs it against a real
// server (TAXD_GRAPHQL_URL, TAXD_CLIENT_API_KEY, TAXD_CLIENT_ID).
import assert from "node:assert/strict";
import { GraphQLClient } from "graphql-request";
import { graphql } from "./gql";

const CountDirty = graphql(`
  query CountDirty($clientId: ID!) {
    countDirty(clientId: $clientId)
  }
`);

const RerunGraph = graphql(`
  mutation RerunGraph($clientId: ID!) {
    rerunGraph(clientId: $clientId)
  }
`);

const ActiveJob = graphql(`
  query ActiveJob($clientId: ID!) {
    getActiveRecalculateJob(clientId: $clientId) {
      id
      status
      progress
    }
  }
`);

const env = (k: string): string => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};

async function main() {
  const client = new GraphQLClient(env("TAXD_GRAPHQL_URL"), { headers: { "x-api-key": env("TAXD_CLIENT_API_KEY") } });
  const clientId = env("TAXD_CLIENT_ID");

  const before: number = (await client.request(CountDirty, { clientId })).countDirty;
  const jobId: string = (await client.request(RerunGraph, { clientId })).rerunGraph;
  assert.ok(jobId.length > 0, "rerunGraph returns the job id");
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { getActiveRecalculateJob: job } = await client.request(ActiveJob, { clientId });
    if (job === null || job === undefined) break;
    assert.equal(job.id, jobId, "the active job is the one rerunGraph started");
    if (Date.now() > deadline) throw new Error("timed out waiting for the recalculation");
    await new Promise((r) => setTimeout(r, 150));
  }
  const after: number = (await client.request(CountDirty, { clientId })).countDirty;
  assert.equal(after, 0, "settled after the recalculation");
  console.log(`graphql example: countDirty ${before} -> rerunGraph ${jobId} -> settled, countDirty ${after}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
