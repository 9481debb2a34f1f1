/** Validation of the engine-neutral JSON export against its JSON Schema (draft 2020-12, ajv). */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";

export const EXPORT_SCHEMA_URL = new URL("./schema/cardwright-export.schema.json", import.meta.url);

let validator: ValidateFunction | undefined;

function compiledValidator(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(readFileSync(EXPORT_SCHEMA_URL, "utf8")) as object;
    // The schema is our own file; ajv compiles it once. Exported data is only ever validated, never run.
    validator = new Ajv2020({ allErrors: true, allowUnionTypes: true }).compile(schema);
  }
  return validator;
}

/** Returns the schema violations of an export document, as readable lines; empty when it is valid. */
export function exportSchemaErrors(document: unknown): string[] {
  const validate = compiledValidator();
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? "is invalid"}`);
}
