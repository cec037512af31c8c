import type { LintRule } from "../../../../lint/rule.js";
import { analyseCustomTool } from "../analysis/analyse-custom-tool.js";
import type { CustomToolConfig } from "../custom-tool-config.js";
import { CUSTOM_TOOL_PROFILES, hostOf, isCustomTool } from "./custom-tool-rule-helpers.js";

/** Services a description may name, and the hosts (and their subdomains) that reach them. */
const SERVICES: readonly { name: string; pattern: RegExp; hosts: readonly string[] }[] = [
  { name: "Discord", pattern: /\bdiscord\b/i, hosts: ["discord.com", "discordapp.com"] },
  { name: "Slack", pattern: /\bslack\b/i, hosts: ["slack.com"] },
  {
    name: "Microsoft Teams",
    pattern: /\bteams\b/i,
    hosts: ["office.com", "office365.com", "microsoft.com", "logic.azure.com"],
  },
  { name: "HubSpot", pattern: /\bhubspot\b/i, hosts: ["hubapi.com", "hubspot.com"] },
  { name: "Airtable", pattern: /\bairtable\b/i, hosts: ["airtable.com"] },
  { name: "SendGrid", pattern: /\bsendgrid\b/i, hosts: ["sendgrid.com"] },
  { name: "Perplexity", pattern: /\bperplexity\b/i, hosts: ["perplexity.ai"] },
  { name: "Telegram", pattern: /\btelegram\b/i, hosts: ["telegram.org"] },
  { name: "GitHub", pattern: /\bgithub\b/i, hosts: ["github.com"] },
  { name: "Notion", pattern: /\bnotion\b/i, hosts: ["notion.com", "notion.so"] },
  { name: "Stripe", pattern: /\bstripe\b/i, hosts: ["stripe.com"] },
  { name: "Twilio", pattern: /\btwilio\b/i, hosts: ["twilio.com"] },
  { name: "Jira", pattern: /\bjira\b/i, hosts: ["atlassian.net", "atlassian.com"] },
  { name: "Trello", pattern: /\btrello\b/i, hosts: ["trello.com"] },
  { name: "Shopify", pattern: /\bshopify\b/i, hosts: ["shopify.com", "myshopify.com"] },
  { name: "Mailchimp", pattern: /\bmailchimp\b/i, hosts: ["mailchimp.com"] },
  { name: "Zapier", pattern: /\bzapier\b/i, hosts: ["zapier.com"] },
  { name: "OpenAI", pattern: /\bopenai\b/i, hosts: ["openai.com"] },
];

/** The description names a service the code's hosts do not reach: the model picks the tool for the wrong job. */
export const customToolDescriptionMismatch: LintRule<CustomToolConfig> = {
  id: "custom-tool-description-mismatch",
  severity: "warning",
  profiles: CUSTOM_TOOL_PROFILES,
  description: "a Custom Tool's description names a service its code does not call",
  docs:
    "The model chooses a tool by its description. When the description names a service (Discord, Slack, " +
    "HubSpot, …) and every host the code writes out belongs to another one, the model calls it for a job it " +
    'does not do: the marketplace\'s `make_webhook` says "Useful when you need to send message to Discord" and ' +
    "posts to a Make webhook. Judged only when the code writes its hosts out; say what the tool really calls.",
  appliesTo: isCustomTool,
  check({ config }) {
    const analysis = analyseCustomTool(config);
    if (!analysis.ok) return [];
    const hosts = [...new Set(analysis.calls.flatMap((call) => hostOf(call) ?? []))];
    if (hosts.length === 0) return [];
    return SERVICES.filter((service) => service.pattern.test(config.description))
      .filter(
        (service) =>
          !hosts.some((host) => service.hosts.some((known) => host === known || host.endsWith(`.${known}`))),
      )
      .map((service) => ({
        path: "description",
        message: `the description names ${service.name}, but the code calls ${hosts.join(", ")}`,
        suggestion: `describe what ${hosts.join(", ")} does, or call ${service.name}`,
      }));
  },
};
