/**
 * This file was generated from spec/openapi.yaml by scripts/generate.mjs (openapi-typescript).
 * Do not make direct changes to the file.
 */

/** The operations whose success body is a file (application/octet-stream): read as bytes. */
export const binaryOperations: ReadonlyArray<readonly [method: string, path: string]> = [
  ["GET", "/users/{referenceId}/reports/{reportId}/download"],
  ["POST", "/users/{referenceId}/reports/{reportId}/download"],
];
