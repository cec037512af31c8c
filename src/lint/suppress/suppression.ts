import type { Diagnostic } from "../diagnostic.js";

/** How a finding was accepted: a comment in its config, an override in the settings, or the baseline. */
export type SuppressionKind = "inline" | "override" | "baseline";

/** Why a finding is not counted: what accepted it, and the reason given there. */
export interface Suppression {
  kind: SuppressionKind;
  /**
   * What accepted it: the comment (`tools/x.yaml:11`), the override (`tooldeck.config.yaml overrides[0]`)
   * or the baseline file (`tooldeck.baseline.json`).
   */
  by: string;
  /** The justification written beside it (`-- reason`, an override's `reason`), when there is one. */
  reason?: string;
  /** An inline comment's line in the finding's file (SARIF's suppression location). */
  line?: number;
}

/** A finding that was accepted: reported apart, never counted, so that a review sees it. */
export interface SuppressedDiagnostic extends Diagnostic {
  suppression: Suppression;
}
