import type { Profile } from "../profile.js";
import type { CallRecord } from "./call-record.js";

/**
 * How a scenario ran: live and recorded to its cassette, live without a cassette, replayed from it, or
 * not at all because its cassette is missing and recording was off (CI).
 */
export type ScenarioMode = "recorded" | "live" | "replayed" | "missing";

/** The outcome of one scenario: whether it passed, why not, and everything observed. */
export interface ScenarioResult {
  name: string;
  file?: string;
  profile: Profile;
  mode: ScenarioMode;
  passed: boolean;
  /** One line per failed expectation (and a line when the replay differs from the cassette). */
  failures: string[];
  /** Differences between the cassette and its replay (`-`/`+` lines); empty when live. */
  diff: string[];
  /** Recorded calls that no longer validate against the API description. Reported; not a failure. */
  drift: string[];
  /** Every call in order: steps before, the agent's calls, steps after. Secrets redacted. */
  calls: CallRecord[];
  answer: string;
  /** The emulator's end state. */
  state: Record<string, unknown>;
  /** The system prompt as the model got it. */
  system?: string;
  cassette?: string;
}
