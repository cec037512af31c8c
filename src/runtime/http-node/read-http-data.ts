import type { HttpResponseType } from "../../config/http-node-config.js";

/**
 * `http.data` as Flowise's HTTP node gives it for each response type: json parsed when it parses (else the
 * text, as axios does), text as is, arraybuffer as Node serialises a Buffer (`{type: "Buffer", data: [...]}`),
 * base64 as a base64 string.
 */
export function readHttpData(bytes: Uint8Array, responseType: HttpResponseType): unknown {
  switch (responseType) {
    case "arraybuffer":
      return { type: "Buffer", data: [...bytes] };
    case "base64":
      return Buffer.from(bytes).toString("base64");
    case "text":
      return decode(bytes);
    case "json":
      return parseJsonOrText(decode(bytes));
  }
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

function parseJsonOrText(text: string): unknown {
  if (text.trim() === "") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
