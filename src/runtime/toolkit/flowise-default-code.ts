/**
 * The Custom Code Flowise's OpenAPI toolkit ships as its default (and stores in flow exports): fetch
 * `$url` with `$options`, return the JSON body re-serialised, or "" on any error.
 */
export const FLOWISE_DEFAULT_CODE = `const fetch = require('node-fetch');
const url = $url;
const options = $options;

try {
\tconst response = await fetch(url, options);
\tconst resp = await response.json();
\treturn JSON.stringify(resp);
} catch (error) {
\tconsole.error(error);
\treturn '';
}
`;

const squeeze = (code: string) => code.replace(/\s+/g, " ").trim();
const DEFAULT_SQUEEZED = squeeze(FLOWISE_DEFAULT_CODE);

/** True when there is no custom code, or it is Flowise's default (whitespace aside): run it natively. */
export function isDefaultCode(code: string | undefined): boolean {
  return code === undefined || code.trim() === "" || squeeze(code) === DEFAULT_SQUEEZED;
}
