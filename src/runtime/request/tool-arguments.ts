/** The arguments of a request tool after validation: what the LLM may fill in. */
export interface RequestToolArguments {
  queryParams?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** How one profile presents a request tool's arguments to the LLM and checks what comes back. */
export interface ArgumentsContract {
  /** JSON Schema of the arguments object, as the LLM is given it. */
  jsonSchema: Record<string, unknown>;
  /** Converts wrongly typed values the profile accepts ("5" for an integer); validation comes after. */
  coerce(args: unknown): unknown;
  /** Coerces, then validates. */
  parse(args: unknown): { ok: true; value: RequestToolArguments } | { ok: false; error: string };
}

/** LangChain's message for arguments that fail the tool's schema; Flowise shows it as is. */
export const SCHEMA_MISMATCH = "Received tool input did not match expected schema";
