import { expect, test } from "vitest";
import { loadSpec } from "../../src/openapi/load-spec.js";
import { surveySpecEmulator } from "../../test/support/spec-emulator-survey.js";
import { flowiseSwagger } from "../support/flowise-swagger.js";

test("the spec emulator on Flowise's swagger.yml answers every operation, never a 5xx, bodies on their schema", async () => {
  const survey = await surveySpecEmulator("Flowise's swagger.yml", await loadSpec(flowiseSwagger()));
  console.info(survey.summary);
  expect(survey.problems).toEqual([]);
  expect(survey.offSchema).toEqual([]);
});
