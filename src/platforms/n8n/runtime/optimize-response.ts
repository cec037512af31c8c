import { getField, setField, unsetField } from "../../../json/field-path.js";
import { cloneJson, isPlainObject } from "../../../json/json-value.js";
import { N8nNodeError, NotReproducible } from "./node-failure.js";
import type { OptimizeSettings } from "./optimize-settings.js";

// Read apart from the optimisation, which loads lodash: the lint reads the settings too (context-budget).
export { type OptimizeSettings, optimizeSettingsOf } from "./optimize-settings.js";

/**
 * JSON optimisation: the records under Field Containing Data (or the body), each cut to the selected
 * fields (dot paths, as lodash reads them in n8n) or stripped of the excepted ones, on a copy. A path
 * walks the answer's own properties only and never `__proto__`, `constructor` or `prototype`: n8n's
 * lodash `unset` deletes `Object.prototype` methods given `a.__proto__.toString` and an answer with its
 * own `__proto__` key.
 */
export function optimizeJson(body: unknown, settings: OptimizeSettings): unknown[] {
  const data = typeof body === "string" ? parseOrFail(body) : body;
  if (typeof data !== "object" || data === null) {
    throw new N8nNodeError("The response type must be an object or an array of objects");
  }
  let records: unknown[];
  if (Array.isArray(data))
    records = settings.dataField ? data.map((item) => fieldOf(item, settings.dataField)) : data;
  else if (!settings.dataField) records = [data];
  else {
    const inner = fieldOf(data, settings.dataField);
    records = Array.isArray(inner) ? inner : [inner];
  }
  if (settings.fieldsToInclude === "selected") {
    return records.map((record) => {
      const picked: Record<string, unknown> = {};
      for (const field of settings.fields) setField(picked, field, getField(record, field));
      return picked;
    });
  }
  if (settings.fieldsToInclude === "except") {
    return records.map((record) => {
      if (!isPlainObject(record)) return record;
      const kept = cloneJson(record);
      for (const field of settings.fields) unsetField(kept, field);
      return kept;
    });
  }
  return records;
}

function fieldOf(value: unknown, field: string): unknown {
  return isPlainObject(value) && Object.hasOwn(value, field) ? value[field] : undefined;
}

function parseOrFail(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new N8nNodeError((error as Error).message);
  }
}

/**
 * HTML optimisation: n8n selects elements with a CSS selector (cheerio) and converts them to text
 * (html-to-text); neither the reference nor tooldeck's dependencies give enough to reproduce it.
 */
export function optimizeHtml(): never {
  throw new NotReproducible("Optimize Response of HTML is not modelled");
}

/**
 * Text optimisation: n8n reads the answer as an HTML page (JSDOM and Readability) and keeps its readable
 * text, cut at Max Response Characters. Modelled for plain text only (no markup, no entities), whose
 * readable text is itself; anything else is not reproduced.
 */
export function optimizeText(body: unknown, settings: OptimizeSettings): string {
  const text = typeof body === "object" && body !== null ? JSON.stringify(body, null, 2) : body;
  if (typeof text !== "string") {
    throw new N8nNodeError(`The response type must be a string. Received: ${typeof text}`);
  }
  if (/[<&]/.test(text))
    throw new NotReproducible("Optimize Response (Text) of an answer with markup is not modelled");
  return settings.maxLength > 0 && text.length > settings.maxLength
    ? text.slice(0, settings.maxLength)
    : text;
}
