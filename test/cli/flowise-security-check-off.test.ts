import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

const FLOW = packagePath("fixtures", "flowise", "requests-chatflow.json");

describe("flowise-private-host advises HTTP_SECURITY_CHECK=false only when it is not already set (issue 38)", () => {
  const codes = async (env: Record<string, string>) => {
    const { stdout } = await tooldeckIn(packagePath(), ["lint", FLOW, "--format", "json"], { env });
    return JSON.parse(stdout).diagnostics.map((d: { code: string }) => d.code) as string[];
  };

  test("a default Flowise refuses localhost: the rule says so", async () => {
    expect(await codes({})).toContain("flowise-private-host");
  });

  test.each(["false", "FALSE"])(
    "HTTP_SECURITY_CHECK=%s: the policy is off, the rule is silent",
    async (value) => {
      expect(await codes({ HTTP_SECURITY_CHECK: value })).not.toContain("flowise-private-host");
    },
  );
});
