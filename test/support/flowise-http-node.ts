import type { HttpNodeConfig } from "../../src/config/http-node-config.js";

/** The inputs of a Flowise HTTP node (httpAgentflow) the editor left as it made it: empty strings, GET. */
export const UNTOUCHED_HTTP_INPUTS = {
  method: "GET",
  url: "",
  headers: "",
  queryParams: "",
  bodyType: "",
  body: "",
  responseType: "",
};

/** What such a node loads to: an http config with empty lists and Flowise's default JSON answer. */
export function untouchedHttpConfig(name: string): HttpNodeConfig {
  return {
    kind: "http",
    name,
    description: "Send an HTTP request",
    method: "GET",
    url: "",
    headers: [],
    queryParams: [],
    responseType: "json",
  };
}
