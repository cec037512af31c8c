const EVIDENCE_LIMIT = 200;

/** An answer's body as a finding quotes it: on one line, cut after 200 characters. */
export function clipEvidence(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EVIDENCE_LIMIT ? `${flat.slice(0, EVIDENCE_LIMIT)}…` : flat;
}
