import type { ScriptedTurn } from "../../replay/scenario-schema.js";
import type { ProviderViolation, WireTool } from "../wire-tool.js";

/** The model providers tooldeck emulates: each answers its tool-calling endpoints. */
export const EMULATED_PROVIDERS = ["openai", "anthropic", "gemini"] as const;

export type EmulatedProvider = (typeof EMULATED_PROVIDERS)[number];

/** Judges the tools one request sends, as the provider would: what it refuses, in its own words. */
export type ProviderJudge = (tools: WireTool[]) => ProviderViolation[];

/** What a provider emulator judges with and answers. */
export interface ProviderEmulatorOptions {
  /** The rules the provider holds a request's tools to; a request breaking one is refused. */
  judge: ProviderJudge;
  /**
   * The scripted model's turns (a scenario's `model.scripted`): the request with N model turns already in
   * its conversation is answered with turn N+1, so several conversations can run at once. Default: every
   * request is answered with a text saying the tools were accepted.
   */
  script?: readonly ScriptedTurn[];
  /** The request id of an answer (`req_…`); default random. */
  requestId?: () => string;
  /** The clock of `created` stamps; default the system's. */
  now?: () => Date;
}

/** A provider emulator: its name and its `fetch(Request) → Response`. */
export interface ProviderEmulator {
  provider: EmulatedProvider;
  fetch(request: Request): Promise<Response>;
}
