// GraphQL Code Generator: typed documents (TypedDocumentNode) for the operations in main.ts,
// from the SDL under spec/graphql. `make generate` runs it; the output in gql/ is committed.
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "../../spec/graphql/*.graphqls",
  documents: ["main.ts"],
  generates: {
    "gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, scalars: { ID: "string", Date: "string" } },
    },
  },
  ignoreNoDocuments: false,
};
export default config;
