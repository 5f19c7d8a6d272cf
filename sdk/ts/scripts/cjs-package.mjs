// dist/cjs holds CommonJS files (.js, .d.ts): a package.json there tells Node and TypeScript so.
import { writeFileSync } from "node:fs";
writeFileSync(new URL("../dist/cjs/package.json", import.meta.url), JSON.stringify({ type: "commonjs" }, null, 2) + "\n");
