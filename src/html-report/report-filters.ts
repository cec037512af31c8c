import { html, type SafeHtml } from "./html.js";

/** One choice of a filter, and how many entries or findings have it. */
export interface FilterChoice {
  value: string;
  label: string;
  count: number;
}

/**
 * The filters bar: a search box, then the given controls, then how many entries are shown
 * (report-script.ts gives them their behaviour; without the script the bar stays hidden).
 */
export function filtersBar(controls: readonly SafeHtml[]): SafeHtml {
  return html`<div class="filters" role="search">
<input id="search" type="search" placeholder="Search names, messages, requests…" aria-label="Search">
${controls}
<span id="shown" aria-live="polite"></span>
</div>`;
}

/** Tick boxes, all ticked: `severity` (error, warning, info) or `status` (failed, passed). */
export function tickBoxes(name: "severity" | "status", choices: readonly FilterChoice[]): SafeHtml {
  return html`<span>${choices.map(
    (choice) =>
      html`<label><input type="checkbox" name="${name}" value="${choice.value}" checked> ${choice.label} (${choice.count})</label> `,
  )}</span>`;
}

/** The rule filter: every rule that has a finding, or all of them. */
export function ruleSelect(choices: readonly FilterChoice[]): SafeHtml {
  return html`<label>Rule <select id="rule"><option value="">all rules</option>${choices.map(
    (choice) => html`<option value="${choice.value}">${choice.label} (${choice.count})</option>`,
  )}</select></label>`;
}
