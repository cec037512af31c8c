import { DifyNotReproduced } from "../dify-node-error.js";

/** An HTTP token, as h11 (httpx's HTTP/1.1 layer) requires of a header name. */
const TOKEN = /^[-!#$%&'*+.^_`|~0-9A-Za-z]+$/;
/** What h11 lets through in a header value: visible ASCII, spaces and tabs inside. */
const FIELD_VALUE = /^(?:[\x21-\x7e]+(?:[ \t]+[\x21-\x7e]+)*)?$/;

/**
 * Refuses, as not reproduced, a header httpx would not send: a name or value that is not ASCII (httpx
 * encodes them as ASCII, and the `UnicodeEncodeError` escapes the node), or one h11 calls illegal
 * (`Illegal header name`/`value`, words the reference does not give). Node's HTTP client would send
 * some of them (Latin-1 text), so tooldeck says so instead of sending what Dify never would.
 */
export function checkHttpxHeaders(headers: ReadonlyMap<string, string>): void {
  for (const [name, value] of headers) {
    if (!TOKEN.test(name))
      throw new DifyNotReproduced(`the header name ${JSON.stringify(name)} is one httpx refuses to send`);
    if (!FIELD_VALUE.test(value))
      throw new DifyNotReproduced(`the value of header ${name} holds characters httpx refuses to send`);
  }
}
