// The development GraphQL explorer: GraphiQL with the demo client key, bundled offline by esbuild
// (no CDN). The page template puts the key and the endpoint in <meta> tags (the CSP forbids
// inline script).
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import './explorer.css';

// Monaco runs its language services in workers; esbuild builds them beside this bundle.
(globalThis as any).MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    const base = document.querySelector<HTMLMetaElement>('meta[name="taxd-assets"]')!.content;
    const file = label === 'json' ? 'json.worker.js' : label === 'graphql' ? 'graphql.worker.js' : 'editor.worker.js';
    return new Worker(base + file);
  },
};

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
const endpoint = meta('taxd-graphql-endpoint') || '/graphql';
const key = meta('taxd-demo-key');

const fetcher = async (params: unknown) => {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: JSON.stringify(params),
  });
  return res.json();
};

const clientId = meta('taxd-demo-client');
const defaultQuery = `# taxd GraphQL explorer (development). Requests carry the demo client's key (x-api-key).
# The schema: /graphql/schema.graphqls; the REST reference: /docs
query Dirty {
  countDirty(clientId: "${clientId || '<client id>'}")
}
`;

createRoot(document.getElementById('graphiql')!).render(
  <GraphiQL fetcher={fetcher as any} defaultQuery={defaultQuery} />,
);
