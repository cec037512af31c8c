/** Values a probe fills in, by what a field is called or declared as. */
export interface ProbeHints {
  /** An id that exists in the target service (the emulator's seed: "1"). */
  existingId: string;
  /** A date-time the services accept. */
  dateTime: string;
}

export const EMULATOR_HINTS: ProbeHints = { existingId: "1", dateTime: "2024-07-15T10:00:00Z" };
