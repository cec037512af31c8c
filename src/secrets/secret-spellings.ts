import { escapeXml } from "../text/escape-xml.js";
import { escapeCommandData, escapeCommandProperty } from "../text/workflow-command-escape.js";

/** Shorter values, and shorter cut prefixes, are too common in ordinary text (`1`, `yes`) to be hidden. */
export const MIN_SECRET_LENGTH = 4;

/** One way a report can spell a secret, and how much of it must show before a cut copy is hidden. */
export interface SecretSpelling {
  text: string;
  /**
   * The shortest prefix of `text` that is hidden where an output was cut (`maxOutputLength`): 4
   * characters, past the scheme for a URL (`https://` alone starts every address).
   */
  minPrefix: number;
}

type Spell = (text: string) => string;

const asWritten: Spell = (text) => text;
/** How a form parser reads a written query: `+` is a space. */
const plusAsSpace: Spell = (text) => text.replace(/\+/g, " ");
const formEncoded: Spell = (text) => new URLSearchParams({ v: text }).toString().slice(2);
const inJson: Spell = (text) => JSON.stringify(text).slice(1, -1);

/** A value as sent, and as a form parser on the other side reads it back from a query (`+` a space). */
const READINGS: readonly Spell[] = [asWritten, plusAsSpace];

/**
 * How a URL carries a text: as written, percent-encoded (path, query), form-encoded (`+` for a space,
 * `%2B` for a plus), as WHATWG URL writes it into a path or a query, and a form query read back with
 * decodeURI (as probe findings show paths). A form-encoded reading is what `URL.searchParams` makes of
 * a written `?q=a+b/c` once it adds a param.
 */
const IN_URLS: readonly Spell[] = [
  asWritten,
  (text) => encodeURI(text),
  (text) => encodeURIComponent(text),
  formEncoded,
  (text) => decodeURI(formEncoded(text)),
  (text) => whatwg("pathname", text),
  (text) => whatwg("search", text),
];

/** How a report wraps a text: in JSON (once, or a JSON body inside a JSON report), in XML, both. */
const IN_REPORTS: readonly Spell[] = [
  asWritten,
  inJson,
  (text) => inJson(inJson(text)),
  escapeXml,
  (text) => escapeXml(inJson(text)),
];

/** GitHub's workflow commands: a finding's message, and its `file=`/`title=` properties. */
const IN_WORKFLOW_COMMANDS: readonly Spell[] = [asWritten, escapeCommandData, escapeCommandProperty];

const SPELLINGS = compositions([READINGS, IN_URLS, IN_REPORTS, IN_WORKFLOW_COMMANDS]);

/**
 * How code given a secret can spell it back so that no copy of it shows (a Custom Tool's output, a
 * server's echo): spaced out (`S T A N D I N`), reversed, base64 (standard and URL-safe, padded or
 * not) and hex (either case) of its UTF-8 bytes. Any other spelling (`S-T-A-N-D-I-N`, ROT13, base64 of
 * a longer text that holds it) is not known: code given a secret can reveal it (docs/security.md).
 */
const DISGUISES: readonly Spell[] = [
  (text) => Array.from(text).join(" "),
  (text) => Array.from(text).reverse().join(""),
  (text) => Buffer.from(text, "utf8").toString("base64"),
  (text) => Buffer.from(text, "utf8").toString("base64").replace(/=+$/, ""),
  (text) => Buffer.from(text, "utf8").toString("base64url"),
  (text) => Buffer.from(text, "utf8").toString("hex"),
  (text) => Buffer.from(text, "utf8").toString("hex").toUpperCase(),
];

/** A disguise, inside each way a report wraps text and a GitHub annotation escapes it. */
const DISGUISED = compositions([DISGUISES, IN_REPORTS, IN_WORKFLOW_COMMANDS]);

/**
 * A cut copy of a disguise is hidden from 8 characters on: a disguise's first 4 (`c2Vj`, `7365`,
 * `S T`) are ordinary text too often.
 */
const DISGUISE_MIN_PREFIX = 8;

/**
 * Every spelling of a secret that a report, an output or a cassette can carry: as sent or read back,
 * each way a URL carries that, inside each way a report wraps text, inside each way a GitHub annotation
 * escapes it; and each disguise (`DISGUISES`: spaced, reversed, base64, hex), wrapped the same ways.
 * Each 4+ characters, no repeats.
 */
export function secretSpellings(value: string): SecretSpelling[] {
  const head = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value)?.[0] ?? "";
  const spellings = new Map<string, number>();
  for (const spell of SPELLINGS) {
    const text = attempt(spell, value);
    if (text === undefined || text.length < MIN_SECRET_LENGTH || spellings.has(text)) continue;
    const spelledHead = attempt(spell, head) ?? "";
    const past = text.startsWith(spelledHead) ? spelledHead.length : 0;
    spellings.set(text, Math.min(text.length, past + MIN_SECRET_LENGTH));
  }
  for (const spell of DISGUISED) {
    const text = attempt(spell, value);
    if (text === undefined || text.length < MIN_SECRET_LENGTH || spellings.has(text)) continue;
    spellings.set(text, Math.min(text.length, DISGUISE_MIN_PREFIX));
  }
  return [...spellings].map(([text, minPrefix]) => ({ text, minPrefix }));
}

/** Every way of applying one spelling of each stage, first stage first. */
function compositions(stages: readonly (readonly Spell[])[]): Spell[] {
  return stages.reduce<Spell[]>(
    (inner, stage) => inner.flatMap((first) => stage.map((then) => (text: string) => then(first(text)))),
    [asWritten],
  );
}

/** A spelling of a text, or undefined where it has none (a lone surrogate cannot be percent-encoded). */
function attempt(spell: Spell, text: string): string | undefined {
  try {
    return spell(text);
  } catch {
    return undefined;
  }
}

/** The text as the WHATWG URL parser writes it into a path or a query (`'` and spaces encoded, `%` kept). */
function whatwg(part: "pathname" | "search", text: string): string {
  const url = new URL("http://h/");
  url[part] = part === "pathname" ? `/${text}` : text;
  return url[part].slice(1);
}
