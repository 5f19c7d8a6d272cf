// Generates src/schema.ts (openapi-typescript types of spec/openapi.yaml) and src/binary.ts (the
// operations whose success body is a file), run by `make generate`. A file body (format: binary)
// is typed ArrayBuffer: createTaxdClient reads those answers as bytes.
import { writeFileSync } from "node:fs";
import ts from "typescript";
import openapiTS, { astToString } from "openapi-typescript";

const spec = new URL("../../../spec/openapi.yaml", import.meta.url);
const binary = new Set();
const ast = await openapiTS(spec, {
  silent: true,
  transform(schema, meta) {
    if (schema.format !== "binary") return undefined;
    // meta.path: #/paths/<escaped path>/<method>/responses/<status>/content/<media>
    const m = /^#\/paths\/([^/]+)\/(get|post|put|patch|delete)\/responses\/2\d\d\//.exec(meta.path ?? "");
    if (m) binary.add(JSON.stringify([m[2].toUpperCase(), m[1].replaceAll("~1", "/").replaceAll("~0", "~")]));
    return ts.factory.createTypeReferenceNode("ArrayBuffer");
  },
});
const header = "/**\n * This file was generated from spec/openapi.yaml by scripts/generate.mjs (openapi-typescript).\n * Do not make direct changes to the file.\n */\n\n";
writeFileSync(new URL("../src/schema.ts", import.meta.url), header + astToString(ast));
const ops = [...binary].sort().map((s) => JSON.parse(s));
writeFileSync(
  new URL("../src/binary.ts", import.meta.url),
  header +
    "/** The operations whose success body is a file (application/octet-stream): read as bytes. */\n" +
    "export const binaryOperations: ReadonlyArray<readonly [method: string, path: string]> = [\n" +
    ops.map(([m, p]) => `  [${JSON.stringify(m)}, ${JSON.stringify(p)}],\n`).join("") +
    "];\n",
);
