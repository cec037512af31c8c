import { mergeAllOf } from "../../openapi/merge-all-of.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { textAsType, typeOf } from "./text-as-type.js";

/** How deep an XML body may nest: JSON bodies are held to 256 levels, XML to what the parser allows. */
const MAX_XML_DEPTH = 100;
const ATTRIBUTE = "@_";
const TEXT = "#text";

/** OpenAPI's `xml` object: how a property is written in XML. */
interface XmlHints {
  name?: string;
  attribute?: boolean;
  wrapped?: boolean;
}

/**
 * An XML request body (fast-xml-parser, loaded on first use) as the JSON value its schema describes,
 * by OpenAPI's `xml` object: the root element is the value, a property is the element (or, with
 * `attribute`, the attribute) of its `xml.name` or its own name, an array is its repeated items, inside
 * their wrapper with `wrapped`, and text is read as its schema's type (`<id>7</id>` is 7 for an
 * integer). What does not parse is a problem saying where; what parses is then checked against the
 * schema like JSON. Entities are expanded within fast-xml-parser's bounds, nesting to 100 levels.
 */
export async function readXmlBody(
  text: string,
  schema: SchemaObject | undefined,
): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const { XMLParser, XMLValidator } = await import("fast-xml-parser");
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line } = valid.err;
    return { ok: false, message: `request body is not valid XML: ${msg} (line ${line})` };
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE,
    textNodeName: TEXT,
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: MAX_XML_DEPTH,
    processEntities: { enabled: true, maxTotalExpansions: 1_000 },
  });
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch (error) {
    return { ok: false, message: `request body is not valid XML: ${(error as Error).message}` };
  }
  const roots = isRecord(parsed) ? Object.values(parsed) : [];
  if (roots.length !== 1)
    return { ok: false, message: "request body is not valid XML: it has no single root element" };
  return { ok: true, value: fromXml(roots[0], schema) };
}

/** A parsed XML node as the value its schema describes. */
function fromXml(node: unknown, schema: SchemaObject | undefined): unknown {
  if (!schema) return textOf(node) ?? node;
  const merged = mergeAllOf(schema);
  const type = typeOf(merged);
  if (type === "array") return asArray(node).map((item) => fromXml(item, merged.items));
  if (type === "object" || merged.properties !== undefined) return objectFromXml(node, merged);
  const text = textOf(node);
  return text === undefined ? node : textAsType(text, merged);
}

function objectFromXml(node: unknown, schema: SchemaObject): unknown {
  if (!isRecord(node)) return node === "" ? {} : node;
  const value: Record<string, unknown> = {};
  const read = new Set<string>();
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const hints = xmlHints(property);
    const key = elementNames(name, property)
      .map((element) => (hints.attribute ? `${ATTRIBUTE}${element}` : element))
      .find((candidate) => candidate in node);
    if (key === undefined) continue;
    read.add(key);
    value[name] = fromXml(hints.wrapped ? unwrap(node[key]) : node[key], property);
  }
  // Elements the schema does not name stay as text, for `additionalProperties` to judge.
  for (const [key, raw] of Object.entries(node)) {
    if (!read.has(key) && !key.startsWith(ATTRIBUTE) && key !== TEXT) value[key] = textOf(raw) ?? raw;
  }
  return value;
}

/**
 * The element names a property may have: its `xml.name`, else its own name; for an array not
 * wrapped, whose items stand side by side, its items' name first. Descriptions disagree on which
 * name a wrapped array's wrapper takes (the Petstore names its `photoUrls` wrapper `photoUrl`), so
 * each is tried.
 */
function elementNames(name: string, property: SchemaObject): string[] {
  const hints = xmlHints(property);
  const merged = mergeAllOf(property);
  const itemName = typeOf(merged) === "array" && !hints.wrapped ? xmlHints(merged.items).name : undefined;
  return [itemName, hints.name, name].filter((candidate): candidate is string => candidate !== undefined);
}

/** A wrapper element's items: the values of its one kind of child element, whatever its name. */
function unwrap(wrapper: unknown): unknown {
  if (wrapper === "") return [];
  if (!isRecord(wrapper)) return wrapper;
  const children = Object.entries(wrapper).filter(([key]) => !key.startsWith(ATTRIBUTE) && key !== TEXT);
  return children.length === 1 ? children[0]?.[1] : wrapper;
}

function xmlHints(schema: SchemaObject | undefined): XmlHints {
  const xml = schema?.xml;
  return isRecord(xml) ? (xml as XmlHints) : {};
}

function asArray(node: unknown): unknown[] {
  if (node === undefined || node === "") return [];
  return Array.isArray(node) ? node : [node];
}

/** An element's text: itself, or its `#text` when it has attributes too. */
function textOf(node: unknown): string | undefined {
  if (typeof node === "string") return node;
  return isRecord(node) && typeof node[TEXT] === "string" ? node[TEXT] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
