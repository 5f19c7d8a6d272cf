// The same package from CommonJS: require() gets the CJS build.
const assert = require("node:assert/strict");
const { createTaxdClient } = require("@taxd/partner-sdk");

const api = createTaxdClient(process.env.TAXD_API_URL, { clientId: process.env.TAXD_CLIENT_ID, apiSecret: process.env.TAXD_API_SECRET });
api
  .GET("/users/{referenceId}/user", { params: { path: { referenceId: process.env.TAXD_FLOW_USER } } })
  .then((u) => {
    assert.equal(u.response.status, 200, JSON.stringify(u.error));
    assert.equal(u.data.data.referenceId, process.env.TAXD_FLOW_USER);
    console.log(`ts sdk flow (cjs): ${u.data.data.referenceId} is clientId ${u.data.data.clientId}`);
  })
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
