/**
 * The report page's own script, run in the browser (its source is written into the page, so it must
 * use nothing outside its body): the filters and the search box. It reads the page's markup and never
 * loads anything.
 * - Entries (`[data-entry]`: a tool, a scenario) are shown when the search box's words are all in their
 *   text and their status (`data-status`) is one of those ticked.
 * - Findings (`.finding`) are shown when their severity is ticked and their rule is the one chosen; once
 *   a severity is unticked or a rule chosen, an entry with no finding left is hidden too.
 * - Groups (`[data-group]`: a file) are hidden when none of their entries is shown.
 * - A summary count (`a[data-only-severity]`, `a[data-only-status]`) shows those findings or entries
 *   only, then its link jumps to the first.
 * - A link to something the filters hide (`#tool-update_event` given to a colleague) clears them first.
 */
export function reportScript(): void {
  const page = document;
  const search = page.querySelector<HTMLInputElement>("#search");
  const rule = page.querySelector<HTMLSelectElement>("#rule");
  const boxes = (name: string) => [...page.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];
  const severities = boxes("severity");
  const statuses = boxes("status");
  const entries = [...page.querySelectorAll<HTMLElement>("[data-entry]")];
  const groups = [...page.querySelectorAll<HTMLElement>("[data-group]")];
  const shownCount = page.querySelector<HTMLElement>("#shown");
  // An entry's text, lower-cased once: a report of a thousand tools is searched at every key.
  const texts = new Map<HTMLElement, string>();
  const textOf = (entry: HTMLElement) => {
    let text = texts.get(entry);
    if (text === undefined) {
      text = (entry.textContent ?? "").toLowerCase();
      texts.set(entry, text);
    }
    return text;
  };
  const ticked = (list: HTMLInputElement[]) =>
    new Set(list.filter((box) => box.checked).map((box) => box.value));

  const apply = () => {
    const words = (search?.value ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const severity = ticked(severities);
    const status = ticked(statuses);
    const chosenRule = rule?.value ?? "";
    const narrowed = chosenRule !== "" || severity.size < severities.length;
    let shown = 0;
    for (const entry of entries) {
      let findingsShown = 0;
      for (const finding of entry.querySelectorAll<HTMLElement>(".finding")) {
        const visible =
          severity.has(finding.dataset.severity ?? "") &&
          (chosenRule === "" || finding.dataset.rule === chosenRule);
        finding.hidden = !visible;
        if (visible) findingsShown++;
      }
      const statusOk = entry.dataset.status === undefined || status.has(entry.dataset.status);
      const text = words.length === 0 ? "" : textOf(entry);
      const visible =
        statusOk && words.every((word) => text.includes(word)) && (!narrowed || findingsShown > 0);
      entry.hidden = !visible;
      if (visible) shown++;
    }
    for (const group of groups) group.hidden = group.querySelector("[data-entry]:not([hidden])") === null;
    if (shownCount) shownCount.textContent = `${shown} of ${entries.length} shown`;
  };

  let pending: number | undefined;
  search?.addEventListener("input", () => {
    if (pending !== undefined) window.clearTimeout(pending);
    pending = window.setTimeout(apply, 120);
  });
  for (const control of [rule, ...severities, ...statuses]) control?.addEventListener("change", apply);
  const showOnly = (only: { severity?: string | undefined; status?: string | undefined } = {}) => {
    if (search) search.value = "";
    if (rule) rule.value = "";
    for (const box of severities) box.checked = only.severity === undefined || box.value === only.severity;
    for (const box of statuses) box.checked = only.status === undefined || box.value === only.status;
    apply();
  };
  for (const link of page.querySelectorAll<HTMLAnchorElement>("a[data-only-severity], a[data-only-status]"))
    link.addEventListener("click", () =>
      showOnly({ severity: link.dataset.onlySeverity, status: link.dataset.onlyStatus }),
    );
  const reveal = () => {
    let id = window.location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape (`#%`) names the element as it is written.
    }
    const target = page.getElementById(id);
    if (!target?.closest("[hidden]")) return;
    showOnly();
    target.scrollIntoView();
  };
  window.addEventListener("hashchange", reveal);
  page.documentElement.classList.add("scripted");
  apply();
}
