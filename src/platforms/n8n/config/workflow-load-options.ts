import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { describeType, isPlainObject } from "../../../json/json-value.js";

/** What `loadN8nWorkflow` is given besides the workflows, in memory: no file, no project root. */
export interface N8nWorkflowLoadOptions {
  /** Labels every entry (`n8n:<workflow name>`). Default `workflow`. */
  file?: string;
  /**
   * n8n's credentials, decrypted, as `n8n export:credentials --all --decrypted` writes them
   * (`{id, name, type, data}`): each tool's credential is looked up by its id, else by its type and name,
   * and the fields it sends become the `n8n_credential_…` variables of `LoadResult.vars` (docs/n8n.md).
   * When given, a credential a tool authenticates with that is not among them is a load error.
   */
  credentials?: readonly unknown[];
  /**
   * n8n's variables (`$vars`): `{key, value}` rows as `GET /api/v1/variables` lists them, or a record of
   * texts (`{ base_url: "…" }`); into `LoadResult.vars`.
   */
  variables?: readonly unknown[] | Readonly<Record<string, unknown>>;
}

/** A credential of `options.credentials`, its fields decrypted, and where it was given. */
export interface GivenCredential {
  id?: string;
  name: string;
  type: string;
  data: Record<string, unknown>;
  path: string;
}

const CREDENTIAL_SHAPE = "an n8n credential {id, name, type, data} (n8n export:credentials --decrypted)";

/** The credentials of `options.credentials`; one of another shape, or still encrypted, is a load error. */
export function readOptionCredentials(credentials: readonly unknown[], sink: LoadSink): GivenCredential[] {
  const read: GivenCredential[] = [];
  credentials.forEach((value, index) => {
    const path = joinPath("options.credentials", index);
    if (!isPlainObject(value) || !isText(value.name) || !isText(value.type)) {
      sink.error(path, `expected ${CREDENTIAL_SHAPE}, received ${describeType(value)}`);
      return;
    }
    if (typeof value.data === "string") {
      // Without --decrypted, n8n writes `data` as its encrypted text, which only that instance can read.
      sink.error(
        joinPath(path, "data"),
        `the credential "${value.name}" is encrypted: export it with n8n export:credentials --decrypted`,
      );
      return;
    }
    if (!isPlainObject(value.data)) {
      sink.error(
        joinPath(path, "data"),
        `expected the credential's fields as an object, received ${describeType(value.data)}`,
      );
      return;
    }
    const id = typeof value.id === "string" || typeof value.id === "number" ? String(value.id) : undefined;
    read.push({
      ...(id !== undefined ? { id } : {}),
      name: value.name,
      type: value.type,
      data: value.data,
      path,
    });
  });
  return read;
}

/** `options.variables` as `$vars` values: `{key, value}` rows or a record of texts. */
export function readOptionVariables(variables: N8nWorkflowLoadOptions["variables"], sink: LoadSink): void {
  if (variables === undefined) return;
  if (!Array.isArray(variables)) {
    for (const [name, value] of Object.entries(variables))
      setVariable(name, value, joinPath("options.variables", name), sink);
    return;
  }
  variables.forEach((row, index) => {
    const path = joinPath("options.variables", index);
    if (!isPlainObject(row) || !isText(row.key)) {
      sink.error(path, `expected an n8n variable {key, value}, received ${describeType(row)}`);
      return;
    }
    setVariable(row.key, row.value, joinPath(path, "value"), sink);
  });
}

function setVariable(name: string, value: unknown, path: string, sink: LoadSink): void {
  if (typeof value === "string") sink.variable(name, value);
  else sink.error(path, `expected the text of $vars.${name}, received ${describeType(value)}`);
}

function isText(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}
