import { difyApiBooleanText } from "../../../../src/platforms/dify/lint/dify-api-boolean-text.js";
import { difyApiContentType } from "../../../../src/platforms/dify/lint/dify-api-content-type.js";
import { difyApiErrorHidden } from "../../../../src/platforms/dify/lint/dify-api-error-hidden.js";
import { difyApiFixedOverride } from "../../../../src/platforms/dify/lint/dify-api-fixed-override.js";
import { difyApiLossyType } from "../../../../src/platforms/dify/lint/dify-api-lossy-type.js";
import { testRule } from "../../../lint/support/test-rule.js";
import { AGENT, configOf } from "./api-tool-support.js";

const SPEC = "test/platforms/dify/api-tool/fixtures/shop.openapi.yaml";
const shop = (name: string, overrides: Parameters<typeof configOf>[1] = {}) =>
  configOf(name, { provider: "shop", spec: SPEC, ...overrides });

testRule(difyApiContentType, [
  { name: "exactly application/json, one media type", config: shop("updateItem"), expected: [] },
  { name: "no request body", config: shop("listItems"), expected: [] },
  {
    name: "`application/json; charset=utf-8` is form-encoded under it (fact 68)",
    config: shop("createOrder"),
    expected: [
      `warning : ${SPEC}#/paths/~1orders/post: the first media type is "application/json; charset=utf-8", not exactly application/json: Dify sends the body form-encoded (a=1&b=2) under Content-Type: application/json; charset=utf-8`,
    ],
  },
  {
    name: "two media types whose schemas differ: shown the last, sent the first (fact 60)",
    config: shop("createNote"),
    profile: "dify",
    expected: [
      `warning : ${SPEC}#/paths/~1notes/post: the request body has 2 media types whose schemas differ: Dify shows the model the fields of the last ("text/plain") and sends the first ("application/json")`,
    ],
  },
  {
    name: "a document that cannot be read: nothing (running it says why)",
    config: shop("createOrder", { spec: "missing.yaml" }),
    expected: [],
  },
]);

testRule(difyApiLossyType, [
  { name: "plain types pass", config: shop("createOrder"), expected: [] },
  {
    name: "object, array and oneOf query parameters are shown as strings (fact 59)",
    config: shop("listItems"),
    expected: [
      `warning : ${SPEC}#/paths/~1items/get: filter (object) is shown to the model as a string, and what it gives is cast with str()`,
      `warning : ${SPEC}#/paths/~1items/get: ids (array) is shown to the model as a string, and what it gives is cast with str()`,
      `warning : ${SPEC}#/paths/~1items/get: mode (oneOf) is shown to the model as a string, and what it gives is cast with str()`,
    ],
  },
  {
    name: "oneOf and untyped body fields are always null (fact 66), fixed or not; anyOf is shown as a string",
    config: shop("updateItem", { parameters: { meta: { type: "constant", value: "{}" } } }),
    expected: [
      `error : ${SPEC}#/paths/~1items~1{id}/put: body field extra (no type) is always sent as null: Dify converts only a field with a type or anyOf`,
      `error parameters.meta: ${SPEC}#/paths/~1items~1{id}/put: body field meta (oneOf) is always sent as null: Dify converts only a field with a type or anyOf`,
      `warning : ${SPEC}#/paths/~1items~1{id}/put: flag (anyOf) is shown to the model as a string, and what it gives is cast with str()`,
    ],
  },
]);

testRule(difyApiBooleanText, [
  { name: "no boolean", config: shop("createOrder"), expected: [] },
  {
    name: "a boolean the model fills: any other text is true (fact 62)",
    config: shop("listItems"),
    expected: [
      `info : ${SPEC}#/paths/~1items/get: boolean verbose: Dify reads only true/yes/y/1 and false/no/n/0 from the model's text; any other text ("off") is sent as true`,
    ],
  },
  {
    name: "a fixed value that is one of Dify's words passes; another is sent as true",
    config: shop("listItems", { parameters: { verbose: { type: "constant", value: "off" } } }),
    expected: [
      `warning parameters.verbose: ${SPEC}#/paths/~1items/get: the fixed value of boolean verbose is "off", which Dify sends as true`,
    ],
  },
  {
    name: "a fixed False passes",
    config: shop("listItems", { parameters: { verbose: { type: "constant", value: false } } }),
    expected: [],
  },
  {
    name: "a body boolean through anyOf reads only true/1/false/0 (fact 66)",
    config: shop("updateItem"),
    expected: [
      `info : ${SPEC}#/paths/~1items~1{id}/put: body field flag is a boolean through anyOf: Dify reads only true/1/false/0 and sends any other text as written`,
    ],
  },
]);

testRule(difyApiFixedOverride, [
  {
    name: "a workflow Tool node's values are not the model's",
    config: shop("listItems", { parameters: { limit: { type: "constant", value: 5 } } }),
    expected: [],
  },
  { name: "an Agent tool without fixed values", config: shop("listItems", { agent: AGENT }), expected: [] },
  {
    name: "an Agent tool's fixed value: the model's argument wins (fact 84)",
    config: shop("listItems", { agent: AGENT, parameters: { limit: { type: "constant", value: 5 } } }),
    expected: [
      "warning parameters.limit: the fixed value of limit is overridden by the model's limit argument when it writes one: Agent calls the tool with {**fixed, **model}",
    ],
  },
]);

testRule(difyApiErrorHidden, [
  { name: "no 429/5xx documented", config: shop("listItems"), expected: [] },
  {
    name: "429 and 5XX documented: the model sees only the retry error (fact 70)",
    config: shop("createOrder"),
    expected: [
      `info : ${SPEC}#/paths/~1orders/post documents 429, 5XX answers: the model sees only "Reached maximum retries (0) for URL https://shop.example.com/v1/orders", never their status or body`,
    ],
  },
]);
