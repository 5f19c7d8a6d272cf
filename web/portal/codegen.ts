// GraphQL Code Generator: the result and variable types of the portal's operations (gql.ts), from
// the SDL under spec/graphql. `make generate` runs it; the output in generated/ is committed. The
// portal imports only types from it, so a schema change that breaks an operation fails codegen and
// a change of a field the portal reads fails tsc.
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "../../spec/graphql/*.graphqls",
  documents: ["gql.ts"],
  generates: {
    "generated/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, documentMode: "string", scalars: { ID: "string", Date: "string", Cents: "number", JSON: "unknown" } },
    },
  },
  ignoreNoDocuments: false,
};
export default config;
