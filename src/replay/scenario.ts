import type { ToolConfig } from "../config/tool-config.js";
import type { Profile } from "../profile.js";
import type { Expectations, ScenarioModel, ScenarioStep } from "./scenario-schema.js";

/**
 * One runnable scenario: a scenario file under one profile, paths resolved. Library users may build one
 * directly; `tools` then may hold configs as well as paths.
 */
export interface Scenario {
  name: string;
  /** The scenario file as given, for reports; absent for scenarios built in code. */
  file?: string;
  profile: Profile;
  /** Config files/folders (resolved paths) or configs. A later tool replaces an earlier one of the same name. */
  tools: readonly (string | ToolConfig)[];
  /**
   * The flow whose tools the model is given when the tools hold several (a resolved file, or an agent:
   * `/…/flow.json › Agent 1`): a name two of them have is an error without it.
   */
  flow?: string;
  vars: Record<string, string>;
  /** The pinned clock: `{{current_date_time}}` in the system prompt and in tool configs. */
  now: Date;
  system?: string;
  messages: readonly string[];
  /** The provider states the conversation starts from (`event 1 exists`): `tooldeck verify` sets them up. */
  providerStates?: readonly string[];
  model: ScenarioModel;
  before: readonly ScenarioStep[];
  after: readonly ScenarioStep[];
  /**
   * What answers beside the embedded emulators (resolved paths): a spec emulator, its description and
   * seed file (its collections are in the state expectations by path, `/pets`), or recorded traffic.
   */
  emulator?: { spec: string; seed?: string } | { traffic: string };
  /** Where the cassette lives; absent = no cassette (always a live run, nothing recorded). */
  cassette?: string;
  expect: Expectations;
}
