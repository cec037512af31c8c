import { z } from "zod";

const SetupCallSchema = z
  .object({
    method: z.string().min(1).default("POST"),
    path: z.string().startsWith("/", { error: "expected a path on the provider, starting with /" }),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.string()).default({}),
  })
  .strict();

/**
 * How the provider is put in the state a scenario starts from (`providerState: event 1 exists`): calls
 * made for each state, and/or a setup URL the provider exposes, posted `{"state", "params", "action":
 * "setup"}` as Pact's verifier posts to its provider-state endpoint.
 */
export const ProviderStatesSchema = z
  .object({
    setupUrl: z.url().optional(),
    states: z.record(z.string().min(1), z.array(SetupCallSchema)).default({}),
  })
  .strict();
export type ProviderStates = z.infer<typeof ProviderStatesSchema>;

/** One request that sets a state up, as `verify` sends it. */
export interface SetupRequest {
  state: string;
  request: Request;
}

/**
 * The requests that put the provider in a state: the state's own calls, else one post to the setup URL.
 * Undefined when nothing says how: the cassette cannot be verified, as its calls would meet another state.
 */
export function setupRequests(
  state: string,
  states: ProviderStates,
  provider: string,
): SetupRequest[] | undefined {
  const calls = states.states[state];
  if (calls) {
    const base = new URL(provider);
    const basePath = base.pathname.replace(/\/+$/, "");
    return calls.map((call) => {
      const headers = new Headers(call.headers);
      const init: RequestInit = { method: call.method, headers, redirect: "manual" };
      if (call.body !== undefined) {
        init.body = typeof call.body === "string" ? call.body : JSON.stringify(call.body);
        if (!headers.has("content-type")) headers.set("content-type", "application/json");
      }
      return { state, request: new Request(new URL(`${basePath}${call.path}`, base.origin), init) };
    });
  }
  if (!states.setupUrl) return undefined;
  const body = JSON.stringify({ state, params: {}, action: "setup" });
  const request = new Request(states.setupUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    redirect: "manual",
  });
  return [{ state, request }];
}
