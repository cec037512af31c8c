import { MAX_FIX_PASSES } from "../../lint/fix-passes.js";
import { DEFAULT_PROBE_TIMEOUT_MS } from "../../lint/probe/probe-timeout.js";
import { type CommandInfo, watches } from "../cli-io.js";
import {
  ALLOW_CODE_HELP,
  MCP_FLAGS_HELP,
  OUTBOUND_FLAGS_HELP,
  PLATFORM_FLAGS_HELP,
  PROJECT_FLAGS_HELP,
  SANDBOX_WORKERS_HELP,
} from "./flag-help.js";

function help(name: "check" | "lint"): string {
  const probes = name === "check";
  return `Usage: tooldeck ${name} [paths…] [options]

${probes ? "Lint tool configs against the service's OpenAPI description, then probe each tool against the\nembedded emulator (or --base-url): say which tool will fail, why, and what to change." : "Lint tool configs against the service's OpenAPI description (the static half of 'tooldeck check')."}

Arguments:
  paths               config files, folders (node_modules and hidden folders skipped) or quoted
                      patterns ('tools/**/*.yaml'); - reads one config from stdin (default tools/);
                      always paths, a file named mcp:… too (an MCP server is named with --mcp)

Options:
  --spec FILE         an OpenAPI description (repeatable): each judges only the tools whose requests
                      go to its API's hosts (its servers', or those apis: in tooldeck.config.yaml
                      names); every one found among the paths is used too (default: tools/'s, else
                      one inferred from the traffic recorded with the tools' host; docs/apis.md)
  --explain           print which description judged each tool, and why (host, base URL variable,
                      the only description, or none), and each file judged under another profile
                      (which the summary counts: flowise for 13 files), before the report
  --traffic PATH      recorded traffic to infer it from: HAR captures, traffic files, cassettes or
                      folders of them (repeatable; default scenarios/; docs/traffic.md)
  --profile P         standard, n8n (judge what n8n 2.41 does), flowise (judge what Flowise 3.1 does)
                      or dify (judge what Dify does); default standard, n8n for n8n workflows and
                      --n8n, flowise for Flowise exports and --flowise chatflows, dify for Dify apps
                      and --dify
  --format F          stylish (default), json, sarif, junit, github (GitHub Actions annotations) or html
                      (one self-contained page: findings with their fixes, ${probes ? "each probe's request and answer,\n                      " : ""}the JSON schema the LLM is given; filters and search work offline);
                      repeatable, F=FILE writes that report to FILE (--format stylish --format
                      sarif=tooldeck.sarif): at most one goes to stdout
  -o, --output-file FILE  write the report that would go to stdout to FILE instead
  --force             replace a report FILE that exists and is not a tooldeck report
  --no-color          never paint stdout (files are never painted; NO_COLOR and FORCE_COLOR are read too)
  --quiet             report errors only (no warnings, infos or notes; the exit code is unchanged)
  --show-docs         stylish: print each finding's documentation link
  --fail-on LEVEL     exit 1 when a finding reaches error (default), warning or info; none never fails
  --max-warnings N    also exit 1 when there are more than N warnings
  --watch             ${probes ? "check" : "lint"} again whenever a config, the spec, the settings or the vars file changes
                      (the screen cleared on a terminal); Ctrl+C ends it with exit code 0
  --portability       say where every config behaves differently under flowise and standard (by
                      default said only for Flowise exports judged under standard)
  --provider P        judge each agent's tools against model provider P, as errors (repeatable):
                      openai, openai-strict, anthropic, anthropic-strict, gemini, vertex, bedrock or
                      mcp; default providers: in tooldeck.config.yaml, else the provider of the
                      flow's chat model node (errors), else every provider's API (warnings); with
                      --fix, a description over the provider's limit is shortened at a word and a name
                      it refuses made legal, the request unchanged; docs/providers.md
  --wire FORM         what the providers judge: default (the schema tooldeck's runtime gives the
                      model, without what a client may strip) or captured (the request body the
                      platform's LangChain provider class really sends, captured on 127.0.0.1: a tool
                      it leaves out or a list it refuses is a finding; about 0.2-0.5 s per provider
                      per thousand tools); default wire: in tooldeck.config.*, else default
  --context-budget N  the tokens an agent's context holds: its tool definitions and each tool's answer
                      are judged against N (rule context-budget; default contextBudget in
                      tooldeck.config.*, else 128000)
  --fix               apply the safe fixes to the config files, in their format (YAML quoting and
                      comments kept; Flowise and n8n exports edited in place; what a format cannot hold
                      is said on the finding's 'not fixed: …' line), then
                      check again, until nothing is left to fix; ends with 'fixed N findings in M files
                      (K passes)', and exits 1 when fixes still come after ${MAX_FIX_PASSES} passes; a fix never
                      changes what a tool does (method family, resource, arguments): what would is a
                      suggestion, shown and left alone
  --fix-suggestions   --fix, applying the suggestions too
  --fix-rule RULE     --fix with only RULE's fixes and suggestions (repeatable)
  --fix-dry-run       print the diff of each file --fix would rewrite, and write nothing
${PLATFORM_FLAGS_HELP}
${MCP_FLAGS_HELP}${probes ? "\n                      (an MCP server's tools are linted, never probed)" : ""}
${ALLOW_CODE_HELP};
                      also load the rule modules tooldeck.config.* names (plugins), in the process
${SANDBOX_WORKERS_HELP}
${PROJECT_FLAGS_HELP}
  --allow-empty       finding no tool is no error (default: exit 2, 'no tools found in <paths>', unless
                      what was read says why: its notes, such as an app's tools tooldeck does not model)
  --config FILE       rule severities (default tooldeck.config.{json,yaml} here): rules: { id: off|info|warning|error },
                      and overrides: [{ files: [glob], tools: [name], rules: {…}, reason }] for some files,
                      after what it extends: [tooldeck:recommended|strict|flowise, a settings file or package];
                      rules it turns off or lowers are listed under the summary, in every format
  --rules MODULE      load custom rules from a module (a path, or an npm package in node_modules) that
                      exports rules of the LintRule shape (docs/rules.md); repeatable. A module named
                      only in tooldeck.config.* (plugins: […]) runs only when named here or with --allow-code
  --baseline FILE     accept the findings FILE holds (by rule, file, tool and JSON path): only new ones
                      count; the summary counts what it hid, json and sarif list each
  --update-baseline   write every finding of this run to the --baseline FILE first (accepting them all)
  --no-inline-config  ignore '# tooldeck-disable-next-line <rule> -- reason' and '# tooldeck-disable
                      <rule>' … '# tooldeck-enable <rule>' comments in YAML configs (obeyed by default)
  --config-required FILE
                      exit 2 unless the settings in use set exactly what FILE sets (a CI workflow's
                      trusted copy): a changed or missing tooldeck.config.yaml stops the run; so
                      does a plugin or extended file whose sha256 is not what FILE's pins: hold, or a
                      plugin found inside the project that its pin does not mark inProject: true
  --print-pins        print the pins: section (each plugin's files and each extended settings file, by
                      sha256) that --config-required FILE needs for the settings in use, and exit
${
  probes
    ? `  --base-url URL      probe this service instead of the embedded emulator: every tool is sent there
                      (request tools, toolkits, HTTP nodes; reads only, unless --allow-writes)
  --live              probe the tools' real hosts instead of the spec emulator (the hosts still need
                      --allow-host; reads only, unless --allow-writes)
${OUTBOUND_FLAGS_HELP}
  --timeout MS        give up on a probe after this long (default ${DEFAULT_PROBE_TIMEOUT_MS}, both profiles)
  --var KEY=VALUE     set {{$vars.KEY}} for the probes (repeatable); --vars FILE reads them from a file;
                      over the static variables of a Flowise "Export data" file checked
  --secret KEY=VALUE  the same, never printed (a credential-like name, or a use as a credential in a
                      config, makes a --var secret too); a vars file's secrets: section likewise
  --no-probe          skip the probes (same as 'tooldeck lint')
`
    : "  --allow-host HOST   an --mcp-url server may be on this host (host or host:port; repeatable)\n"
}  -h, --help          show this help

Exit codes: 0 nothing reached --fail-on, 1 findings did, 2 usage or load error (a config or spec that
cannot be read; the rest is still reported).`;
}

/** `tooldeck check`: its name, summary and --help text (static: `--help` loads nothing else). */
export const CHECK_INFO = {
  name: "check",
  endsOnSignal: watches,
  summary: "lint tools against the OpenAPI description and probe them (the main job)",
  help: help("check"),
} as const satisfies CommandInfo;

/** `tooldeck lint`: the static half of check. */
export const LINT_INFO = {
  name: "lint",
  endsOnSignal: watches,
  summary: "lint tools against the OpenAPI description, without probes",
  help: help("lint"),
} as const satisfies CommandInfo;
