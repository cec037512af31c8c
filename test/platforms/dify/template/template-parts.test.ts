import { expect, test } from "vitest";
import { templateParts } from "../../../../src/platforms/dify/template/dify-template.js";

test("a template is split into text and references, once: the same text gives the same frozen parts", () => {
  const template = "{{#env.base#}}/events/{{#start.id#}}";
  const parts = templateParts(template);
  expect(parts).toEqual([
    { selector: "env.base", start: 0, end: 14 },
    { text: "/events/" },
    { selector: "start.id", start: 22, end: 36 },
  ]);
  expect(templateParts(`${template}`)).toBe(parts);
  expect(Object.isFrozen(parts)).toBe(true);
  expect(templateParts("{{#start-node.x#}} plain")).toEqual([{ text: "{{#start-node.x#}} plain" }]);
});
