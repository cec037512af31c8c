import type { ErrorObject } from "ajv";
import { createSchemaMerger, type InferredSchema } from "../../infer/schema-merger.js";
import { isPlainObject } from "../../json/json-value.js";
import { lazyAjv, lazyValidation, type Validation } from "../../json/lazy-ajv.js";

/**
 * The shape an agent relied on in the answers of one kind of call: a JSON Schema merged over every
 * recorded answer's body (`required` = the fields every one carried), loosened to what the agent can
 * feel. Formats are dropped (a date the provider now writes with seconds is still a date to the model),
 * an integer is any number, and fields no recorded answer had may come: a provider that adds to its
 * answers breaks no one.
 * @example
 * const shape = createReliedShape();
 * shape.add('{"id":1,"name":"A"}');
 * shape.problem('{"id":"1"}'); // "/id must be number"
 */
export function createReliedShape() {
  const merger = createSchemaMerger();
  let validation: Validation | undefined;
  let sawJson = false;
  return {
    /** Adds one recorded answer's body; a body that is no JSON adds nothing. */
    add(body: string) {
      const value = parseJson(body);
      if (value === NOT_JSON) return;
      sawJson = true;
      merger.add(value, body);
      validation = undefined;
    },
    /** Why an answer's body lacks what the recorded ones had, if it does; nothing when none was JSON. */
    problem(body: string): string | undefined {
      if (!sawJson) return undefined;
      const value = parseJson(body);
      if (value === NOT_JSON) return "the body is no longer JSON";
      validation ??= lazyValidation(loosened(merger.schema()), ajv);
      return describe(validation(value));
    },
  };
}

export type ReliedShape = ReturnType<typeof createReliedShape>;

const ajv = lazyAjv("2020-12", { allErrors: false, validateFormats: false });
const NOT_JSON = Symbol("not JSON");

function parseJson(body: string): unknown {
  if (body.trim() === "") return NOT_JSON;
  try {
    return JSON.parse(body);
  } catch {
    return NOT_JSON;
  }
}

/** The inferred schema without formats, with `integer` read as `number`, at every level. */
function loosened(schema: InferredSchema): InferredSchema {
  const copy: InferredSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "format") continue;
    copy[key] =
      key === "type"
        ? asNumber(value)
        : Array.isArray(value)
          ? value.map((item) => (isPlainObject(item) ? loosened(item) : item))
          : isPlainObject(value)
            ? key === "properties"
              ? Object.fromEntries(
                  Object.entries(value).map(([name, field]) => [
                    name,
                    isPlainObject(field) ? loosened(field) : field,
                  ]),
                )
              : loosened(value)
            : value;
  }
  return copy;
}

function asNumber(type: unknown): unknown {
  if (type === "integer") return "number";
  if (!Array.isArray(type)) return type;
  return [...new Set(type.map((item) => (item === "integer" ? "number" : item)))];
}

function describe(errors: readonly ErrorObject[] | undefined): string | undefined {
  const error = errors?.[0];
  if (!errors) return undefined;
  if (!error) return "the body does not fit";
  const where = error.instancePath || "the body";
  if (error.keyword === "required")
    return `${where === "the body" ? "" : `${where} `}lacks "${error.params.missingProperty}"`.trim();
  return `${where} ${error.message ?? "does not fit"}`;
}
